import type { Executor } from '@marketplace/db';
import { categoryListingType } from '@marketplace/domain/catalog/categories';
import {
  DELIVERY_FILTERS,
  hasActiveFilters,
  parseListingQuery,
  sliderBounds,
} from '@marketplace/domain/catalog/listing-filters';
import { pincodeFromCookies } from '@marketplace/domain/location/pincode';
import type { CategoryListing, ListingServices } from '@marketplace/web';
import type { Logger } from 'pino';
import { sessionViewer } from '../../http/auth.ts';
import { findCategory, formerCategoryPath } from './categories.ts';
import { bestSellersPage } from './listing/best-sellers.ts';
import { loadContentBlocks } from './listing/content-blocks.ts';
import { eligibleSellerIds, findBuyerPlace, loadDeliveryNetwork } from './listing/delivery.ts';
import {
  categoryDeals,
  recentlyViewed,
  recentSearches,
  relatedCandidates,
  relatedFor,
  runningCampaign,
} from './listing/extras.ts';
import { keptByKey } from '../../kept-by-key.ts';
import { loadCategoryFacets } from './listing/facets.ts';
import { knownFilters } from './listing/refine.ts';
import { countFiltered, filteredProducts, type ProductFilter } from './listing/products.ts';

export { loadContentBlocks } from './listing/content-blocks.ts';

/** How long a category's filter values and a delivery network stay before they are read again. */
export const LISTING_FACETS_TTL_MS = 60_000;

type Options = {
  logger?: Pick<Logger, 'warn'>;
  now?: () => Date;
  facetsTtlMs?: number;
  /** ADR-0055: moves when a seller or staff changed the catalog: what is kept loads afresh */
  catalogGeneration?: () => number;
};

/** requirements#failures-only-logged: a failed campaign, deal, history or page-content load is only logged; that area stays empty. */
function orEmpty<T>(work: Promise<T>, empty: T, what: string, logger?: Pick<Logger, 'warn'>): Promise<T> {
  return work.catch((error: unknown) => {
    logger?.warn({ err: error }, `${what} could not be loaded; showing the listing without it`);
    return empty;
  });
}

/** The listing pages' data (see apps/web/app/lib/listing-data.ts). */
export function createListingServices(
  db: Executor,
  logger?: Pick<Logger, 'warn'>,
  {
    now = () => new Date(),
    facetsTtlMs = LISTING_FACETS_TTL_MS,
    catalogGeneration = () => 0,
  }: Omit<Options, 'logger'> = {},
): ListingServices {
  // what every listing of a category shares is read at most once a minute (facets, campaigns,
  // deals, related products, the sellers' places and the rate card); the page of products is not
  const kept = <K, V>(load: (key: K) => Promise<V>, maxEntries?: number) =>
    keptByKey(load, facetsTtlMs, maxEntries, undefined, catalogGeneration);
  const facets = kept((id: number) => loadCategoryFacets(db, id));
  const campaigns = kept((type: 'sponsored_brand' | 'vertical') => runningCampaign(db, type, now()));
  const deals = kept((categoryId: number) => categoryDeals(db, categoryId, now()));
  // keyed by 'id:parentId' (a string, so repeated listings of a category share the entry)
  const related = kept((key: string) => {
    const [id, parentId] = key.split(':').map((part) => (part === '' ? null : Number(part)));
    return relatedCandidates(db, { id: id ?? 0, parentId: parentId ?? null });
  });
  const deliveryNetwork = kept((_all: 'sellers') => loadDeliveryNetwork(db));
  // totals of filtered listings, by the filters (a large category is counted once a minute, not per page)
  const keptTotals = kept((key: string) => countFiltered(db, JSON.parse(key) as ProductFilter), 5000);
  const totals = (filter: ProductFilter) => keptTotals(JSON.stringify(filter));

  return {
    categoryRedirect: (type, name) => formerCategoryPath(db, type, name),
    async categoryListing(request, type, name) {
      const category = await findCategory(db, type, name);
      if (!category) return null;
      const today = now();
      const pincode = pincodeFromCookies(request.headers.get('cookie'));
      const url = new URL(request.url);
      const asked = parseListingQuery(url.searchParams);
      const categoryFacets = await facets(category.id);
      const { page: _page, ...askedFilters } = asked;
      const query = knownFilters(askedFilters, categoryFacets);
      const deliverySellerIds = query.delivery
        ? eligibleSellerIds(
            await deliveryNetwork('sellers'),
            await findBuyerPlace(db, pincode),
            query.delivery,
          )
        : null;
      const pageType = categoryListingType(category.level);
      const filtered = hasActiveFilters(query);
      const [products, user, sponsored, vertical, contentBlocks, categoryDealCards, relatedCards] =
        await Promise.all([
          filteredProducts(
            db,
            {
              subtreeIds: categoryFacets.subtreeIds,
              price: query.price,
              attributes: query.attributes,
              deliverySellerIds,
            },
            query.sort,
            asked.page,
            totals,
          ),
          orEmpty(sessionViewer(db, request), null, 'the login check', logger),
          orEmpty(campaigns('sponsored_brand'), null, 'the sponsored ad', logger),
          orEmpty(campaigns('vertical'), null, 'the vertical campaign', logger),
          filtered
            ? Promise.resolve([])
            : orEmpty(loadContentBlocks(db, pageType, category.id), [], 'the page content', logger),
          orEmpty(deals(category.id), [], 'the category deals', logger),
          orEmpty(related(`${category.id}:${category.parentId ?? ''}`), [], 'the related products', logger),
        ]);
      const [searches, viewed] = await Promise.all([
        user ? orEmpty(recentSearches(db, user.id), [], 'the search history', logger) : [],
        user ? orEmpty(recentlyViewed(db, user.id, today), [], 'the browsing history', logger) : [],
      ]);
      const listing: CategoryListing = {
        category: { id: category.id, name: category.name, type: pageType },
        children: categoryFacets.children,
        query,
        pincode,
        priceBounds: sliderBounds(categoryFacets.minPricePaise, categoryFacets.maxPricePaise),
        deliveryFilters: DELIVERY_FILTERS.map(({ key, label }) => ({ key, label })),
        attributes: categoryFacets.attributes,
        categoryTotal: categoryFacets.total,
        products,
        sponsored,
        vertical,
        contentBlocks,
        recentSearches: searches,
        recentlyViewed: viewed,
        deals: categoryDealCards,
        related: relatedFor(
          relatedCards,
          products.items.map((p) => p.id),
        ),
      };
      return listing;
    },
    bestSellers: (topMenuName, page) => bestSellersPage(db, topMenuName, page),
  };
}
