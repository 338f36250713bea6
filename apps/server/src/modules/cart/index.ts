// The cart module's face: the shopper’s cart.
// Code outside the module imports only this file (requirements#module-faces).
export { cartRoutes } from './routes.ts';
export { addToCart } from './service.ts';
