import { and, eq } from 'drizzle-orm';
import { type Executor, itemRequests, orderItems, orders } from '@marketplace/db';
import type { SellerCancelInput } from '@marketplace/domain/orders/fulfilment';
import { transitionItem } from '@marketplace/domain/orders/state-machine';
import { applyEffects, loadSellerItem, lockOrder, saveItemState } from './item-state.ts';
import { nextRefNo } from './requests.ts';

export type SellerCancelResult =
  | { code: 'CANCELLED' | 'ALREADY_CANCELLED'; refNo: string; refundPaise: number }
  | { code: 'NOT_FOUND' }
  | { code: 'ILLEGAL'; message: string };

/**
 * requirements#seller-fulfilment: a seller cancels an item it cannot fulfil, before invoicing it. One transaction
 * puts the units back in stock, records the cancellation as the seller's (cancelled_by seller) and
 * the refund of an online payment. A retry finds the item cancelled by the seller and answers so.
 */
export async function sellerCancelItem(
  db: Executor,
  sellerId: number,
  itemId: number,
  input: SellerCancelInput,
  now: Date = new Date(),
): Promise<SellerCancelResult> {
  const [found] = await db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orderItems.sellerId, sellerId), eq(orders.status, 'placed')));
  if (!found) return { code: 'NOT_FOUND' };
  return db.transaction(async (tx): Promise<SellerCancelResult> => {
    const order = await lockOrder(tx, found.orderId);
    const entry = await loadSellerItem(tx, sellerId, itemId);
    if (!entry) return { code: 'NOT_FOUND' };
    if (entry.item.status === 'cancelled' && entry.item.shipmentId === null) {
      const [earlier] = await tx
        .select({ refNo: itemRequests.refNo })
        .from(itemRequests)
        .where(and(eq(itemRequests.orderItemId, itemId), eq(itemRequests.requestedBy, 'seller')));
      if (earlier) return { code: 'ALREADY_CANCELLED', refNo: earlier.refNo, refundPaise: 0 };
    }
    const result = transitionItem(entry.state, { type: 'seller_cancel' }, now);
    if (!result.ok) return { code: 'ILLEGAL', message: result.error.message };
    const refNo = await nextRefNo(tx, 'cancel', order.orderNo, itemId);
    const [request] = await tx
      .insert(itemRequests)
      .values({
        refNo,
        kind: 'cancel',
        orderItemId: itemId,
        userId: order.userId,
        quantity: result.effects.restockQuantity,
        status: 'completed',
        requestedBy: 'seller',
        additionalInfo: input.reason ?? null,
        decidedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: itemRequests.id });
    if (!request) throw new Error('the cancellation was not inserted');
    const effects = await applyEffects(tx, {
      order,
      item: entry.item,
      effects: result.effects,
      requestId: request.id,
      now,
    });
    await saveItemState(tx, itemId, result.next, now);
    return { code: 'CANCELLED', refNo, refundPaise: 'refundPaise' in effects ? effects.refundPaise : 0 };
  });
}
