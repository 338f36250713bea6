import { and, eq } from 'drizzle-orm';
import {
  type Executor,
  orderItems,
  orders,
  pincodes,
  sellers,
  shipments,
  trackingEvents,
} from '@marketplace/db';
import type { CreateShipmentInput } from '@marketplace/domain/orders/fulfilment';
import { splitItemAmounts } from '@marketplace/domain/orders/split';
import { openQuantity, transitionItem } from '@marketplace/domain/orders/state-machine';
import { issueInvoice, productWithoutTaxDetails } from '../invoices/index.ts';
import { loadSellerItem, lockOrder, saveItemState } from './item-state.ts';
import { insertShipment } from './shipment-rows.ts';

const noTaxDetailsMessage = (product: string) =>
  `${product} has no HSN code or GST rate, so it cannot be invoiced. Add them to the listing, then ship.`;

export type ShipmentView = { invoiceNo: string; status: string; itemIds: number[]; splitItemIds: number[] };

export type CreateShipmentResult =
  | ({ code: 'SHIPPED' } & ShipmentView)
  | ({ code: 'ALREADY_SHIPPED' } & ShipmentView)
  | { code: 'ORDER_NOT_FOUND' }
  | { code: 'ITEM_NOT_FOUND' }
  | { code: 'ORDER_NOT_PLACED' }
  | { code: 'ILLEGAL'; message: string };

/** The seller's order (one with at least one of its items); another seller's reads as missing. */
export async function findSellerOrder(db: Executor, sellerId: number, orderNo: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.orderNo, orderNo), eq(orderItems.sellerId, sellerId)))
    .limit(1);
  return row ?? null;
}

async function sellerCity(tx: Executor, sellerId: number) {
  const [row] = await tx
    .select({ city: pincodes.city })
    .from(sellers)
    .innerJoin(pincodes, eq(pincodes.pincode, sellers.pincode))
    .where(eq(sellers.id, sellerId));
  return row?.city ?? null;
}

/**
 * requirements#seller-fulfilment: the seller creates the invoice and shipment for some of its items of an order, all
 * in one transaction. A quantity below an item's open quantity ships that many now and splits the
 * rest into a new item waiting for its own invoice (requirements#my-orders: product_cmode 'splitted'). Sending the
 * same items again answers with the shipment they already have.
 */
export async function createShipment(
  db: Executor,
  sellerId: number,
  orderNo: string,
  input: CreateShipmentInput,
  now: Date = new Date(),
): Promise<CreateShipmentResult> {
  const found = await findSellerOrder(db, sellerId, orderNo);
  if (!found) return { code: 'ORDER_NOT_FOUND' };
  return db.transaction(async (tx): Promise<CreateShipmentResult> => {
    const order = await lockOrder(tx, found.id);
    const loaded = [];
    for (const wanted of input.items) {
      const entry = await loadSellerItem(tx, sellerId, wanted.itemId);
      if (!entry || entry.item.orderId !== order.id) return { code: 'ITEM_NOT_FOUND' };
      loaded.push({ ...entry, wanted });
    }
    const existing = new Set(loaded.map((l) => l.item.shipmentId));
    const [onlyShipment] = existing;
    if (existing.size === 1 && onlyShipment != null) {
      const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, onlyShipment));
      if (shipment) {
        const itemIds = loaded.map((l) => l.item.id);
        return {
          code: 'ALREADY_SHIPPED',
          invoiceNo: shipment.invoiceNo,
          status: shipment.status,
          itemIds,
          splitItemIds: [],
        };
      }
    }
    if (order.status !== 'placed') return { code: 'ORDER_NOT_PLACED' };

    const transitions = [];
    for (const entry of loaded) {
      const quantity = entry.wanted.quantity ?? openQuantity(entry.state);
      const result = transitionItem(entry.state, { type: 'ship', quantity }, now);
      if (!result.ok) return { code: 'ILLEGAL', message: result.error.message };
      transitions.push({ ...entry, result });
    }

    const untaxed = await productWithoutTaxDetails(
      tx,
      loaded.map((l) => l.item.productId),
      now,
    );
    if (untaxed) return { code: 'ILLEGAL', message: noTaxDetailsMessage(untaxed) };

    const shipment = await insertShipment(tx, {
      order,
      sellerId,
      carrier: input.carrier,
      awbNo: input.awbNo,
      now,
    });
    const { invoiceNo } = shipment;

    const splitItemIds: number[] = [];
    for (const { item, result } of transitions) {
      const split = result.effects.splitQuantity;
      const amounts = splitItemAmounts(item, item.quantity, result.next.quantity);
      if (split > 0) {
        // the rest waits for its own invoice: same offer and price, its part of coupon and delivery
        const { id: _id, ...copy } = item;
        const [child] = await tx
          .insert(orderItems)
          .values({
            ...copy,
            parentItemId: item.id,
            shipmentId: null,
            quantity: split,
            status: 'pending',
            splitMode: 'splitted',
            cancelledQuantity: 0,
            returnedQuantity: 0,
            replacedQuantity: 0,
            ...amounts.rest,
            createdAt: item.createdAt,
            updatedAt: now,
          })
          .returning({ id: orderItems.id });
        if (child) splitItemIds.push(child.id);
      }
      await saveItemState(tx, item.id, result.next, now);
      await tx
        .update(orderItems)
        .set({ shipmentId: shipment.id, ...amounts.shipped })
        .where(eq(orderItems.id, item.id));
    }
    const invoice = await issueInvoice(tx, { order, sellerId, shipmentId: shipment.id, now });
    if (invoice.code !== 'ISSUED') throw new Error(noTaxDetailsMessage(invoice.productName));
    await tx.insert(trackingEvents).values({
      shipmentId: shipment.id,
      status: 'manifested',
      location: await sellerCity(tx, sellerId),
      note: 'Invoice created; the parcel is packed.',
      occurredAt: now,
    });
    return {
      code: 'SHIPPED',
      invoiceNo,
      status: 'manifested',
      itemIds: transitions.map((t) => t.item.id),
      splitItemIds,
    };
  });
}
