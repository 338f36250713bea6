import { and, eq } from 'drizzle-orm';
import { type Executor, itemRequests, orderItems } from '@marketplace/db';
import { needsPickup } from '@marketplace/domain/orders/pickup';
import { type RequestKind, transitionItem } from '@marketplace/domain/orders/state-machine';
import { queueOrderNotices } from '../messages/index.ts';
import { applyEffects, loadSellerItem, lockOrder, saveItemState } from './item-state.ts';

export type DecideResult =
  | { code: 'DECIDED' | 'ALREADY_DECIDED'; refNo: string; kind: string; status: string; refundPaise: number }
  | { code: 'NOT_FOUND' }
  | { code: 'DECIDED_OTHERWISE'; status: string }
  | { code: 'NO_STOCK' }
  | { code: 'ILLEGAL'; message: string };

/**
 * requirements#seller-fulfilment: the seller accepts or rejects a shopper's cancellation, return or replacement
 * request (requirements#return-status). One transaction updates the item's quantities and status, the
 * stock, the refund and the request. The same decision again answers as before; another one is
 * refused.
 */
export async function decideRequest(
  db: Executor,
  sellerId: number,
  refNo: string,
  decision: string,
  now: Date = new Date(),
  reason: string | null = null,
): Promise<DecideResult> {
  const [found] = await db
    .select({ id: itemRequests.id, itemId: orderItems.id, orderId: orderItems.orderId })
    .from(itemRequests)
    .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
    .where(and(eq(itemRequests.refNo, refNo), eq(orderItems.sellerId, sellerId)));
  if (!found) return { code: 'NOT_FOUND' };
  return db.transaction(async (tx): Promise<DecideResult> => {
    const order = await lockOrder(tx, found.orderId);
    const [request] = await tx.select().from(itemRequests).where(eq(itemRequests.id, found.id));
    if (!request) return { code: 'NOT_FOUND' };
    if (request.status !== 'pending') {
      return request.status === decision
        ? { code: 'ALREADY_DECIDED', refNo, kind: request.kind, status: request.status, refundPaise: 0 }
        : { code: 'DECIDED_OTHERWISE', status: request.status };
    }
    const entry = await loadSellerItem(tx, sellerId, found.itemId);
    if (!entry) return { code: 'NOT_FOUND' };
    // the machine decides the item's open request: this one
    const kind: RequestKind =
      request.kind === 'return' || request.kind === 'replace' ? request.kind : 'cancel';
    const state = { ...entry.state, openRequest: { kind, quantity: request.quantity } };
    const result = transitionItem(state, { type: 'decide', kind, decision }, now);
    if (!result.ok) return { code: 'ILLEGAL', message: result.error.message };
    const effects = await applyEffects(tx, {
      order,
      item: entry.item,
      effects: result.effects,
      requestId: request.id,
      now,
    });
    if (!('refundPaise' in effects)) return { code: 'NO_STOCK' };
    await saveItemState(tx, entry.item.id, result.next, now);
    await tx
      .update(itemRequests)
      .set({ status: decision, decidedAt: now, updatedAt: now, decisionReason: reason })
      .where(eq(itemRequests.id, request.id));
    // requirements#order-notices: a return the courier collects: its pickup is booked for the shopper's day
    if (kind === 'return' && needsPickup(decision))
      await queueOrderNotices(tx, { kind: 'return-pickup-booked', requestId: request.id });
    return { code: 'DECIDED', refNo, kind, status: decision, refundPaise: effects.refundPaise };
  });
}
