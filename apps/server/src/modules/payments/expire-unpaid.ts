import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { type Database, type Executor, orderItems, orders, payments } from '@marketplace/db';
import { PAYMENT_WINDOW_MS } from '@marketplace/domain/orders/place-order';
import { transitionItem } from '@marketplace/domain/orders/state-machine';
import type { Logger } from 'pino';
import type { Job } from '../../jobs.ts';
import { itemState, saveItemState } from '../fulfilment/index.ts';
import { restoreStock } from '../inventory/index.ts';

/** How often the server looks for online orders whose payment window has closed. */
export const EXPIRY_INTERVAL_MS = 60_000;

/**
 * An online order left unpaid for 30 minutes is cancelled and its stock released (requirements#unpaid-orders).
 * Orders being paid right now are skipped (their row is locked) and looked at next time.
 */
export async function cancelUnpaidOrders(db: Executor, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .select({ id: orders.id, orderNo: orders.orderNo })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'awaiting_payment'),
          lt(orders.createdAt, new Date(now.getTime() - PAYMENT_WINDOW_MS)),
        ),
      )
      .orderBy(asc(orders.id))
      .limit(100)
      .for('update', { skipLocked: true });
    if (expired.length === 0) return [];
    const ids = expired.map((order) => order.id);
    const items = await tx
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.offerId), asc(orderItems.id));
    // offers in id order, as placing locks them, so the two never deadlock
    for (const item of items) {
      // requirements#item-life: every item change goes through the item machine
      const result = transitionItem(itemState(item, null, null), { type: 'payment_expired' }, now);
      if (!result.ok) throw new Error(`unpaid order item ${item.id}: ${result.error.message}`);
      await restoreStock(tx, item.offerId, result.effects.restockQuantity, now);
      await saveItemState(tx, item.id, result.next, now);
    }
    await tx
      .update(payments)
      .set({ status: 'failed', failureReason: 'not paid within 30 minutes', updatedAt: now })
      .where(and(inArray(payments.orderId, ids), eq(payments.status, 'created')));
    await tx
      .update(orders)
      .set({ status: 'payment_failed', paymentStatus: 'failed', updatedAt: now })
      .where(inArray(orders.id, ids));
    return expired.map((order) => order.orderNo);
  });
}

/** The expiry every minute, by one server process at a time; a failed run is tried again next time. */
export function unpaidOrderExpiryJob(
  db: Database,
  logger: Logger,
  clock: () => Date = () => new Date(),
): Job {
  return {
    name: 'unpaid-order-expiry',
    intervalMs: EXPIRY_INTERVAL_MS,
    run: () =>
      cancelUnpaidOrders(db, clock()).then(
        (cancelled) => {
          if (cancelled.length > 0) logger.info({ orders: cancelled }, 'unpaid online orders cancelled');
        },
        (error: unknown) => logger.warn({ err: error }, 'unpaid orders could not be cancelled this time'),
      ),
  };
}
