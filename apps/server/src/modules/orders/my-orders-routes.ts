import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { ORDER_NO_PATTERN } from '@marketplace/domain/orders/place-order';
import { TRACKING_MESSAGES, TRACKING_STATUSES } from '@marketplace/domain/orders/tracking';
import { apiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse, sessionShopper } from '../profile/http.ts';
import { RecordIdParams } from '../profile/record-id.ts';
import { trackMyItem } from './item-tracking.ts';
import { getMyOrder, listMyOrders } from './my-orders.ts';

const NOT_LOGGED_IN = 'Please log in to see your orders.';
const tags = ['Orders'];
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

const Action = z.object({ enabled: z.boolean(), href: z.string() });
const MyOrderItem = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    productName: z.string(),
    productImage: z.string(),
    quantity: z.number().int(),
    unitPricePaise: z.number().int(),
    totalPricePaise: z.number().int(),
    status: z.enum(['pending', 'shipped', 'delivered', 'cancelled', 'undelivered']),
    splitMode: z.string().openapi({ description: 'spec product_cmode: nochange or splitted' }),
    cancelledQuantity: z.number().int(),
    returnedQuantity: z.number().int(),
    replacedQuantity: z.number().int(),
    deliveryType: z.string(),
    deliveryTypeLabel: z.string(),
    arrivingBy: z
      .string()
      .nullable()
      .openapi({ description: 'Order time plus the delivery days (ISO time; show its date in India)' }),
    deliveredAt: z.string().nullable(),
    invoiceNo: z.string().nullable(),
    trackingStatus: z.string().nullable(),
    carrier: z.string().nullable(),
    awbNo: z.string().nullable(),
    isUnderDispatch: z.boolean().openapi({ description: 'A split item without an invoice yet' }),
    returnWindowDays: z.number().int(),
    returnByDate: z.string().nullable(),
    replaceWindowDays: z.number().int(),
    replaceByDate: z.string().nullable(),
    openRequest: z.object({ refNo: z.string(), kind: z.string(), quantity: z.number().int() }).nullable(),
    replacement: z
      .object({
        refNo: z.string(),
        title: z.string(),
        detail: z.string(),
        tone: z.enum(['ok', 'wait', 'bad']),
        trackHref: z.string().nullable(),
      })
      .nullable()
      .openapi({
        description:
          'The latest initiated replacement: where its new unit is (being prepared, shipped, delivered, or not arriving and refunded) and the link to track its shipment',
      }),
    actions: z.object({
      cancel: Action,
      track: Action,
      return: Action,
      replace: Action,
      deliveryFeedback: Action,
      productFeedback: Action,
      sellerFeedback: Action,
    }),
    details: z.object({
      cancelled: z.string().optional(),
      returned: z.string().optional(),
      replaced: z.string().optional(),
    }),
  })
  .openapi('MyOrderItem');
const MyOrder = z
  .object({
    orderNo: z.string(),
    placedAt: z.string(),
    paymentMode: z.string(),
    paymentStatus: z.string(),
    itemsTotalPaise: z.number().int(),
    couponDiscountPaise: z.number().int(),
    deliveryChargePaise: z.number().int(),
    promoName: z.string().nullable(),
    promoDiscountPaise: z.number().int(),
    totalPaise: z.number().int(),
    delivery: z.object({ name: z.string(), phone: z.string(), address: z.string() }),
    groups: z.array(
      z.object({ sellerId: z.number().int(), sellerName: z.string(), items: z.array(MyOrderItem) }),
    ),
  })
  .openapi('MyOrder');
const PageQuery = z.object({
  page: z.coerce
    .number({ message: 'The page must be a whole number from 1.' })
    .int('The page must be a whole number from 1.')
    .min(1, 'The page must be a whole number from 1.')
    .max(100_000, 'The page must be a whole number from 1.')
    .default(1),
});
const Tracking = z
  .object({
    item: z.object({
      id: z.number().int(),
      orderNo: z.string(),
      placedAt: z.string(),
      productName: z.string(),
      productImage: z.string(),
      quantity: z.number().int(),
      status: z.string(),
      sellerName: z.string(),
      isUnderDispatch: z.boolean(),
    }),
    tracking: z
      .object({
        invoiceNo: z.string(),
        carrier: z.string().nullable(),
        awbNo: z.string().nullable(),
        status: z.enum(TRACKING_STATUSES),
        replacementRefNo: z
          .string()
          .nullable()
          .openapi({ description: 'Set when this is the shipment of a replacement unit' }),
        progress: z.union([
          z.object({ kind: z.literal('step'), stepIndex: z.number().int(), stepCount: z.number().int() }),
          z.object({ kind: z.literal('special'), status: z.string() }),
        ]),
        events: z.array(
          z.object({
            status: z.string(),
            location: z.string().nullable(),
            note: z.string().nullable(),
            at: z.string(),
          }),
        ),
      })
      .nullable()
      .openapi({ description: 'null until the seller creates the invoice and shipment' }),
  })
  .openapi('ItemTracking');

const listRoute = createRoute({
  method: 'get',
  path: '/my-orders',
  tags,
  summary: 'The shopper’s orders, newest first, three a page, items grouped by seller',
  description:
    'Each item carries its allowed actions (spec §4) and their links, and "isUnderDispatch" for a split item without an invoice. A page past the last answers the last page.',
  request: { query: PageQuery },
  responses: {
    200: json(
      z
        .object({
          orders: z.array(MyOrder),
          page: z.number().int(),
          pageCount: z.number().int(),
          total: z.number().int(),
        })
        .openapi('MyOrderPage'),
      'A page of orders',
    ),
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
        .openapi({ param: { name: 'shipment', in: 'query' }, example: 'INV-20261120107331-2' }),
    }),
  },
  responses: {
    200: json(Tracking, 'The item and its tracking'),
    400: errorResponse('Malformed id'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such item of this shopper: "No order data found"'),
  },
});

export function myOrderRoutes(db: Executor) {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const shopper = await sessionShopper(db, c);
      if (!shopper) return apiError(c, 'UNAUTHENTICATED', NOT_LOGGED_IN);
      return c.json(await listMyOrders(db, shopper.id, c.req.valid('query').page), 200);
    })
    .openapi(orderRoute, async (c) => {
      const shopper = await sessionShopper(db, c);
      if (!shopper) return apiError(c, 'UNAUTHENTICATED', NOT_LOGGED_IN);
      const order = await getMyOrder(db, shopper.id, c.req.valid('param').orderNo);
      if (!order) return apiError(c, 'NOT_FOUND', ORDER_MESSAGES.orderNotFound);
      return c.json(order, 200);
    })
    .openapi(trackRoute, async (c) => {
      const shopper = await sessionShopper(db, c);
      if (!shopper) return apiError(c, 'UNAUTHENTICATED', NOT_LOGGED_IN);
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
