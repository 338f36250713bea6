import { and, asc, desc, eq, gt, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { type Executor, itemRequests, orderItems, orders, shipments, trackingEvents } from '@marketplace/db';
import { indianDayToMoment } from '@marketplace/domain/marketing/promotions';
import { openQuantity, transitionItem } from '@marketplace/domain/orders/state-machine';
import { isTrackingStatus, TRACKING_NEXT } from '@marketplace/domain/orders/tracking';
import { dispatchDeadline, isDispatchLate } from '@marketplace/domain/sellers/dispatch';
import {
  SELLER_ORDER_TABS,
  SELLER_ORDERS_PAGE_SIZE,
  type SellerOrderDetail,
  type SellerOrdersPage,
  type SellerOrdersQuery,
  type SellerOrderTab,
  type SellerShipment,
  startOfIndianDay,
} from '@marketplace/domain/sellers/seller-orders';
import { itemState } from './item-state.ts';
import { complianceOfShipments } from '../e-invoices/index.ts';
import { dispatchedAtSql } from '../seller-dashboard/index.ts';

/** requirements#seller-orders: each tab as item statuses (see SELLER_ORDER_TABS). */
export function tabCondition(tab: SellerOrderTab, now: Date): SQL {
  switch (tab) {
    case 'new':
      return and(eq(orderItems.status, 'pending'), gte(orders.createdAt, startOfIndianDay(now))) as SQL;
    case 'to_ship':
      return eq(orderItems.status, 'pending');
    case 'shipped':
      return eq(orderItems.status, 'shipped');
    case 'delivered':
      return and(eq(orderItems.status, 'delivered'), eq(orderItems.returnedQuantity, 0)) as SQL;
    case 'cancelled':
      return eq(orderItems.status, 'cancelled');
    case 'returned':
      return or(gt(orderItems.returnedQuantity, 0), eq(orderItems.status, 'undelivered')) as SQL;
  }
}

/** The seller's items of placed orders (one waiting for its online payment is not an order yet). */
export const sellerScope = (sellerId: number) => [
  eq(orderItems.sellerId, sellerId),
  eq(orders.status, 'placed'),
];

/** `%` and `_` match themselves inside a LIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * requirements#seller-orders: the search matches the start of the order number, or a part of the
 * SKU or of the buyer's name (any case); the days are Indian calendar days, both included.
 */
export function searchConditions(query: Pick<SellerOrdersQuery, 'q' | 'from' | 'to'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.q) {
    const part = `%${likeEscaped(query.q)}%`;
    const search = or(
      like(orders.orderNo, `${likeEscaped(query.q)}%`),
      ilike(orderItems.sku, part),
      ilike(orders.deliveryName, part),
    );
    if (search) conditions.push(search);
  }
  const from = query.from ? indianDayToMoment(query.from) : null;
  const to = query.to ? indianDayToMoment(query.to, 1) : null;
  if (from) conditions.push(gte(orders.createdAt, from));
  if (to) conditions.push(lt(orders.createdAt, to));
  return conditions;
}

/**
 * The dispatch deadline of an item and whether it is late (requirements#seller-orders): an item
 * waiting is late past its deadline; a dispatched one was late if its shipment came after it (a
 * parcel booked with the Bazaar courier: its pickup scan, see `dispatchedAtSql`); a cancelled one
 * has nothing left to dispatch.
 */
export function dispatchOf(
  row: { placedAt: Date; dispatchDays: number; status: string; dispatchedAt: Date | null },
  now: Date,
) {
  const dispatchBy = dispatchDeadline(row.placedAt, row.dispatchDays).toISOString();
  if (row.status === 'cancelled' && row.dispatchedAt === null) return { dispatchBy, isLate: false };
  return { dispatchBy, isLate: isDispatchLate(row, now) };
}

/** The orders page: the tab's items newest first, a page at a time, with every tab's count in one query. */
export async function listSellerOrders(
  db: Executor,
  sellerId: number,
  query: SellerOrdersQuery,
  now: Date = new Date(),
): Promise<SellerOrdersPage> {
  const scope = [...sellerScope(sellerId), ...searchConditions(query)];
  const countColumns = Object.fromEntries(
    SELLER_ORDER_TABS.map((tab) => [
      tab,
      sql<number>`count(*) filter (where ${tabCondition(tab, now)})`.mapWith(Number),
    ]),
  ) as Record<SellerOrderTab, SQL<number>>;
  const [counts] = await db
    .select(countColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(...scope));
  const rows = await db
    .select({
      itemId: orderItems.id,
      orderNo: orders.orderNo,
      placedAt: orders.createdAt,
      productName: orderItems.productName,
      productImage: orderItems.productImage,
      sku: orderItems.sku,
      quantity: orderItems.quantity,
      unitPricePaise: orderItems.unitPricePaise,
      status: orderItems.status,
      dispatchDays: orderItems.dispatchDays,
      shipToCity: orders.deliveryCity,
      paymentMode: orders.paymentMode,
      invoiceNo: shipments.invoiceNo,
      trackingStatus: shipments.status,
      dispatchedAt: dispatchedAtSql(shipments).mapWith(shipments.createdAt),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(and(...scope, tabCondition(query.tab, now)))
    .orderBy(desc(orders.createdAt), desc(orderItems.id))
    .limit(SELLER_ORDERS_PAGE_SIZE)
    .offset((query.page - 1) * SELLER_ORDERS_PAGE_SIZE);
  const open = await openRequestKinds(
    db,
    rows.map((r) => r.itemId),
  );
  const total = counts?.[query.tab] ?? 0;
  return {
    tab: query.tab,
    q: query.q ?? null,
    from: query.from ?? null,
    to: query.to ?? null,
    counts: Object.fromEntries(SELLER_ORDER_TABS.map((tab) => [tab, counts?.[tab] ?? 0])) as Record<
      SellerOrderTab,
      number
    >,
    rows: rows.map(({ unitPricePaise, dispatchDays, dispatchedAt, ...row }) => ({
      ...row,
      placedAt: row.placedAt.toISOString(),
      paymentMode: row.paymentMode === 'cod' ? ('cod' as const) : ('prepaid' as const),
      amountPaise: unitPricePaise * row.quantity,
      openRequestKind: open.get(row.itemId) ?? null,
      ...dispatchOf({ placedAt: row.placedAt, dispatchDays, status: row.status, dispatchedAt }, now),
    })),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / SELLER_ORDERS_PAGE_SIZE)),
    total,
  };
}

async function openRequestKinds(db: Executor, itemIds: number[]) {
  if (itemIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ itemId: itemRequests.orderItemId, kind: itemRequests.kind })
    .from(itemRequests)
    .where(and(inArray(itemRequests.orderItemId, itemIds), eq(itemRequests.status, 'pending')));
  return new Map(rows.map((r) => [r.itemId, r.kind]));
}

/** A shipment's tracking history, oldest first. */
export async function eventsOf(db: Executor, shipmentIds: number[]) {
  if (shipmentIds.length === 0) return [];
  const rows = await db
    .select({
      shipmentId: trackingEvents.shipmentId,
      status: trackingEvents.status,
      location: trackingEvents.location,
      note: trackingEvents.note,
      at: trackingEvents.occurredAt,
    })
    .from(trackingEvents)
    .where(inArray(trackingEvents.shipmentId, shipmentIds))
    .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id));
  return rows.map((e) => ({ ...e, at: e.at.toISOString() }));
}

/** Where a shipment may be moved next (requirements#tracking), for the tracking form. */
export const nextStatusesOf = (status: string) =>
  isTrackingStatus(status) ? [...TRACKING_NEXT[status]] : [];

/**
 * An order as its seller sees it: only this seller's items (another seller's order reads as
 * missing), the ship-to address, the payment, and this seller's shipments with their tracking.
 * What each item allows (ship, cancel) comes from the item's state machine.
 */
export async function getSellerOrder(
  db: Executor,
  sellerId: number,
  orderNo: string,
  now: Date = new Date(),
): Promise<SellerOrderDetail | null> {
  const rows = await db
    .select({
      item: orderItems,
      order: orders,
      trackingStatus: shipments.status,
      dispatchedAt: dispatchedAtSql(shipments).mapWith(shipments.createdAt),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(and(eq(orders.orderNo, orderNo), ...sellerScope(sellerId)))
    .orderBy(asc(orderItems.id));
  const first = rows[0];
  if (!first) return null;
  const { order } = first;
  const itemIds = rows.map((r) => r.item.id);
  const requests = await db
    .select()
    .from(itemRequests)
    .where(inArray(itemRequests.orderItemId, itemIds))
    .orderBy(asc(itemRequests.id));
  const parcels = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, order.id), eq(shipments.sellerId, sellerId)))
    .orderBy(asc(shipments.id));
  const events = await eventsOf(
    db,
    parcels.map((p) => p.id),
  );

  const items = rows.map(({ item, trackingStatus, dispatchedAt }) => {
    const open = requests.find((r) => r.orderItemId === item.id && r.status === 'pending') ?? null;
    const state = itemState(item, trackingStatus, open);
    const canShip = transitionItem(
      state,
      { type: 'ship', quantity: Math.max(1, openQuantity(state)) },
      now,
    ).ok;
    const canCancel = transitionItem(state, { type: 'seller_cancel' }, now).ok;
    return {
      id: item.id,
      productName: item.productName,
      productImage: item.productImage,
      sku: item.sku,
      quantity: item.quantity,
      openQuantity: openQuantity(state),
      unitPricePaise: item.unitPricePaise,
      status: item.status,
      splitMode: item.splitMode,
      invoiceNo: parcels.find((p) => p.id === item.shipmentId)?.invoiceNo ?? null,
      openRequest: open ? { refNo: open.refNo, kind: open.kind, quantity: open.quantity } : null,
      canShip,
      canCancel,
      ...dispatchOf(
        { placedAt: order.createdAt, dispatchDays: item.dispatchDays, status: item.status, dispatchedAt },
        now,
      ),
    };
  });

  const compliance = await complianceOfShipments(
    db,
    parcels.map((p) => p.id),
  );
  const shipmentViews: SellerShipment[] = parcels.map((parcel) => {
    const request = requests.find((r) => r.id === parcel.replacementRequestId);
    const contents = request
      ? rows
          .filter((r) => r.item.id === request.orderItemId)
          .map((r) => ({ productName: r.item.productName, sku: r.item.sku, quantity: request.quantity }))
      : rows
          .filter((r) => r.item.shipmentId === parcel.id)
          .map((r) => ({ productName: r.item.productName, sku: r.item.sku, quantity: r.item.quantity }));
    return {
      invoiceNo: parcel.invoiceNo,
      status: isTrackingStatus(parcel.status) ? parcel.status : 'manifested',
      carrier: parcel.carrier,
      awbNo: parcel.awbNo,
      createdAt: parcel.createdAt.toISOString(),
      isReplacement: request !== undefined,
      items: contents,
      // ADR-0051: the courier's scans move a booked parcel; the seller prints the courier's label
      nextStatuses: parcel.courierProvider === null ? nextStatusesOf(parcel.status) : [],
      courier:
        parcel.courierProvider !== null && parcel.awbNo !== null
          ? {
              provider: parcel.courierProvider,
              labelUrl: `/api/seller/shipments/${parcel.invoiceNo}/courier-label`,
            }
          : null,
      events: events.filter((e) => e.shipmentId === parcel.id).map(({ shipmentId: _id, ...e }) => e),
      eInvoice: compliance.get(parcel.id)?.eInvoice ?? null,
      ewayBill: compliance.get(parcel.id)?.ewayBill ?? null,
    };
  });

  return {
    orderNo: order.orderNo,
    placedAt: order.createdAt.toISOString(),
    paymentMode: order.paymentMode === 'cod' ? 'cod' : 'prepaid',
    paymentStatus: order.paymentStatus,
    shipTo: {
      name: order.deliveryName,
      phone: order.deliveryPhone,
      address: order.deliveryAddress,
      city: order.deliveryCity,
      state: order.deliveryState,
      pincode: order.deliveryPincode,
    },
    business:
      order.buyerGstin && order.buyerBusinessName
        ? { name: order.buyerBusinessName, gstin: order.buyerGstin }
        : null,
    items,
    shipments: shipmentViews,
  };
}
