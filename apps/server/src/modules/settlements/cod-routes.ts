import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Executor } from '@marketplace/db';
import {
  CodRemittanceInput,
  CodRemittanceResult,
  OutstandingCod,
  OutstandingCodQuery,
} from '@marketplace/domain/settlement/cod-api';
import { guarded } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { type AuditActor, requireStaff } from '../staff/index.ts';
import { outstandingCod, recordCodRemittance } from './cod.ts';

const tags = ['admin'];
const refusals = {
  401: errorResponse('Not signed in to the console'),
  403: errorResponse('Signed in, but this role does not run settlements'),
};

const outstandingRoute = createRoute({
  method: 'get',
  path: '/admin/settlements/cod',
  tags,
  summary: 'Cash collected on delivery that couriers have not remitted yet, oldest first',
  request: { query: OutstandingCodQuery },
  responses: {
    200: json(OutstandingCod, 'A page of the outstanding collections, and their totals'),
    400: errorResponse('A filter is malformed'),
    ...refusals,
  },
});
const remitRoute = createRoute({
  method: 'post',
  path: '/admin/settlements/cod/remittances',
  tags,
  summary: 'Record a courier’s remittance for some shipments’ cash, with its bank reference',
  request: { body: { content: { 'application/json': { schema: CodRemittanceInput } }, required: true } },
  responses: {
    200: json(
      CodRemittanceResult,
      'What was marked remitted, what was already, and what is not a COD collection',
    ),
    400: errorResponse('No shipments, too many, or a malformed reference'),
    ...refusals,
  },
});

const actorOf = (c: Context<AppEnv>): AuditActor => {
  const staff = c.get('staff');
  return { staffId: staff.id, email: staff.email };
};

/** requirements#settlement: finance staff (and owners) follow and record couriers' COD remittances. */
export function codRoutes(db: Executor, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const finance = requireStaff(db, { area: 'settlements', now });
  return createRouter()
    .openapi(guarded(outstandingRoute, finance), async (c) =>
      c.json(await outstandingCod(db, c.req.valid('query')), 200),
    )
    .openapi(guarded(remitRoute, finance), async (c) =>
      c.json(await recordCodRemittance(db, actorOf(c), c.req.valid('json'), now()), 200),
    );
}
