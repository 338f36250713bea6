// requirements#seller-bulk-inventory: the seller's offers table and its inline edit. Every query
// filters by the seller of the session (requirements#seller-central); closed offers are gone.
import { and, asc, desc, eq, ilike, inArray, isNull, like, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, offers, products } from '@marketplace/db';
import {
  INVENTORY_PAGE_SIZE,
  INVENTORY_SEARCH_LIMIT,
  LOW_STOCK_LIMIT,
  type OfferPriceStockInput,
  type OfferRow,
  type OffersPage,
  type OffersQuery,
} from '@marketplace/domain/sellers/inventory-api';
import { refreshLowestPrices } from '../inventory/index.ts';

const rowColumns = {
  offerId: offers.id,
  productId: offers.productId,
  productName: products.name,
  imageUrl: products.mainImage,
  sku: offers.sku,
  salePricePaise: offers.salePricePaise,
  mrpPaise: offers.mrpPaise,
  stock: offers.stock,
  maxPerOrder: offers.maxPerOrder,
  dispatchDays: offers.dispatchDays,
  isActive: offers.isActive,
  updatedAt: offers.updatedAt,
  version: offers.version,
};

type RawRow = Omit<OfferRow, 'updatedAt'> & { updatedAt: Date };
const toRow = (row: RawRow): OfferRow => ({ ...row, updatedAt: row.updatedAt.toISOString() });

/** `text` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ORDER: Record<OffersQuery['sort'], SQL[]> = {
  // each sort but the name's walks one index of the seller's open offers (migration 0022)
  updated: [desc(offers.updatedAt), desc(offers.id)],
  sku: [asc(offers.sku)],
  // by the product's lower-cased name: the order of products_name_key, case set aside
  name: [asc(sql`lower(${products.name})`), asc(offers.id)],
  price: [asc(offers.salePricePaise), asc(offers.id)],
  stock: [asc(offers.stock), asc(offers.id)],
};

/**
 * The ids of the seller's offers (already narrowed by `where`) whose SKU or product name holds
 * the pattern, each part found through its trigram index (offers' SKUs, products' names) and
 * read at most `limit` rows deep, so a search that matches little reads little.
 */
async function matchingIds(db: Executor, where: SQL | undefined, pattern: string, limit: number) {
  const [bySku, byName] = await Promise.all([
    db
      .select({ id: offers.id })
      .from(offers)
      .where(and(where, like(sql`lower(${offers.sku})`, pattern.toLowerCase())))
      .limit(limit),
    db
      .select({ id: offers.id })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(and(where, ilike(products.name, pattern)))
      .limit(limit),
  ]);
  // an offer matched by both counts once; either part at its limit is more than the limit
  return [...new Set([...bySku, ...byName].map((row) => row.id))];
}

/** A page of the seller's open offers, filtered and sorted, with the number of pages. */
export async function listSellerOffers(
  db: Executor,
  sellerId: number,
  query: OffersQuery,
): Promise<OffersPage> {
  const own = and(eq(offers.sellerId, sellerId), isNull(offers.closedAt));
  const narrowing: SQL[] = [];
  if (query.status) narrowing.push(eq(offers.isActive, query.status === 'active'));
  if (query.lowStock) narrowing.push(lte(offers.stock, LOW_STOCK_LIMIT));
  const where = and(own, ...narrowing);
  // one pass over the seller's offers counts both the table's rows and the low-stock ones
  const [counts] = await db
    .select({
      total: narrowing.length
        ? sql<number>`(count(*) FILTER (WHERE ${and(...narrowing)}))::int`
        : sql<number>`count(*)::int`,
      lowStock: sql<number>`(count(*) FILTER (WHERE ${lte(offers.stock, LOW_STOCK_LIMIT)}))::int`,
    })
    .from(offers)
    .where(own);
  let total = counts?.total ?? 0;
  let moreThanTotal = false;
  // the ids a search may page through: all its matches when they are few enough to list
  let candidates: number[] | undefined;
  let searching: SQL | undefined;
  if (query.q) {
    const pattern = containing(query.q);
    const found = await matchingIds(db, where, pattern, INVENTORY_SEARCH_LIMIT + 1);
    moreThanTotal = found.length > INVENTORY_SEARCH_LIMIT;
    total = Math.min(found.length, INVENTORY_SEARCH_LIMIT);
    if (moreThanTotal) {
      // a broad search: the sorted walk of the seller's offers meets matches often
      searching = or(like(sql`lower(${offers.sku})`, pattern.toLowerCase()), ilike(products.name, pattern));
    } else candidates = found;
  }
  const pages = Math.max(1, Math.ceil(total / INVENTORY_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  let ids: number[] = [];
  if (candidates === undefined || candidates.length > 0) {
    const needsName = query.sort === 'name' || searching !== undefined;
    const picking = db.select({ id: offers.id }).from(offers);
    const joined = needsName ? picking.innerJoin(products, eq(products.id, offers.productId)) : picking;
    // the page's 50 ids first, then their rows: a deep page skips ids, not joined rows
    ids = (
      await joined
        .where(and(where, searching, candidates ? inArray(offers.id, candidates) : undefined))
        .orderBy(...ORDER[query.sort])
        .limit(INVENTORY_PAGE_SIZE)
        .offset((page - 1) * INVENTORY_PAGE_SIZE)
    ).map((row) => row.id);
  }
  const found = ids.length
    ? await db
        .select(rowColumns)
        .from(offers)
        .innerJoin(products, eq(products.id, offers.productId))
        .where(inArray(offers.id, ids))
    : [];
  const byId = new Map(found.map((row) => [row.offerId, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return {
    offers: rows.map(toRow),
    page,
    pages,
    total,
    moreThanTotal,
    lowStockCount: counts?.lowStock ?? 0,
  };
}

/**
 * Sets an offer's price, M.R.P. and stock (already checked together by the shared rule) and
 * refreshes its product's lowest price in the same transaction; null when the offer is not one
 * of this seller's open offers.
 */
export async function updateOfferPriceStock(
  db: Executor,
  sellerId: number,
  offerId: number,
  input: OfferPriceStockInput,
): Promise<OfferRow | null> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(offers)
      .set({
        salePricePaise: input.salePricePaise,
        mrpPaise: input.mrpPaise,
        stock: input.stock,
        updatedAt: sql`now()`,
      })
      .where(and(eq(offers.id, offerId), eq(offers.sellerId, sellerId), isNull(offers.closedAt)))
      .returning({ productId: offers.productId });
    if (!updated) return null;
    await refreshLowestPrices(tx, [updated.productId]);
    const [row] = await tx
      .select(rowColumns)
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(eq(offers.id, offerId));
    return row ? toRow(row) : null;
  });
}

/** Some of the seller's open offers as table rows (another seller's or a closed offer is left out). */
export async function offerRowsOf(
  db: Executor,
  sellerId: number,
  offerIds: readonly number[],
): Promise<OfferRow[]> {
  if (offerIds.length === 0) return [];
  const rows = await db
    .select(rowColumns)
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(inArray(offers.id, [...offerIds]), eq(offers.sellerId, sellerId), isNull(offers.closedAt)));
  return rows.map(toRow);
}
