// requirements#seller-orders: the orders list as the seller filtered it (tab, search, days), every
// page of it, as CSV written a slice at a time (keyset on the item id, newest first) so a busy
// seller's year of orders never sits in memory at once.
import { and, desc, eq, lt } from 'drizzle-orm';
import { type Executor, orderItems, orders, shipments } from '@marketplace/db';
import { ORDERS_CSV_COLUMNS, ordersCsvLine } from '@marketplace/domain/sellers/orders-csv';
import type { SellerOrdersQuery } from '@marketplace/domain/sellers/seller-orders';
import { csvLine } from '@marketplace/domain/sellers/inventory-csv';
import { searchConditions, sellerScope, tabCondition } from './seller-orders.ts';

const SLICE = 1_000;

export function ordersCsvStream(
  db: Executor,
  sellerId: number,
  query: Pick<SellerOrdersQuery, 'tab' | 'q' | 'from' | 'to'>,
  now: Date,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const filters = [...sellerScope(sellerId), ...searchConditions(query), tabCondition(query.tab, now)];
  let before: number | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(ORDERS_CSV_COLUMNS)));
      }
      const rows = await db
        .select({
          itemId: orderItems.id,
          orderNo: orders.orderNo,
          placedAt: orders.createdAt,
          sku: orderItems.sku,
          productName: orderItems.productName,
          quantity: orderItems.quantity,
          unitPricePaise: orderItems.unitPricePaise,
          buyerName: orders.deliveryName,
          city: orders.deliveryCity,
          status: orderItems.status,
          awbNo: shipments.awbNo,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
        .where(and(...filters, before === null ? undefined : lt(orderItems.id, before)))
        .orderBy(desc(orderItems.id))
        .limit(SLICE);
      let text = '';
      for (const row of rows)
        text += ordersCsvLine({ ...row, amountPaise: row.unitPricePaise * row.quantity });
      if (text) controller.enqueue(encoder.encode(text));
      const last = rows.at(-1);
      if (rows.length < SLICE || !last) controller.close();
      else before = last.itemId;
    },
  });
}
