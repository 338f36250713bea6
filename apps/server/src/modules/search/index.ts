// The search module's face: search: results pages, suggestions, search history and coupons.
// Code outside the module imports only this file (requirements#module-faces).
export { searchRoutes } from './routes.ts';
export { createSearchServices } from './search-page.ts';
export { rankedProducts } from './find-products.ts';
export { couponsPage } from './coupons.ts';
