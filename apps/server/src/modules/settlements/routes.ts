import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Executor } from '@marketplace/db';
import {
  ExportQuery,
  monthOf,
  monthStart,
  SETTLEMENT_CONSOLE_MESSAGES,
  shiftMonth,
} from '@marketplace/domain/settlement/console-api';
import {
  SELLER_GST_MESSAGES,
  sellerGstFileName,
  SellerGstMonth,
  table14Csv,
  tcsCreditCsv,
} from '@marketplace/domain/settlement/seller-gst';
import { SellerSettlement, SettlementQuery } from '@marketplace/domain/settlement/settlement-api';
import { statementCsv } from '@marketplace/domain/settlement/statement-csv';
import { guarded, requireSeller } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { payoutStatement, sellerSettlement } from './read.ts';
import { renderStatement } from './statement-pdf.ts';
import { sellerGstMonth, table14Of } from './gst-returns.ts';
import type { AppEnv } from '../../http/context.ts';

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
  summary:
    'The seller’s next payout (cut-off and estimate), its balance, its payouts and a page of its sales with their deductions',
  request: { query: SettlementQuery },
  responses: {
    200: json(SellerSettlement, 'The seller’s payments'),
    400: errorResponse('Page is not a whole number from 1 to 10000'),
    ...sellerOnly,
  },
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

const gstTags = ['Seller GST returns'];
const badMonth = errorResponse('Not a month (YYYY-MM), before 2020, or one that has not begun');
const gstMonthRoute = createRoute({
  method: 'get',
  path: '/seller/gst',
  tags: gstTags,
  summary:
    'The seller’s month for its GST returns: its GSTR-1 Table 14(a) figures (supplies through us, our GSTIN) and the TCS we collected and reported for it in GSTR-8 (its GSTR-2X); the last month that ended when none is chosen',
  request: { query: ExportQuery },
  responses: { 200: json(SellerGstMonth, 'The month'), 400: badMonth, ...sellerOnly },
});
const gstCsvRoute = (kind: 'table-14' | 'tcs-credit', summary: string, columns: string) =>
  createRoute({
    method: 'get',
    path: `/seller/gst/${kind}.csv`,
    tags: gstTags,
    summary,
    request: { query: ExportQuery },
    responses: {
      200: { content: { 'text/csv': { schema: z.string() } }, description: columns },
      400: badMonth,
      ...sellerOnly,
      ...(kind === 'table-14'
        ? { 409: errorResponse('The seller is enrolled without GST registration: it files no GSTR-1') }
        : {}),
    },
  });
const table14Route = gstCsvRoute(
  'table-14',
  'GSTR-1 Table 14(a) for the month: supplies made through the e-commerce operator liable to collect TCS under CGST s. 52, with its GSTIN, the net taxable value and the tax',
  'return_period, nature_of_supply, ecommerce_operator_gstin, ecommerce_operator_name, net value, IGST, CGST, SGST, cess',
);
const tcsCreditRoute = gstCsvRoute(
  'tcs-credit',
  'The seller’s TCS credit for the month: what the operator collected and reported for it in GSTR-8, per place of supply, as its GSTR-2X shows it',
  'return_period, operator GSTIN, supplier GSTIN, place_of_supply, supplies and returns to registered and unregistered, net, TCS IGST/CGST/SGST/total',
);

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
  /** The month asked for (the last that ended when none), or null for one that has not begun. */
  const chosenMonth = (month: string | undefined) => {
    const chosen = month ?? shiftMonth(monthOf(now()), -1);
    const start = monthStart(chosen);
    return start && start.getTime() <= now().getTime() ? chosen : null;
  };
  const notBegun = (c: Context<AppEnv>) =>
    apiError(c, 'VALIDATION_FAILED', SETTLEMENT_CONSOLE_MESSAGES.monthAhead, {
      month: SETTLEMENT_CONSOLE_MESSAGES.monthAhead,
    });
  return createRouter()
    .openapi(guarded(gstMonthRoute, seller), async (c) => {
      const month = chosenMonth(c.req.valid('query').month);
      if (!month) return notBegun(c);
      const { view } = await sellerGstMonth(db, c.get('seller').sellerId, month, now());
      return c.json(view, 200);
    })
    .openapi(guarded(table14Route, seller), async (c) => {
      const month = chosenMonth(c.req.valid('query').month);
      if (!month) return notBegun(c);
      const { view, documents } = await sellerGstMonth(db, c.get('seller').sellerId, month, now());
      if (!view.registered) return apiError(c, 'CONFLICT', SELLER_GST_MESSAGES.notRegistered);
      return download(
        'text/csv; charset=utf-8',
        sellerGstFileName('table-14', month),
        table14Csv(month, table14Of(documents)),
      );
    })
    .openapi(guarded(tcsCreditRoute, seller), async (c) => {
      const month = chosenMonth(c.req.valid('query').month);
      if (!month) return notBegun(c);
      const { gstr8 } = await sellerGstMonth(db, c.get('seller').sellerId, month, now());
      return download(
        'text/csv; charset=utf-8',
        sellerGstFileName('tcs-credit', month),
        tcsCreditCsv(month, gstr8.operatorGstin, gstr8.table3),
      );
    })
    .openapi(guarded(settlementRoute, seller), async (c) =>
      c.json(
        await sellerSettlement(db, c.get('seller').sellerId, now(), c.req.valid('query').page ?? 1),
        200,
      ),
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
