// requirements#operator-catalog: the console's moderation queue (new products and edits to live
// ones) and the merging of duplicate products: one contract for the server's routes and the
// console's pages, and the pure rules both follow.
import { z } from 'zod';
import { ProductContentInput, StoredProductContent } from '../sellers/listing-api.ts';
import { isRecordId } from '../validation/record-id.ts';

export const MODERATION_LIMITS = {
  reasonMax: 500,
  searchMax: 100,
  queueMax: 100,
  searchResults: 20,
} as const;

export const MODERATION_MESSAGES = {
  productNotFound: 'No such product.',
  revisionNotFound: 'No such edit.',
  notPending: 'This product is not waiting for moderation: someone decided it already.',
  notSellerProduct: 'Only a product a seller added goes through moderation.',
  // requirements#gst-invoices
  noTaxDetails:
    'This product has no HSN code or GST rate, so its seller could not invoice it. Add them before approving.',
  fixFirst:
    'These details break today’s listing rules. Correct the fields marked below, or ask the seller to, before approving.',
  revisionDecided: 'This edit is not waiting any more: someone decided it already.',
  reason: `Enter the reason the seller will read, up to ${MODERATION_LIMITS.reasonMax} characters.`,
  reasonControl: 'Remove control characters from the reason.',
  duplicateTitle: 'Another product in the catalog already has this title.',
  approved: 'Product approved. Shoppers see it within a minute.',
  editedApproved: 'Product edited and approved. Shoppers see it within a minute.',
  rejected: 'Product rejected. Its seller reads your reason in Seller Central.',
  revisionApproved: 'Edit approved. The product page shows it within a minute.',
  revisionRejected: 'Edit rejected. Its seller reads your reason in Seller Central.',
  mergeSame: 'Choose two different products: the one to keep and its duplicate.',
  mergeKeepNotLive: 'The product to keep must be approved and on sale.',
  mergeAlreadyMerged: 'That product was already merged into another.',
  mergeNotFound: 'No such product. Check the ids.',
  productId: 'Enter a product id.',
  merged: (duplicate: string, keep: string) =>
    `Merged “${duplicate}” into “${keep}”. Its address now leads to the product kept.`,
  mergeSameSeller: (sellers: readonly string[]) =>
    `${sellers.join(', ')} ${sellers.length === 1 ? 'sells' : 'sell'} both products. A seller has one listing a product: ask ${sellers.length === 1 ? 'it' : 'each'} to close its listing of the duplicate, then merge.`,
} as const;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The reason a seller reads: trimmed, 1 to 500 characters, no control characters. */
export const RejectInput = z
  .object({
    reason: z
      .string({ error: MODERATION_MESSAGES.reason })
      .transform((text) => text.replace(/\r\n?/g, '\n').trim())
      .pipe(
        z
          .string()
          .min(1, MODERATION_MESSAGES.reason)
          .max(MODERATION_LIMITS.reasonMax, MODERATION_MESSAGES.reason)
          .refine((text) => !CONTROL.test(text), MODERATION_MESSAGES.reasonControl),
      ),
  })
  .meta({ id: 'AdminRejectInput' });
export type RejectInput = z.infer<typeof RejectInput>;

/** Approve as it stands, or with the staff member's edits of the content first. */
export const ApproveInput = z
  .object({ content: ProductContentInput.optional() })
  .meta({ id: 'AdminApproveInput' });
export type ApproveInput = z.infer<typeof ApproveInput>;

export const MODERATION_KINDS = ['product', 'edit'] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];

/** One field of a product's content, as it was and as proposed. */
export const FieldChange = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string(),
  after: z.string(),
});
export type FieldChange = z.infer<typeof FieldChange>;

export const ModerationQueueItem = z
  .object({
    kind: z.enum(MODERATION_KINDS),
    /** the product's id for a new product, the edit's id for an edit */
    id: z.number().int(),
    productId: z.number().int(),
    productName: z.string(),
    image: z.string(),
    sellerName: z.string(),
    categoryPath: z.string(),
    brandName: z.string(),
    submittedAt: z.string(),
    /** an edit's changed fields' labels */
    changed: z.array(z.string()),
  })
  .meta({ id: 'AdminModerationQueueItem' });
export type ModerationQueueItem = z.infer<typeof ModerationQueueItem>;

export const ModerationQueue = z
  .object({ items: z.array(ModerationQueueItem), total: z.number().int() })
  .meta({ id: 'AdminModerationQueue' });
export type ModerationQueue = z.infer<typeof ModerationQueue>;

export const ModerationProduct = z
  .object({
    product: z.object({
      id: z.number().int(),
      name: z.string(),
      url: z.string(),
      moderationStatus: z.string(),
      moderationReason: z.string().nullable(),
      isActive: z.boolean(),
      mergedIntoId: z.number().int().nullable(),
      submittedAt: z.string().nullable(),
      seller: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      categoryPath: z.string(),
      brandName: z.string(),
      images: z.array(z.string()),
    }),
    /** the live (or waiting) content as stored, even where today's form rules would refuse it */
    content: StoredProductContent,
    /** an edit of the live product waiting for review, with its changes */
    revision: z
      .object({
        id: z.number().int(),
        submittedAt: z.string(),
        content: StoredProductContent,
        changes: z.array(FieldChange),
      })
      .nullable(),
  })
  .meta({ id: 'AdminModerationProduct' });
export type ModerationProduct = z.infer<typeof ModerationProduct>;

export const ModerationDone = z
  .object({ success: z.literal(true), message: z.string(), productId: z.number().int() })
  .meta({ id: 'AdminModerationDone' });
export type ModerationDone = z.infer<typeof ModerationDone>;

export const ProductSearchQuery = z.object({
  q: z
    .string()
    .max(MODERATION_LIMITS.searchMax, `Search with up to ${MODERATION_LIMITS.searchMax} characters.`)
    // a NUL byte can never be stored (PostgreSQL text), nor any control character typed
    .regex(/^\P{Cc}*$/u, 'Remove control characters from the search.')
    .default(''),
});

export const ProductSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    image: z.string(),
    moderationStatus: z.string(),
    isActive: z.boolean(),
    mergedIntoId: z.number().int().nullable(),
    brandName: z.string(),
    offerCount: z.number().int(),
    ratingCount: z.number().int(),
  })
  .meta({ id: 'AdminProductSummary' });
export type ProductSummary = z.infer<typeof ProductSummary>;

export const ProductSearchResults = z
  .object({ products: z.array(ProductSummary) })
  .meta({ id: 'AdminProductSearchResults' });
export type ProductSearchResults = z.infer<typeof ProductSearchResults>;

/** Which two products a merge joins: the one kept and its duplicate, by id. */
export const MergeQuery = z
  .object({
    keep: z
      .string({ error: MODERATION_MESSAGES.productId })
      .trim()
      .refine(isRecordId, MODERATION_MESSAGES.productId),
    duplicate: z
      .string({ error: MODERATION_MESSAGES.productId })
      .trim()
      .refine(isRecordId, MODERATION_MESSAGES.productId),
  })
  .transform((q) => ({ keepId: Number(q.keep), duplicateId: Number(q.duplicate) }));

export const MergeInput = z
  .object({
    keepId: z.number({ error: MODERATION_MESSAGES.productId }).int().positive().max(2_147_483_647),
    duplicateId: z.number({ error: MODERATION_MESSAGES.productId }).int().positive().max(2_147_483_647),
  })
  .meta({ id: 'AdminMergeInput' });
export type MergeInput = z.infer<typeof MergeInput>;

/** What a merge moves from the duplicate to the product kept. */
export const MERGE_MOVES = [
  ['offers', 'Offers'],
  ['reviews', 'Reviews'],
  ['ratings', 'Ratings'],
  ['savedItems', 'Saved and wishlist entries'],
  ['browsingHistory', 'Browsing history entries'],
  ['orderItems', 'Order items (they keep their name and image as bought)'],
  ['feedback', 'Product feedback'],
  ['promotions', 'Coupons, deals, campaigns and page blocks'],
] as const;
export type MergeMove = (typeof MERGE_MOVES)[number][0];

export const MergeConflict = z.object({
  sellerName: z.string(),
  keepSku: z.string(),
  duplicateSku: z.string(),
});
export type MergeConflict = z.infer<typeof MergeConflict>;

export const MergePreview = z
  .object({
    keep: ProductSummary,
    duplicate: ProductSummary,
    moves: z.object(
      Object.fromEntries(MERGE_MOVES.map(([key]) => [key, z.number().int()])) as Record<
        MergeMove,
        z.ZodNumber
      >,
    ),
    conflicts: z.array(MergeConflict),
    /** why the merge cannot be made, or null */
    refusal: z.string().nullable(),
  })
  .meta({ id: 'AdminMergePreview' });
export type MergePreview = z.infer<typeof MergePreview>;

export const MergeDone = z
  .object({
    success: z.literal(true),
    message: z.string(),
    keepId: z.number().int(),
    keepUrl: z.string(),
    moves: MergePreview.shape.moves,
  })
  .meta({ id: 'AdminMergeDone' });
export type MergeDone = z.infer<typeof MergeDone>;

// ——— rules ———

const CONTENT_FIELDS: readonly [string, string, (c: StoredProductContent) => string][] = [
  ['title', 'Title', (c) => c.title],
  ['bulletPoints', 'Bullet points', (c) => c.bulletPoints.join('\n')],
  [
    'technicalDetails',
    'Technical details',
    (c) => c.technicalDetails.map((detail) => `${detail.name}: ${detail.value}`).join('\n'),
  ],
  ['additionalInfo', 'Description', (c) => c.additionalInfo],
  [
    'attributes',
    'Filter attributes',
    (c) =>
      c.attributes
        .map((item) => `${item.name}: ${item.value}`)
        .sort()
        .join('\n'),
  ],
  ['hsnCode', 'HSN code', (c) => c.hsnCode],
  ['countryOfOrigin', 'Country of origin', (c) => c.countryOfOrigin],
  ['manufacturer', 'Manufacturer', (c) => partyLine(c.manufacturer)],
  ['packer', 'Packer', (c) => partyLine(c.packer)],
  ['importer', 'Importer', (c) => partyLine(c.importer)],
  ['netQuantity', 'Net quantity', (c) => c.netQuantity],
  ['returnDays', 'Return window', (c) => windowText(c.returnDays)],
  ['replaceDays', 'Replacement window', (c) => windowText(c.replaceDays)],
];

const partyLine = (party: { name: string; address: string }) =>
  party.name === '' ? '' : [party.name, party.address].filter(Boolean).join(', ');
const windowText = (days: number) => (days === 0 ? 'None' : `${days} days`);

/** The fields two versions of a product's content differ in, each as text before and after. */
export function contentChanges(before: StoredProductContent, after: StoredProductContent): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, label, text] of CONTENT_FIELDS) {
    const was = text(before);
    const now = text(after);
    if (was !== now) changes.push({ field, label, before: was, after: now });
  }
  return changes;
}

type MergeSide = {
  id: number;
  isActive: boolean;
  moderationStatus: string;
  mergedIntoId: number | null;
};

/**
 * Why two products cannot merge, or null. The product kept must be live (approved, on sale, not
 * merged away); the duplicate may be anything not merged already: often a seller's new product
 * that copies one in the catalog, still waiting for moderation.
 */
export function mergeRefusal(keep: MergeSide, duplicate: MergeSide): string | null {
  if (keep.id === duplicate.id) return MODERATION_MESSAGES.mergeSame;
  if (keep.mergedIntoId !== null || duplicate.mergedIntoId !== null)
    return MODERATION_MESSAGES.mergeAlreadyMerged;
  if (!keep.isActive || keep.moderationStatus !== 'approved') return MODERATION_MESSAGES.mergeKeepNotLive;
  return null;
}

type MergeOffer = { sellerId: number; sellerName: string; sku: string; isClosed: boolean };

/**
 * requirements#operator-catalog: a seller has one offer a product, so a seller with an open offer
 * on the duplicate and any offer on the product kept blocks the merge (its prices, stock and
 * orders cannot be told apart by rule). A closed offer on the duplicate never sells again: it stays
 * with the duplicate, its orders' history intact.
 */
export function mergeConflicts(
  keepOffers: readonly MergeOffer[],
  duplicateOffers: readonly MergeOffer[],
): MergeConflict[] {
  const conflicts: MergeConflict[] = [];
  for (const offer of duplicateOffers) {
    if (offer.isClosed) continue;
    const kept = keepOffers.find((other) => other.sellerId === offer.sellerId);
    if (kept) conflicts.push({ sellerName: offer.sellerName, keepSku: kept.sku, duplicateSku: offer.sku });
  }
  return conflicts;
}

/** Star counts of the two products added together: the product kept carries both ratings. */
export function combinedStars<
  T extends Record<'star1' | 'star2' | 'star3' | 'star4' | 'star5' | 'ratingCount', number>,
>(keep: T, duplicate: T) {
  return {
    star1: keep.star1 + duplicate.star1,
    star2: keep.star2 + duplicate.star2,
    star3: keep.star3 + duplicate.star3,
    star4: keep.star4 + duplicate.star4,
    star5: keep.star5 + duplicate.star5,
    ratingCount: keep.ratingCount + duplicate.ratingCount,
  };
}
