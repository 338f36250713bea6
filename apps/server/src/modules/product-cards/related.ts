import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { type Executor, products } from '@marketplace/db';
import type { ProductCardData } from '@marketplace/web';
import { loadProductCards } from './cards.ts';

/**
 * requirements#home-blocks ('Related to items you've viewed'): the best sellers of the viewed
 * products' leaf categories, leaving out the viewed products themselves. Only active viewed
 * products lend their category; unknown ids are ignored.
 */
export async function relatedProductCards(
  db: Executor,
  viewedIds: readonly number[],
  limit: number,
): Promise<ProductCardData[]> {
  const viewed = [...new Set(viewedIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (viewed.length === 0 || limit <= 0) return [];
  const leaves = db
    .selectDistinct({ id: products.categoryId })
    .from(products)
    .where(and(inArray(products.id, viewed), eq(products.isActive, true)));
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        inArray(products.categoryId, leaves),
        notInArray(products.id, viewed),
        eq(products.isActive, true),
        isNotNull(products.lowestPricePaise),
      ),
    )
    .orderBy(sql`${products.unitsSold} DESC`, products.id)
    .limit(limit);
  return loadProductCards(
    db,
    rows.map((r) => r.id),
  );
}
