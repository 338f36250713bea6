import { and, asc, count, desc, eq, exists, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type Executor, offers, productAttributes, products } from '@marketplace/db';
import type { ListingQuery, ListingSort } from '@marketplace/domain/catalog/listing-filters';
import { boundPage, PAGE_SIZE, pageCount } from '@marketplace/domain/catalog/listing';
import type { Paged, ProductCardData } from '@marketplace/web';
import { loadProductCards } from '../cards.ts';

export type ProductFilter = {
  subtreeIds: number[];
  price: ListingQuery['price'];
  attributes: ListingQuery['attributes'];
  /** Sellers that deliver in time (decision 9), or null when no delivery filter is chosen. */
  deliverySellerIds: number[] | null;
};

const averageRating = sql`(${products.star1} + 2 * ${products.star2} + 3 * ${products.star3} + 4 * ${products.star4} + 5 * ${products.star5})::float / NULLIF(${products.ratingCount}, 0)`;

const ORDER: Record<ListingSort, SQL[]> = {
  featured: [desc(products.unitsSold), asc(products.id)],
  'price-asc': [sql`${products.lowestPricePaise} ASC NULLS LAST`, asc(products.id)],
  'price-desc': [sql`${products.lowestPricePaise} DESC NULLS LAST`, asc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
  rating: [sql`${averageRating} DESC NULLS LAST`, desc(products.ratingCount), asc(products.id)],
};

/** The filters as SQL: every condition narrows the category (values of one attribute widen each other). */
export function filterCondition(db: Executor, filter: ProductFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    inArray(products.categoryId, filter.subtreeIds),
    eq(products.isActive, true),
  ];
  if (filter.price) {
    conditions.push(
      gte(products.lowestPricePaise, filter.price.min * 100),
      lte(products.lowestPricePaise, filter.price.max * 100),
    );
  }
  for (const [name, values] of Object.entries(filter.attributes)) {
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
        : exists(
            db
              .select({ one: sql`1` })
              .from(offers)
              .where(
                and(
                  eq(offers.productId, products.id),
                  eq(offers.isActive, true),
                  gt(offers.stock, 0),
                  inArray(offers.sellerId, filter.deliverySellerIds),
                ),
              ),
          ),
    );
  }
  return and(...conditions);
}

/** One page of the filtered category, 48 per page, the page bounded to the pages there are. */
export async function filteredProducts(
  db: Executor,
  filter: ProductFilter,
  sort: ListingSort,
  rawPage: string | null,
): Promise<Paged<ProductCardData>> {
  const where = filterCondition(db, filter);
  // the page and the total in one round trip; a page past the end is asked again, bounded
  const pageRows = (page: number) =>
    db
      .select({ id: products.id, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(products)
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE);
  let page = boundPage(rawPage, Number.MAX_SAFE_INTEGER);
  let rows = await pageRows(page);
  if (rows.length === 0 && page > 1) {
    const [totals] = await db.select({ total: count() }).from(products).where(where);
    page = boundPage(page, pageCount(Number(totals?.total ?? 0)));
    rows = await pageRows(page);
  }
  const total = rows[0]?.total ?? 0;
  const pages = pageCount(total);
  if (total === 0) return { items: [], page: 1, pages, total };
  const items = await loadProductCards(
    db,
    rows.map((row) => row.id),
  );
  return { items, page, pages, total };
}
