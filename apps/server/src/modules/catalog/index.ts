// The catalog module's face: the storefront’s catalogue pages: home, category listings and product
// pages, and the delivery rate card.
// Code outside the module imports only this file (requirements#module-faces).
export { createHomeServices } from './home.ts';
export { bannerIsLive } from './home/feed.ts';
export { createListingServices } from './listing.ts';
export { createProductServices } from './product.ts';
export { loadRateCard } from './rate-card.ts';
export { createProductRefiner, type ProductRefiner } from './listing/refine.ts';
export { categorySubtreeIds, findNamedCategory, popularCategories } from './categories.ts';
export { productDetail } from './product/detail.ts';
