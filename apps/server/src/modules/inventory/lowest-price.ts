// requirements#seller-listings: listings filter and sort by a product's lowest price, kept on the
// product row; a seller's change of price, stock or state refreshes it in the same transaction.
import { sql } from 'drizzle-orm';
import type { Executor } from '@marketplace/db';

/**
 * Sets each product's lowest price from its selling offers: the cheapest one in stock, else the
 * cheapest one out of stock (the product still shows, as unavailable), else none. Paused and
 * closed offers do not count. The seed writes the same rule (seed.int.test checks it). A product
 * whose lowest price stays the same is not written: rewriting its row would rewrite its search
 * vector and every index entry for nothing (a stock-only CSV batch touches a thousand products).
 */
export async function refreshLowestPrices(tx: Executor, productIds: readonly number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await tx.execute(sql`
    UPDATE products SET lowest_price_paise = fresh.lowest
      FROM (SELECT p.id, coalesce(
              (SELECT min(o.sale_price_paise) FROM offers o WHERE o.product_id = p.id AND o.is_active AND o.stock > 0),
              (SELECT min(o.sale_price_paise) FROM offers o WHERE o.product_id = p.id AND o.is_active)) AS lowest
              FROM products p
             WHERE p.id IN (${sql.join(
               ids.map((id) => sql`${id}::int`),
               sql`, `,
             )})) AS fresh
     WHERE products.id = fresh.id AND products.lowest_price_paise IS DISTINCT FROM fresh.lowest`);
}
