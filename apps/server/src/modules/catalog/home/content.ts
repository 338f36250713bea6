import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { deals, type Executor } from '@marketplace/db';
import { uniqueById } from '@marketplace/domain/catalog/listing';
import type { ContentBlock, ProductCardData } from '@marketplace/web';
import { loadProductCards } from '../../product-cards/index.ts';
import { loadContentBlocks } from '../listing/content-blocks.ts';

/** The home page's content rows: the promo block (content type PromoBlock) and the Home block. */
export async function loadHomeContent(
  db: Executor,
): Promise<{ promo: ContentBlock[]; content: ContentBlock[] }> {
  const blocks = await loadContentBlocks(db, 'home', null);
  return {
    promo: blocks.filter((block) => block.contentType === 'PromoBlock'),
    content: blocks.filter((block) => block.contentType === 'Home'),
  };
}

/** Deals of a page and offer type running now, as cards de-duplicated by product (requirements#product-lists). */
export async function loadPageDeals(
  db: Executor,
  page: string,
  offerType: 'deals' | 'percentage_offer',
  now = new Date(),
  limit = 24,
): Promise<ProductCardData[]> {
  const rows = await db
    .select({ productId: deals.productId })
    .from(deals)
    .where(
      and(
        eq(deals.page, page),
        eq(deals.offerType, offerType),
        lte(deals.startsAt, now),
        gt(deals.endsAt, now),
      ),
    )
    .orderBy(sql`${deals.pagePoints} DESC`, asc(deals.id))
    .limit(limit * 2);
  const cards = await loadProductCards(
    db,
    rows.map((r) => r.productId),
  );
  return uniqueById(cards).slice(0, limit);
}
