import { and, asc, eq, notInArray } from 'drizzle-orm';
import { type Executor, itemRequests, orderItems, orders, shipments } from '@marketplace/db';
import { FULFILMENT_MESSAGES, type TrackShipmentInput } from '@marketplace/domain/orders/fulfilment';
import { transitionItem } from '@marketplace/domain/orders/state-machine';
import { recordCodCollection } from '../ledger/index.ts';
import { queueOrderNotices } from '../messages/index.ts';
import { applyEffects, itemState, lockOrder, openRequestOf, saveItemState } from './item-state.ts';
import { nextRefNo } from './requests.ts';
import { recordTrackingStep, type TrackResult } from './shipment-rows.ts';
import { trackReplacementShipment } from './track-replacement.ts';

/**
 * requirements#seller-fulfilment: the seller moves a shipment one step on, or to a special status, with an optional
 * location and note (a tracking event). Every item of the parcel follows in the same transaction,
 * with its stock and refund effects. Sending the status the shipment already has changes nothing.
 */
export async function advanceTracking(
  db: Executor,
  sellerId: number,
  invoiceNo: string,
  input: TrackShipmentInput,
  now: Date = new Date(),
): Promise<TrackResult> {
  const [found] = await db
    .select({ id: shipments.id, orderId: shipments.orderId, courierProvider: shipments.courierProvider })
    .from(shipments)
    .where(and(eq(shipments.invoiceNo, invoiceNo), eq(shipments.sellerId, sellerId)));
  if (!found) return { code: 'NOT_FOUND' };
  // ADR-0051: a parcel with the courier moves by the courier's scans only
  if (found.courierProvider !== null) return { code: 'ILLEGAL', message: FULFILMENT_MESSAGES.courierTracks };
  return db.transaction((tx) => moveShipment(tx, found, input, now));
}

/**
 * Moves one shipment (found by id, any seller's) to `input.status` inside the caller's
 * transaction: the order is locked, every item of the parcel goes through the state machine, and
 * its stock and refund effects are written. The seller's tracking form and support's "lost in
 * transit" (requirements#operator-support) both come through here.
 */
export async function moveShipment(
  tx: Executor,
  found: { id: number; orderId: number },
  input: TrackShipmentInput,
  now: Date = new Date(),
): Promise<TrackResult> {
  const order = await lockOrder(tx, found.orderId);
  const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, found.id));
  if (!shipment) return { code: 'NOT_FOUND' };
  const { invoiceNo } = shipment;
  if (shipment.status === input.status)
    return { code: 'UNCHANGED', invoiceNo, status: shipment.status, refundPaise: 0 };
  const { replacementRequestId } = shipment;
  if (replacementRequestId !== null)
    return trackReplacementShipment(tx, order, { ...shipment, replacementRequestId }, input, now);

  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.shipmentId, shipment.id))
    .orderBy(asc(orderItems.id));
  const moves = [];
  for (const item of items) {
    const open = await openRequestOf(tx, item.id);
    const result = transitionItem(
      itemState(item, shipment.status, open),
      { type: 'track', to: input.status },
      now,
    );
    if (!result.ok) return { code: 'ILLEGAL', message: result.error.message };
    moves.push({ item, result });
  }

  let refundPaise = 0;
  for (const { item, result } of moves) {
    let requestId: number | null = null;
    if (input.status === 'cancelled_by_seller') {
      // 'Cancelled by: Seller' on the shopper's cancelled-item page
      const [request] = await tx
        .insert(itemRequests)
        .values({
          refNo: await nextRefNo(tx, 'cancel', order.orderNo, item.id),
          kind: 'cancel',
          orderItemId: item.id,
          userId: order.userId,
          quantity: Math.max(1, result.effects.refundQuantity),
          status: 'completed',
          requestedBy: 'seller',
          additionalInfo: input.note ?? null,
          decidedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: itemRequests.id });
      requestId = request?.id ?? null;
    }
    // ADR-0058: a courier's parcel sent back is on the seller's shelf only when it arrives there
    // (its arrival scan, receiveReturnedParcel); the shopper's refund does not wait for it
    const isOnTheWayBack = input.status === 'return_to_origin' && shipment.courierProvider !== null;
    const effects = await applyEffects(tx, {
      order,
      item,
      effects: isOnTheWayBack ? { ...result.effects, restockQuantity: 0 } : result.effects,
      requestId,
      now,
    });
    if ('refundPaise' in effects) refundPaise += effects.refundPaise;
    const next = result.effects.isDelivered ? { ...result.next, deliveredAt: now } : result.next;
    await saveItemState(tx, item.id, next, now);
  }
  await recordTrackingStep(tx, shipment.id, { ...input, isDelivered: input.status === 'delivered' }, now);
  // requirements#order-notices: shipped, out for delivery, delivered or a failed attempt, told once
  // whichever path moved the parcel (the seller's form, a courier's scan, support)
  await queueOrderNotices(tx, { kind: 'shipment-moved', shipmentId: shipment.id, status: input.status });
  if (input.status === 'delivered' && order.paymentMode === 'cod') {
    // requirements#settlement: the courier now owes the marketplace the cash it collected
    await recordCodCollection(tx, {
      shipmentId: shipment.id,
      orderId: order.id,
      sellerId: shipment.sellerId,
      carrier: shipment.carrier,
      now,
    });
    // cash is collected at the door: the order is paid once nothing of it is left to deliver
    const [waiting] = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), notInArray(orderItems.status, ['delivered', 'cancelled'])))
      .limit(1);
    if (!waiting)
      await tx.update(orders).set({ paymentStatus: 'paid', updatedAt: now }).where(eq(orders.id, order.id));
  }
  return { code: 'TRACKED', invoiceNo, status: input.status, refundPaise };
}
