import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '@marketplace/db';
import {
  CodLimitInput,
  DeliverySettings,
  PincodeChangeInput,
  PincodeChangeResult,
  RateCardRow,
  RateInput,
} from '@marketplace/domain/admin/delivery-api';
import { DELIVERY_TYPES, ZONES } from '@marketplace/domain/delivery/constants';
import { guarded } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import { changePincodes, readDeliverySettings, setCodLimit, updateRate } from './settings.ts';

const TAG = 'admin';
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Not staff, the second factor not entered, or the role does not reach delivery'),
};
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const settingsRoute = createRoute({
  method: 'get',
  path: '/admin/delivery',
  tags: [TAG],
  summary:
    'The delivery rate card, the cash-on-delivery limit, and the pincodes without delivery or cash on delivery',
  responses: { 200: json(DeliverySettings, 'The delivery settings'), ...refusals },
});
const rateRoute = createRoute({
  method: 'put',
  path: '/admin/delivery/rates/{deliveryType}/{zone}',
  tags: [TAG],
  summary: 'Sets one rate of the card: available, charge, days to arrive and cash on delivery',
  request: {
    params: z.object({ deliveryType: z.enum(DELIVERY_TYPES), zone: z.enum(ZONES) }),
    ...body(RateInput),
  },
  responses: {
    200: json(RateCardRow, 'The rate as saved'),
    400: errorResponse('A figure is out of range, or the type or zone unknown'),
    ...refusals,
    404: errorResponse('The card has no such rate'),
    422: errorResponse('Same-day delivery outside the local zone'),
  },
});
const codLimitRoute = createRoute({
  method: 'put',
  path: '/admin/delivery/cod-limit',
  tags: [TAG],
  summary: 'Sets the largest order total that may be paid cash on delivery (₹1 to ₹5,00,000)',
  request: body(CodLimitInput),
  responses: {
    200: json(CodLimitInput, 'The limit in force'),
    400: errorResponse('The limit is out of range'),
    ...refusals,
  },
});
const pincodesRoute = createRoute({
  method: 'post',
  path: '/admin/delivery/pincodes',
  tags: [TAG],
  summary:
    'Stops or restarts delivery, or cash on delivery, to the pincodes of a list or CSV (first column); entries that are not pincodes we know are reported with their lines',
  request: body(PincodeChangeInput),
  responses: {
    200: json(PincodeChangeResult, 'What changed, and the entries left out'),
    400: errorResponse('No change chosen, or the list is missing or too long'),
    ...refusals,
    422: errorResponse('No pincode in the list, or too many'),
  },
});

/** requirements#operator-delivery: the owner changes delivery. `now` is the clock. */
export function deliverySettingsRoutes(db: Database, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const owner = requireStaff(db, { area: 'delivery', now });
  const actorOf = (staff: { id: number; email: string }) => ({ staffId: staff.id, email: staff.email });
  return createRouter()
    .openapi(guarded(settingsRoute, owner), async (c) => c.json(await readDeliverySettings(db), 200))
    .openapi(guarded(rateRoute, owner), async (c) => {
      const { deliveryType, zone } = c.req.valid('param');
      const result = await updateRate(
        db,
        actorOf(c.get('staff')),
        deliveryType,
        zone,
        c.req.valid('json'),
        now(),
      );
      if (result.code === 'NOT_FOUND') return apiError(c, 'NOT_FOUND', 'The card has no such rate.');
      if (result.code === 'REFUSED') return apiError(c, 'UNPROCESSABLE', result.message);
      return c.json(result.rate, 200);
    })
    .openapi(guarded(codLimitRoute, owner), async (c) => {
      const { codLimitPaise } = c.req.valid('json');
      return c.json(await setCodLimit(db, actorOf(c.get('staff')), codLimitPaise, now()), 200);
    })
    .openapi(guarded(pincodesRoute, owner), async (c) => {
      const { change, pincodes } = c.req.valid('json');
      const outcome = await changePincodes(db, actorOf(c.get('staff')), change, pincodes, now());
      if (outcome.code === 'REFUSED')
        return apiError(c, 'UNPROCESSABLE', outcome.message, { pincodes: outcome.message });
      return c.json(outcome.result, 200);
    });
}
