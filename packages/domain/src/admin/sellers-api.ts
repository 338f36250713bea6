// requirements#operator-sellers: the console's sellers area, one contract for the server's routes
// and the console's pages: the onboarding queue and the other tabs, a seller's page, the decisions.
import { z } from 'zod';
import { SellerProfile } from '../sellers/seller-join.ts';
import { SELLER_ACTIONS } from '../sellers/status-changes.ts';
import { SELLER_STATUSES } from '../sellers/statuses.ts';

export const ADMIN_SELLERS_PAGE_SIZE = 25;
export const SELLER_REASON_MAX = 500;

export const ADMIN_SELLER_MESSAGES = {
  notFound: 'This seller was not found.',
  reasonNeeded: 'Give a reason the seller can act on.',
  reasonTooLong: `Keep the reason within ${SELLER_REASON_MAX} characters.`,
  reasonControl: 'The reason cannot hold control characters.',
  chooseAction: 'Choose approve, reject, suspend or reinstate.',
  decidedMeanwhile: 'Someone else decided this seller a moment ago. Here is where it stands now.',
  done: {
    approve: (name: string) => `${name} is approved and can list and sell.`,
    reject: (name: string) => `${name} is rejected; the seller reads your reason.`,
    suspend: (name: string) => `${name} is suspended; its listings have left the shop.`,
    reinstate: (name: string) => `${name} is reinstated; its listings are back in the shop.`,
  },
} as const;

/** A reason the seller reads (rejection, suspension): trimmed, 3 to 500 characters, printable. */
export const SellerReason = z
  .string({ error: ADMIN_SELLER_MESSAGES.reasonNeeded })
  .max(SELLER_REASON_MAX * 4, ADMIN_SELLER_MESSAGES.reasonTooLong)
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(3, ADMIN_SELLER_MESSAGES.reasonNeeded)
      .max(SELLER_REASON_MAX, ADMIN_SELLER_MESSAGES.reasonTooLong)
      // line breaks are kept; a NUL byte or any other control character is refused
      .regex(/^(?:[\n\r\t]|\P{Cc})*$/u, ADMIN_SELLER_MESSAGES.reasonControl),
  );

/** A staff member's decision on a seller; reject and suspend carry the reason the seller reads. */
export const SellerDecisionInput = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('approve') }),
    z.object({ action: z.literal('reject'), reason: SellerReason }),
    z.object({ action: z.literal('suspend'), reason: SellerReason }),
    z.object({ action: z.literal('reinstate') }),
  ],
  { error: ADMIN_SELLER_MESSAGES.chooseAction },
);
export type SellerDecisionInput = z.infer<typeof SellerDecisionInput>;

/** The sellers list: a status tab (the pending queue by default) and a search by name, email or GSTIN. */
export const AdminSellersQuery = z.object({
  status: z
    .enum(SELLER_STATUSES, { error: 'Choose pending, approved, rejected or suspended.' })
    .default('pending'),
  q: z
    .string()
    .max(100, 'Search with at most 100 characters.')
    .regex(/^\P{Cc}*$/u, 'The search cannot hold control characters.')
    .optional()
    .transform((q) => q?.trim() || undefined),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'page must be a whole number from 1.')
    .default('1')
    .transform(Number),
});
export type AdminSellersQuery = z.infer<typeof AdminSellersQuery>;

const Rate = z.object({
  part: z.number().int().nonnegative(),
  whole: z.number().int().nonnegative(),
});

/** requirements#operator-sellers: the last 90 days, counted in units; the rating as shoppers see it. */
export const SellerPerformance = z
  .object({
    since: z.string(),
    /** units the seller cancelled / units ordered */
    cancellation: Rate,
    /** units shipped after their dispatch deadline / units shipped */
    lateShipment: Rate,
    /** units returned / units delivered */
    returns: Rate,
    rating: z.object({ average: z.number().nullable(), count: z.number().int().nonnegative() }),
  })
  .meta({ id: 'AdminSellerPerformance' });
export type SellerPerformance = z.infer<typeof SellerPerformance>;

export const AdminSellerRow = z.object({
  sellerId: z.number().int(),
  displayName: z.string(),
  legalName: z.string(),
  email: z.string(),
  gstin: z.string().nullable(),
  enrolmentNo: z.string().nullable(),
  pickupPincode: z.string(),
  categories: z.array(z.string()),
  status: z.enum(SELLER_STATUSES),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** the approved tab's columns; null on the other tabs */
  performance: SellerPerformance.nullable(),
});
export type AdminSellerRow = z.infer<typeof AdminSellerRow>;

export const AdminSellerList = z
  .object({
    status: z.enum(SELLER_STATUSES),
    q: z.string().nullable(),
    sellers: z.array(AdminSellerRow),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
    /** each tab's count, with the search applied */
    counts: z.record(z.enum(SELLER_STATUSES), z.number().int()),
  })
  .meta({ id: 'AdminSellerList' });
export type AdminSellerList = z.infer<typeof AdminSellerList>;

/** One change of a seller's status, from the audit log (or the application itself). */
export const SellerStatusEvent = z.object({
  at: z.string(),
  actor: z.string(),
  from: z.enum(SELLER_STATUSES).nullable(),
  to: z.enum(SELLER_STATUSES),
  reason: z.string().nullable(),
});
export type SellerStatusEvent = z.infer<typeof SellerStatusEvent>;

export const AdminSellerDetail = z
  .object({
    /** the business details and documents as the seller sent them (bank number masked) */
    profile: SellerProfile,
    /** the account the seller logs in with */
    email: z.string(),
    /** open offers (not closed), and those selling now */
    offers: z.object({ open: z.number().int(), selling: z.number().int() }),
    history: z.array(SellerStatusEvent),
    performance: SellerPerformance,
    actions: z.array(z.enum(SELLER_ACTIONS)),
  })
  .meta({ id: 'AdminSellerDetail' });
export type AdminSellerDetail = z.infer<typeof AdminSellerDetail>;

export const AdminSellerDecided = z
  .object({ message: z.string(), seller: AdminSellerDetail })
  .meta({ id: 'AdminSellerDecided' });
export type AdminSellerDecided = z.infer<typeof AdminSellerDecided>;
