import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { PaymentPage, PaymentVerified, VerifyPaymentInput } from '@marketplace/domain/orders/place-order';
import { guarded, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import type { PaymentProvider } from './provider.ts';
import { confirmPayment, paymentPage } from './service.ts';

const NOT_LOGGED_IN = 'Please log in to pay for your order.';
const tags = ['Payments'];

// the answers' schemas live in the domain beside the request's, shared with the payment pages
const PaymentPageSchema = PaymentPage;
const Verified = PaymentVerified;

const pageRoute = createRoute({
  method: 'get',
  path: '/payments/{orderNo}',
  tags,
  summary: 'The payment page of an online order: amount, provider checkout, prefill',
  request: { params: z.object({ orderNo: z.string().min(1).max(40) }) },
  responses: {
    200: json(PaymentPageSchema, 'The payment page'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such online order of this shopper, or online payment is not offered'),
  },
});
const verifyRoute = createRoute({
  method: 'post',
  path: '/payments/verify',
  tags,
  summary: 'Mark an order paid after checking the provider’s signature',
  description: 'HMAC-SHA256 of `providerOrderId|paymentId` with the provider’s secret. Idempotent.',
  request: { body: { required: true, content: { 'application/json': { schema: VerifyPaymentInput } } } },
  responses: {
    200: json(Verified, 'Paid (now or before)'),
    400: errorResponse('Malformed body or a signature that does not match'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such payment of this shopper, or online payment is not offered'),
    409: errorResponse('The order was cancelled for want of payment'),
  },
});

export function paymentRoutes(db: Executor, provider: PaymentProvider | null) {
  const signedIn = requireShopper(db, NOT_LOGGED_IN);
  return createRouter()
    .openapi(guarded(pageRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      if (!provider) return apiError(c, 'NOT_FOUND', ORDER_MESSAGES.onlinePaymentUnavailable);
      const page = await paymentPage(db, provider, shopper.id, c.req.valid('param').orderNo);
      if (!page) return apiError(c, 'NOT_FOUND', ORDER_MESSAGES.orderNotFound);
      return c.json(page, 200);
    })
    .openapi(guarded(verifyRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const input = c.req.valid('json');
      if (!provider) return apiError(c, 'NOT_FOUND', ORDER_MESSAGES.onlinePaymentUnavailable);
      if (!provider.verifyCheckout(input))
        return apiError(c, 'BAD_REQUEST', ORDER_MESSAGES.paymentNotVerified);
      // the shopper's own order, and the provider order must be that order's
      const result = await confirmPayment(db, provider, { ...input, userId: shopper.id });
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', ORDER_MESSAGES.orderNotFound);
      if (result.code === 'EXPIRED') return apiError(c, 'CONFLICT', ORDER_MESSAGES.orderExpired);
      return c.json(
        { success: true as const, orderNo: result.orderNo, message: ORDER_MESSAGES.onlinePlaced },
        200,
      );
    });
}
