// ADR-0058: after a failed delivery attempt: the shopper's choice on the tracking page, and the
// seller's NDR queue in Seller Central.
import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import {
  NDR_MESSAGES,
  NdrChoiceInput,
  NdrQueue,
  NdrView,
  SellerNdrInput,
} from '@marketplace/domain/orders/ndr';
import type { Context } from 'hono';
import { guarded, requireSeller, requireShopper } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import type { AppEnv } from '../../http/context.ts';
import { chooseNdr, type NdrChoiceResult, ndrView, sellerNdrQueue } from './ndr.ts';
import type { CourierNdr } from './provider.ts';

const InvoiceParams = z.object({
  invoiceNo: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/, 'The shipment is 1 to 40 letters, digits or dashes.')
    .openapi({ param: { name: 'invoiceNo', in: 'path' }, example: 'SHP-20261120107331-1' }),
});
const Chosen = z
  .object({ success: z.literal(true), message: z.string(), ndr: NdrView })
  .meta({ id: 'NdrChosen' });
const choiceResponses = {
  200: json(Chosen, 'Sent to the courier'),
  400: errorResponse('Malformed choice, or a day outside the next three'),
  401: errorResponse('Not logged in'),
  404: errorResponse('No such courier shipment of this shopper or seller'),
  409: errorResponse('Not waiting for a choice, or a choice was already sent for this attempt'),
  422: errorResponse('The courier refused the choice'),
  503: errorResponse('The courier could not be reached'),
};

const viewRoute = createRoute({
  method: 'get',
  path: '/my-orders/shipments/{invoiceNo}/ndr',
  tags: ['Orders'],
  summary: 'After a failed delivery attempt: the attempts, the choice made and the days offered',
  request: { params: InvoiceParams },
  responses: {
    200: json(NdrView, 'The parcel’s failed attempts and the choice'),
    400: errorResponse('Malformed reference'),
    401: errorResponse('Not logged in'),
    404: errorResponse('No such courier shipment of this shopper'),
  },
});
const chooseRoute = createRoute({
  method: 'post',
  path: '/my-orders/shipments/{invoiceNo}/ndr',
  tags: ['Orders'],
  summary: 'The shopper’s choice after a failed delivery attempt, sent to the courier',
  description:
    'Another attempt on one of the next three days, a corrected address (and phone) or phone, or send the parcel back to the seller (the order is refunded). One choice per attempt: a second answers 409.',
  request: {
    params: InvoiceParams,
    body: { required: true, content: { 'application/json': { schema: NdrChoiceInput } } },
  },
  responses: choiceResponses,
});
const queueRoute = createRoute({
  method: 'get',
  path: '/seller/ndr',
  tags: ['Seller fulfilment'],
  summary: 'The seller’s NDR queue: courier parcels with a failed delivery attempt',
  responses: {
    200: json(NdrQueue, 'The parcels, newest first'),
    401: errorResponse('Not logged in'),
    403: errorResponse('Logged in, but not as a seller'),
  },
});
const sellerChooseRoute = createRoute({
  method: 'post',
  path: '/seller/shipments/{invoiceNo}/ndr',
  tags: ['Seller fulfilment'],
  summary: 'The seller’s choice after a failed delivery attempt: another attempt, or back to the seller',
  request: {
    params: InvoiceParams,
    body: { required: true, content: { 'application/json': { schema: SellerNdrInput } } },
  },
  responses: { ...choiceResponses, 403: errorResponse('Logged in, but not as a seller') },
});

function answer(c: Context<AppEnv>, result: NdrChoiceResult) {
  switch (result.code) {
    case 'NOT_FOUND':
      return apiError(c, 'NOT_FOUND', NDR_MESSAGES.shipmentNotFound);
    case 'BAD_DATE':
      return apiError(c, 'VALIDATION_FAILED', NDR_MESSAGES.date);
    case 'NOT_AWAITING':
      return apiError(c, 'CONFLICT', NDR_MESSAGES.notAwaiting);
    case 'ALREADY_CHOSEN':
      return apiError(c, 'CONFLICT', NDR_MESSAGES.alreadyChosen);
    case 'REFUSED':
      return apiError(c, 'UNPROCESSABLE', NDR_MESSAGES.refused(result.reason));
    case 'UNAVAILABLE':
      return apiError(c, 'UPSTREAM_UNAVAILABLE', NDR_MESSAGES.unavailable);
    case 'ACCEPTED':
      return c.json({ success: true as const, message: result.message, ndr: result.view }, 200);
  }
}

export function ndrRoutes(db: Executor, courier: CourierNdr, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const shopper = requireShopper(db, 'Please log in to see your orders.');
  const seller = requireSeller(db, { evenSuspended: true });
  return createRouter()
    .openapi(guarded(viewRoute, shopper), async (c) => {
      const view = await ndrView(
        db,
        { kind: 'shopper', userId: c.get('shopper').id },
        c.req.valid('param').invoiceNo,
        now(),
      );
      if (!view) return apiError(c, 'NOT_FOUND', NDR_MESSAGES.shipmentNotFound);
      return c.json(view, 200);
    })
    .openapi(guarded(chooseRoute, shopper), async (c) => {
      const result = await chooseNdr(
        db,
        courier,
        { kind: 'shopper', userId: c.get('shopper').id },
        c.req.valid('param').invoiceNo,
        c.req.valid('json'),
        now(),
      );
      return answer(c, result);
    })
    .openapi(guarded(queueRoute, seller), async (c) =>
      c.json(await sellerNdrQueue(db, c.get('seller').sellerId, now()), 200),
    )
    .openapi(guarded(sellerChooseRoute, seller), async (c) => {
      const result = await chooseNdr(
        db,
        courier,
        { kind: 'seller', sellerId: c.get('seller').sellerId },
        c.req.valid('param').invoiceNo,
        c.req.valid('json'),
        now(),
      );
      return answer(c, result);
    });
}
