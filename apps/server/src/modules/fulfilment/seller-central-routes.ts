// requirements#seller-orders, requirements#seller-returns: what Seller Central's orders and returns
// pages read. Every change still goes through the fulfilment endpoints (routes.ts).
import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { momentToIndianDay } from '@marketplace/domain/marketing/promotions';
import { FULFILMENT_MESSAGES } from '@marketplace/domain/orders/fulfilment';
import {
  SELLER_ORDER_MESSAGES,
  SellerOrderDetail,
  SellerOrdersPage,
  SellerOrdersQuery,
  ShipmentLabel,
} from '@marketplace/domain/sellers/seller-orders';
import {
  SellerRequestDetail,
  SellerRequestsPage,
  SellerRequestsQuery,
} from '@marketplace/domain/sellers/seller-requests';
import { guarded, requireSeller } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { getSellerRequest, listSellerRequests } from './request-queue.ts';
import { getSellerOrder, listSellerOrders } from './seller-orders.ts';
import { ordersCsvStream } from './orders-csv.ts';
import { shipmentLabel } from './shipping-label.ts';

const tags = ['Seller Central'];
const Reference = (name: string, example: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/, `The ${name} is 1 to 40 letters, digits or dashes.`)
    .openapi({ param: { name, in: 'path' }, example });
const sellerOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Logged in, but not as an approved seller'),
};

const ordersRoute = createRoute({
  method: 'get',
  path: '/seller/orders',
  tags,
  summary: 'The orders tabs: one tab’s items newest first, 20 a page, and every tab’s count',
  description:
    'Tabs (item statuses): new = waiting for dispatch, ordered today (Indian date); to_ship = waiting for dispatch; shipped = on its way; delivered = delivered, nothing returned; cancelled; returned = units returned, or the parcel came back or was lost. `q` matches the start of an order number (OD and digits, or digits), or part of a SKU or of the buyer’s name; `from` and `to` are Indian days, both included; they narrow the counts too. Each row carries its dispatch deadline and whether it is late.',
  request: { query: SellerOrdersQuery },
  responses: {
    200: json(SellerOrdersPage, 'A page of the tab'),
    400: errorResponse('Unknown tab, bad page, search or day'),
    ...sellerOnly,
  },
});
const ordersCsvRoute = createRoute({
  method: 'get',
  path: '/seller/orders.csv',
  tags,
  summary: 'The orders list as filtered (tab, search, days), every page, as CSV',
  description:
    'Columns: order number, ordered on (IST), SKU, product, quantity, amount (INR), buyer, city, status, AWB. Newest first; formula-like cells escaped.',
  request: { query: SellerOrdersQuery },
  responses: {
    200: { content: { 'text/csv': { schema: z.string() } }, description: 'The CSV, streamed' },
    400: errorResponse('Unknown tab, search or day'),
    ...sellerOnly,
  },
});
const orderRoute = createRoute({
  method: 'get',
  path: '/seller/orders/{orderNo}',
  tags,
  summary: 'One order as its seller sees it: its items, ship-to address, payment and shipments with tracking',
  request: { params: z.object({ orderNo: Reference('orderNo', 'OD20261120107331') }) },
  responses: {
    200: json(SellerOrderDetail, 'The order'),
    400: errorResponse('Malformed order number'),
    ...sellerOnly,
    404: errorResponse('No such order with this seller’s items'),
  },
});
const labelRoute = createRoute({
  method: 'get',
  path: '/seller/shipments/{invoiceNo}/label',
  tags,
  summary:
    'What a shipment’s packing slip and shipping label print, with its tracking number as a Code 128 barcode',
  request: { params: z.object({ invoiceNo: Reference('invoiceNo', 'SHP-20261120107331-1') }) },
  responses: {
    200: json(ShipmentLabel, 'The label'),
    400: errorResponse('Malformed invoice number'),
    ...sellerOnly,
    404: errorResponse('No such shipment of this seller'),
  },
});
const requestsRoute = createRoute({
  method: 'get',
  path: '/seller/item-requests',
  tags,
  summary: 'The returns queue: requests on the seller’s items, newest first, 20 a page, with counts',
  description:
    'state: open (waiting for the seller’s decision, the default), pickup (accepted with a pickup not recorded yet) or decided (closed). kind narrows to cancel, return or replace; kindCounts count the chosen state’s requests of each kind.',
  request: { query: SellerRequestsQuery },
  responses: {
    200: json(SellerRequestsPage, 'A page of requests'),
    400: errorResponse('Unknown state or kind, or bad page'),
    ...sellerOnly,
  },
});
const requestRoute = createRoute({
  method: 'get',
  path: '/seller/item-requests/{refNo}',
  tags,
  summary:
    'One request with the shopper’s reasons, comments, photos and video, and what the seller may do next',
  request: { params: z.object({ refNo: Reference('refNo', 'RT20261120107331-12') }) },
  responses: {
    200: json(SellerRequestDetail, 'The request'),
    400: errorResponse('Malformed reference'),
    ...sellerOnly,
    404: errorResponse('No such request on this seller’s items'),
  },
});

export function sellerCentralOrderRoutes(db: Executor, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  // requirements#operator-sellers: a suspended seller still fulfils its open orders
  const seller = requireSeller(db, { evenSuspended: true });
  const app = createRouter();
  // documented, answered by hand: the body streams a slice of items at a time
  app.openAPIRegistry.registerPath(ordersCsvRoute);
  app.get(ordersCsvRoute.path, seller, (c) => {
    const parsed = SellerOrdersQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
      return apiError(c, 'VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Bad query', fields);
    }
    const at = now();
    return c.body(ordersCsvStream(db, c.get('seller').sellerId, parsed.data, at), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${parsed.data.tab}-${momentToIndianDay(at)}.csv"`,
    });
  });
  return app
    .openapi(guarded(ordersRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      return c.json(await listSellerOrders(db, sellerId, c.req.valid('query'), now()), 200);
    })
    .openapi(guarded(orderRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const order = await getSellerOrder(db, sellerId, c.req.valid('param').orderNo, now());
      if (!order) return apiError(c, 'NOT_FOUND', SELLER_ORDER_MESSAGES.orderNotFound);
      return c.json(order, 200);
    })
    .openapi(guarded(labelRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const label = await shipmentLabel(db, sellerId, c.req.valid('param').invoiceNo);
      if (!label) return apiError(c, 'NOT_FOUND', SELLER_ORDER_MESSAGES.shipmentNotFound);
      return c.json(label, 200);
    })
    .openapi(guarded(requestsRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      return c.json(await listSellerRequests(db, sellerId, c.req.valid('query')), 200);
    })
    .openapi(guarded(requestRoute, seller), async (c) => {
      const { sellerId } = c.get('seller');
      const request = await getSellerRequest(db, sellerId, c.req.valid('param').refNo);
      if (!request) return apiError(c, 'NOT_FOUND', FULFILMENT_MESSAGES.requestNotFound);
      return c.json(request, 200);
    });
}
