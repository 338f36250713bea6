import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { type Executor, itemRequests, orderItems, orders, shipments, trackingEvents } from '@marketplace/db';
import { SELLER_ITEMS_PAGE_SIZE, type SellerItemsQuery } from '@marketplace/domain/orders/fulfilment';
import { conversation } from './reply.ts';

const itemColumns = {
  id: orderItems.id,
  orderNo: orders.orderNo,
  placedAt: orders.createdAt,
  paymentMode: orders.paymentMode,
  productId: orderItems.productId,
  productName: orderItems.productName,
  productImage: orderItems.productImage,
  sku: orderItems.sku,
  quantity: orderItems.quantity,
  cancelledQuantity: orderItems.cancelledQuantity,
  returnedQuantity: orderItems.returnedQuantity,
  replacedQuantity: orderItems.replacedQuantity,
  unitPricePaise: orderItems.unitPricePaise,
  status: orderItems.status,
  splitMode: orderItems.splitMode,
  deliveryType: orderItems.deliveryType,
  invoiceNo: shipments.invoiceNo,
  trackingStatus: shipments.status,
  shipToCity: orders.deliveryCity,
  shipToPincode: orders.deliveryPincode,
};

type OpenRequest = { refNo: string; kind: string; quantity: number };

async function openRequestsOf(db: Executor, itemIds: number[]) {
  if (itemIds.length === 0) return new Map<number, OpenRequest>();
  const rows = await db
    .select({
      itemId: itemRequests.orderItemId,
      refNo: itemRequests.refNo,
      kind: itemRequests.kind,
      quantity: itemRequests.quantity,
    })
    .from(itemRequests)
    .where(and(inArray(itemRequests.orderItemId, itemIds), eq(itemRequests.status, 'pending')))
    .orderBy(asc(itemRequests.id));
  return new Map(rows.map(({ itemId, ...request }) => [itemId, request]));
}

const view = <T extends { placedAt: Date }>(row: T, open: OpenRequest | undefined) => ({
  ...row,
  placedAt: row.placedAt.toISOString(),
  openRequest: open ?? null,
});

/** The seller sees the items of placed orders only: one waiting for its online payment is not an order yet. */
const sellerScope = (sellerId: number) => [eq(orderItems.sellerId, sellerId), eq(orders.status, 'placed')];

/** The seller's order items, newest order first, optionally of one status, a page at a time. */
export async function listSellerItems(db: Executor, sellerId: number, query: SellerItemsQuery) {
  const where: SQL[] = sellerScope(sellerId);
  if (query.status) where.push(eq(orderItems.status, query.status));
  const [total] = await db
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(...where));
  const rows = await db
    .select(itemColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orderItems.id))
    .limit(SELLER_ITEMS_PAGE_SIZE)
    .offset((query.page - 1) * SELLER_ITEMS_PAGE_SIZE);
  const open = await openRequestsOf(
    db,
    rows.map((r) => r.id),
  );
  const n = total?.n ?? 0;
  return {
    items: rows.map((row) => view(row, open.get(row.id))),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(n / SELLER_ITEMS_PAGE_SIZE)),
    total: n,
  };
}

/** One item of the seller with what it needs to ship it and answer the shopper; another seller's is missing. */
export async function getSellerItem(db: Executor, sellerId: number, itemId: number) {
  const [row] = await db
    .select({
      ...itemColumns,
      shipmentId: orderItems.shipmentId,
      deliveryName: orders.deliveryName,
      deliveryPhone: orders.deliveryPhone,
      deliveryAddress: orders.deliveryAddress,
      deliveryState: orders.deliveryState,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(and(eq(orderItems.id, itemId), ...sellerScope(sellerId)));
  if (!row) return null;
  const { shipmentId, deliveryName, deliveryPhone, deliveryAddress, deliveryState, ...item } = row;
  const open = await openRequestsOf(db, [itemId]);
  const events =
    shipmentId === null
      ? []
      : await db
          .select({
            status: trackingEvents.status,
            location: trackingEvents.location,
            note: trackingEvents.note,
            at: trackingEvents.occurredAt,
          })
          .from(trackingEvents)
          .where(eq(trackingEvents.shipmentId, shipmentId))
          .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id));
  const requests = await db
    .select({
      refNo: itemRequests.refNo,
      kind: itemRequests.kind,
      quantity: itemRequests.quantity,
      status: itemRequests.status,
      requestedBy: itemRequests.requestedBy,
      createdAt: itemRequests.createdAt,
      pickupDate: itemRequests.pickupDate,
      pickedUpAt: itemRequests.pickedUpAt,
    })
    .from(itemRequests)
    .where(eq(itemRequests.orderItemId, itemId))
    .orderBy(asc(itemRequests.id));
  // the units sent in place of this item's returned ones, each on its own shipment (ADR-0012)
  const replacements = await db
    .select({
      invoiceNo: shipments.invoiceNo,
      status: shipments.status,
      refNo: itemRequests.refNo,
      deliveredAt: shipments.deliveredAt,
    })
    .from(shipments)
    .innerJoin(itemRequests, eq(itemRequests.id, shipments.replacementRequestId))
    .where(and(eq(itemRequests.orderItemId, itemId), eq(shipments.sellerId, sellerId)))
    .orderBy(asc(shipments.id));
  return {
    ...view(item, open.get(itemId)),
    shipTo: {
      name: deliveryName,
      phone: deliveryPhone,
      address: `${deliveryAddress}, ${item.shipToCity}, ${deliveryState} ${item.shipToPincode}`,
    },
    trackingEvents: events.map((e) => ({ ...e, at: e.at.toISOString() })),
    requests: requests.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      pickedUpAt: r.pickedUpAt?.toISOString() ?? null,
    })),
    replacementShipments: replacements.map((r) => ({
      ...r,
      deliveredAt: r.deliveredAt?.toISOString() ?? null,
    })),
    messages: await conversation(db, itemId),
  };
}
