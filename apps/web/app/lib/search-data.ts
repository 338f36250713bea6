import type { ShopLanguage } from '@marketplace/domain/catalog/product-languages';
// What the search, deals and coupons pages need from the server (implemented in
// apps/server/src/modules/search/search-page.ts).
import type { MatchType } from '@marketplace/domain/marketing/ads';
import type { CouponOffer } from '@marketplace/domain/pricing/coupon';
import type { SearchQuery } from '@marketplace/domain/search/results';
import type { Paged, ProductCardData } from './catalog.ts';
import type { CategoryListing } from './listing-data.ts';

/** A link the results page offers (a category's listing). */
export type SearchLink = { name: string; href: string };

/** The filter column over a keyword's matches (requirements#search-refine), as a listing shows its own. */
export type SearchFilterFacets = Pick<
  CategoryListing,
  'pincode' | 'priceBounds' | 'deliveryFilters' | 'attributes'
>;

/** A product of a running sponsored campaign that matched the keyword (requirements#search-results: ad_id, match_type, camp_id). */
export type SponsoredProductData = {
  product: ProductCardData;
  campaignId: number;
  matchType: MatchType;
};

export type SearchResultsData = {
  /** The keyword as searched (whitespace tidied, cut when too long). */
  keyword: string;
  /** The keyword was longer than allowed and was cut. */
  wasCut: boolean;
  /** The corrected words searched instead, when the keyword as typed found little. */
  correctedTo: string | null;
  results: Paged<ProductCardData>;
  /** The keyword matches more products than `results.total`: only the best sellers among them are ranked. */
  moreResults: boolean;
  /** Shown first on the first page of the unfiltered results in relevance order, marked 'Sponsored'. */
  sponsored: SponsoredProductData[];
  /** The sort and filters as applied (unknown values dropped; requirements#search-refine). */
  query: Omit<SearchQuery, 'page'>;
  /** The filters' choices over the keyword's matches; null when the keyword matched nothing. */
  filters: SearchFilterFacets | null;
  /** The category the keyword names: its listing is offered beside the results. */
  namedCategory: SearchLink | null;
  /** When nothing matched: keywords spelled close to it that find products. */
  didYouMean: string[];
  /** When nothing matched: the best-selling categories. */
  popularCategories: SearchLink[];
};

export const DEAL_OFFER_TYPES = ['deals', 'percentage_offer'] as const;
export type DealOfferType = (typeof DEAL_OFFER_TYPES)[number];

/** A lightning deal or percentage offer (requirements#deals) with its product's card. */
export type DealCardData = ProductCardData & {
  dealId: number;
  /** The spec's `type`: a click is recorded (and paid) only for 'click'. */
  billingType: 'click' | 'impression';
  offerType: DealOfferType;
  page: string;
  discountPercent: number;
  endsAt: string;
  /** The seller pays for the placement (page points, or billed per impression): the card says 'Sponsored' (requirements#dark-patterns). */
  isSponsored: boolean;
};

/** A product with a running coupon and the coupon's value (cash in paise, or a percent). */
export type CouponCardData = ProductCardData & { coupon: CouponOffer & { id: number } };

export interface SearchServices {
  /** `/searchpage/{keyword}`: ranked, typo-tolerant results; records the keyword for a logged-in shopper. */
  searchResults(
    request: Request,
    keyword: string,
    page: string | null,
    /** requirements#product-languages: cards carry their seller's title in this language (default English) */
    language?: ShopLanguage,
  ): Promise<SearchResultsData>;
  /** `/todaydeals` and `/percentageoffer`: running deals of an offer type, 48 per page. */
  dealsPage(offerType: DealOfferType, page: string | null): Promise<Paged<DealCardData>>;
  /** `/coupons`: products with a running coupon, 48 per page. */
  couponsPage(page: string | null): Promise<Paged<CouponCardData>>;
}
