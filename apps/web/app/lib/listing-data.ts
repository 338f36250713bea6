// What the listing pages need from the server (implemented in apps/server/src/modules/catalog/listing.ts).
import type { CategoryListingType } from '@marketplace/domain/catalog/categories';
import type {
  ContentDisplayType,
  DeliveryFilterKey,
  ListingQuery,
  PriceRange,
} from '@marketplace/domain/catalog/listing-filters';
import type { Paged, ProductCardData } from './catalog.ts';

/** One item of a page-content column (requirements#content-blocks). */
export type ContentBlockItem =
  | { id: number; displayType: 'product'; product: ProductCardData }
  | { id: number; displayType: 'banner'; image: string; link: string | null }
  | { id: number; displayType: 'video'; video: string }
  | { id: number; displayType: 'content'; content: string; link: string | null };

/** A page-content row (requirements#content-blocks) with its columns (frontcol) and their items. */
export type ContentBlock = {
  id: number;
  /** frontpg content type, e.g. PromoBlock or Home on the home page. */
  contentType: string;
  title: string;
  showTitle: boolean;
  columns: {
    id: number;
    displayType: ContentDisplayType;
    /** Grid columns out of 12 (display_col). */
    span: number;
    header: string | null;
    /** Slides a product carousel shows (display_count). */
    displayCount: number;
    items: ContentBlockItem[];
  }[];
};

/** A sponsored brand campaign image shown on the listing (the ad and the vertical 160x600 image). */
export type ListingAd = {
  id: number;
  image: string;
  brandName: string;
  href: string;
  size: { width: number; height: number } | null;
};

export type AttributeFacet = { name: string; values: { value: string; count: number }[] };

export type CategoryListing = {
  category: { id: number; name: string; type: CategoryListingType };
  /** Child categories, each linking to the listing of its own level. */
  children: { id: number; name: string; type: CategoryListingType }[];
  /** The filters as applied: unknown attribute names and values are dropped. */
  query: Omit<ListingQuery, 'page'>;
  /** The shopper's pincode the delivery filters used. */
  pincode: string;
  /** Slider span in rupees: the listed sale prices' min and max, or the default range. */
  priceBounds: PriceRange;
  deliveryFilters: { key: DeliveryFilterKey; label: string }[];
  attributes: AttributeFacet[];
  /** Products in the category before any filter ('Sorry! No products Available' when 0). */
  categoryTotal: number;
  products: Paged<ProductCardData>;
  sponsored: ListingAd | null;
  vertical: ListingAd | null;
  /** Empty while a filter is active (requirements#listing). */
  contentBlocks: ContentBlock[];
  recentSearches: string[];
  recentlyViewed: ProductCardData[];
  deals: ProductCardData[];
  related: ProductCardData[];
};

export type BestSellersPage = {
  menu: { id: number; name: string };
  products: Paged<ProductCardData>;
  /** The rank of the page's first product (1 on page 1, 49 on page 2). */
  firstRank: number;
};

export interface ListingServices {
  /** null when the type or category is unknown (the page answers 404). */
  categoryListing(request: Request, type: string, category: string): Promise<CategoryListing | null>;
  /**
   * requirements#operator-catalog: where a renamed or moved category's old listing address leads
   * now (its current address), or null when the name was never a category's.
   */
  categoryRedirect(type: string, category: string): Promise<string | null>;
  /** null when no top-menu entry has that name. */
  bestSellers(topMenuName: string, page: string | null): Promise<BestSellersPage | null>;
}
