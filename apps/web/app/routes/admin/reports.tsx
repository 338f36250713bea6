import {
  Report,
  REPORT_COLUMNS,
  REPORT_GROUP_LABELS,
  REPORT_GROUPS,
  type ReportGroup,
  type ReportRow,
} from '@marketplace/domain/admin/reports-api';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { formatInr } from '@marketplace/domain/money/money';
import { data, Form, Link, redirect, useLoaderData } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { type Bar, BarChart } from '../../components/ui/bar-chart.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Table } from '../../components/ui/table.tsx';
import { requestApi } from '../../lib/account-api.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import { formatCalendarDay } from '@marketplace/domain/text/dates';

const NO_FIELDS: Record<string, string> = {};
// the chart of a category or seller report shows the largest; the table holds them all
const CHART_ROWS = 12;

const groupOf = (value: string | null): ReportGroup =>
  REPORT_GROUPS.find((group) => group === value) ?? 'day';

/** requirements#operator-reports: owners and finance read the figures; the API checks the days. */
export async function loader({ request, url, context }: LoaderArgs) {
  const filters = {
    by: groupOf(url.searchParams.get('by')),
    from: url.searchParams.get('from') ?? '',
    to: url.searchParams.get('to') ?? '',
  };
  const query = new URLSearchParams({ by: filters.by });
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  const result = await requestApi(context.api, 'GET', `/api/admin/reports?${query.toString()}`, Report);
  if (result.ok) return { filters, report: result.data, error: null, fields: NO_FIELDS };
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 400)
    return data({ filters, report: null, error: result.message, fields: result.fields }, { status: 400 });
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('The report could not be loaded. Please try again.', { status: 503 });
}

export function meta() {
  return [{ title: 'Reports · Console' }];
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortDay = (day: string) => DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));
const longDay = formatCalendarDay;
const rowLabel = (by: ReportGroup, row: ReportRow) => (by === 'day' ? longDay(row.key) : row.label);
const cell = (row: ReportRow, key: keyof ReportRow, money: boolean) =>
  money ? formatInr(row[key] as number) : (row[key] as number).toLocaleString('en-IN');

function chartOf(report: Report) {
  const total = formatInr(report.totals.gmvPaise);
  const span = `${longDay(report.from)} to ${longDay(report.to)}`;
  if (report.by === 'day') {
    const best = report.rows.reduce<ReportRow | null>(
      (b, r) => (!b || r.gmvPaise > b.gmvPaise ? r : b),
      null,
    );
    const bars: Bar[] = report.rows.map((row) => ({
      key: row.key,
      label: shortDay(row.key),
      value: row.gmvPaise,
      valueText: `${formatInr(row.gmvPaise)}, ${row.orders} orders`,
    }));
    const summary =
      best && best.gmvPaise > 0
        ? `${total} from ${span}; the best day was ${longDay(best.key)} with ${formatInr(best.gmvPaise)}.`
        : `No orders from ${span}.`;
    return { title: 'GMV by day', summary, bars, labelEvery: Math.max(1, Math.ceil(report.rows.length / 6)) };
  }
  const shown = report.rows.filter((row) => row.gmvPaise > 0).slice(0, CHART_ROWS);
  const noun = report.by === 'category' ? 'categories' : 'sellers';
  const leader = shown[0];
  const summary = leader
    ? `${total} from ${span}; ${leader.label} led with ${formatInr(leader.gmvPaise)}.${
        report.rows.length > CHART_ROWS ? ` The ${CHART_ROWS} ${noun} with the highest GMV are drawn.` : ''
      }`
    : `No orders from ${span}.`;
  return {
    title: `GMV by ${report.by}`,
    summary,
    bars: shown.map((row) => ({
      key: row.key,
      label: row.label,
      value: row.gmvPaise,
      valueText: formatInr(row.gmvPaise),
    })),
    labelEvery: 1,
  };
}

export default function Reports() {
  const { filters, report, error, fields } = useLoaderData<typeof loader>();
  const linkTo = (by: ReportGroup) => {
    const query = new URLSearchParams({ by });
    if (filters.from) query.set('from', filters.from);
    if (filters.to) query.set('to', filters.to);
    return `?${query.toString()}`;
  };
  const chart = report && chartOf(report);
  const first = report?.by === 'category' ? 'Category' : report?.by === 'seller' ? 'Seller' : 'Day';
  return (
    <div className="admin-reports">
      <h1>Reports</h1>
      <nav aria-label="Reports" className="admin-segments">
        {REPORT_GROUPS.map((group) => (
          <Link key={group} to={linkTo(group)} aria-current={group === filters.by ? 'page' : undefined}>
            {REPORT_GROUP_LABELS[group]}
          </Link>
        ))}
      </nav>
      <Form method="get" className="admin-filters admin-report-days" aria-label="Days of the report">
        <input type="hidden" name="by" value={filters.by} />
        <Field
          label="From"
          name="from"
          type="date"
          defaultValue={report?.from ?? filters.from}
          error={fields.from}
        />
        <Field label="To" name="to" type="date" defaultValue={report?.to ?? filters.to} error={fields.to} />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      {error && <Alert tone="error">{error}</Alert>}
      {report && chart && (
        <>
          <p className="admin-report-note">
            Orders placed from {longDay(report.from)} to {longDay(report.to)} (Indian time), and what became
            of them: cancellations, returns and refunds are counted against the day the order was placed.{' '}
            <a href={`/api/admin/reports.csv?by=${report.by}&from=${report.from}&to=${report.to}`} download>
              Download CSV
            </a>
          </p>
          <BarChart
            title={chart.title}
            summary={chart.summary}
            bars={chart.bars}
            orientation={report.by === 'day' ? 'columns' : 'rows'}
            labelEvery={chart.labelEvery}
          />
          <Table
            label={`Orders ${REPORT_GROUP_LABELS[report.by].toLowerCase()}`}
            stacked
            head={
              <tr>
                <th scope="col">{first}</th>
                {REPORT_COLUMNS.map((column) => (
                  <th key={column.key} scope="col" className="ui-num">
                    {column.label}
                  </th>
                ))}
              </tr>
            }
          >
            {report.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="ui-cell-wide">
                  {rowLabel(report.by, row)}
                </th>
                {REPORT_COLUMNS.map((column) => (
                  <td key={column.key} className="ui-num" data-label={column.label}>
                    {cell(row, column.key, column.money)}
                  </td>
                ))}
              </tr>
            ))}
            <tr className="admin-report-total">
              <th scope="row" className="ui-cell-wide">
                Total
              </th>
              {REPORT_COLUMNS.map((column) => (
                <td key={column.key} className="ui-num" data-label={column.label}>
                  {cell(report.totals, column.key, column.money)}
                </td>
              ))}
            </tr>
          </Table>
        </>
      )}
    </div>
  );
}
