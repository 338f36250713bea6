import { shipmentReference } from '@marketplace/domain/tax/document-series';
import { count, eq } from 'drizzle-orm';
import { type Executor, shipments, trackingEvents } from '@marketplace/db';

/** What moving a shipment one step answers (the seller's tracking form shows it). */
export type TrackResult =
  | { code: 'TRACKED' | 'UNCHANGED'; invoiceNo: string; status: string; refundPaise: number }
  | { code: 'NOT_FOUND' }
  | { code: 'ILLEGAL'; message: string };

/**
 * A new shipment of the seller's for the order, with the next invoice number of the order
 * (SHP-{order digits}-{n}), at Manifested. `replacementRequestId` marks a replacement unit's parcel.
 */
export async function insertShipment(
  tx: Executor,
  args: {
    order: { id: number; orderNo: string };
    sellerId: number;
    carrier?: string | null;
    awbNo?: string | null;
    replacementRequestId?: number;
    now: Date;
  },
) {
  const { order, now } = args;
  const [made] = await tx.select({ n: count() }).from(shipments).where(eq(shipments.orderId, order.id));
  // requirements#document-series: a shipment's reference is not an invoice number (the GST invoice has
  // its own, in the seller's series); references stored before as INV-… stay as they were
  const invoiceNo = shipmentReference(order.orderNo, (made?.n ?? 0) + 1);
  const [shipment] = await tx
    .insert(shipments)
    .values({
      invoiceNo,
      orderId: order.id,
      sellerId: args.sellerId,
      status: 'manifested',
      carrier: args.carrier ?? null,
      awbNo: args.awbNo ?? null,
      replacementRequestId: args.replacementRequestId ?? null,
      createdAt: now,
    })
    .returning({ id: shipments.id });
  if (!shipment) throw new Error('the shipment was not inserted');
  return { id: shipment.id, invoiceNo };
}

/** A shipment's new status with its tracking event (location and note as the seller gave them). */
export async function recordTrackingStep(
  tx: Executor,
  shipmentId: number,
  step: { status: string; location?: string | null; note?: string | null; isDelivered: boolean },
  now: Date,
) {
  await tx
    .update(shipments)
    .set({ status: step.status, ...(step.isDelivered ? { deliveredAt: now } : {}) })
    .where(eq(shipments.id, shipmentId));
  await tx.insert(trackingEvents).values({
    shipmentId,
    status: step.status,
    location: step.location ?? null,
    note: step.note ?? null,
    occurredAt: now,
  });
}
