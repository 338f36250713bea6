import { and, eq } from 'drizzle-orm';
import { type Executor, itemRequests, orderItems, orders, shipments, trackingEvents } from '@marketplace/db';
import type { ShipReplacementInput } from '@marketplace/domain/orders/fulfilment';
import {
  isReplacementInitiated,
  REPLACEMENT_SHIPMENT_MESSAGES,
} from '@marketplace/domain/orders/replacement';
import { lockOrder } from './item-state.ts';
import { insertShipment } from './shipment-rows.ts';

export type ReplacementShipmentView = {
  invoiceNo: string;
  status: string;
  refNo: string;
  itemId: number;
  quantity: number;
};

export type ShipReplacementResult =
  | ({ code: 'SHIPPED' | 'ALREADY_SHIPPED' } & ReplacementShipmentView)
  | { code: 'NOT_FOUND' }
  | { code: 'ILLEGAL'; message: string };

/**
 * requirements#replacement-shipment: the seller creates the invoice and shipment of the new unit of a replacement it
 * initiated (the unit left its stock with the decision). The shipment carries the request, so the
 * shopper can track it, and then moves through the parcel steps like any other. Sending it again
 * answers with the shipment already made.
 */
export async function shipReplacement(
  db: Executor,
  sellerId: number,
  refNo: string,
  input: ShipReplacementInput,
  now: Date = new Date(),
): Promise<ShipReplacementResult> {
  const [found] = await db
    .select({ requestId: itemRequests.id, orderId: orderItems.orderId })
    .from(itemRequests)
    .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(eq(itemRequests.refNo, refNo), eq(orderItems.sellerId, sellerId), eq(orders.status, 'placed')),
    );
  if (!found) return { code: 'NOT_FOUND' };
  return db.transaction(async (tx): Promise<ShipReplacementResult> => {
    const order = await lockOrder(tx, found.orderId);
    const [request] = await tx.select().from(itemRequests).where(eq(itemRequests.id, found.requestId));
    if (!request) return { code: 'NOT_FOUND' };
    const view = { refNo, itemId: request.orderItemId, quantity: request.quantity };
    const [existing] = await tx
      .select()
      .from(shipments)
      .where(eq(shipments.replacementRequestId, request.id));
    if (existing)
      return { code: 'ALREADY_SHIPPED', invoiceNo: existing.invoiceNo, status: existing.status, ...view };
    if (!isReplacementInitiated(request))
      return { code: 'ILLEGAL', message: REPLACEMENT_SHIPMENT_MESSAGES.notInitiated };

    const shipment = await insertShipment(tx, {
      order,
      sellerId,
      carrier: input.carrier,
      awbNo: input.awbNo,
      replacementRequestId: request.id,
      now,
    });
    const { invoiceNo } = shipment;
    await tx.insert(trackingEvents).values({
      shipmentId: shipment.id,
      status: 'manifested',
      note: `Replacement for ${refNo}: invoice created; the new unit is packed.`,
      occurredAt: now,
    });
    return { code: 'SHIPPED', invoiceNo, status: 'manifested', ...view };
  });
}
