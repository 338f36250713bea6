// The saved-items module's face: save For Later, the wishlist and Buy Again.
// Code outside the module imports only this file (requirements#module-faces).
export { savedItemRoutes } from './routes.ts';
