// The checkout module's face: the checkout quote.
// Code outside the module imports only this file (requirements#module-faces).
export { checkoutRoutes } from './routes.ts';
