import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@marketplace/db';
import {
  type Report,
  type ReportGroup,
  type ReportRow,
  reportDays,
  reportRange,
  sumReportRows,
} from '@marketplace/domain/admin/reports-api';
import { indianDayStart } from '@marketplace/domain/sellers/dashboard-api';

// requirements#operator-reports: every figure is of the orders placed (not those still waiting for
// their online payment) on the report's Indian days; items are grouped by the day their order was
// placed, their product's top-level category, or their seller.

const INDIAN_DAY = sql.raw(`to_char(o.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD')`);
// each category's top-level ancestor (the tree has at most four levels)
const ROOTS = sql.raw(`WITH RECURSIVE roots AS (
    SELECT id, id AS root_id, name AS root_name FROM categories WHERE parent_id IS NULL
    UNION ALL
    SELECT c.id, r.root_id, r.root_name FROM categories c JOIN roots r ON c.parent_id = r.id
  )`);
const KEY: Record<ReportGroup, { key: ReturnType<typeof sql.raw>; label: ReturnType<typeof sql.raw> }> = {
  day: { key: INDIAN_DAY, label: INDIAN_DAY },
  category: { key: sql.raw('roots.root_id::text'), label: sql.raw('roots.root_name') },
  seller: { key: sql.raw('oi.seller_id::text'), label: sql.raw('s.name') },
};
const UNATTRIBUTED = { key: 'none', label: 'Not tied to an item' };

type Figures = {
  key: string;
  label: string;
  orders: number;
  units: string | number;
  gmv: string | number;
  cancelled_units: string | number;
  cancelled: string | number;
  returned_units: string | number;
  returned: string | number;
};

/** The report of `by` over the query's days (the last 30 when none are chosen). */
export async function buildReport(
  db: Executor,
  query: { by: ReportGroup; from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<Report> {
  const { from, to } = reportRange(query, now);
  const start = indianDayStart(new Date(`${from}T12:00:00+05:30`)).toISOString();
  const end = indianDayStart(new Date(`${to}T12:00:00+05:30`), 1).toISOString();
  const { key, label } = KEY[query.by];
  const placed = sql`o.status = 'placed' AND o.created_at >= ${start}::timestamptz AND o.created_at < ${end}::timestamptz`;
  const joins = sql`JOIN orders o ON o.id = oi.order_id
      JOIN products p ON p.id = oi.product_id
      JOIN roots ON roots.id = p.category_id
      JOIN sellers s ON s.id = oi.seller_id`;
  const figures = await queryRows<Figures>(
    db,
    sql`${ROOTS}
      SELECT ${key} AS key, min(${label}) AS label,
             count(DISTINCT oi.order_id)::int AS orders,
             sum(oi.quantity)::bigint AS units,
             sum(oi.quantity * oi.unit_price_paise)::bigint AS gmv,
             sum(oi.cancelled_quantity)::bigint AS cancelled_units,
             sum(oi.cancelled_quantity * oi.unit_price_paise)::bigint AS cancelled,
             sum(oi.returned_quantity)::bigint AS returned_units,
             sum(oi.returned_quantity * oi.unit_price_paise)::bigint AS returned
        FROM order_items oi ${joins}
       WHERE ${placed}
       GROUP BY 1`,
  );
  // money sent back: a refund of a request belongs to its item's row; one without a request (an
  // item cancelled by its seller) to its order's day, or to no item's seller or category
  const refunded = await queryRows<{
    key: string | null;
    label: string | null;
    n: number;
    paise: string | number;
  }>(
    db,
    query.by === 'day'
      ? sql`SELECT ${INDIAN_DAY} AS key, min(${INDIAN_DAY}) AS label, count(*)::int AS n, sum(r.amount_paise)::bigint AS paise
              FROM refunds r JOIN orders o ON o.id = r.order_id
             WHERE ${placed} AND r.status IN ('processed', 'completed')
             GROUP BY 1`
      : sql`${ROOTS}
            SELECT ${key} AS key, min(${label}) AS label, count(*)::int AS n, sum(r.amount_paise)::bigint AS paise
              FROM refunds r
              JOIN orders o ON o.id = r.order_id
              LEFT JOIN item_requests ir ON ir.id = r.request_id
              LEFT JOIN order_items oi ON oi.id = ir.order_item_id
              LEFT JOIN products p ON p.id = oi.product_id
              LEFT JOIN roots ON roots.id = p.category_id
              LEFT JOIN sellers s ON s.id = oi.seller_id
             WHERE ${placed} AND r.status IN ('processed', 'completed')
             GROUP BY 1`,
  );
  const [distinct] = await queryRows<{ orders: number }>(
    db,
    sql`SELECT count(*)::int AS orders FROM orders o WHERE ${placed}`,
  );

  const rows = new Map<string, ReportRow>();
  const rowOf = (rowKey: string, rowLabel: string) => {
    let row = rows.get(rowKey);
    if (!row) {
      row = { ...sumReportRows([], 0), key: rowKey, label: rowLabel };
      rows.set(rowKey, row);
    }
    return row;
  };
  // a day without orders is a row of noughts, so the chart's days run without gaps
  if (query.by === 'day') for (const day of reportDays(from, to)) rowOf(day, day);
  for (const f of figures)
    Object.assign(rowOf(f.key, f.label), {
      orders: f.orders,
      units: Number(f.units),
      gmvPaise: Number(f.gmv),
      cancelledUnits: Number(f.cancelled_units),
      cancelledPaise: Number(f.cancelled),
      returnedUnits: Number(f.returned_units),
      returnedPaise: Number(f.returned),
    });
  for (const r of refunded) {
    const row = rowOf(r.key ?? UNATTRIBUTED.key, r.label ?? UNATTRIBUTED.label);
    row.refunds = r.n;
    row.refundedPaise = Number(r.paise);
  }
  const ordered = [...rows.values()].sort((a, b) =>
    query.by === 'day'
      ? a.key.localeCompare(b.key)
      : b.gmvPaise - a.gmvPaise || a.label.localeCompare(b.label),
  );
  return { by: query.by, from, to, rows: ordered, totals: sumReportRows(ordered, distinct?.orders ?? 0) };
}
