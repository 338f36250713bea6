import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { ORDER_NO_PATTERN } from '@marketplace/domain/orders/place-order';
import { ItemTracking, MyOrder, MyOrderPage } from '@marketplace/domain/orders/my-orders';
import { TRACKING_MESSAGES } from '@marketplace/domain/orders/tracking';
import { guarded, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { trackMyItem } from './item-tracking.ts';
import { getMyOrder, listMyOrders } from './my-orders.ts';

const NOT_LOGGED_IN = 'Please log in to see your orders.';
const tags = ['Orders'];
// the answers' schemas live in the domain beside the order rules, shared with the order pages

const PageQuery = z.object({
  page: z.coerce
    .number({ message: 'The page must be a whole number from 1.' })
    .int('The page must be a whole number from 1.')
    .min(1, 'The page must be a whole number from 1.')
    .max(100_000, 'The page must be a whole number from 1.')
    .default(1),
});
const listRoute = createRoute({
  method: 'get',
  path: '/my-orders',
  tags,
  summary: 'The shopper’s orders, newest first, three a page, items grouped by seller',
  description:
    'Each item carries its allowed actions (cancel, return, replace, track, feedback) and their links, and "isUnderDispatch" for a split item without an invoice. A page past the last answers the last page.',
  request: { query: PageQuery },
  responses: {
    200: json(MyOrderPage, 'A page of orders'),
    400: errorResponse('Bad page'),
    401: errorResponse('Not logged in'),
  },
});
const OrderNoParams = z.object({
  orderNo: z
    .string()
    .regex(ORDER_NO_PATTERN, 'An order number is OD followed by its digits.')
    .openapi({ param: { name: 'orderNo', in: 'path' }, example: 'OD20261123101234' }),
});
const orderRoute = createRoute({
  method: 'get',
  path: '/my-orders/{orderNo}',
  tags,
  summary: 'One of the shopper’s orders, as My Orders shows it (the order details page)',
  request: { params: OrderNoParams },
  responses: {
    200: json(MyOrder, 'The order, its amounts and its items grouped by seller with their actions'),
    400: errorResponse('Malformed order number'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such placed order of this shopper'),
  },
});
const trackRoute = createRoute({
  method: 'get',
  path: '/my-orders/items/{id}/tracking',
  tags,
  summary: 'The tracking of one order item and its events',
  description:
    'The item’s own shipment; with `shipment={invoiceNo}`, that shipment when it is the item’s or the shipment of one of its replacements (`tracking.replacementRefNo` names the replacement request).',
  request: {
    params: RecordIdParams,
    query: z.object({
      shipment: z
        .string()
        .regex(/^[A-Za-z0-9-]{1,40}$/, 'The shipment is an invoice number.')
        .optional()
        .openapi({ param: { name: 'shipment', in: 'query' }, example: 'SHP-20261120107331-2' }),
    }),
  },
  responses: {
    200: json(ItemTracking, 'The item and its tracking'),
    400: errorResponse('Malformed id'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such item of this shopper: "No order data found"'),
  },
});

export function myOrderRoutes(db: Executor) {
  const signedIn = requireShopper(db, NOT_LOGGED_IN);
  return createRouter()
    .openapi(guarded(listRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      return c.json(await listMyOrders(db, shopper.id, c.req.valid('query').page), 200);
    })
    .openapi(guarded(orderRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const order = await getMyOrder(db, shopper.id, c.req.valid('param').orderNo);
      if (!order) return apiError(c, 'NOT_FOUND', ORDER_MESSAGES.orderNotFound);
      return c.json(order, 200);
    })
    .openapi(guarded(trackRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const tracked = await trackMyItem(
        db,
        shopper.id,
        c.req.valid('param').id,
        c.req.valid('query').shipment,
      );
      if (!tracked) return apiError(c, 'NOT_FOUND', TRACKING_MESSAGES.noOrderData);
      return c.json(tracked, 200);
    });
}
