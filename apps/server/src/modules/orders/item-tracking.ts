import { and, asc, eq } from 'drizzle-orm';
import {
  type Executor,
  itemRequests,
  orderItems,
  orders,
  sellers,
  shipments,
  trackingEvents,
} from '@marketplace/db';
import { isUnderDispatch } from '@marketplace/domain/orders/item-actions';
import { isTrackingStatus, trackingProgress } from '@marketplace/domain/orders/tracking';
import { itemState } from '../fulfilment/index.ts';

/**
 * The tracking of one of the shopper's order items (requirements#ids-in-urls: the item id is in the URL), with
 * its shipment's events oldest first. Another shopper's item reads as missing; an item without an
 * invoice has no tracking yet. With an invoice number, that shipment: the item's own or the new
 * unit of one of its replacements; any other reads as missing.
 */
export async function trackMyItem(db: Executor, userId: number, itemId: number, invoiceNo?: string) {
  const [row] = await db
    .select({
      item: orderItems,
      orderNo: orders.orderNo,
      placedAt: orders.createdAt,
      paymentMode: orders.paymentMode,
      sellerName: sellers.name,
      shipment: shipments,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
    .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(and(eq(orderItems.id, itemId), eq(orders.userId, userId)));
  if (!row) return null;
  const { item } = row;
  let shipment = row.shipment;
  let replacementRefNo: string | null = null;
  if (invoiceNo !== undefined && invoiceNo !== shipment?.invoiceNo) {
    // another shipment of this item: only the new unit of one of its replacements
    const [replacement] = await db
      .select({ shipment: shipments, refNo: itemRequests.refNo })
      .from(shipments)
      .innerJoin(itemRequests, eq(itemRequests.id, shipments.replacementRequestId))
      .where(and(eq(shipments.invoiceNo, invoiceNo), eq(itemRequests.orderItemId, item.id)));
    if (!replacement) return null;
    shipment = replacement.shipment;
    replacementRefNo = replacement.refNo;
  }
  const events = shipment
    ? await db
        .select()
        .from(trackingEvents)
        .where(eq(trackingEvents.shipmentId, shipment.id))
        .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id))
    : [];
  const status = shipment && isTrackingStatus(shipment.status) ? shipment.status : null;
  return {
    item: {
      id: item.id,
      orderNo: row.orderNo,
      placedAt: row.placedAt.toISOString(),
      productName: item.productName,
      productImage: item.productImage,
      quantity: item.quantity,
      status: item.status,
      sellerName: row.sellerName,
      isUnderDispatch: isUnderDispatch(itemState(item, status, null)),
    },
    tracking:
      shipment && status
        ? {
            invoiceNo: shipment.invoiceNo,
            carrier: shipment.carrier,
            awbNo: shipment.awbNo,
            status,
            replacementRefNo,
            // a replacement unit replaces a product already paid for, whatever the order's mode
            paidBeforeDelivery: replacementRefNo !== null || row.paymentMode !== 'cod',
            progress: trackingProgress(status),
            events: events.map((e) => ({
              status: e.status,
              location: e.location,
              note: e.note,
              at: e.occurredAt.toISOString(),
            })),
          }
        : null,
  };
}
