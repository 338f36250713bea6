// The checkout module's face: the checkout quote.
// Code outside the module imports only this file (requirements#module-faces).
export { checkoutRoutes } from './routes.ts';
// ADR-0062: ONDC's select and init quote with the shop's own estimate
export { estimateDelivery } from './quote.ts';
