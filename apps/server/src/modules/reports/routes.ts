import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { Report, ReportQuery, reportCsv, reportFileName } from '@marketplace/domain/admin/reports-api';
import { guarded } from '../../http/auth.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import { buildReport } from './reports.ts';

const TAG = 'admin';
const answers = {
  400: errorResponse('The grouping or a day is malformed, the days are reversed, or span more than 366 days'),
  401: errorResponse('Not logged in'),
  403: errorResponse('Not staff, the second factor not entered, or the role does not reach reports'),
};

const reportRoute = createRoute({
  method: 'get',
  path: '/admin/reports',
  tags: [TAG],
  summary:
    'Orders, GMV, cancellations, returns and refunds of the orders placed on the Indian days chosen (the last 30 by default), by day, top-level category or seller',
  request: { query: ReportQuery },
  responses: { 200: json(Report, 'The report, its rows and totals'), ...answers },
});
const csvRoute = createRoute({
  method: 'get',
  path: '/admin/reports.csv',
  tags: [TAG],
  summary: 'The same report as CSV (rupees, formula-like cells escaped), with a totals line',
  request: { query: ReportQuery },
  responses: {
    200: { content: { 'text/csv': { schema: z.string() } }, description: 'The report as CSV' },
    ...answers,
  },
});

/** requirements#operator-reports: owners and finance read the marketplace's figures. `now` is the clock. */
/** `reads`: where the reports are read (requirements#read-replica); staff are checked on `db`. */
export function reportRoutes(db: Executor, options: { now?: () => Date; reads?: Executor } = {}) {
  const now = () => options.now?.() ?? new Date();
  const reads = options.reads ?? db;
  const finance = requireStaff(db, { area: 'reports', now });
  return createRouter()
    .openapi(guarded(reportRoute, finance), async (c) =>
      c.json(await buildReport(reads, c.req.valid('query'), now()), 200),
    )
    .openapi(guarded(csvRoute, finance), async (c) => {
      const report = await buildReport(reads, c.req.valid('query'), now());
      return c.body(reportCsv(report), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${reportFileName(report)}"`,
      });
    });
}
