import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { monthOf, monthStart, shiftMonth } from '@marketplace/domain/settlement/console-api';
import { trialBalance } from '@marketplace/domain/settlement/journal';
import {
  JOURNAL_MESSAGES as M,
  journalFileName,
  journalFileUrl,
  JournalExportQuery,
  TrialBalanceQuery,
  TrialBalanceResponse,
} from '@marketplace/domain/settlement/journal-api';
import { exportVouchers, journalCsv, tallyXml } from '@marketplace/domain/settlement/journal-export';
import { indianDayToMoment, momentToIndianDay } from '@marketplace/domain/marketing/promotions';
import { MARKETPLACE_OPERATOR } from '@marketplace/domain/tax/document-view';
import { guarded } from '../../http/auth.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import { accountLabels, balancesBefore, linesBetween } from './journal.ts';

const TAG = 'admin';
const BASE = '/admin/settlements';
const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse(
    'Not staff, the second factor not entered in this session, or the role (owner and finance only) does not reach settlements',
  ),
};

const trialBalanceRoute = createRoute({
  method: 'get',
  path: `${BASE}/trial-balance`,
  tags: [TAG],
  summary:
    'The operator’s trial balance at the end of an Indian day (today when none is chosen): each account of the chart with its debit or credit balance',
  request: { query: TrialBalanceQuery },
  responses: {
    200: json(TrialBalanceResponse, 'The trial balance'),
    400: errorResponse('Not a real day (YYYY-MM-DD, from 2020)'),
    ...refusals,
  },
});
const fileRoute = (kind: 'tally' | 'csv') =>
  createRoute({
    method: 'get',
    path: `${BASE}/journal/${kind === 'tally' ? 'tally.xml' : 'journal.csv'}`,
    tags: [TAG],
    summary:
      kind === 'tally'
        ? 'A month’s postings as TallyPrime imports them: the ledgers of the chart they use and Sales, Journal, Payment and Receipt vouchers (the last month that ended when none is chosen)'
        : 'A month’s postings as a plain journal: date, voucher, type, ledger, group, account, debit, credit, narration, then the totals',
    request: { query: JournalExportQuery },
    responses: {
      200: {
        content: { [kind === 'tally' ? 'application/xml' : 'text/csv']: { schema: z.string() } },
        description: 'The file',
      },
      400: errorResponse('Not a month, or one that has not begun'),
      ...refusals,
    },
  });

/** requirements#journal (ADR-0053): finance reads the trial balance and downloads the month's journal. */
export function journalConsoleRoutes(db: Executor, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  const finance = requireStaff(db, { area: 'settlements', now });
  const monthLines = async (month: string) => {
    const from = monthStart(month);
    const to = monthStart(month, 1);
    if (!from || !to) throw new Error(`not a month: ${month}`);
    const lines = await linesBetween(db, from, to);
    return exportVouchers(
      lines,
      await accountLabels(
        db,
        lines.map((line) => line.account),
      ),
    );
  };
  /** The month asked for (the last that ended when none), or null for one that has not begun. */
  const chosenMonth = (month: string | undefined) => {
    const chosen = month ?? shiftMonth(monthOf(now()), -1);
    const start = monthStart(chosen);
    return start && start.getTime() <= now().getTime() ? chosen : null;
  };
  return createRouter()
    .openapi(guarded(trialBalanceRoute, finance), async (c) => {
      const date = c.req.valid('query').date ?? momentToIndianDay(now());
      const end = indianDayToMoment(date, 1);
      if (!end) return apiError(c, 'VALIDATION_FAILED', M.date, { date: M.date });
      const balances = await balancesBefore(db, end);
      const balance = trialBalance(
        balances,
        await accountLabels(
          db,
          balances.map((b) => b.account),
        ),
      );
      const month = date.slice(0, 7);
      return c.json(
        {
          date,
          ...balance,
          balanced: balance.totalDebitPaise === balance.totalCreditPaise,
          files: { month, tallyUrl: journalFileUrl(month, 'tally'), csvUrl: journalFileUrl(month, 'csv') },
        },
        200,
      );
    })
    .openapi(guarded(fileRoute('tally'), finance), async (c) => {
      const month = chosenMonth(c.req.valid('query').month);
      if (!month) return apiError(c, 'VALIDATION_FAILED', M.monthAhead, { month: M.monthAhead });
      const body = tallyXml(await monthLines(month), MARKETPLACE_OPERATOR.legalName);
      return c.body(body, 200, {
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Disposition': `attachment; filename="${journalFileName(month, 'tally')}"`,
        'X-Content-Type-Options': 'nosniff',
      });
    })
    .openapi(guarded(fileRoute('csv'), finance), async (c) => {
      const month = chosenMonth(c.req.valid('query').month);
      if (!month) return apiError(c, 'VALIDATION_FAILED', M.monthAhead, { month: M.monthAhead });
      return c.body(journalCsv(await monthLines(month)), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${journalFileName(month, 'csv')}"`,
        'X-Content-Type-Options': 'nosniff',
      });
    });
}
