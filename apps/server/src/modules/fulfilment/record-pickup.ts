import { and, asc, eq, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import { type Executor, itemRequests, orderItems, refunds, shipments } from '@marketplace/db';
import { PICKUP_DECISIONS, recordPickup } from '@marketplace/domain/orders/pickup';
import { indiaDate } from '@marketplace/domain/orders/returns';
import { applyEffects, lockOrder } from './item-state.ts';

export type PickupOutcome =
  | {
      code: 'PICKED_UP' | 'ALREADY_PICKED_UP';
      refNo: string;
      kind: string;
      status: string;
      pickedUpAt: string;
      refundPaise: number;
    }
  | { code: 'NOT_FOUND' }
  | { code: 'ILLEGAL'; message: string };

/**
 * requirements#return-pickup: the seller (or the courier) records that a request's product was
 * picked up. One transaction under the order's lock writes the time and starts the refund of a
 * product that went back: the item's part of what was paid for those units. Recording it again
 * answers as before. A seller reaches only requests on its own items.
 */
export async function recordRequestPickup(
  db: Executor,
  sellerId: number,
  refNo: string,
  now: Date = new Date(),
): Promise<PickupOutcome> {
  const [found] = await db
    .select({ id: itemRequests.id })
    .from(itemRequests)
    .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
    .where(and(eq(itemRequests.refNo, refNo), eq(orderItems.sellerId, sellerId)));
  if (!found) return { code: 'NOT_FOUND' };
  return pickUp(db, found.id, now);
}

/**
 * ADR-0058: the courier's pickup scan of a reverse pickup records the request's pickup, at the
 * scan's time, through the same path (and so the same one refund) as the seller's call.
 */
export function recordCourierPickup(db: Executor, requestId: number, at: Date) {
  return pickUp(db, requestId, at, { isCourierScan: true });
}

/** Records the pickup of one request by its id (the seller's call and the courier's round). */
async function pickUp(
  db: Executor,
  requestId: number,
  now: Date,
  { isCourierScan = false }: { isCourierScan?: boolean } = {},
): Promise<PickupOutcome> {
  return db.transaction(async (tx): Promise<PickupOutcome> => {
    const [located] = await tx
      .select({ orderId: orderItems.orderId })
      .from(itemRequests)
      .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
      .where(eq(itemRequests.id, requestId));
    if (!located) return { code: 'NOT_FOUND' };
    const order = await lockOrder(tx, located.orderId);
    const [request] = await tx.select().from(itemRequests).where(eq(itemRequests.id, requestId));
    const [item] = request
      ? await tx.select().from(orderItems).where(eq(orderItems.id, request.orderItemId))
      : [];
    if (!request || !item) return { code: 'NOT_FOUND' };
    const answer = (code: 'PICKED_UP' | 'ALREADY_PICKED_UP', pickedUpAt: Date, refundPaise: number) => ({
      code,
      refNo: request.refNo,
      kind: request.kind,
      status: request.status,
      pickedUpAt: pickedUpAt.toISOString(),
      refundPaise,
    });
    // the courier's scan is what happened: a product it collected early is picked up all the same
    const step = recordPickup(isCourierScan ? { ...request, pickupDate: null } : request, now);
    switch (step.code) {
      case 'NOT_AWAITING_PICKUP':
      case 'BEFORE_PICKUP_DAY':
        return { code: 'ILLEGAL', message: step.message };
      case 'ALREADY_PICKED_UP':
        return answer('ALREADY_PICKED_UP', request.pickedUpAt ?? now, 0);
      case 'PICKED_UP':
        break;
    }
    // a request refunded at its decision under the earlier rule keeps that one refund
    const [refunded] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(eq(refunds.requestId, request.id));
    const units = refunded ? 0 : step.refundQuantity;
    // the decision already counted these units as processed: refund them as the units they are
    const before =
      request.kind === 'return'
        ? { ...item, returnedQuantity: Math.max(0, item.returnedQuantity - request.quantity) }
        : { ...item, replacedQuantity: Math.max(0, item.replacedQuantity - request.quantity) };
    const effects = await applyEffects(tx, {
      order,
      item: before,
      effects: {
        restockQuantity: 0,
        takeStockQuantity: 0,
        refundQuantity: units,
        splitQuantity: 0,
        isDelivered: false,
      },
      requestId: request.id,
      now,
    });
    await tx
      .update(itemRequests)
      .set({ pickedUpAt: now, updatedAt: now })
      .where(eq(itemRequests.id, request.id));
    return answer('PICKED_UP', now, 'refundPaise' in effects ? effects.refundPaise : 0);
  });
}

/** How many pickups one round of the courier records at most (the rest wait for the next round). */
export const PICKUP_ROUND_SIZE = 100;

/**
 * The simulated courier's round (no courier is connected yet): every accepted return or
 * replacement whose pickup day has come in India is recorded as picked up, which starts its
 * refund. Requests are taken oldest pickup day first; one that fails is left for the next round.
 */
export async function collectDuePickups(
  db: Executor,
  now: Date = new Date(),
  onError: (error: unknown, requestId: number) => void = () => {},
): Promise<string[]> {
  const due = await db
    .select({ id: itemRequests.id })
    .from(itemRequests)
    .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
    .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(
      and(
        // ADR-0058: a product that came with the courier goes back with the courier's reverse pickup
        isNull(shipments.courierProvider),
        isNull(itemRequests.pickedUpAt),
        isNotNull(itemRequests.decidedAt),
        ne(itemRequests.kind, 'cancel'),
        inArray(itemRequests.status, [...PICKUP_DECISIONS]),
        lte(itemRequests.pickupDate, indiaDate(now)),
      ),
    )
    .orderBy(asc(itemRequests.pickupDate), asc(itemRequests.id))
    .limit(PICKUP_ROUND_SIZE);
  const collected: string[] = [];
  for (const { id } of due) {
    try {
      const outcome = await pickUp(db, id, now);
      if (outcome.code === 'PICKED_UP') collected.push(outcome.refNo);
    } catch (error) {
      onError(error, id);
    }
  }
  return collected;
}
