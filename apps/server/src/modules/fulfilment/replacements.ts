import { and, count, desc, eq, inArray, isNull, notInArray, type SQL } from 'drizzle-orm';
import { type Executor, itemRequests, orderItems, orders, shipments } from '@marketplace/db';
import { SELLER_ITEMS_PAGE_SIZE, type SellerReplacementsQuery } from '@marketplace/domain/orders/fulfilment';
import { REPLACEMENT_INITIATED } from '@marketplace/domain/orders/replacement';
import { TRACKING_NEXT, TRACKING_STATUSES } from '@marketplace/domain/orders/tracking';

// a shipment is finished once no status follows its own
const FINISHED = TRACKING_STATUSES.filter((status) => TRACKING_NEXT[status].length === 0);

/**
 * The replacements the seller initiated (its items, placed orders), newest decision first, each
 * with the ship-to address and its replacement shipment once made: `to_send` lists those still
 * without one, `on_the_way` those moving, `finished` those delivered or ended.
 */
export async function listReplacements(db: Executor, sellerId: number, query: SellerReplacementsQuery) {
  const where: SQL[] = [
    eq(orderItems.sellerId, sellerId),
    eq(orders.status, 'placed'),
    eq(itemRequests.kind, REPLACEMENT_INITIATED.kind),
    eq(itemRequests.status, REPLACEMENT_INITIATED.status),
  ];
  if (query.state === 'to_send') where.push(isNull(shipments.id));
  if (query.state === 'on_the_way') where.push(notInArray(shipments.status, FINISHED));
  if (query.state === 'finished') where.push(inArray(shipments.status, FINISHED));
  const from = () =>
    db
      .select({
        refNo: itemRequests.refNo,
        itemId: orderItems.id,
        orderNo: orders.orderNo,
        productName: orderItems.productName,
        productImage: orderItems.productImage,
        sku: orderItems.sku,
        quantity: itemRequests.quantity,
        decidedAt: itemRequests.decidedAt,
        pickupDate: itemRequests.pickupDate,
        name: orders.deliveryName,
        phone: orders.deliveryPhone,
        address: orders.deliveryAddress,
        city: orders.deliveryCity,
        state: orders.deliveryState,
        pincode: orders.deliveryPincode,
        invoiceNo: shipments.invoiceNo,
        status: shipments.status,
        carrier: shipments.carrier,
        awbNo: shipments.awbNo,
      })
      .from(itemRequests)
      .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(shipments, eq(shipments.replacementRequestId, itemRequests.id))
      .where(and(...where));
  const [total] = await db
    .select({ n: count() })
    .from(itemRequests)
    .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(shipments, eq(shipments.replacementRequestId, itemRequests.id))
    .where(and(...where));
  const rows = await from()
    .orderBy(desc(itemRequests.decidedAt), desc(itemRequests.id))
    .limit(SELLER_ITEMS_PAGE_SIZE)
    .offset((query.page - 1) * SELLER_ITEMS_PAGE_SIZE);
  const n = total?.n ?? 0;
  return {
    replacements: rows.map((row) => ({
      refNo: row.refNo,
      itemId: row.itemId,
      orderNo: row.orderNo,
      productName: row.productName,
      productImage: row.productImage,
      sku: row.sku,
      quantity: row.quantity,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      pickupDate: row.pickupDate,
      shipTo: {
        name: row.name,
        phone: row.phone,
        address: `${row.address}, ${row.city}, ${row.state} ${row.pincode}`,
      },
      shipment:
        row.invoiceNo !== null && row.status !== null
          ? { invoiceNo: row.invoiceNo, status: row.status, carrier: row.carrier, awbNo: row.awbNo }
          : null,
    })),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(n / SELLER_ITEMS_PAGE_SIZE)),
    total: n,
  };
}
