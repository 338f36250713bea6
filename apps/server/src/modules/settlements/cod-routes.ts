import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Executor } from '@marketplace/db';
import { formatInr } from '@marketplace/domain/money/money';
import {
  COD_REMITTANCE_MESSAGES as M,
  CodReceivableQuery,
  CodReceivables,
  CodRemittanceInput,
  CodRemittanceResult,
  CodSettlementInput,
  CodSettlementResult,
  OutstandingCod,
  OutstandingCodQuery,
} from '@marketplace/domain/settlement/cod-api';
import { guarded } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { type AuditActor, requireStaff } from '../staff/index.ts';
import { outstandingCod, recordCodRemittance } from './cod.ts';
import { listCodReceivables, settleCodReceivable } from './cod-receivables.ts';

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
  summary: 'Record a courier’s bank transfer for some parcels’ cash: its UTR, day, amount and deductions',
  description:
    'Money in paise. The parcels are all marked remitted (their items become payable to their sellers) or none. COD charges and freight set off are the marketplace’s cost; short payments and whatever the transfer leaves unexplained stay owed by the courier (a receivable) until a later transfer or a write-off settles them.',
  request: { body: { content: { 'application/json': { schema: CodRemittanceInput } }, required: true } },
  responses: {
    200: json(CodRemittanceResult, 'Recorded: the parcels covered, the sums and what stays owed'),
    400: errorResponse('No shipments, too many, a malformed UTR, day or amount'),
    ...refusals,
    409: errorResponse('The UTR is recorded already, or a parcel is covered by an earlier remittance'),
    422: errorResponse(
      'A parcel is not a delivered COD parcel or is another courier’s, the day is after today, or the transfer and deductions exceed the parcels’ cash',
    ),
  },
});
const receivablesRoute = createRoute({
  method: 'get',
  path: '/admin/settlements/cod/receivables',
  tags,
  summary:
    'What couriers still owe after their remittances (short payments, unexplained rests), newest first',
  request: { query: CodReceivableQuery },
  responses: {
    200: json(CodReceivables, 'A page of open receivables with their parcels, and the open total by courier'),
    400: errorResponse('A filter is malformed'),
    ...refusals,
  },
});
const settleRoute = createRoute({
  method: 'post',
  path: '/admin/settlements/cod/receivables/{remittanceId}/settlements',
  tags,
  summary:
    'Settle what a courier still owes on a remittance: a later transfer (its UTR) or a write-off (a reason)',
  request: {
    params: z.object({
      remittanceId: z
        .string()
        .regex(/^[1-9]\d{0,8}$/, 'Not a remittance number.')
        .transform(Number),
    }),
    body: { content: { 'application/json': { schema: CodSettlementInput } }, required: true },
  },
  responses: {
    200: json(CodSettlementResult, 'Recorded: what stays open'),
    400: errorResponse('A malformed amount, UTR, reason or day'),
    ...refusals,
    404: errorResponse('No remittance with a receivable has this number'),
    409: errorResponse('The UTR is recorded already'),
    422: errorResponse('More than is open, or a day after today'),
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
    .openapi(guarded(remitRoute, finance), async (c) => {
      const outcome = await recordCodRemittance(db, actorOf(c), c.req.valid('json'), now());
      switch (outcome.code) {
        case 'RECORDED':
          return c.json(outcome.result, 200);
        case 'DUPLICATE_REFERENCE':
          return apiError(c, 'CONFLICT', M.duplicateReference, { reference: M.duplicateReference });
        case 'ALREADY_REMITTED':
          return apiError(c, 'CONFLICT', M.alreadyRemitted(outcome.invoiceNos), {
            invoiceNos: M.alreadyRemitted(outcome.invoiceNos),
          });
        case 'UNKNOWN':
          return apiError(c, 'UNPROCESSABLE', M.unknown(outcome.invoiceNos), {
            invoiceNos: M.unknown(outcome.invoiceNos),
          });
        case 'OTHER_CARRIER':
          return apiError(c, 'UNPROCESSABLE', M.otherCarrier(outcome.invoiceNos), {
            invoiceNos: M.otherCarrier(outcome.invoiceNos),
          });
        case 'MORE_THAN_OWED': {
          const message = M.moreThanOwed(formatInr(outcome.overPaise));
          return apiError(c, 'UNPROCESSABLE', message, { remittedPaise: message });
        }
        case 'FUTURE_DAY':
          return apiError(c, 'UNPROCESSABLE', M.remittedOn, { remittedOn: M.remittedOn });
      }
    })
    .openapi(guarded(receivablesRoute, finance), async (c) =>
      c.json(await listCodReceivables(db, c.req.valid('query')), 200),
    )
    .openapi(guarded(settleRoute, finance), async (c) => {
      const outcome = await settleCodReceivable(
        db,
        actorOf(c),
        c.req.valid('param').remittanceId,
        c.req.valid('json'),
        now(),
      );
      switch (outcome.code) {
        case 'SETTLED':
          return c.json(outcome.result, 200);
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', M.notFound);
        case 'DUPLICATE_REFERENCE':
          return apiError(c, 'CONFLICT', M.duplicateReference, { reference: M.duplicateReference });
        case 'MORE_THAN_OPEN':
          return apiError(c, 'UNPROCESSABLE', M.moreThanOpen, { amountPaise: M.moreThanOpen });
        case 'FUTURE_DAY':
          return apiError(c, 'UNPROCESSABLE', M.remittedOn, { settledOn: M.remittedOn });
      }
    });
}
