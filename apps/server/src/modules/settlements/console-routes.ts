import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Executor } from '@marketplace/db';
import {
  BalanceQuery,
  CommissionRuleInput,
  CommissionRuleList,
  CommissionRuleSaved,
  ConsolePayoutPage,
  type ExportKind,
  exportFileName,
  ExportQuery,
  ExportsSummary,
  FeeInvoicesIssued,
  feeInvoicesIssuedMessage,
  gstr8JsonFileName,
  isMonthEnded,
  MonthInput,
  monthOf,
  monthStart,
  PayoutQuery,
  PayoutRetried,
  payoutCutoffAheadMessage,
  payoutRetriedMessage,
  RuleTarget,
  RuleTargetQuery,
  SETTLEMENT_CONSOLE_MESSAGES as M,
  SellerBalancePage,
  shiftMonth,
} from '@marketplace/domain/settlement/console-api';
import { feeInvoicesCsv, salesRegisterCsv, tdsCsv } from '@marketplace/domain/settlement/exports-csv';
import { gstr8Csv, gstr8Json, Gstr8JsonSchema } from '@marketplace/domain/settlement/gstr8';
import { MARKETPLACE_OPERATOR } from '@marketplace/domain/tax/document-view';
import { guarded } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { recordRead, requireStaff } from '../staff/index.ts';
import { addRule, findTarget, listBalances, listPayouts, listRules, retryPayout } from './console.ts';
import { momentToIndianDay } from '@marketplace/domain/marketing/promotions';
import { exportsSummary, feeInvoiceLines, salesRegister, tdsExport } from './exports.ts';
import { issueFeeInvoices } from './fee-invoices.ts';
import { gstr8Export } from './gst-returns.ts';
import type { TurnoverBand } from '@marketplace/domain/tax/rates';
import { OPERATOR_TURNOVER_BAND_DEFAULT } from '@marketplace/domain/settlement/fee-invoices';

const TAG = 'admin';
const BASE = '/admin/settlements';
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse(
    'Not staff, the second factor not entered in this session, or the role (owner and finance only) does not reach settlements',
  ),
};

const rulesList = createRoute({
  method: 'get',
  path: `${BASE}/rules`,
  tags: [TAG],
  summary:
    'Commission rules: for each target the rule in force and those scheduled after it; the categories a rule may name',
  responses: { 200: json(CommissionRuleList, 'The rules'), ...refusals },
});
const ruleAdd = createRoute({
  method: 'post',
  path: `${BASE}/rules`,
  tags: [TAG],
  summary: 'Add a commission rule (settlement.rule-add); rules are never edited, a later one replaces it',
  description:
    'Money in paise, the commission in basis points (1250 is 12.5 %). `effectiveFrom` is an Indian day after today: the rule applies from 00:00 IST that day to sales invoiced from then on, until a later rule for the same target starts.',
  request: { body: { content: { 'application/json': { schema: CommissionRuleInput } }, required: true } },
  responses: {
    201: json(CommissionRuleSaved, 'Added'),
    400: errorResponse(
      'A field is missing or wrong, the day is not after today, or the target does not exist',
    ),
    ...refusals,
  },
});
const targetRoute = createRoute({
  method: 'get',
  path: `${BASE}/targets`,
  tags: [TAG],
  summary: 'The name of the category, seller or product a rule would apply to',
  request: { query: RuleTargetQuery },
  responses: {
    200: json(RuleTarget, 'Found'),
    400: errorResponse('Malformed scope or id'),
    ...refusals,
    404: errorResponse('Nothing of this kind has this id'),
  },
});
const payoutsRoute = createRoute({
  method: 'get',
  path: `${BASE}/payouts`,
  tags: [TAG],
  summary: 'Sellers’ payouts, newest first, by status, 25 a page',
  request: { query: PayoutQuery },
  responses: {
    200: json(ConsolePayoutPage, 'A page of payouts'),
    400: errorResponse('Bad filter'),
    ...refusals,
  },
});
const balancesRoute = createRoute({
  method: 'get',
  path: `${BASE}/balances`,
  tags: [TAG],
  summary: 'Each seller with ledger entries: payable now and waiting for return windows, the largest first',
  request: { query: BalanceQuery },
  responses: {
    200: json(SellerBalancePage, 'A page of balances'),
    400: errorResponse('Bad page'),
    ...refusals,
  },
});
const summaryRoute = createRoute({
  method: 'get',
  path: `${BASE}/exports`,
  tags: [TAG],
  summary:
    'A month’s documents, TCS, TDS and fees, and its files (the last month that ended when none is chosen)',
  request: { query: ExportQuery },
  responses: {
    200: json(ExportsSummary, 'The month'),
    400: errorResponse('Not a month, or one that has not begun'),
    ...refusals,
  },
});
const csvRoute = (kind: ExportKind, summary: string, columns: string) =>
  createRoute({
    method: 'get',
    path: `${BASE}/exports/${kind}.csv`,
    tags: [TAG],
    summary,
    request: { query: ExportQuery },
    responses: {
      200: { content: { 'text/csv': { schema: z.string() } }, description: columns },
      400: errorResponse('Not a month, or one that has not begun'),
      ...refusals,
      ...(kind === 'fee-invoices'
        ? { 409: errorResponse('The month has not ended, or its fee invoices are not issued yet') }
        : {}),
    },
  });
const tcsRoute = csvRoute(
  'tcs',
  'GSTR-8 (TCS under CGST section 52): Table 3 per supplier GSTIN and place of supply, supplies to registered and unregistered recipients and their returns, the net and the TCS the ledger holds as IGST/CGST/SGST; Table 4 amendments with their original period; enrolled suppliers apart without TCS',
  'table, original_period, original_supplier_gstin, supplier_gstin, supplier_legal_name, place_of_supply, supply, supplies/returns to registered and unregistered, net amount liable for TCS, TCS IGST/CGST/SGST/total',
);
const gstr8JsonRoute = createRoute({
  method: 'get',
  path: `${BASE}/exports/gstr8.json`,
  tags: [TAG],
  summary:
    'GSTR-8 as the GST portal’s offline tool takes it: gstin, fp (MMYYYY), tcs (Table 3 per supplier GSTIN), tcsa (Table 4 with ofp and ostin), urd (enrolled suppliers)',
  request: { query: ExportQuery },
  responses: {
    200: json(Gstr8JsonSchema, 'The return'),
    400: errorResponse('Not a month, or one that has not begun'),
    ...refusals,
  },
});
const tdsRoute = csvRoute(
  'tds',
  'TDS on the month’s credits under the law in force on their date (section 194-O of the Income-tax Act, 1961 to 31 Mar 2026; section 393(1) Table Sl. No. 8(v) of the Income-tax Act, 2025 from 1 Apr 2026): per PAN, taxable values and the TDS the ledger deducted (net of returns), with a totals line',
  'section, pan, pan_holder, seller_legal_names, gross/returned/net taxable, rate, TDS deducted',
);
const registerRoute = csvRoute(
  'sales-register',
  'Every line of every invoice and credit note issued in the month (credit notes negative), with a totals line',
  'document, seller and buyer GSTINs, place of supply, HSN, quantity, taxable, rate, CGST, SGST, IGST, total',
);
const feeCsvRoute = csvRoute(
  'fee-invoices',
  'The marketplace’s fee invoices to sellers for an ended month (commission, closing and shipping fees, GST at 18 %), with a totals line',
  'number, date, seller, fees, CGST/SGST or IGST, total',
);
const feeIssueRoute = createRoute({
  method: 'post',
  path: `${BASE}/fee-invoices`,
  tags: [TAG],
  summary:
    'Issue an ended month’s fee invoices in the operator’s series (FEE26-27/000001); asking again keeps their numbers (settlement.fee-invoices)',
  request: { body: { content: { 'application/json': { schema: MonthInput } }, required: true } },
  responses: {
    201: json(FeeInvoicesIssued, 'Issued'),
    200: json(FeeInvoicesIssued, 'Issued already: nothing new'),
    400: errorResponse('Not a month'),
    ...refusals,
    409: errorResponse('The month has not ended'),
  },
});

const payoutRetry = createRoute({
  method: 'post',
  path: `${BASE}/payouts/{id}/retry`,
  tags: [TAG],
  summary:
    'Retry a payout the rail refused or the bank returned (settlement.payout-retry): the seller’s payable balance is paid now as a new payout and the hold is lifted',
  request: { params: RecordIdParams },
  responses: {
    201: json(PayoutRetried, 'Retried: a new payout, or the hold lifted with nothing payable'),
    400: errorResponse('Not a payout id'),
    ...refusals,
    404: errorResponse('No payout has this id'),
    409: errorResponse(
      'Not refused, failed or reversed; retried already; the seller has no bank account; or the seller’s latest cut-off is later than now',
    ),
  },
});

const actorOf = (c: Context<AppEnv>) => {
  const staff = c.get('staff');
  return { staffId: staff.id, email: staff.email };
};

/**
 * requirements#settlement (ADR-0036): finance staff and owners read and add commission rules, follow
 * payouts and balances, and download a month's TCS, TDS, sales register and fee invoices. `now` is
 * the clock.
 */
export function settlementConsoleRoutes(
  db: Executor,
  options: { now?: () => Date; operatorBand?: TurnoverBand } = {},
) {
  const operatorBand = options.operatorBand ?? OPERATOR_TURNOVER_BAND_DEFAULT;
  const now = () => options.now?.() ?? new Date();
  const finance = requireStaff(db, { area: 'settlements', now });
  /** The month asked for (the last that ended when none), or null for one that has not begun. */
  const chosenMonth = (month: string | undefined) => {
    const chosen = month ?? shiftMonth(monthOf(now()), -1);
    const start = monthStart(chosen);
    return start && start.getTime() <= now().getTime() ? chosen : null;
  };
  const notBegun = (c: Context<AppEnv>) =>
    apiError(c, 'VALIDATION_FAILED', M.monthAhead, { month: M.monthAhead });
  // requirements#staff-security-events: each export (PANs, GSTINs, buyers' names) read is written to the audit log
  const csv = async (c: Context<AppEnv>, kind: ExportKind, month: string, body: string) => {
    const reader = c.get('staff');
    await recordRead(
      db,
      { staffId: reader.id, email: reader.email },
      { action: 'read.finance-export', export: kind, month },
      now(),
    );
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(kind, month)}"`,
      'X-Content-Type-Options': 'nosniff',
    });
  };
  return createRouter()
    .openapi(guarded(rulesList, finance), async (c) => c.json(await listRules(db, now()), 200))
    .openapi(guarded(ruleAdd, finance), async (c) => {
      const result = await addRule(db, actorOf(c), c.req.valid('json'), now());
      if (result.code === 'INVALID') return apiError(c, 'VALIDATION_FAILED', result.message, result.fields);
      return c.json({ message: M.ruleAdded, rule: result.rule }, 201);
    })
    .openapi(guarded(targetRoute, finance), async (c) => {
      const { scope, id } = c.req.valid('query');
      const name = await findTarget(db, scope, id);
      return name === null ? apiError(c, 'NOT_FOUND', M.targetNotFound) : c.json({ scope, id, name }, 200);
    })
    .openapi(guarded(payoutsRoute, finance), async (c) =>
      c.json(await listPayouts(db, c.req.valid('query')), 200),
    )
    .openapi(guarded(payoutRetry, finance), async (c) => {
      const result = await retryPayout(db, actorOf(c), c.req.valid('param').id, now());
      switch (result.code) {
        case 'RETRIED':
          return c.json(
            {
              message: payoutRetriedMessage(result.amountPaise),
              payoutId: result.payoutId,
              amountPaise: result.amountPaise,
            },
            201,
          );
        case 'NOT_FOUND':
          return apiError(c, 'NOT_FOUND', M.payoutNotFound);
        case 'NOT_RETURNED':
          return apiError(c, 'CONFLICT', M.payoutNotReturned);
        case 'ALREADY_RELEASED':
          return apiError(c, 'CONFLICT', M.payoutReleased);
        case 'NO_BANK_ACCOUNT':
          return apiError(c, 'CONFLICT', M.payoutNoBankAccount);
        case 'ACCOUNT_HELD':
          return apiError(c, 'CONFLICT', M.payoutAccountHeld);
        case 'CUTOFF_AHEAD':
          return apiError(c, 'CONFLICT', payoutCutoffAheadMessage(momentToIndianDay(result.latest)));
      }
    })
    .openapi(guarded(balancesRoute, finance), async (c) =>
      c.json(await listBalances(db, c.req.valid('query').page, now()), 200),
    )
    .openapi(guarded(summaryRoute, finance), async (c) => {
      const month = chosenMonth(c.req.valid('query').month);
      if (!month) return notBegun(c);
      return c.json(await exportsSummary(db, month, now()), 200);
    })
    .openapi(guarded(tcsRoute, finance), async (c) => {
      const month = chosenMonth(c.req.valid('query').month);
      if (!month) return notBegun(c);
      return csv(c, 'tcs', month, gstr8Csv(await gstr8Export(db, month)));
    })
    .openapi(guarded(gstr8JsonRoute, finance), async (c) => {
      const month = chosenMonth(c.req.valid('query').month);
      if (!month) return notBegun(c);
      const body = gstr8Json(await gstr8Export(db, month));
      c.header(
        'Content-Disposition',
        `attachment; filename="${gstr8JsonFileName(MARKETPLACE_OPERATOR.gstin, month)}"`,
      );
      c.header('X-Content-Type-Options', 'nosniff');
      return c.json(body, 200);
    })
    .openapi(guarded(tdsRoute, finance), async (c) => {
      const month = chosenMonth(c.req.valid('query').month);
      if (!month) return notBegun(c);
      return csv(c, 'tds', month, tdsCsv(await tdsExport(db, month)));
    })
    .openapi(guarded(registerRoute, finance), async (c) => {
      const month = chosenMonth(c.req.valid('query').month);
      if (!month) return notBegun(c);
      return csv(c, 'sales-register', month, salesRegisterCsv(await salesRegister(db, month)));
    })
    .openapi(guarded(feeCsvRoute, finance), async (c) => {
      const month = chosenMonth(c.req.valid('query').month);
      if (!month) return notBegun(c);
      if (!isMonthEnded(month, now())) return apiError(c, 'CONFLICT', M.monthOpen);
      const fees = await feeInvoiceLines(db, month);
      if (fees.toIssue > 0) return apiError(c, 'CONFLICT', M.feeInvoicesFirst);
      return csv(c, 'fee-invoices', month, feeInvoicesCsv(fees.lines));
    })
    .openapi(guarded(feeIssueRoute, finance), async (c) => {
      const month = chosenMonth(c.req.valid('json').month);
      if (!month) return notBegun(c);
      const result = await issueFeeInvoices(db, actorOf(c), month, now(), { operatorBand });
      if (result.code === 'OPEN') return apiError(c, 'CONFLICT', M.monthOpen);
      const body = {
        message:
          result.invoices.length === 0 ? M.nothingToInvoice : feeInvoicesIssuedMessage(result.issued, month),
        month: month,
        issued: result.issued,
        invoices: result.invoices,
      };
      return result.issued > 0 ? c.json(body, 201) : c.json(body, 200);
    });
}
