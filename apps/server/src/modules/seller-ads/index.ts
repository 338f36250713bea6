// The seller ads module's face: a seller's own sponsored campaigns (requirements#seller-ads).
// Code outside the module imports only this file (requirements#module-faces).
export { SELLER_CAMPAIGNS_PATH, sellerAdRoutes } from './routes.ts';
