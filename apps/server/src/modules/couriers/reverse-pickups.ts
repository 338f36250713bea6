// ADR-0058: an accepted return (or replacement) whose product went out with the courier goes back
// with the courier: a reverse pickup is booked, with what the agent checks at the door; its pickup
// scan records the request's pickup, which starts the refund; a failed check holds the refund and
// is a dispute the seller and support see.
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import {
  courierReversePickups,
  type Executor,
  itemRequestReasons,
  itemRequests,
  orderItems,
  orders,
  reasonQuestions,
  sellers,
  shipments,
} from '@marketplace/db';
import { PICKUP_DECISIONS } from '@marketplace/domain/orders/pickup';
import { addDays, indiaDate } from '@marketplace/domain/orders/returns';
import { recordCourierPickup, shipmentLabel } from '../fulfilment/index.ts';
import type { CourierReturns, CourierTrackingEvent } from './provider.ts';

/** Requests accepted with a pickup, shipped with a courier, not yet booked back; oldest first. */
async function waitingForBooking(db: Executor, now: Date, limit: number) {
  return db
    .select({ request: itemRequests, item: orderItems, shipment: shipments })
    .from(itemRequests)
    .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
    .innerJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .leftJoin(courierReversePickups, eq(courierReversePickups.requestId, itemRequests.id))
    .where(
      and(
        isNotNull(shipments.courierProvider),
        isNull(courierReversePickups.id),
        isNull(itemRequests.pickedUpAt),
        isNotNull(itemRequests.decidedAt),
        ne(itemRequests.kind, 'cancel'),
        inArray(itemRequests.status, [...PICKUP_DECISIONS]),
        // booked the day before the shopper's pickup day: the courier comes the next morning
        or(isNull(itemRequests.pickupDate), lte(itemRequests.pickupDate, addDays(indiaDate(now), 1))),
      ),
    )
    .orderBy(asc(itemRequests.decidedAt), asc(itemRequests.id))
    .limit(limit);
}

/** What the agent checks at the door: the product, the count, and the shopper's reasons. */
async function notesFor(db: Executor, requestId: number, productName: string, quantity: number) {
  const reasons = await db
    .select({ text: reasonQuestions.text })
    .from(itemRequestReasons)
    .innerJoin(reasonQuestions, eq(reasonQuestions.id, itemRequestReasons.reasonId))
    .where(eq(itemRequestReasons.requestId, requestId));
  return [
    `Product: ${productName}`,
    `Quantity: ${quantity}`,
    ...reasons.map((r) => `Reason given: ${r.text}`),
    'Check the product is unused, with its tags and original packing.',
  ];
}

/**
 * Books the reverse pickups waiting for one: the courier books a reference (the request's) once,
 * so a round that runs twice gets the same AWB and records it once. A courier that refuses or
 * cannot be reached is asked again next round.
 */
export async function bookDueReversePickups(
  db: Executor,
  courier: Pick<CourierReturns, 'bookReversePickup'> & { name: string },
  now: Date,
  onError: (error: unknown, refNo: string) => void = () => {},
) {
  const booked: string[] = [];
  for (const { request, item, shipment } of await waitingForBooking(db, now, 50)) {
    try {
      if (shipment.courierProvider !== courier.name) continue;
      const label = await shipmentLabel(db, shipment.sellerId, shipment.invoiceNo);
      if (!label) continue;
      const qualityCheckNotes = await notesFor(db, request.id, item.productName, request.quantity);
      const answer = await courier.bookReversePickup({
        reference: request.refNo,
        orderNo: label.orderNo,
        pickup: label.shipTo,
        delivery: label.seller.return,
        weightGrams: Math.max(1, item.weightGrams * request.quantity),
        contents: `${item.productName} × ${request.quantity}`,
        qualityCheckNotes,
        bookedAt: now,
      });
      if (answer.code !== 'BOOKED') {
        onError(new Error(answer.reason), request.refNo);
        continue;
      }
      const [made] = await db
        .insert(courierReversePickups)
        .values({
          requestId: request.id,
          sellerId: shipment.sellerId,
          provider: courier.name,
          awbNo: answer.awbNo,
          courierName: answer.courierName,
          chargePaise: answer.chargePaise,
          qualityCheckNotes,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: courierReversePickups.id });
      if (made) booked.push(request.refNo);
    } catch (error) {
      onError(error, request.refNo);
    }
  }
  return booked;
}

export type ReverseEventResult =
  | { code: 'APPLIED'; status: string }
  | { code: 'IGNORED'; reason: 'stale' | 'same' }
  | { code: 'UNKNOWN_AWB' };

/**
 * A scan of a reverse pickup. The pickup scan records the request's pickup once (its refund
 * starts); the check failing at the door holds it; the arrival at the seller closes the trip.
 */
export async function applyReversePickupEvent(
  db: Executor,
  provider: string,
  event: CourierTrackingEvent,
): Promise<ReverseEventResult> {
  return db.transaction(async (tx): Promise<ReverseEventResult> => {
    const [row] = await tx
      .select()
      .from(courierReversePickups)
      .where(and(eq(courierReversePickups.provider, provider), eq(courierReversePickups.awbNo, event.awbNo)))
      .for('update');
    if (!row) return { code: 'UNKNOWN_AWB' };
    if (row.lastEventAt && event.occurredAt < row.lastEventAt) return { code: 'IGNORED', reason: 'stale' };
    const at = event.occurredAt;
    const set = (fields: Partial<typeof courierReversePickups.$inferInsert>) =>
      tx
        .update(courierReversePickups)
        .set({ lastEventAt: at, ...fields })
        .where(eq(courierReversePickups.id, row.id));
    if (event.scan === 'picked_up' && row.status === 'booked') {
      await set({ status: 'picked_up', pickedUpAt: at });
      const picked = await recordCourierPickup(tx, row.requestId, at);
      if (picked.code === 'ILLEGAL' || picked.code === 'NOT_FOUND')
        throw new Error(
          `the reverse pickup of request ${row.requestId} could not be recorded: ${picked.code}`,
        );
      return { code: 'APPLIED', status: 'picked_up' };
    }
    if (event.scan === 'qc_failed' && row.status === 'booked') {
      await set({ status: 'qc_failed', qcFailedAt: at });
      return { code: 'APPLIED', status: 'qc_failed' };
    }
    if (event.scan === 'delivered' && row.status === 'picked_up') {
      await set({ status: 'delivered', deliveredAt: at });
      return { code: 'APPLIED', status: 'delivered' };
    }
    await set({});
    return { code: 'IGNORED', reason: 'same' };
  });
}

/**
 * Reverse pickups whose quality check failed: the refund waits; the seller (its own) and support
 * (all) see them, newest first, with the request and what the agent was to check.
 */
export async function returnDisputes(db: Executor, filter: { sellerId: number } | 'all') {
  const rows = await db
    .select({
      refNo: itemRequests.refNo,
      orderNo: orders.orderNo,
      productName: orderItems.productName,
      sellerName: sellers.name,
      quantity: itemRequests.quantity,
      awbNo: courierReversePickups.awbNo,
      courierName: courierReversePickups.courierName,
      qualityCheckNotes: courierReversePickups.qualityCheckNotes,
      qcFailedAt: courierReversePickups.qcFailedAt,
    })
    .from(courierReversePickups)
    .innerJoin(itemRequests, eq(itemRequests.id, courierReversePickups.requestId))
    .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(sellers, eq(sellers.id, courierReversePickups.sellerId))
    .where(
      and(
        eq(courierReversePickups.status, 'qc_failed'),
        filter === 'all' ? undefined : eq(courierReversePickups.sellerId, filter.sellerId),
      ),
    )
    .orderBy(desc(courierReversePickups.qcFailedAt))
    .limit(200);
  return rows.map((r) => ({ ...r, qcFailedAt: r.qcFailedAt?.toISOString() ?? null }));
}
