import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Executor } from '@marketplace/db';
import {
  GST_RATE_MESSAGES as M,
  GstRateRowAdded,
  GstRateRowInput,
  GstRateSchedule,
  HsnOptions,
  HsnQuery,
} from '@marketplace/domain/tax/rates-api';
import { guarded, requireSeller } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import { addScheduleRow, hsnOptions, listSchedule } from './service.ts';

const BASE = '/admin/settlements/gst-rates';
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse(
    'Not staff, the second factor not entered in this session, or the role (owner and finance only) does not reach settlements',
  ),
};

const listRoute = createRoute({
  method: 'get',
  path: BASE,
  tags: ['admin'],
  summary: 'The GST rate schedule: every row by HSN prefix and date, past, in force or scheduled',
  responses: { 200: json(GstRateSchedule, 'The schedule'), ...refusals },
});
const addRoute = createRoute({
  method: 'post',
  path: BASE,
  tags: ['admin'],
  summary: 'Add a GST rate taking effect on a later day (settlement.gst-rate-add); rows are never edited',
  description:
    'Rates in basis points (1800 is 18 %): 0, 25, 150, 300, 500, 1800 or 4000. An optional per-piece threshold in paise with the rate above it. `effectiveFrom` is an Indian day after today.',
  request: { body: { content: { 'application/json': { schema: GstRateRowInput } }, required: true } },
  responses: {
    201: json(GstRateRowAdded, 'Added'),
    400: errorResponse(
      'A field is missing or wrong, the day is not after today, or the prefix has a row that day',
    ),
    ...refusals,
  },
});
const hsnRoute = createRoute({
  method: 'get',
  path: '/seller/hsn-codes',
  tags: ['seller'],
  summary: 'HSN codes a seller picks from for a listing, with the rate each carries today',
  request: { query: HsnQuery },
  responses: {
    200: json(HsnOptions, 'Up to 20 codes'),
    400: errorResponse('A search too long or with control characters'),
    401: errorResponse('Not logged in'),
    403: errorResponse('Not an approved seller'),
  },
});

const actorOf = (c: Context<AppEnv>) => {
  const member = c.get('staff');
  return { staffId: member.id, email: member.email };
};

/** requirements#gst-tax: the schedule in the console (finance and owners) and the sellers' HSN picker. */
export function gstRateRoutes(db: Executor, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const finance = requireStaff(db, { area: 'settlements', now });
  return createRouter()
    .openapi(guarded(listRoute, finance), async (c) => c.json(await listSchedule(db, now()), 200))
    .openapi(guarded(addRoute, finance), async (c) => {
      const result = await addScheduleRow(db, actorOf(c), c.req.valid('json'), now());
      if (result.code === 'INVALID') return apiError(c, 'VALIDATION_FAILED', result.message, result.fields);
      return c.json({ message: M.added, row: result.row }, 201);
    })
    .openapi(guarded(hsnRoute, requireSeller(db)), async (c) =>
      c.json(await hsnOptions(db, c.get('seller').sellerId, c.req.valid('query').q, now()), 200),
    );
}
