// The seller inventory module's face: the seller's offers table, inline edit, CSV download and
// background CSV uploads (requirements#seller-bulk-inventory). Code outside the module imports
// only this file (requirements#module-faces).
export { OFFER_IMPORTS_PATH, sellerInventoryRoutes } from './routes.ts';
