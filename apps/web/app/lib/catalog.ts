// Shapes of catalog data the storefront pages share (cards, pages of results).

export type StarCountsData = { 1: number; 2: number; 3: number; 4: number; 5: number };

/**
 * A product as listing grids, deals and carousels show it (spec §3 listing item): the offer with
 * the lowest price, or no price at all when no seller offers it ('Sellers not Available').
 */
export type ProductCardData = {
  id: number;
  name: string;
  image: string;
  salePricePaise: number | null;
  mrpPaise: number | null;
  isAssured: boolean;
  /** The seller of the shown (lowest) offer. */
  sellerId: number | null;
  stars: StarCountsData;
  ratingCount: number;
};

/** One page of a paged list (spec §9: 48 per page, page bounded to 1..page count). */
export type Paged<T> = { items: T[]; page: number; pages: number; total: number };
