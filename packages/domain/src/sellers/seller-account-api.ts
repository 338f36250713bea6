// requirements#seller-central: the contract every Seller Central page starts from — who the
// logged-in seller is and whether it may list and sell yet.
import { z } from 'zod';
import { SELLER_STATUSES } from './statuses.ts';

export const SELLER_ACCOUNT_MESSAGES = {
  notApproved: 'Your seller account is not approved yet. You can list and sell once it is.',
} as const;

/** The logged-in seller as Seller Central's frame shows it. */
export const SellerMeAnswer = z
  .object({
    sellerId: z.number().int(),
    name: z.string(),
    legalName: z.string(),
    status: z.enum(SELLER_STATUSES),
    rejectionReason: z.string().nullable(),
    /** requirements#seller-messages: shopper messages not opened yet (0 until approved), for the nav's badge. */
    unreadMessages: z.number().int().nonnegative(),
  })
  .meta({ id: 'SellerMe' });
export type SellerMeAnswer = z.infer<typeof SellerMeAnswer>;
