import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Executor, products, topMenuItems } from '@marketplace/db';
import { boundPage, PAGE_SIZE, pageCount } from '@marketplace/domain/catalog/listing';
import type { BestSellersPage } from '@marketplace/web';
import { bestSellerCards } from '../../product-cards/index.ts';
import { categorySubtreeIds } from '../categories.ts';

/** requirements#best-sellers: the entry's category ranked by units sold, 48 a page. */
export async function bestSellersPage(
  db: Executor,
  topMenuName: string,
  rawPage: string | null,
): Promise<BestSellersPage | null> {
  if (topMenuName.length === 0 || topMenuName.length > 200) return null;
  const [menu] = await db
    .select({ id: topMenuItems.id, name: topMenuItems.name, categoryId: topMenuItems.categoryId })
    .from(topMenuItems)
    .where(eq(sql`lower(${topMenuItems.name})`, topMenuName.toLowerCase()))
    .limit(1);
  // an entry with a link of its own lists no best sellers (requirements#operator-content)
  if (!menu || menu.categoryId === null) return null;
  const categoryIds = await categorySubtreeIds(db, menu.categoryId);
  const [totals] = await db
    .select({ total: count() })
    .from(products)
    .where(
      and(
        inArray(products.categoryId, categoryIds),
        eq(products.isActive, true),
        isNotNull(products.lowestPricePaise),
      ),
    );
  const total = Number(totals?.total ?? 0);
  const pages = pageCount(total);
  const page = boundPage(rawPage, pages);
  const offset = (page - 1) * PAGE_SIZE;
  const items = await bestSellerCards(db, { limit: PAGE_SIZE, offset, categoryIds });
  return {
    menu: { id: menu.id, name: menu.name },
    products: { items, page, pages, total },
    firstRank: offset + 1,
  };
}
