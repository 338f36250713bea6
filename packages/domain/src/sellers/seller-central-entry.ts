import type { SellerStatus } from './statuses.ts';

/** requirements#seller-central: what the shop's account menu offers an account that sells or applied to. */
export type SellerCentralEntry = { label: string; href: string; note: string | null };

export const SELLER_CENTRAL_ENTRY = {
  label: 'Seller Central',
  applicationLabel: 'Your seller application',
  underReview: 'Under review',
  notApproved: 'Not approved',
  suspended: 'Suspended',
} as const;

/**
 * An approved (or suspended, still fulfilling its orders) seller goes to Seller Central; an
 * applicant to its application, named by its status. An account that never applied gets nothing.
 */
export function sellerCentralEntry(status: SellerStatus | null): SellerCentralEntry | null {
  switch (status) {
    case null:
      return null;
    case 'approved':
      return { label: SELLER_CENTRAL_ENTRY.label, href: '/sellercentral', note: null };
    case 'suspended':
      return {
        label: SELLER_CENTRAL_ENTRY.label,
        href: '/sellercentral',
        note: SELLER_CENTRAL_ENTRY.suspended,
      };
    case 'pending':
      return {
        label: SELLER_CENTRAL_ENTRY.applicationLabel,
        href: '/sellercentral/join',
        note: SELLER_CENTRAL_ENTRY.underReview,
      };
    case 'rejected':
      return {
        label: SELLER_CENTRAL_ENTRY.applicationLabel,
        href: '/sellercentral/join',
        note: SELLER_CENTRAL_ENTRY.notApproved,
      };
  }
}
