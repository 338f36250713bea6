import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  brandCampaigns,
  brands,
  browsingHistory,
  categories,
  type Executor,
  products,
  queryRows,
  searchHistory,
} from '@marketplace/db';
import { uniqueById } from '@marketplace/domain/catalog/listing';
import { parseAdSize } from '@marketplace/domain/marketing/banner';
import { suggestionHref } from '@marketplace/domain/search/suggestions';
import type { ListingAd, ProductCardData } from '@marketplace/web';
import { campaignIsRunning } from '../../ads/index.ts';
import { loadProductCards } from '../../product-cards/index.ts';

/** requirements#browsing-history: browsing history older than a month is dropped. */
const HISTORY_MAX_AGE_MS = 31 * 24 * 60 * 60 * 1000;
const SIDE_LIST_LIMIT = 12;
const HISTORY_LIMIT = 10;
/** More than a carousel needs, so the products on the page can be left out. */
const RELATED_CANDIDATES = SIDE_LIST_LIMIT + 48;

/**
 * The running brand campaign image of a slot on category pages: between its dates, active, not
 * out of budget. The highest bid wins the slot (ties: the oldest campaign).
 */
export async function runningCampaign(
  db: Executor,
  type: 'sponsored_brand' | 'vertical',
  now: Date,
): Promise<ListingAd | null> {
  const [campaign] = await db
    .select({
      id: brandCampaigns.id,
      image: brandCampaigns.adImage,
      size: brandCampaigns.adSize,
      brandName: brands.name,
      isRegistry: brands.isRegistry,
    })
    .from(brandCampaigns)
    .innerJoin(brands, eq(brands.id, brandCampaigns.brandId))
    .where(
      and(
        eq(brandCampaigns.page, 'category'),
        eq(brandCampaigns.type, type),
        eq(brandCampaigns.adType, 'image'),
        isNotNull(brandCampaigns.adImage),
        campaignIsRunning(now),
      ),
    )
    .orderBy(desc(brandCampaigns.bidPaise), asc(brandCampaigns.id))
    .limit(1);
  if (!campaign?.image) return null;
  return {
    id: campaign.id,
    image: campaign.image,
    brandName: campaign.brandName,
    href: suggestionHref({
      name: campaign.brandName,
      type: 'brand',
      registry: campaign.isRegistry ? 'Yes' : 'No',
    }),
    size: parseAdSize(campaign.size),
  };
}

/**
 * Lightning deals running for category pages, as cards, one per product: deals on products of the
 * page's own category tree first, then of its top-level category's tree, then any other (so a
 * smartphone page leads with phones, never with necklaces), each best paying first.
 */
export async function categoryDeals(db: Executor, categoryId: number, now: Date): Promise<ProductCardData[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`WITH RECURSIVE up AS (
          SELECT id, parent_id FROM categories WHERE id = ${categoryId}
          UNION ALL
          SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id),
        own AS (
          SELECT id FROM categories WHERE id = ${categoryId}
          UNION ALL
          SELECT c.id FROM categories c JOIN own ON c.parent_id = own.id),
        top AS (
          SELECT id FROM up WHERE parent_id IS NULL
          UNION ALL
          SELECT c.id FROM categories c JOIN top ON c.parent_id = top.id)
        SELECT d.product_id AS id
          FROM deals d JOIN products p ON p.id = d.product_id
         WHERE d.page = 'category' AND d.starts_at <= ${now} AND d.ends_at > ${now}
         ORDER BY CASE WHEN p.category_id IN (SELECT id FROM own) THEN 0
                       WHEN p.category_id IN (SELECT id FROM top) THEN 1
                       ELSE 2 END,
                  d.page_points DESC, d.id
         LIMIT ${SIDE_LIST_LIMIT * 2}`,
  );
  const cards = await loadProductCards(
    db,
    uniqueById(rows.map((row) => ({ id: Number(row.id) }))).map((row) => row.id),
  );
  return cards.slice(0, SIDE_LIST_LIMIT);
}

/** The logged-in shopper's latest search keywords ('Recently Searched Items'). */
export async function recentSearches(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ keyword: searchHistory.keyword })
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(desc(searchHistory.searchedAt), desc(searchHistory.id))
    .limit(HISTORY_LIMIT);
  return rows.map((row) => row.keyword);
}

/** The logged-in shopper's recently viewed products, newest first, within the last month. */
export async function recentlyViewed(db: Executor, userId: number, now: Date): Promise<ProductCardData[]> {
  const rows = await db
    .select({ id: browsingHistory.productId })
    .from(browsingHistory)
    .where(
      and(
        eq(browsingHistory.userId, userId),
        gte(browsingHistory.viewedAt, new Date(now.getTime() - HISTORY_MAX_AGE_MS)),
      ),
    )
    .orderBy(desc(browsingHistory.viewedAt), desc(browsingHistory.id))
    .limit(HISTORY_LIMIT);
  return loadProductCards(
    db,
    rows.map((row) => row.id),
  );
}

/**
 * Related products: the best sellers of the category's sibling categories (top categories for a
 * top category); the page leaves out its own products (relatedFor).
 */
export async function relatedCandidates(
  db: Executor,
  category: { id: number; parentId: number | null },
): Promise<ProductCardData[]> {
  const siblings = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        category.parentId === null
          ? sql`${categories.parentId} IS NULL`
          : eq(categories.parentId, category.parentId),
        sql`${categories.id} <> ${category.id}`,
      ),
    );
  if (siblings.length === 0) return [];
  const subtree = await queryRows<{ id: number }>(
    db,
    sql`WITH RECURSIVE tree AS (
          SELECT id FROM categories WHERE id IN (${sql.join(
            siblings.map((s) => sql`${s.id}`),
            sql`, `,
          )})
          UNION ALL
          SELECT c.id FROM categories c JOIN tree t ON c.parent_id = t.id
        )
        SELECT id FROM tree`,
  );
  const ids = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        inArray(
          products.categoryId,
          subtree.map((row) => Number(row.id)),
        ),
        eq(products.isActive, true),
        isNotNull(products.lowestPricePaise),
      ),
    )
    .orderBy(desc(products.unitsSold), asc(products.id))
    .limit(RELATED_CANDIDATES);
  return loadProductCards(
    db,
    ids.map((row) => row.id),
  );
}

/** The related products of a page: the candidates not already on it. */
export function relatedFor(
  candidates: readonly ProductCardData[],
  shownIds: readonly number[],
): ProductCardData[] {
  const shown = new Set(shownIds);
  return candidates.filter((card) => !shown.has(card.id)).slice(0, SIDE_LIST_LIMIT);
}
