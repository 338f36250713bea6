import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  CANCEL_MESSAGES,
  CancelCodeSent,
  CancelConfirmed,
  CancelForm,
  CancelledItem,
  CancelRequestInput,
  CancelVerifyInput,
} from '@marketplace/domain/orders/cancel';
import { guarded, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse, json, recordId, RecordIdParams } from '../../http/openapi.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { sendRefunds } from '../refunds/index.ts';
import { cancelForm, ownOrder } from './cancel-form.ts';
import { cancelledItemDetail } from './cancelled-item.ts';
import { confirmCancellation } from './confirm-cancel.ts';
import { requestCancellation } from './request-cancel.ts';

const NOT_LOGGED_IN = 'Please log in to cancel items.';
const tags = ['Cancellations'];
// the answers' schemas live in the domain beside the requests', shared with the cancel pages
const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

const FormQuery = z.object({
  order: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/, CANCEL_MESSAGES.orderNotFound)
    .openapi({ param: { name: 'order', in: 'query' }, example: 'OD2611230001' }),
  seller: recordId('seller must be a seller id.')
    .optional()
    .openapi({ param: { name: 'seller', in: 'query' }, example: '3' }),
});
const formRoute = createRoute({
  method: 'get',
  path: '/cancellations/form',
  tags,
  summary: 'The items of one of the shopper’s orders that can be cancelled, and the cancel reasons',
  request: { query: FormQuery },
  responses: {
    200: json(CancelForm, 'The order’s items (one seller’s group when `seller` is given) and the reasons'),
    400: errorResponse('Malformed order number or seller id'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such order of this shopper'),
  },
});
const requestRoute = createRoute({
  method: 'post',
  path: '/cancellations',
  tags,
  summary: 'Ask to cancel items of an order: an OTP is sent to the shopper to confirm',
  description:
    'Each item with a quantity (1 to the units still open) and at least one reason id from the form. Nothing changes until `POST /api/cancellations/verify` confirms the code; a newer request replaces an unconfirmed one. At most 20 codes an hour per shopper.',
  request: body(CancelRequestInput),
  responses: {
    202: json(CancelCodeSent, 'The OTP was sent to the shopper’s email (and mobile)'),
    400: errorResponse('A field is missing or invalid, or a reason is not a cancel reason'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such order of this shopper, or an item not in it'),
    409: errorResponse(
      'An item cannot be cancelled (already shipped, split, cancelled, a request pending, or more than is left)',
    ),
    429: errorResponse('Too many cancellation requests'),
  },
});
const verifyRoute = createRoute({
  method: 'post',
  path: '/cancellations/verify',
  tags,
  summary: 'Confirm the cancellation with its OTP: the items are cancelled at once',
  description:
    'Items not yet invoiced are cancelled in one transaction: stock goes back, the request is recorded as the shopper’s (completed), and an online payment gets a refund (initiated, then sent to the payment provider). A code works once and dies at the fifth wrong try.',
  request: body(CancelVerifyInput),
  responses: {
    200: json(CancelConfirmed, 'Cancelled'),
    400: errorResponse('The OTP is missing or not 6 digits'),
    401: errorResponse('Not logged in'),
    409: errorResponse('The OTP was already used, or an item changed meanwhile (nothing was cancelled)'),
    422: errorResponse('Wrong or expired OTP, or too many wrong tries'),
  },
});
const detailRoute = createRoute({
  method: 'get',
  path: '/cancellations/items/{id}',
  tags,
  summary: 'An order item’s cancellations: who cancelled, reasons, status and refund',
  request: { params: RecordIdParams },
  responses: {
    200: json(CancelledItem, 'The item and its cancellations (empty when it has none)'),
    400: errorResponse('Malformed item id'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such order item of this shopper'),
  },
});

export function cancellationRoutes(db: Executor, provider: PaymentProvider | null) {
  const signedIn = requireShopper(db, NOT_LOGGED_IN);
  return createRouter()
    .openapi(guarded(formRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const { order, seller } = c.req.valid('query');
      const form = await cancelForm(db, shopper.id, order, seller ?? null);
      if (!form) return apiError(c, 'NOT_FOUND', CANCEL_MESSAGES.orderNotFound);
      return c.json(form, 200);
    })
    .openapi(guarded(requestRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await requestCancellation(db, shopper.id, c.req.valid('json'));
      switch (result.code) {
        case 'CODE_SENT':
          return c.json({ message: result.message, sentTo: result.sentTo }, 202);
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', result.message);
        case 'INVALID':
          return apiError(c, 'VALIDATION_FAILED', result.message, result.fields);
        case 'ILLEGAL':
          return apiError(c, 'CONFLICT', result.message, { [`item.${result.itemId}`]: result.message });
        case 'RATE_LIMITED':
          c.header('Retry-After', String(result.retryAfterSeconds));
          return apiError(c, 'RATE_LIMITED', result.message);
      }
    })
    .openapi(guarded(verifyRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const result = await confirmCancellation(db, shopper, c.req.valid('json').code);
      switch (result.code) {
        case 'WRONG_CODE':
        case 'CODE_LOCKED':
          return apiError(c, 'UNPROCESSABLE', result.message, { code: result.message });
        case 'CODE_USED':
          return apiError(c, 'CONFLICT', result.message, { code: result.message });
        case 'ILLEGAL':
          return apiError(c, 'CONFLICT', result.message, { [`item.${result.itemId}`]: result.message });
        case 'CANCELLED': {
          // without a payment provider the refund waits for one (ADR-0017)
          if (result.refundPaise > 0 && provider) {
            const order = await ownOrder(db, shopper.id, result.orderNo);
            if (order)
              await sendRefunds(db, provider, {
                orderId: order.id,
                onError: (error, refundId) =>
                  c.get('logger').warn({ err: error, refundId }, 'refund not taken by the provider yet'),
              });
          }
          const message =
            result.refundPaise > 0
              ? `${CANCEL_MESSAGES.cancelled} ${CANCEL_MESSAGES.refundFollows}`
              : CANCEL_MESSAGES.cancelled;
          return c.json(
            {
              message,
              orderNo: result.orderNo,
              refundPaise: result.refundPaise,
              cancelled: result.cancelled,
            },
            200,
          );
        }
      }
    })
    .openapi(guarded(detailRoute, signedIn), async (c) => {
      const shopper = c.get('shopper');
      const found = await cancelledItemDetail(db, shopper.id, c.req.valid('param').id);
      if (!found) return apiError(c, 'NOT_FOUND', CANCEL_MESSAGES.noneFound);
      return c.json(found, 200);
    });
}
