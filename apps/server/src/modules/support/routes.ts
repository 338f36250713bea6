import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import {
  FailedRefundsPage,
  FailedRefundsQuery,
  OrderSearchPage,
  OrderSearchQuery,
  ShipmentLostInput,
  SUPPORT_MESSAGES,
  SupportCancelInput,
  SupportDone,
  SupportOrder,
} from '@marketplace/domain/admin/support-api';
import type { Context } from 'hono';
import { guarded } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { sendRefunds } from '../refunds/index.ts';
import { recordRead, requireStaff } from '../staff/index.ts';
import { failedRefunds } from './failed-refunds.ts';
import { findOrders } from './find-orders.ts';
import { orderLife } from './order-life.ts';
import {
  cancelItemsForShopper,
  markShipmentLost,
  retryFailedRefund,
  type SupportActionResult,
} from './support-actions.ts';

const TAG = 'admin';
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse(
    'Not staff, the second factor not entered in this session, or the role does not reach orders',
  ),
};
const Reference = (name: string, example: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/, `The ${name} is 1 to 40 letters, digits or dashes.`)
    .openapi({ param: { name, in: 'path' }, example });
const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});
const actionAnswers = {
  200: json(SupportDone, 'Done'),
  400: errorResponse('The input is malformed'),
  ...refusals,
  404: errorResponse('No such order, item, refund or shipment'),
  409: errorResponse('The item’s state machine refuses it now (its message says why)'),
  422: errorResponse('A reason not on the list'),
};

const searchRoute = createRoute({
  method: 'get',
  path: '/admin/orders',
  tags: [TAG],
  summary:
    'The latest orders, or those found by number, the shopper’s email or mobile, or a seller’s name or email, by tab (the state of their items), Indian days, seller and payment mode, newest first, with each tab’s count',
  request: { query: OrderSearchQuery },
  responses: {
    200: json(OrderSearchPage, 'A page of orders'),
    400: errorResponse('A filter or the search text is malformed'),
    ...refusals,
  },
});
const orderRoute = createRoute({
  method: 'get',
  path: '/admin/orders/{orderNo}',
  tags: [TAG],
  summary:
    'An order’s whole life: items, payments, shipments and tracking, requests, refunds, messages and what was sent to the shopper',
  request: { params: z.object({ orderNo: Reference('orderNo', 'OD202611280123456789') }) },
  responses: {
    200: json(SupportOrder, 'The order'),
    400: errorResponse('Not an order number'),
    ...refusals,
    404: errorResponse('No such order'),
  },
});
const cancelRoute = createRoute({
  method: 'post',
  path: '/admin/orders/{orderNo}/cancellations',
  tags: [TAG],
  summary:
    'Cancels items for the shopper (no code; a reason and an audit entry): stock goes back and a paid order’s refund starts',
  request: {
    params: z.object({ orderNo: Reference('orderNo', 'OD202611280123456789') }),
    ...body(SupportCancelInput),
  },
  responses: actionAnswers,
});
const retryRoute = createRoute({
  method: 'post',
  path: '/admin/refunds/{id}/retry',
  tags: [TAG],
  summary: 'Sends a failed refund once more, as its next attempt',
  request: { params: RecordIdParams },
  responses: actionAnswers,
});
const lostRoute = createRoute({
  method: 'post',
  path: '/admin/shipments/{invoiceNo}/lost',
  tags: [TAG],
  summary: 'Marks a shipment lost in transit; the state machine decides the refund',
  request: {
    params: z.object({ invoiceNo: Reference('invoiceNo', 'INV-SLR-000001') }),
    ...body(ShipmentLostInput),
  },
  responses: actionAnswers,
});
const failedRoute = createRoute({
  method: 'get',
  path: '/admin/refunds/failed',
  tags: [TAG],
  summary: 'Refunds that failed their last attempt, waiting for an operator, the longest waiting first',
  request: { query: FailedRefundsQuery },
  responses: {
    200: json(FailedRefundsPage, 'A page of failed refunds'),
    400: errorResponse('A malformed page'),
    ...refusals,
  },
});

/** requirements#operator-support: support in the console. `now` is the clock (tests move it). */
export function supportRoutes(
  db: Database,
  provider: PaymentProvider | null,
  options: { now?: () => Date } = {},
) {
  const now = () => options.now?.() ?? new Date();
  const support = requireStaff(db, { area: 'orders', now });
  const actor = (c: Context<AppEnv>) => {
    const { id, email } = c.get('staff');
    return { staffId: id, email };
  };
  async function answer(c: Context<AppEnv>, result: SupportActionResult) {
    switch (result.code) {
      case 'DONE':
        // the refund goes to the provider at once, as after a shopper's own cancellation; without
        // one it waits for the refund job (ADR-0017)
        if (result.refundPaise > 0 && provider)
          await sendRefunds(db, provider, {
            orderId: result.orderId,
            onError: (error, refundId) =>
              c.get('logger').warn({ err: error, refundId }, 'refund not taken by the provider yet'),
          });
        return c.json({ success: true as const, message: result.message }, 200);
      case 'NOT_FOUND':
        return apiError(c, 'NOT_FOUND', result.message);
      case 'INVALID':
        return apiError(c, 'UNPROCESSABLE', result.message, result.fields);
      case 'ILLEGAL':
        return apiError(c, 'CONFLICT', result.message);
    }
  }
  return createRouter()
    .openapi(guarded(searchRoute, support), async (c) =>
      c.json(await findOrders(db, c.req.valid('query')), 200),
    )
    .openapi(guarded(failedRoute, support), async (c) =>
      c.json(await failedRefunds(db, c.req.valid('query').page), 200),
    )
    .openapi(guarded(orderRoute, support), async (c) => {
      const order = await orderLife(db, c.req.valid('param').orderNo.toUpperCase());
      if (!order) return apiError(c, 'NOT_FOUND', SUPPORT_MESSAGES.orderNotFound);
      // requirements#staff-security-events: a shopper's order opened by staff is written to the audit log
      const reader = c.get('staff');
      await recordRead(
        db,
        { staffId: reader.id, email: reader.email },
        { action: 'read.shopper-order', orderNo: order.orderNo },
      );
      return c.json(order, 200);
    })
    .openapi(guarded(cancelRoute, support), async (c) =>
      answer(
        c,
        await cancelItemsForShopper(
          db,
          actor(c),
          c.req.valid('param').orderNo.toUpperCase(),
          c.req.valid('json'),
          now(),
        ),
      ),
    )
    .openapi(guarded(retryRoute, support), async (c) =>
      answer(c, await retryFailedRefund(db, actor(c), c.req.valid('param').id, now())),
    )
    .openapi(guarded(lostRoute, support), async (c) =>
      answer(
        c,
        await markShipmentLost(db, actor(c), c.req.valid('param').invoiceNo, c.req.valid('json').note, now()),
      ),
    );
}
