import { and, asc, count, desc, eq, exists, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type Executor, offers, productAttributes, products } from '@marketplace/db';
import {
  type ListingQuery,
  type ListingSort,
  ORIGIN_FILTER,
} from '@marketplace/domain/catalog/listing-filters';
import { boundPage, PAGE_SIZE, pageCount } from '@marketplace/domain/catalog/listing';
import type { Paged, ProductCardData } from '@marketplace/web';
import { loadProductCards } from '../../product-cards/index.ts';

export type ProductFilter = {
  /** The listed category and those below it; null on search results (their products are `productIds`). */
  subtreeIds: number[] | null;
  /** The products a keyword matched (requirements#search-refine); absent on a category listing. */
  productIds?: number[];
  price: ListingQuery['price'];
  attributes: ListingQuery['attributes'];
  /** Sellers that deliver in time (requirements#delivery-day-filters), or null when no delivery filter is chosen. */
  deliverySellerIds: number[] | null;
};

const averageRating = sql`(${products.star1} + 2 * ${products.star2} + 3 * ${products.star3} + 4 * ${products.star4} + 5 * ${products.star5})::float / NULLIF(${products.ratingCount}, 0)`;

const ORDER: Record<ListingSort, SQL[]> = {
  featured: [desc(products.unitsSold), asc(products.id)],
  'price-asc': [sql`${products.lowestPricePaise} ASC NULLS LAST`, asc(products.id)],
  'price-desc': [sql`${products.lowestPricePaise} DESC NULLS LAST`, asc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
  rating: [sql`${averageRating} DESC NULLS LAST`, desc(products.ratingCount), asc(products.id)],
  // requirements#origin-filter: by the country its offers are made in, A to Z (the first of several)
  origin: [
    sql`(SELECT min(${offers.origin}) FROM ${offers} WHERE ${offers.productId} = ${products.id} AND ${offers.isActive}) ASC NULLS LAST`,
    desc(products.unitsSold),
    asc(products.id),
  ],
};

/** Ids as one array parameter (a keyword's hundreds of matches are one value, not hundreds). */
export const idArray = (ids: readonly number[]) => sql`${`{${ids.map(Number).join(',')}}`}::int[]`;

/** The product has an active offer meeting `conditions`. */
const hasLiveOffer = (db: Executor, ...conditions: SQL[]) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(offers)
      .where(and(eq(offers.productId, products.id), eq(offers.isActive, true), ...conditions)),
  );

/** The filters as SQL: every condition narrows the category (values of one attribute widen each other). */
export function filterCondition(db: Executor, filter: ProductFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.subtreeIds ? inArray(products.categoryId, filter.subtreeIds) : undefined,
    filter.productIds ? sql`${products.id} = ANY(${idArray(filter.productIds)})` : undefined,
    eq(products.isActive, true),
  ];
  if (filter.price) {
    conditions.push(
      gte(products.lowestPricePaise, filter.price.min * 100),
      lte(products.lowestPricePaise, filter.price.max * 100),
    );
  }
  for (const [name, values] of Object.entries(filter.attributes)) {
    if (name === ORIGIN_FILTER) {
      // requirements#origin-filter: a product one of whose live offers is made in a chosen country
      conditions.push(hasLiveOffer(db, inArray(offers.origin, values)));
      continue;
    }
    conditions.push(
      inArray(
        products.id,
        db
          .select({ id: productAttributes.productId })
          .from(productAttributes)
          .where(and(eq(productAttributes.name, name), inArray(productAttributes.value, values))),
      ),
    );
  }
  if (filter.deliverySellerIds) {
    conditions.push(
      filter.deliverySellerIds.length === 0
        ? sql`false`
        : hasLiveOffer(db, gt(offers.stock, 0), inArray(offers.sellerId, filter.deliverySellerIds)),
    );
  }
  return and(...conditions);
}

/** How many products the filters leave in the category. */
export async function countFiltered(db: Executor, filter: ProductFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(filterCondition(db, filter));
  return Number(row?.total ?? 0);
}

/**
 * One page of the filtered category, 48 per page, the page bounded to the pages there are. The
 * total comes from `total` (the listing keeps totals a while per filter, so paging and re-sorting a
 * large category does not count it again); the page itself is always read fresh.
 */
export async function filteredProducts(
  db: Executor,
  filter: ProductFilter,
  sort: ListingSort,
  rawPage: string | null,
  total: (filter: ProductFilter) => Promise<number> = (f) => countFiltered(db, f),
): Promise<Paged<ProductCardData>> {
  const where = filterCondition(db, filter);
  const pageIds = (page: number) =>
    db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .then((rows) => rows.map((row) => row.id));
  const asked = boundPage(rawPage, Number.MAX_SAFE_INTEGER);
  // the page and the total side by side; a page past the end is asked again, bounded
  const [found, askedIds] = await Promise.all([total(filter), pageIds(asked)]);
  const pages = pageCount(found);
  if (found === 0) return { items: [], page: 1, pages, total: 0 };
  const page = boundPage(asked, pages);
  const ids = page === asked ? askedIds : await pageIds(page);
  return { items: await loadProductCards(db, ids), page, pages, total: found };
}

/**
 * requirements#search-refine: the products among `ids` that the filters keep, in the sort's order,
 * or in the order of `ids` (their relevance) when `sort` is null.
 */
export async function filterAmong(
  db: Executor,
  ids: readonly number[],
  filter: Omit<ProductFilter, 'subtreeIds' | 'productIds'>,
  sort: ListingSort | null,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const where = filterCondition(db, { ...filter, subtreeIds: null, productIds: [...ids] });
  const query = db.select({ id: products.id }).from(products).where(where);
  const rows = await (sort ? query.orderBy(...ORDER[sort]) : query);
  const kept = rows.map((row) => row.id);
  if (sort) return kept;
  const keptSet = new Set(kept);
  return ids.filter((id) => keptSet.has(id));
}
