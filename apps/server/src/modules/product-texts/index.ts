// The product-texts module's face: products' titles, bullet points and descriptions in Hindi, Tamil
// and Telugu (requirements#product-languages). Code outside the module imports only this file.
export { productTextModerationRoutes, sellerProductTextRoutes } from './routes.ts';
export { localisedProductText, localisedTitles } from './service.ts';
