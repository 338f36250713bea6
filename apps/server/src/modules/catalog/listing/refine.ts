import type { Executor } from '@marketplace/db';
import {
  DELIVERY_FILTERS,
  type ListingFilterChoice,
  type ListingSort,
  narrowingPrice,
  sliderBounds,
} from '@marketplace/domain/catalog/listing-filters';
import { pincodeFromCookies } from '@marketplace/domain/location/pincode';
import type { CategoryListing } from '@marketplace/web';
import { keptByKey } from '../../../kept-by-key.ts';
import { eligibleSellerIds, findBuyerPlace, loadDeliveryNetwork } from './delivery.ts';
import { loadProductFacets, type ProductFacets } from './facets.ts';
import { filterAmong } from './products.ts';

/**
 * The filters the shopper asked for, keeping only attribute names and values the products have,
 * and a price range only when it leaves some listed price out.
 */
export function knownFilters<Q extends ListingFilterChoice>(
  query: Q,
  facets: Pick<ProductFacets, 'attributes' | 'minPricePaise' | 'maxPricePaise'>,
): Q {
  const attributes: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(query.attributes)) {
    const facet = facets.attributes.find((f) => f.name.toLowerCase() === name.toLowerCase());
    if (!facet) continue;
    const known = values.flatMap(
      (value) => facet.values.find((v) => v.value.toLowerCase() === value.toLowerCase())?.value ?? [],
    );
    if (known.length > 0)
      attributes[facet.name] = [...new Set([...(attributes[facet.name] ?? []), ...known])];
  }
  const bounds = sliderBounds(facets.minPricePaise, facets.maxPricePaise);
  return { ...query, price: narrowingPrice(query.price, bounds), attributes };
}

/** The filter column's choices (requirements#listing-filters) over some products, as a listing shows them. */
export type FilterFacets = Pick<
  CategoryListing,
  'pincode' | 'priceBounds' | 'deliveryFilters' | 'attributes'
>;

export function filterFacets(facets: ProductFacets, pincode: string): FilterFacets {
  return {
    pincode,
    priceBounds: sliderBounds(facets.minPricePaise, facets.maxPricePaise),
    deliveryFilters: DELIVERY_FILTERS.map(({ key, label }) => ({ key, label })),
    attributes: facets.attributes,
  };
}

export type RefinedProducts = {
  /** The products the filters keep, in the sort's order. */
  ids: number[];
  /** The filters as applied (unknown attribute values and a price range covering everything left out). */
  filters: ListingFilterChoice;
  facets: FilterFacets;
};

/**
 * requirements#search-refine: the search results page filters and sorts a keyword's matches with a
 * listing's filters and orders (the same SQL); the delivery network is read once a minute.
 */
export function createProductRefiner(db: Executor, ttlMs = 60_000, catalogGeneration = () => 0) {
  const deliveryNetwork = keptByKey(
    (_all: 'sellers') => loadDeliveryNetwork(db),
    ttlMs,
    undefined,
    undefined,
    catalogGeneration,
  );
  return {
    /** The filters' values over the products (callers keep them a while per keyword). */
    facets: (ids: readonly number[]) => loadProductFacets(db, ids),
    /** The products the asked filters keep, sorted; `sort` null keeps the order of `ids`. */
    async refine(
      request: Request,
      ids: readonly number[],
      facets: ProductFacets,
      asked: ListingFilterChoice,
      sort: ListingSort | null,
    ): Promise<RefinedProducts> {
      const pincode = pincodeFromCookies(request.headers.get('cookie'));
      const filters = knownFilters(
        { price: asked.price, delivery: asked.delivery, attributes: asked.attributes },
        facets,
      );
      const deliverySellerIds = filters.delivery
        ? eligibleSellerIds(
            await deliveryNetwork('sellers'),
            await findBuyerPlace(db, pincode),
            filters.delivery,
          )
        : null;
      const unchanged = !filters.price && !filters.delivery && Object.keys(filters.attributes).length === 0;
      const kept =
        unchanged && sort === null
          ? [...ids]
          : await filterAmong(
              db,
              ids,
              { price: filters.price, attributes: filters.attributes, deliverySellerIds },
              sort,
            );
      return { ids: kept, filters, facets: filterFacets(facets, pincode) };
    },
  };
}

export type ProductRefiner = ReturnType<typeof createProductRefiner>;
