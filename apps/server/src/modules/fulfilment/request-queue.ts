import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, not, sql, type SQL } from 'drizzle-orm';
import {
  type Executor,
  itemRequestMedia,
  itemRequestReasons,
  itemRequests,
  orderItems,
  orders,
  reasonQuestions,
  refunds,
  shipments,
} from '@marketplace/db';
import { PICKUP_DECISIONS, recordPickup } from '@marketplace/domain/orders/pickup';
import { isReplacementInitiated } from '@marketplace/domain/orders/replacement';
import { REQUEST_KINDS, type RequestKind } from '@marketplace/domain/orders/state-machine';
import { isTrackingStatus } from '@marketplace/domain/orders/tracking';
import {
  decisionsFor,
  SELLER_REQUEST_STATES,
  SELLER_REQUESTS_PAGE_SIZE,
  type SellerRequestDetail,
  type SellerRequestsPage,
  type SellerRequestsQuery,
  type SellerRequestState,
} from '@marketplace/domain/sellers/seller-requests';
import { uploadUrl } from '../uploads/index.ts';
import { eventsOf, nextStatusesOf } from './seller-orders.ts';

const asKind = (kind: string): RequestKind =>
  (REQUEST_KINDS as readonly string[]).includes(kind) ? (kind as RequestKind) : 'cancel';

const awaitingPickup = and(
  ne(itemRequests.kind, 'cancel'),
  inArray(itemRequests.status, [...PICKUP_DECISIONS]),
  isNull(itemRequests.pickedUpAt),
  isNotNull(itemRequests.decidedAt),
) as SQL;

/** requirements#seller-returns: the queue's states as request columns (see SELLER_REQUEST_STATES). */
function stateCondition(state: SellerRequestState): SQL {
  switch (state) {
    case 'open':
      return eq(itemRequests.status, 'pending');
    case 'pickup':
      return awaitingPickup;
    case 'decided':
      return and(ne(itemRequests.status, 'pending'), not(awaitingPickup)) as SQL;
  }
}

/** Requests on the seller's own items of placed orders; another seller's are never reached. */
const sellerScope = (sellerId: number) => [eq(orderItems.sellerId, sellerId), eq(orders.status, 'placed')];

async function reasonsOf(db: Executor, requestIds: number[]) {
  if (requestIds.length === 0) return [];
  return db
    .select({ requestId: itemRequestReasons.requestId, text: reasonQuestions.text })
    .from(itemRequestReasons)
    .innerJoin(reasonQuestions, eq(reasonQuestions.id, itemRequestReasons.reasonId))
    .where(inArray(itemRequestReasons.requestId, requestIds))
    .orderBy(asc(reasonQuestions.position));
}

/** The queue: one state's requests (optionally of one kind), newest first, with the counts of its tabs in one query. */
export async function listSellerRequests(
  db: Executor,
  sellerId: number,
  query: SellerRequestsQuery,
): Promise<SellerRequestsPage> {
  const scope = sellerScope(sellerId);
  const columns = {
    ...Object.fromEntries(
      SELLER_REQUEST_STATES.map((state) => [
        state,
        sql<number>`count(*) filter (where ${stateCondition(state)})`.mapWith(Number),
      ]),
    ),
    ...Object.fromEntries(
      REQUEST_KINDS.map((kind) => [
        `kind_${kind}`,
        sql<number>`count(*) filter (where ${and(stateCondition(query.state), eq(itemRequests.kind, kind))})`.mapWith(
          Number,
        ),
      ]),
    ),
  } as Record<string, SQL<number>>;
  const [counts] = await db
    .select(columns)
    .from(itemRequests)
    .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(...scope));
  const where = and(
    ...scope,
    stateCondition(query.state),
    ...(query.kind ? [eq(itemRequests.kind, query.kind)] : []),
  );
  const rows = await db
    .select({
      id: itemRequests.id,
      refNo: itemRequests.refNo,
      kind: itemRequests.kind,
      status: itemRequests.status,
      quantity: itemRequests.quantity,
      orderNo: orders.orderNo,
      itemId: orderItems.id,
      productName: orderItems.productName,
      productImage: orderItems.productImage,
      requestedBy: itemRequests.requestedBy,
      createdAt: itemRequests.createdAt,
      pickupDate: itemRequests.pickupDate,
      pickedUpAt: itemRequests.pickedUpAt,
    })
    .from(itemRequests)
    .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(where)
    .orderBy(desc(itemRequests.createdAt), desc(itemRequests.id))
    .limit(SELLER_REQUESTS_PAGE_SIZE)
    .offset((query.page - 1) * SELLER_REQUESTS_PAGE_SIZE);
  const ids = rows.map((r) => r.id);
  const [reasons, media] = await Promise.all([
    reasonsOf(db, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ requestId: itemRequestMedia.requestId, n: count() })
          .from(itemRequestMedia)
          .where(inArray(itemRequestMedia.requestId, ids))
          .groupBy(itemRequestMedia.requestId),
  ]);
  const kindCounts = Object.fromEntries(
    REQUEST_KINDS.map((kind) => [kind, counts?.[`kind_${kind}`] ?? 0]),
  ) as Record<RequestKind, number>;
  const total = query.kind ? kindCounts[query.kind] : (counts?.[query.state] ?? 0);
  return {
    state: query.state,
    kind: query.kind ?? null,
    counts: Object.fromEntries(SELLER_REQUEST_STATES.map((state) => [state, counts?.[state] ?? 0])) as Record<
      SellerRequestState,
      number
    >,
    kindCounts,
    requests: rows.map(({ id, ...row }) => ({
      ...row,
      kind: asKind(row.kind),
      createdAt: row.createdAt.toISOString(),
      pickedUpAt: row.pickedUpAt?.toISOString() ?? null,
      reasons: reasons.filter((r) => r.requestId === id).map((r) => r.text),
      mediaCount: media.find((m) => m.requestId === id)?.n ?? 0,
    })),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / SELLER_REQUESTS_PAGE_SIZE)),
    total,
  };
}

/**
 * One request on the seller's items with what the seller decides from: the shopper's reasons,
 * comments, photos and video (upload URLs only the shopper and this seller may fetch), quantity,
 * pickup day, the refund, and the replacement unit's shipment. Another seller's is missing.
 */
export async function getSellerRequest(
  db: Executor,
  sellerId: number,
  refNo: string,
  now: Date = new Date(),
): Promise<SellerRequestDetail | null> {
  const [row] = await db
    .select({ request: itemRequests, item: orderItems, order: orders, refund: refunds })
    .from(itemRequests)
    .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(refunds, eq(refunds.requestId, itemRequests.id))
    .where(and(eq(itemRequests.refNo, refNo), ...sellerScope(sellerId)));
  if (!row) return null;
  const { request, item, order, refund } = row;
  const [reasons, media, [parcel]] = await Promise.all([
    reasonsOf(db, [request.id]),
    db
      .select()
      .from(itemRequestMedia)
      .where(eq(itemRequestMedia.requestId, request.id))
      .orderBy(asc(itemRequestMedia.id)),
    db
      .select()
      .from(shipments)
      .where(and(eq(shipments.replacementRequestId, request.id), eq(shipments.sellerId, sellerId))),
  ]);
  const kind = asKind(request.kind);
  const pickup = recordPickup(
    {
      kind,
      status: request.status,
      quantity: request.quantity,
      pickupDate: request.pickupDate,
      pickedUpAt: request.pickedUpAt,
    },
    now,
  );
  return {
    refNo: request.refNo,
    kind,
    status: request.status,
    quantity: request.quantity,
    requestedBy: request.requestedBy,
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    decisionReason: request.decisionReason,
    pickupDate: request.pickupDate,
    pickedUpAt: request.pickedUpAt?.toISOString() ?? null,
    reasons: reasons.map((r) => r.text),
    comments: request.requestedBy === 'customer' ? request.additionalInfo : null,
    images: media.filter((m) => m.kind === 'image').map((m) => uploadUrl(m.path)),
    video: media.filter((m) => m.kind === 'video').map((m) => uploadUrl(m.path))[0] ?? null,
    item: {
      id: item.id,
      orderNo: order.orderNo,
      productName: item.productName,
      productImage: item.productImage,
      sku: item.sku,
      quantity: item.quantity,
      unitPricePaise: item.unitPricePaise,
      status: item.status,
      paymentMode: order.paymentMode === 'cod' ? 'cod' : 'prepaid',
    },
    shipTo: {
      name: order.deliveryName,
      phone: order.deliveryPhone,
      address: `${order.deliveryAddress}, ${order.deliveryCity}, ${order.deliveryState} ${order.deliveryPincode}`,
    },
    refund: refund ? { amountPaise: refund.amountPaise, status: refund.status } : null,
    decisions: request.status === 'pending' ? [...decisionsFor(kind)] : [],
    canRecordPickup: pickup.code === 'PICKED_UP',
    canShipReplacement: isReplacementInitiated(request) && !parcel,
    replacementShipment: parcel
      ? {
          invoiceNo: parcel.invoiceNo,
          status: isTrackingStatus(parcel.status) ? parcel.status : 'manifested',
          carrier: parcel.carrier,
          awbNo: parcel.awbNo,
          nextStatuses: nextStatusesOf(parcel.status),
          events: (await eventsOf(db, [parcel.id])).map(({ shipmentId: _id, ...e }) => e),
        }
      : null,
  };
}
