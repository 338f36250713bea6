// The seller messages module's face: a seller's conversations with shoppers (requirements#seller-messages).
// Code outside the module imports only this file (requirements#module-faces).
export { unreadShopperMessages } from './conversations.ts';
export { sellerMessageRoutes } from './routes.ts';
