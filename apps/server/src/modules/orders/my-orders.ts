import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  type Executor,
  itemRequests,
  orderItems,
  orders,
  refunds,
  sellers,
  shipments,
} from '@marketplace/db';
import { isRefundDue } from '@marketplace/domain/orders/refund';
import { needsBankAccount } from '@marketplace/domain/orders/refund-life';
import { hasDefaultBankAccount } from '../refunds/index.ts';
import { arrivalDate, DELIVERY_LABELS, isDeliveryType } from '@marketplace/domain';
import {
  isUnderDispatch,
  itemActionLinks,
  type ItemDetail,
  itemDetailHref,
  ORDERS_PAGE_SIZE,
  replacementTrackHref,
} from '@marketplace/domain/orders/item-actions';
import { isReplacementInitiated, replacementLine } from '@marketplace/domain/orders/replacement';
import { REQUEST_KINDS, windowEnd } from '@marketplace/domain/orders/state-machine';
import { conversationHref } from '@marketplace/domain/orders/seller-answers';
import { isTrackingStatus } from '@marketplace/domain/orders/tracking';
import type { TaxDocumentSummary } from '@marketplace/domain/tax/document-view';
import { itemState } from '../fulfilment/index.ts';
import { type NewReplies, newSellerReplies } from '../returns/index.ts';
import { documentsOfOrders, invoiceNumbersOfShipments } from '../invoices/index.ts';
import { shownPaymentStatus } from '@marketplace/domain/orders/payment-status';

type RequestRow = typeof itemRequests.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The shopper's orders page (requirements#my-orders): newest first, each order's items
 * grouped by seller, with delivery info, invoice and shipment status, and each item's actions from
 * the domain rules with the links they lead to. Orders still waiting for their online payment are
 * left out (they are not placed yet); ones cancelled for want of payment are left out too.
 */
export async function listMyOrders(db: Executor, userId: number, page: number) {
  const mine = and(eq(orders.userId, userId), eq(orders.status, 'placed'));
  const [total] = await db.select({ n: count() }).from(orders).where(mine);
  const n = total?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(n / ORDERS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const orderRows = await db
    .select()
    .from(orders)
    .where(mine)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((current - 1) * ORDERS_PAGE_SIZE);
  return { orders: await orderViews(db, userId, orderRows), page: current, pageCount, total: n };
}

/**
 * One placed order of the shopper, as My Orders shows it (the order details page, /neworderdetail);
 * another shopper's order, or one not placed yet, reads as missing.
 */
export async function getMyOrder(db: Executor, userId: number, orderNo: string) {
  const orderRows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.orderNo, orderNo), eq(orders.status, 'placed')));
  const [order] = await orderViews(db, userId, orderRows);
  return order ?? null;
}

/** The orders with their items grouped by seller, each item with its actions and details links. */
async function orderViews(db: Executor, userId: number, orderRows: (typeof orders.$inferSelect)[]) {
  const orderIds = orderRows.map((o) => o.id);
  const itemRows =
    orderIds.length === 0
      ? []
      : await db
          .select({
            item: orderItems,
            sellerName: sellers.name,
            invoiceNo: shipments.invoiceNo,
            trackingStatus: shipments.status,
            carrier: shipments.carrier,
            awbNo: shipments.awbNo,
          })
          .from(orderItems)
          .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
          .leftJoin(shipments, eq(shipments.id, orderItems.shipmentId))
          .where(inArray(orderItems.orderId, orderIds))
          .orderBy(asc(orderItems.id));
  const requestRows =
    itemRows.length === 0
      ? []
      : await db
          .select()
          .from(itemRequests)
          .where(
            inArray(
              itemRequests.orderItemId,
              itemRows.map((r) => r.item.id),
            ),
          )
          .orderBy(asc(itemRequests.id));
  const initiated = requestRows.filter(isReplacementInitiated);
  const replacementParcels =
    initiated.length === 0
      ? []
      : await db
          .select({
            requestId: shipments.replacementRequestId,
            invoiceNo: shipments.invoiceNo,
            status: shipments.status,
          })
          .from(shipments)
          .where(
            inArray(
              shipments.replacementRequestId,
              initiated.map((r) => r.id),
            ),
          );
  const parcelOf = new Map(replacementParcels.map((p) => [p.requestId, p]));
  // the refunds of the items' requests, for each item's status sentence (item-status.ts)
  const refundRows =
    requestRows.length === 0
      ? []
      : await db
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.requestId,
              requestRows.map((r) => r.id),
            ),
          );
  const hasBankAccount = refundRows.some((r) => r.method === 'bank_account')
    ? await hasDefaultBankAccount(db, userId)
    : true;
  const refundOf = new Map(
    refundRows.map((r) => [
      r.requestId,
      {
        status: r.status,
        completedAt: r.completedAt?.toISOString() ?? null,
        needsBankAccount: needsBankAccount(r, hasBankAccount),
      },
    ]),
  );
  const repliesOf = await newSellerReplies(
    db,
    userId,
    itemRows.map((r) => r.item.id),
  );
  const documentsOf = await documentsOfOrders(db, orderIds);
  const invoiceNumberOf = await invoiceNumbersOfShipments(
    db,
    itemRows.flatMap((r) => (r.item.shipmentId === null ? [] : [r.item.shipmentId])),
  );
  const requestsOf = new Map<number, RequestRow[]>();
  for (const r of requestRows) requestsOf.set(r.orderItemId, [...(requestsOf.get(r.orderItemId) ?? []), r]);

  return orderRows.map((order) => {
    const groups: {
      sellerId: number;
      sellerName: string;
      items: ReturnType<typeof itemView>[];
      documents: TaxDocumentSummary[];
    }[] = [];
    for (const row of itemRows.filter((r) => r.item.orderId === order.id)) {
      let group = groups.find((g) => g.sellerId === row.item.sellerId);
      if (!group) {
        const documents = documentsOf.get(`${order.id}:${row.item.sellerId}`) ?? [];
        group = { sellerId: row.item.sellerId, sellerName: row.sellerName, items: [], documents };
        groups.push(group);
      }
      group.items.push(
        itemView(
          order,
          { ...row, taxInvoiceNo: invoiceNumberOf.get(row.item.shipmentId ?? 0) ?? null },
          requestsOf.get(row.item.id) ?? [],
          parcelOf,
          repliesOf.get(row.item.id),
          refundOf,
        ),
      );
    }
    return {
      orderNo: order.orderNo,
      placedAt: order.createdAt.toISOString(),
      paymentMode: order.paymentMode,
      paymentStatus: shownPaymentStatus(
        order,
        itemRows.filter((row) => row.item.orderId === order.id).map((row) => row.item.status),
      ),
      itemsTotalPaise: order.itemsTotalPaise,
      couponDiscountPaise: order.couponDiscountPaise,
      deliveryChargePaise: order.deliveryChargePaise,
      promoName: order.promoName,
      promoDiscountPaise: order.promoDiscountPaise,
      totalPaise: order.totalPaise,
      delivery: {
        name: order.deliveryName,
        phone: order.deliveryPhone,
        address: `${order.deliveryAddress}, ${order.deliveryCity}, ${order.deliveryState} ${order.deliveryPincode}`,
      },
      groups,
    };
  });
}

function itemView(
  order: typeof orders.$inferSelect,
  row: {
    item: typeof orderItems.$inferSelect;
    invoiceNo: string | null;
    taxInvoiceNo: string | null;
    trackingStatus: string | null;
    carrier: string | null;
    awbNo: string | null;
  },
  requests: RequestRow[],
  parcelOf: Map<number | null, { invoiceNo: string; status: string }>,
  replies: NewReplies = { seller: 0, privilege_claim: 0 },
  refundOf: Map<
    number | null,
    { status: string; completedAt: string | null; needsBankAccount: boolean }
  > = new Map(),
) {
  const { item } = row;
  // the latest initiated replacement: where its new unit is, in one line (requirements#replacement-shipment)
  const initiated = requests.findLast(isReplacementInitiated);
  const parcel = initiated ? parcelOf.get(initiated.id) : undefined;
  const replacement = initiated
    ? {
        refNo: initiated.refNo,
        ...replacementLine(parcel && isTrackingStatus(parcel.status) ? parcel.status : null),
        trackHref: parcel ? replacementTrackHref(item.id, parcel.invoiceNo) : null,
      }
    : null;
  const open = requests.findLast((r) => r.status === 'pending') ?? null;
  const state = itemState(item, row.trackingStatus, open);
  const actions = itemActionLinks(state, {
    orderNo: order.orderNo,
    sellerId: item.sellerId,
    itemId: item.id,
  });
  const latest = (kind: string) => requests.findLast((r) => r.kind === kind) ?? null;
  const details: Partial<Record<ItemDetail, string>> = {};
  // requirements#cancel-status: items with cancel_status yes link to the cancelled item details
  if (item.cancelledQuantity > 0 || latest('cancel'))
    details.cancelled = itemDetailHref('cancelled', item.id);
  if (latest('return')) details.returned = itemDetailHref('returned', item.id);
  if (latest('replace')) details.replaced = itemDetailHref('replaced', item.id);
  // requirements#seller-returns: the reason given with the latest decision, until the shopper asks again
  const last = requests.at(-1);
  const lastKind = REQUEST_KINDS.find((kind) => kind === last?.kind);
  const latestRequest =
    last && lastKind
      ? {
          kind: lastKind,
          status: last.status,
          requestedBy: last.requestedBy === 'seller' ? ('seller' as const) : ('customer' as const),
          pickupDate: last.pickupDate,
          pickedUpAt: iso(last.pickedUpAt),
          refund: refundOf.get(last.id) ?? null,
          // a cancellation refunds only what was paid online; a return, what was paid at all
          refundDue: isRefundDue(order, last.kind !== 'cancel' && item.deliveredAt !== null),
        }
      : null;
  const sellerNote =
    last && last.status !== 'pending' && last.decisionReason
      ? { refNo: last.refNo, kind: last.kind, text: last.decisionReason }
      : null;
  // requirements#return-in-process: the seller's unread replies, reached from the item's return
  const newReplyCount = replies.seller + replies.privilege_claim;
  const newReplies = {
    count: newReplyCount,
    href:
      newReplyCount > 0 && latest('return')
        ? conversationHref(item.id, replies.seller > 0 ? 'seller' : 'privilege_claim')
        : null,
  };
  const returnBy = windowEnd(item.deliveredAt, item.returnWindowDays);
  const replaceBy = windowEnd(item.deliveredAt, item.replaceWindowDays);
  return {
    id: item.id,
    productId: item.productId,
    productName: item.productName,
    productImage: item.productImage,
    quantity: item.quantity,
    unitPricePaise: item.unitPricePaise,
    totalPricePaise: item.unitPricePaise * item.quantity,
    status: state.status,
    splitMode: item.splitMode,
    cancelledQuantity: item.cancelledQuantity,
    returnedQuantity: item.returnedQuantity,
    replacedQuantity: item.replacedQuantity,
    deliveryType: item.deliveryType,
    deliveryTypeLabel: isDeliveryType(item.deliveryType)
      ? DELIVERY_LABELS[item.deliveryType]
      : item.deliveryType,
    arrivingBy: iso(arrivalDate(order.createdAt, item.deliveryDays)),
    deliveredAt: item.deliveredAt?.toISOString() ?? null,
    invoiceNo: row.invoiceNo,
    taxInvoiceNo: row.taxInvoiceNo,
    trackingStatus: row.trackingStatus,
    carrier: row.carrier,
    awbNo: row.awbNo,
    isUnderDispatch: isUnderDispatch(state),
    returnWindowDays: item.returnWindowDays,
    returnByDate: iso(returnBy),
    replaceWindowDays: item.replaceWindowDays,
    replaceByDate: iso(replaceBy),
    openRequest: open ? { refNo: open.refNo, kind: open.kind, quantity: open.quantity } : null,
    latestRequest,
    sellerNote,
    newReplies,
    replacement,
    actions,
    details,
  };
}
