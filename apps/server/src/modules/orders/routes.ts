import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Executor } from '@marketplace/db';
import { ADDRESS_MESSAGES } from '@marketplace/domain/accounts/addresses';
import {
  courierNotDeliverable,
  notDeliverable,
  ORDER_MESSAGES,
  productUnavailable,
} from '@marketplace/domain/orders/messages';
import { OrderDetails, PlaceOrderInput, PlacedOrder } from '@marketplace/domain/orders/place-order';
import type { AppEnv } from '../../http/context.ts';
import { guarded, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { loadRateCard } from '../catalog/index.ts';
import { type PaymentProvider, ensureProviderOrder } from '../payments/index.ts';
import type { CourierReach } from './courier-reach.ts';
import { type PlaceOrderResult, placeOrder } from './place-order.ts';
import { getOrder } from './service.ts';

const NOT_LOGGED_IN = 'Please log in to place an order.';
const tags = ['Orders'];

// the answer's schema lives in the domain beside the request's, shared with the checkout pages
const Placed = PlacedOrder;
const OrderSchema = OrderDetails;

const placeRoute = createRoute({
  method: 'post',
  path: '/orders',
  tags,
  summary: 'Place an order (COD, or online awaiting payment)',
  description:
    'The server prices every line, coupon, delivery charge and the PromoJun promo; amounts sent are ignored. One transaction locks the offers and takes the stock. The same idempotencyKey returns the same order.',
  request: { body: { required: true, content: { 'application/json': { schema: PlaceOrderInput } } } },
  responses: {
    200: json(Placed, 'Placed earlier with the same idempotency key'),
    201: json(Placed, 'Placed'),
    400: errorResponse('Malformed body, quantity or ids'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such address of this shopper'),
    409: errorResponse('Not enough stock'),
    422: errorResponse(
      'Unavailable, not deliverable, coupon not of the product, COD not allowed, or the idempotency key already used for a different order',
    ),
  },
});
const getRoute = createRoute({
  method: 'get',
  path: '/orders/{orderNo}',
  tags,
  summary: 'One of the shopper’s orders (thank-you page)',
  request: { params: z.object({ orderNo: z.string().min(1).max(40) }) },
  responses: {
    200: json(OrderSchema, 'The order'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such order of this shopper'),
  },
});

// the one place where a refused order becomes a status and the spec's text
function refusal(
  c: Context<AppEnv>,
  result: Exclude<PlaceOrderResult, { code: 'PLACED' | 'ALREADY_PLACED' }>,
) {
  switch (result.code) {
    case 'ADDRESS_NOT_FOUND':
      return apiError(c, 'NOT_FOUND', ADDRESS_MESSAGES.notFound);
    case 'UNAVAILABLE':
      return apiError(c, 'UNPROCESSABLE', productUnavailable(result.productId));
    case 'OUT_OF_STOCK':
      return apiError(c, 'CONFLICT', productUnavailable(result.productId));
    case 'QUANTITY_TOO_HIGH':
      return apiError(c, 'UNPROCESSABLE', ORDER_MESSAGES.quantity);
    case 'NOT_DELIVERABLE':
      return apiError(c, 'UNPROCESSABLE', notDeliverable(result.name));
    case 'COURIER_NOT_SERVICEABLE':
      return apiError(c, 'UNPROCESSABLE', courierNotDeliverable(result.name, result.reason));
    case 'COUPON_NOT_APPLICABLE':
      return apiError(c, 'UNPROCESSABLE', ORDER_MESSAGES.couponNotApplicable);
    case 'COD_NOT_ALLOWED':
      return apiError(
        c,
        'UNPROCESSABLE',
        result.reason ? `${ORDER_MESSAGES.codNotAllowed} ${result.reason}` : ORDER_MESSAGES.codNotAllowed,
      );
    case 'IDEMPOTENCY_KEY_REUSED':
      return apiError(c, 'UNPROCESSABLE', ORDER_MESSAGES.idempotencyKeyReused);
    default: {
      const unknown: never = result;
      throw new Error(`unmapped order result ${JSON.stringify(unknown)}`);
    }
  }
}

export function orderRoutes(db: Executor, payments: PaymentProvider | null, courier?: CourierReach) {
  const signedIn = requireShopper(db, NOT_LOGGED_IN);
  return createRouter()
    .openapi(guarded(placeRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const input = c.req.valid('json');
      // ADR-0017: without a payment provider only Cash on Delivery is taken
      if (input.paymentMode === 'online' && !payments)
        return apiError(c, 'UNPROCESSABLE', ORDER_MESSAGES.onlinePaymentUnavailable);
      const result = await placeOrder(db, shopper.id, input, await loadRateCard(db), new Date(), courier);
      if (result.code !== 'PLACED' && result.code !== 'ALREADY_PLACED') return refusal(c, result);
      const { orderId, orderNo, totalPaise, paymentMode } = result;
      if (paymentMode === 'prepaid' && result.code === 'PLACED' && payments) {
        // the payment page creates it again if the provider cannot be reached now
        await ensureProviderOrder(db, payments, { id: orderId, orderNo, totalPaise }, { isNew: true }).catch(
          (error: unknown) =>
            c.get('logger').warn({ err: error, orderNo }, 'payment provider order not created yet'),
        );
      }
      const body = {
        orderNo,
        totalPaise,
        paymentMode,
        ...(paymentMode === 'cod'
          ? { next: '/myorder', message: ORDER_MESSAGES.codPlaced }
          : { next: `/paymentgateway?order=${encodeURIComponent(orderNo)}` }),
      };
      return c.json(body, result.code === 'PLACED' ? 201 : 200);
    })
    .openapi(guarded(getRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const order = await getOrder(db, shopper.id, c.req.valid('param').orderNo);
      if (!order) return apiError(c, 'NOT_FOUND', ORDER_MESSAGES.orderNotFound);
      return c.json(order, 200);
    });
}
