// ADR-0051: what the couriers module needs of a shipment, through this module's face: the parcel a
// seller is about to book, the courier set on a shipment, its status, and a scan's place.
import { and, asc, eq } from 'drizzle-orm';
import { type Executor, orderItems, orders, sellers, shipments, trackingEvents } from '@marketplace/db';
import { paidShares } from '@marketplace/domain/orders/refund';
import { NO_EFFECTS, openQuantity } from '@marketplace/domain/orders/state-machine';
import { applyEffects, itemState, lockOrder } from './item-state.ts';
import { isTrackingStatus, type TrackingStatus } from '@marketplace/domain/orders/tracking';

/**
 * The seller's items of the order still waiting to ship, as one parcel: where it goes from and
 * to, its weight, and the cash to collect. Null when the order is not this seller's.
 */
export async function pendingParcelOf(db: Executor, sellerId: number, orderNo: string) {
  const [found] = await db
    .select({ order: orders, sellerPincode: sellers.pincode })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
    .where(and(eq(orders.orderNo, orderNo), eq(orderItems.sellerId, sellerId)))
    .limit(1);
  if (!found) return null;
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, found.order.id))
    .orderBy(asc(orderItems.id));
  const shares = paidShares(found.order.totalPaise, lines);
  const waiting = lines.flatMap((line, index) =>
    line.sellerId === sellerId && line.status === 'pending' && line.shipmentId === null
      ? [{ line, share: shares[index] ?? 0 }]
      : [],
  );
  const isCod = found.order.paymentMode === 'cod';
  return {
    itemIds: waiting.map((w) => w.line.id),
    pickupPincode: found.sellerPincode,
    deliveryPincode: found.order.deliveryPincode,
    weightGrams: waiting.reduce((sum, w) => sum + w.line.weightGrams * w.line.quantity, 0),
    paymentMode: isCod ? ('cod' as const) : ('prepaid' as const),
    codPaise: isCod ? waiting.reduce((sum, w) => sum + w.share, 0) : 0,
  };
}

/** The seller's shipment by reference, with the courier that moves it (null: shipped by hand). */
export async function sellerShipmentOf(db: Executor, sellerId: number, invoiceNo: string) {
  const [row] = await db
    .select({
      id: shipments.id,
      orderId: shipments.orderId,
      status: shipments.status,
      carrier: shipments.carrier,
      awbNo: shipments.awbNo,
      courierProvider: shipments.courierProvider,
    })
    .from(shipments)
    .where(and(eq(shipments.invoiceNo, invoiceNo), eq(shipments.sellerId, sellerId)));
  return row ?? null;
}

/** Hands the shipment to a courier: its name and AWB on the label and tracking, its scans move it. */
export async function assignCourier(
  tx: Executor,
  shipmentId: number,
  courier: { provider: string; carrier: string; awbNo: string },
) {
  await tx
    .update(shipments)
    .set({ courierProvider: courier.provider, carrier: courier.carrier, awbNo: courier.awbNo })
    .where(eq(shipments.id, shipmentId));
}

/** A shipment's tracking status and order (null for one that does not exist). */
export async function shipmentStatus(tx: Executor, shipmentId: number) {
  const [row] = await tx
    .select({ status: shipments.status, orderId: shipments.orderId })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  return row && isTrackingStatus(row.status) ? { status: row.status, orderId: row.orderId } : null;
}

/** A further scan at the status the shipment already has: its place and time join the history. */
export async function addTrackingScan(
  tx: Executor,
  shipmentId: number,
  scan: { status: TrackingStatus; location: string | null; note: string },
  at: Date,
) {
  await tx.insert(trackingEvents).values({ shipmentId, ...scan, occurredAt: at });
}

/**
 * ADR-0058: a courier's parcel sent back has reached the seller: each undelivered item's units go
 * back on sale through the same stock path a cancellation uses. The caller makes it once per
 * parcel (the booking's arrival time is set in the same transaction).
 */
export async function receiveReturnedParcel(tx: Executor, shipmentId: number, now: Date) {
  const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId));
  if (shipment?.status !== 'return_to_origin') return 0;
  const order = await lockOrder(tx, shipment.orderId);
  const items = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.shipmentId, shipmentId), eq(orderItems.status, 'undelivered')))
    .orderBy(asc(orderItems.id));
  let restocked = 0;
  for (const item of items) {
    const units = openQuantity(itemState(item, shipment.status, null));
    if (units <= 0) continue;
    await applyEffects(tx, {
      order,
      item,
      effects: { ...NO_EFFECTS, restockQuantity: units },
      requestId: null,
      now,
    });
    restocked += units;
  }
  return restocked;
}
