// The console's storefront-content module's face: page blocks, banners and the privilege-claim
// text staff edit (requirements#operator-content). Code outside the module imports only this file
// (requirements#module-faces).
export { ADMIN_BANNERS_PATH, adminContentRoutes } from './routes.ts';
