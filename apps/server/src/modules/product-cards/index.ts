// The product-cards module's face: product cards as every list of products shows them.
// Code outside the module imports only this file (requirements#module-faces).
export { bestSellerCards, loadProductCards, toCard } from './cards.ts';
export type { CardRow } from './cards.ts';
export { relatedProductCards } from './related.ts';
