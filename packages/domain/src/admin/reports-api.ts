// requirements#operator-reports: the console's reports of orders, GMV, cancellations, returns and
// refunds, by day, category and seller; one contract for the server's routes and the console's pages.
import { z } from 'zod';
import { csvLine, paiseToRupeesText } from '../sellers/inventory-csv.ts';
import { indianDate, indianDayStart } from '../sellers/dashboard-api.ts';
import { optionalIndianDay } from './staff-api.ts';

export const REPORT_GROUPS = ['day', 'category', 'seller'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export const REPORT_GROUP_LABELS: Record<ReportGroup, string> = {
  day: 'By day',
  category: 'By category',
  seller: 'By seller',
};

/** The days a report covers when none are chosen: the last 30, today included. */
export const REPORT_DEFAULT_DAYS = 30;
/** The longest a report may run: a year and a day, so a leap year's whole year fits. */
export const REPORT_MAX_DAYS = 366;

export const REPORT_MESSAGES = {
  group: 'Choose a report: by day, by category or by seller.',
  order: 'The first day must not be after the last day.',
  tooLong: `A report covers at most ${REPORT_MAX_DAYS} days.`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The report asked for: its grouping and its Indian days, both included. Days missing are filled in by `reportRange`. */
export const ReportQuery = z
  .object({
    by: z.enum(REPORT_GROUPS, { error: REPORT_MESSAGES.group }).default('day'),
    from: optionalIndianDay('from'),
    to: optionalIndianDay('to'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: REPORT_MESSAGES.order, path: ['to'] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) <= REPORT_MAX_DAYS, {
    message: REPORT_MESSAGES.tooLong,
    path: ['from'],
  });
export type ReportQuery = z.infer<typeof ReportQuery>;

/**
 * The Indian days a report covers: those chosen, the last 30 up to today when none are, the 30 up
 * to `to` or from `from` when one is.
 */
export function reportRange(
  query: Pick<ReportQuery, 'from' | 'to'>,
  now: Date,
): { from: string; to: string } {
  const span = REPORT_DEFAULT_DAYS - 1;
  const shift = (day: string, days: number) =>
    indianDate(indianDayStart(new Date(`${day}T12:00:00+05:30`), days));
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: shift(query.from, span) };
  const to = query.to ?? indianDate(now);
  return { from: shift(to, -span), to };
}

/** Every Indian day from `from` to `to`, both included, oldest first. */
export function reportDays(from: string, to: string): string[] {
  const first = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: Math.max(0, daysBetween(from, to)) }, (_, i) =>
    new Date(first + i * DAY_MS).toISOString().slice(0, 10),
  );
}

const count = z.number().int().nonnegative();

/**
 * One row of a report. Every figure belongs to the orders placed on the report's days (a cohort:
 * what became of those orders), so the rows of the three groupings add up to the same totals.
 * GMV is the items' sale value as ordered; cancelled and returned values are the units'
 * sale value; refunds are the money sent back (processed or completed).
 */
export const ReportRow = z.object({
  key: z.string(),
  label: z.string(),
  orders: count,
  units: count,
  gmvPaise: count,
  cancelledUnits: count,
  cancelledPaise: count,
  returnedUnits: count,
  returnedPaise: count,
  refunds: count,
  refundedPaise: count,
});
export type ReportRow = z.infer<typeof ReportRow>;

export const Report = z.object({
  by: z.enum(REPORT_GROUPS),
  from: z.string(),
  to: z.string(),
  rows: z.array(ReportRow),
  totals: ReportRow,
});
export type Report = z.infer<typeof Report>;

export const REPORT_COLUMNS: readonly { key: keyof ReportRow; label: string; money: boolean }[] = [
  { key: 'orders', label: 'Orders', money: false },
  { key: 'units', label: 'Units', money: false },
  { key: 'gmvPaise', label: 'GMV', money: true },
  { key: 'cancelledUnits', label: 'Cancelled units', money: false },
  { key: 'cancelledPaise', label: 'Cancelled value', money: true },
  { key: 'returnedUnits', label: 'Returned units', money: false },
  { key: 'returnedPaise', label: 'Returned value', money: true },
  { key: 'refunds', label: 'Refunds', money: false },
  { key: 'refundedPaise', label: 'Refunded', money: true },
];

const FIRST_COLUMN: Record<ReportGroup, string> = { day: 'day', category: 'category', seller: 'seller' };
const csvHeading = (label: string, money: boolean) =>
  (money ? `${label} (INR)` : label).toLowerCase().replace(/[^a-z0-9()]+/g, '_');

/**
 * The report as CSV: a header, a line a row, then the totals; rupees with paise as a spreadsheet
 * reads them, cells that look like formulas escaped.
 */
export function reportCsv(report: Report): string {
  let text = csvLine([FIRST_COLUMN[report.by], ...REPORT_COLUMNS.map((c) => csvHeading(c.label, c.money))]);
  const line = (label: string, row: ReportRow) =>
    csvLine([
      label,
      ...REPORT_COLUMNS.map((c) => {
        const value = row[c.key] as number;
        return c.money ? paiseToRupeesText(value) : value;
      }),
    ]);
  for (const row of report.rows) text += line(row.label, row);
  return text + line('Total', report.totals);
}

/** The file name a report downloads as: `orders-by-seller-2026-10-30-to-2026-11-28.csv`. */
export const reportFileName = (report: Pick<Report, 'by' | 'from' | 'to'>) =>
  `orders-by-${report.by}-${report.from}-to-${report.to}.csv`;

/** The sum of rows, as the totals line. */
export function sumReportRows(rows: readonly ReportRow[], orders: number): ReportRow {
  const totals: ReportRow = {
    key: 'total',
    label: 'Total',
    orders,
    units: 0,
    gmvPaise: 0,
    cancelledUnits: 0,
    cancelledPaise: 0,
    returnedUnits: 0,
    returnedPaise: 0,
    refunds: 0,
    refundedPaise: 0,
  };
  for (const row of rows)
    for (const column of REPORT_COLUMNS)
      if (column.key !== 'orders') (totals[column.key] as number) += row[column.key] as number;
  return totals;
}
