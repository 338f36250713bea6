// Category listing filters and page-content block layout (requirements#listing,
// requirements#listing-filters, requirements#content-blocks; requirements#delivery-day-filters).
import type { Zone } from '../delivery/constants.ts';
import { deliveryOptions, type RateCardEntry } from '../delivery/options.ts';
import { ALL_ZONES } from '../delivery/serviceability.ts';

/** requirements#delivery-day-filters: the delivery-day filters, by how many days the fastest delivery may take. */
export const DELIVERY_FILTERS = [
  { key: 'today', label: 'Get It Today', days: 0 },
  { key: 'tomorrow', label: 'Get It by Tomorrow', days: 1 },
  { key: '2days', label: 'Get It in 2 Days', days: 2 },
] as const;
export type DeliveryFilterKey = (typeof DELIVERY_FILTERS)[number]['key'];

export function deliveryFilterDays(key: DeliveryFilterKey): number {
  return DELIVERY_FILTERS.find((filter) => filter.key === key)?.days ?? 0;
}

/**
 * The days the fastest delivery type available in a zone takes, or null when nothing delivers
 * there (or the seller does not ship to the zone). The parcel type only changes the charge, so any
 * known one gives the same answer.
 */
export function fastestArrivalDays(
  zone: Zone,
  rateCard: readonly RateCardEntry[],
  sellerZones: readonly string[] = ALL_ZONES,
): number | null {
  const options = deliveryOptions({
    zone,
    rateCard,
    parcelType: 'order',
    weightGrams: 500,
    quantity: 1,
    sellerZones,
    handling: 'standard',
  });
  if (options.length === 0) return null;
  return Math.min(...options.map((option) => option.arrivingDays));
}

/** requirements#delivery-day-filters: an offer qualifies for a delivery-day filter when its zone's fastest delivery arrives in time. */
export function deliversWithin(
  zone: Zone,
  rateCard: readonly RateCardEntry[],
  days: number,
  sellerZones: readonly string[] = ALL_ZONES,
): boolean {
  const fastest = fastestArrivalDays(zone, rateCard, sellerZones);
  return fastest !== null && fastest <= days;
}

/** requirements#listing-filters: the price slider moves in steps of ₹100 and spans ₹250 to ₹50,000 until data arrives. */
export const PRICE_STEP_RUPEES = 100;
export const DEFAULT_PRICE_RANGE = { min: 250, max: 50_000 } as const;
/** No listed price is above this many rupees; larger query values are read as this. */
export const MAX_PRICE_RUPEES = 10_000_000;

export type PriceRange = { min: number; max: number };

/**
 * requirements#listing-filters: the slider spans the min and max of the listed sale prices (in rupees, widened to whole
 * steps so every thumb position is a round price); the default range while there is no price.
 */
export function sliderBounds(minPaise: number | null, maxPaise: number | null): PriceRange {
  if (minPaise === null || maxPaise === null || minPaise < 0 || maxPaise < minPaise) {
    return { ...DEFAULT_PRICE_RANGE };
  }
  const min = Math.floor(minPaise / 100 / PRICE_STEP_RUPEES) * PRICE_STEP_RUPEES;
  const max = Math.ceil(maxPaise / 100 / PRICE_STEP_RUPEES) * PRICE_STEP_RUPEES;
  return { min, max: Math.max(max, min + PRICE_STEP_RUPEES) };
}

/** The `price` query value ('500-2000', rupees) to a range, or null when it is not one. */
export function parsePriceFilter(raw: string | null | undefined): PriceRange | null {
  const match = /^\s*(\d{1,12})\s*-\s*(\d{1,12})\s*$/.exec(raw ?? '');
  if (!match) return null;
  const a = Math.min(Number(match[1]), MAX_PRICE_RUPEES);
  const b = Math.min(Number(match[2]), MAX_PRICE_RUPEES);
  return { min: Math.min(a, b), max: Math.max(a, b) };
}

/**
 * The price as two boxes send it from a form posted without scripts (`price-min`, `price-max`,
 * rupees): either may be left empty; null when neither is a whole number.
 */
export function parsePriceBoxes(
  rawMin: string | null | undefined,
  rawMax: string | null | undefined,
): PriceRange | null {
  const read = (raw: string | null | undefined) =>
    /^\s*\d{1,12}\s*$/.test(raw ?? '') ? Math.min(Number(raw), MAX_PRICE_RUPEES) : null;
  const min = read(rawMin);
  const max = read(rawMax);
  if (min === null && max === null) return null;
  return parsePriceFilter(`${min ?? 0}-${max ?? MAX_PRICE_RUPEES}`);
}

/** The names of the price boxes in a filter form (see parsePriceBoxes). */
export const PRICE_BOX_PARAMS = { min: 'price-min', max: 'price-max' } as const;

export function formatPriceFilter(range: PriceRange): string {
  return `${range.min}-${range.max}`;
}

export const LISTING_SORTS = [
  { key: 'featured', label: 'Featured' },
  { key: 'price-asc', label: 'Price: Low to High' },
  { key: 'price-desc', label: 'Price: High to Low' },
  { key: 'newest', label: 'Newest Arrivals' },
  { key: 'rating', label: 'Avg. Customer Review' },
  // requirements#origin-filter: Legal Metrology (Packaged Commodities) Amendment Rules 2026, rule 6(10A)
  { key: 'origin', label: 'Country of Origin: A to Z' },
] as const;

/**
 * requirements#origin-filter: the country-of-origin filter, offered beside the attribute filters
 * under this name (`f.Country of origin=China`), its values the countries the listed products'
 * offers are made in, each with how many products it keeps.
 */
export const ORIGIN_FILTER = 'Country of origin';
export type ListingSort = (typeof LISTING_SORTS)[number]['key'];

/** Attribute filters travel as `f.{name}={value}`, repeated per chosen value. */
export const ATTRIBUTE_PARAM_PREFIX = 'f.';
const MAX_ATTRIBUTE_NAMES = 10;
const MAX_VALUES_PER_ATTRIBUTE = 30;
const MAX_NAME_LENGTH = 100;

/** The filters a shopper chooses on a listing or search results (sorting and paging are not filters). */
export type ListingFilterChoice = Pick<ListingQuery, 'price' | 'delivery' | 'attributes'>;

export type ListingQuery = {
  price: PriceRange | null;
  delivery: DeliveryFilterKey | null;
  /** Attribute name to its chosen values (a product matches one value of every named attribute). */
  attributes: Record<string, string[]>;
  sort: ListingSort;
  /** The raw page text, bounded later against the page count (boundPage). */
  page: string | null;
};

/**
 * The listing filters of a URL query. Anything malformed, unknown or oversized is left out rather
 * than refused, so a shared or hand-edited link still shows a page.
 */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const sort = params.get('sort');
  return {
    ...parseFilterChoice(params),
    sort: LISTING_SORTS.some((s) => s.key === sort) ? (sort as ListingSort) : 'featured',
    page: params.get('page'),
  };
}

/**
 * The filters of a URL query (listings and search results share them): the price as `price=500-2000`
 * or, from a form sent without scripts, as `price-min` and `price-max`.
 */
export function parseFilterChoice(params: URLSearchParams): ListingFilterChoice {
  const delivery = params.get('delivery');
  const attributes: Record<string, string[]> = {};
  for (const [key, value] of params) {
    if (!key.startsWith(ATTRIBUTE_PARAM_PREFIX)) continue;
    const name = key.slice(ATTRIBUTE_PARAM_PREFIX.length).trim();
    const chosen = value.trim();
    if (!name || !chosen || name.length > MAX_NAME_LENGTH || chosen.length > MAX_NAME_LENGTH) continue;
    const values = attributes[name] ?? (Object.keys(attributes).length < MAX_ATTRIBUTE_NAMES ? [] : null);
    if (!values || values.includes(chosen) || values.length >= MAX_VALUES_PER_ATTRIBUTE) continue;
    values.push(chosen);
    attributes[name] = values;
  }
  return {
    price:
      parsePriceFilter(params.get('price')) ??
      parsePriceBoxes(params.get(PRICE_BOX_PARAMS.min), params.get(PRICE_BOX_PARAMS.max)),
    delivery: DELIVERY_FILTERS.some((f) => f.key === delivery) ? (delivery as DeliveryFilterKey) : null,
    attributes,
  };
}

/**
 * A price range covering every listed price filters nothing (a form sent without scripts sends the
 * boxes as they stood): null then, else the range as asked.
 */
export function narrowingPrice(price: PriceRange | null, bounds: PriceRange): PriceRange | null {
  return price && (price.min > bounds.min || price.max < bounds.max) ? price : null;
}

/** requirements#content-blocks: page content blocks show only when no filter is active (sorting and paging are not filters). */
export function hasActiveFilters(query: Pick<ListingQuery, 'price' | 'delivery' | 'attributes'>): boolean {
  return query.price !== null || query.delivery !== null || Object.keys(query.attributes).length > 0;
}

/** The filters as URL parameters, in a stable order. */
export function filterParams(filters: ListingFilterChoice): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.price) params.set('price', formatPriceFilter(filters.price));
  if (filters.delivery) params.set('delivery', filters.delivery);
  for (const [name, values] of Object.entries(filters.attributes)) {
    for (const value of values) params.append(`${ATTRIBUTE_PARAM_PREFIX}${name}`, value);
  }
  return params;
}

/** A URL query from its parameters: '' when there are none, else '?…' with the page (above 1) last. */
export function queryText(params: URLSearchParams, page?: number): string {
  if (page !== undefined && page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The URL query of a listing: filters in a stable order, defaults left out, paging reset. */
export function listingSearch(query: Omit<ListingQuery, 'page'> & { page?: number }): string {
  const params = filterParams(query);
  if (query.sort !== 'featured') params.set('sort', query.sort);
  return queryText(params, query.page);
}

/** requirements#listing-filters: a filter value toggles: chosen values are dropped, others added. */
export function toggleAttribute(
  attributes: Record<string, string[]>,
  name: string,
  value: string,
): Record<string, string[]> {
  const current = attributes[name] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const { [name]: _dropped, ...others } = attributes;
  return next.length > 0 ? { ...others, [name]: next } : others;
}

/** requirements#listing-filters: the colour swatches of the Colour filter. */
export const SWATCHES: Readonly<Record<string, string>> = {
  Red: '#d32f2f',
  Blue: '#1e63c6',
  Green: '#2e8b57',
  Yellow: '#f2c230',
  Black: '#222222',
  White: '#f4f4f4',
  Pink: '#e86fa5',
  Orange: '#f07c1e',
  Purple: '#7b3fa8',
  Brown: '#8b5a2b',
};

export type ContentDisplayType = 'product' | 'banner' | 'video' | 'content';
export type BlockLayout =
  | { kind: 'none' }
  | { kind: 'single' }
  | { kind: 'carousel'; perView: number }
  | { kind: 'grid'; columns: number }
  | { kind: 'video' }
  | { kind: 'text' };

/**
 * requirements#content-blocks: 1 product a single card; 2 or 3 a single-slide carousel; 4 a 4-up
 * block; more than 4 a carousel showing display_count slides. Several banners: a carousel of up to
 * 2 slides. Videos and texts as they are.
 */
export function blockLayout(
  displayType: ContentDisplayType,
  count: number,
  displayCount: number,
): BlockLayout {
  if (count <= 0) return { kind: 'none' };
  switch (displayType) {
    case 'product':
      if (count === 1) return { kind: 'single' };
      if (count <= 3) return { kind: 'carousel', perView: 1 };
      if (count === 4) return { kind: 'grid', columns: 4 };
      return { kind: 'carousel', perView: Math.max(1, displayCount) };
    case 'banner':
      return count === 1 ? { kind: 'single' } : { kind: 'carousel', perView: Math.min(2, count) };
    case 'video':
      return { kind: 'video' };
    case 'content':
      return { kind: 'text' };
  }
}
