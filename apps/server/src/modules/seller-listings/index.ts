// The seller-listings module's face: a seller's listings and the products it adds, and their
// moderation (requirements#seller-listings, requirements#operator-catalog). Code outside the module imports only this file.
export { PRODUCT_IMAGE_PATH, sellerListingRoutes } from './routes.ts';
export {
  approveProduct,
  approveRevision,
  moderatedContent,
  type ModerationResult,
  pendingProducts,
  rejectProduct,
  rejectRevision,
  REJECTION_REASON_MAX,
} from './moderation.ts';
export { productUrl } from './listing-rows.ts';
export { storeCatalogImage } from './product-images.ts';
