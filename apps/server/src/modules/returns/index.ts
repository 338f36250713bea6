// The returns module's face: returns and replacements a shopper asks for.
// Code outside the module imports only this file (requirements#module-faces).
export type { ItemRequestDetails } from './request-details.ts';
export { type NewReplies, newSellerReplies } from './new-replies.ts';
export { afterSalesRoutes } from './routes.ts';
