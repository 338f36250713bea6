// Shapes of catalog data the storefront pages share (cards, pages of results).

import type { ProductCard } from '@marketplace/domain/catalog/product-cards-api';

export type StarCountsData = { 1: number; 2: number; 3: number; 4: number; 5: number };

/** A product as listing grids, deals and carousels show it; the schema is the cards answer's. */
export type ProductCardData = ProductCard;

/** One page of a paged list (requirements#paging: 48 per page, page bounded to 1..page count). */
export type Paged<T> = { items: T[]; page: number; pages: number; total: number };
