// The states and kinds Seller Central keeps (requirements#seller-central); the database's checks
// are built from these lists, so the two cannot disagree.

/** A seller account: pending until reviewed, then approved (lists and sells) or rejected with a reason; suspended hides its listings. */
export const SELLER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];

/** A product a seller adds waits for moderation; only an approved one goes live. */
export const PRODUCT_MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProductModerationStatus = (typeof PRODUCT_MODERATION_STATUSES)[number];

/** requirements#operator-catalog: a seller's edit of its live product waits, then is approved or rejected. */
export const PRODUCT_REVISION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProductRevisionStatus = (typeof PRODUCT_REVISION_STATUSES)[number];

/** The documents a seller uploads while joining. */
export const SELLER_DOCUMENT_KINDS = [
  'gst_certificate',
  'cancelled_cheque',
  'pan_card',
  'enrolment_certificate',
] as const;
export type SellerDocumentKind = (typeof SELLER_DOCUMENT_KINDS)[number];

/** A bulk price-and-stock upload while it runs and after. */
export const OFFER_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type OfferImportStatus = (typeof OFFER_IMPORT_STATUSES)[number];

/** GST rates a product may carry, in percent. */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];
