import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { SellerSettlement } from '@marketplace/domain/settlement/settlement-api';
import { statementCsv } from '@marketplace/domain/settlement/statement-csv';
import { guarded, requireSeller } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { payoutStatement, sellerSettlement } from './read.ts';
import { renderStatement } from './statement-pdf.ts';

const tags = ['Seller payments'];
export const PAYOUT_NOT_FOUND = 'No such payout.';
const sellerOnly = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Not a seller'),
};

const settlementRoute = createRoute({
  method: 'get',
  path: '/seller/settlement',
  tags,
  summary: 'The seller’s balance, its next payout’s cut-off, its payouts and latest ledger entries',
  responses: { 200: json(SellerSettlement, 'The seller’s payments'), ...sellerOnly },
});
const statementCsvRoute = createRoute({
  method: 'get',
  path: '/seller/payouts/{id}/statement.csv',
  tags,
  summary: 'One of the seller’s payouts: its statement as CSV',
  request: { params: RecordIdParams },
  responses: {
    200: {
      content: { 'text/csv': { schema: z.string() } },
      description: 'date, order, product, document, entry, amount_inr',
    },
    400: errorResponse('Malformed id'),
    ...sellerOnly,
    404: errorResponse('No such payout of this seller'),
  },
});
const statementPdfRoute = createRoute({
  method: 'get',
  path: '/seller/payouts/{id}/statement.pdf',
  tags,
  summary: 'One of the seller’s payouts: its statement as PDF',
  request: { params: RecordIdParams },
  responses: {
    200: {
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
      description: 'The statement',
    },
    400: errorResponse('Malformed id'),
    ...sellerOnly,
    404: errorResponse('No such payout of this seller'),
  },
});

const download = (type: string, name: string, body: string | Uint8Array<ArrayBuffer>) =>
  new Response(body, {
    status: 200,
    headers: {
      'Content-Type': type,
      'Cache-Control': 'private, no-store',
      'Content-Disposition': `attachment; filename="${name}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  });

/**
 * requirements#settlement: the seller reads its own balance, payouts and statements (even while
 * suspended: it is still owed its money); another seller's payout answers 404.
 */
export function sellerSettlementRoutes(db: Executor, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const seller = requireSeller(db, { evenSuspended: true });
  return createRouter()
    .openapi(guarded(settlementRoute, seller), async (c) =>
      c.json(await sellerSettlement(db, c.get('seller').sellerId, now()), 200),
    )
    .openapi(guarded(statementCsvRoute, seller), async (c) => {
      const statement = await payoutStatement(db, c.get('seller').sellerId, c.req.valid('param').id);
      if (!statement) return apiError(c, 'NOT_FOUND', PAYOUT_NOT_FOUND);
      const csv = statementCsv({
        openingPaise: statement.openingPaise,
        payoutPaise: statement.payout.amountPaise,
        lines: statement.lines,
      });
      return download('text/csv; charset=utf-8', `payout-${statement.payout.id}-statement.csv`, csv);
    })
    .openapi(guarded(statementPdfRoute, seller), async (c) => {
      const statement = await payoutStatement(db, c.get('seller').sellerId, c.req.valid('param').id);
      if (!statement) return apiError(c, 'NOT_FOUND', PAYOUT_NOT_FOUND);
      const pdf = await renderStatement(statement);
      return download('application/pdf', `payout-${statement.payout.id}-statement.pdf`, new Uint8Array(pdf));
    });
}
