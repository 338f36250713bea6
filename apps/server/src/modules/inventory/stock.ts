// Stock of the sellers' offers: taken when an order is placed or a replacement ships, given back
// when an item is cancelled, an unpaid order expires or a return comes back (requirements#item-life).
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, offers } from '@marketplace/db';

/** Puts units back on an offer's stock. */
export async function restoreStock(
  tx: Executor,
  offerId: number,
  quantity: number,
  now: Date,
): Promise<void> {
  if (quantity <= 0) return;
  await tx
    .update(offers)
    .set({ stock: sql`${offers.stock} + ${quantity}`, updatedAt: now })
    .where(eq(offers.id, offerId));
}

/**
 * Takes units from an offer's stock only while it has them (the guard is in the same UPDATE, so
 * stock never goes below 0 even without a lock); false when there were not enough.
 */
export async function takeStock(
  tx: Executor,
  offerId: number,
  quantity: number,
  now: Date,
): Promise<boolean> {
  if (quantity <= 0) return true;
  const taken = await tx
    .update(offers)
    .set({ stock: sql`${offers.stock} - ${quantity}`, updatedAt: now })
    .where(and(eq(offers.id, offerId), sql`${offers.stock} >= ${quantity}`))
    .returning({ id: offers.id });
  return taken.length > 0;
}

/**
 * The statement that takes several offers' stock at once, for a WITH clause that writes an order
 * in the same statement: `taken AS (${takeStockStatement(...)})` returns one row per offer whose
 * stock held the quantity (an offer short of stock is left as it was and returns no row).
 */
export function takeStockStatement(quantities: ReadonlyMap<number, number>, now: Date): SQL {
  const taking = sql.join(
    [...quantities].map(([offerId, quantity]) => sql`(${offerId}::int, ${quantity}::int)`),
    sql`, `,
  );
  return sql`UPDATE offers SET stock = offers.stock - t.quantity, updated_at = ${now}
              FROM (VALUES ${taking}) AS t(offer_id, quantity)
             WHERE offers.id = t.offer_id AND offers.stock >= t.quantity
         RETURNING offers.id`;
}
