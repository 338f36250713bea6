// requirements#operator-console: the overview's figures, each counted by one SQL query over its
// queue's own table (never rows loaded and counted here), and only those of the areas the role
// reaches. Orders follow the reports' rule: placed orders (not those waiting for their payment),
// GMV at the items' prices, on Indian days.
import { and, count, eq, gte, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  codCollections,
  type Executor,
  grievances,
  orders,
  productRevisions,
  products,
  refunds,
  sellerPayouts,
  sellers,
} from '@marketplace/db';
import type { StaffRole } from '@marketplace/domain/admin/console';
import {
  type ConsolePulse,
  indianWeekStart,
  PULSE_TILES,
  type PulseKey,
  pulseHref,
  pulseKeysFor,
} from '@marketplace/domain/admin/pulse-api';
import { ACKNOWLEDGE_SOON_HOURS, RESOLVE_SOON_DAYS } from '@marketplace/domain/grievances/grievances';
import { indianDate, indianDayStart } from '@marketplace/domain/sellers/dashboard-api';

type Figure = { count: number; amountPaise: number | null };
const HOUR_MS = 60 * 60 * 1000;
const sumPaise = (column: Parameters<typeof sql>[1]) =>
  sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

async function orderFigures(db: Executor, now: Date) {
  const dayStart = indianDayStart(now);
  const weekStart = indianWeekStart(now);
  const tomorrow = indianDayStart(now, 1);
  const gmv = sql`(SELECT coalesce(sum(oi.quantity * oi.unit_price_paise), 0) FROM order_items oi WHERE oi.order_id = ${orders.id})`;
  const isToday = sql`${orders.createdAt} >= ${dayStart.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      today: sql<number>`count(*) FILTER (WHERE ${isToday})`.mapWith(Number),
      week: count(),
      gmvToday: sql<number>`coalesce(sum(${gmv}) FILTER (WHERE ${isToday}), 0)::bigint`.mapWith(Number),
      gmvWeek: sql<number>`coalesce(sum(${gmv}), 0)::bigint`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(eq(orders.status, 'placed'), gte(orders.createdAt, weekStart), lt(orders.createdAt, tomorrow)),
    );
  return {
    ordersToday: { count: row?.today ?? 0, amountPaise: row?.gmvToday ?? 0 },
    ordersWeek: { count: row?.week ?? 0, amountPaise: row?.gmvWeek ?? 0 },
  };
}

const counted = async (query: PromiseLike<{ n: number }[]>): Promise<Figure> => ({
  count: (await query)[0]?.n ?? 0,
  amountPaise: null,
});

/** Each figure's query, run only for a role that sees it. */
const FIGURES: Record<
  Exclude<PulseKey, 'ordersToday' | 'ordersWeek'>,
  (db: Executor, now: Date) => Promise<Figure>
> = {
  sellersWaiting: (db) =>
    counted(db.select({ n: count() }).from(sellers).where(eq(sellers.status, 'pending'))),
  productsInModeration: async (db) => {
    const [[fresh], [edits]] = await Promise.all([
      db
        .select({ n: count() })
        .from(products)
        .where(
          and(
            eq(products.moderationStatus, 'pending'),
            isNull(products.mergedIntoId),
            isNotNull(products.createdBySellerId),
          ),
        ),
      db.select({ n: count() }).from(productRevisions).where(eq(productRevisions.status, 'pending')),
    ]);
    return { count: (fresh?.n ?? 0) + (edits?.n ?? 0), amountPaise: null };
  },
  failedRefunds: (db) => counted(db.select({ n: count() }).from(refunds).where(eq(refunds.status, 'failed'))),
  grievancesOverdue: (db, now) => counted(db.select({ n: count() }).from(grievances).where(pastALimit(now))),
  grievancesDueSoon: (db, now) =>
    counted(
      db
        .select({ n: count() })
        .from(grievances)
        .where(
          and(
            ne(grievances.status, 'resolved'),
            sql`NOT (${pastALimit(now)})`,
            or(
              and(
                eq(grievances.status, 'open'),
                lt(grievances.acknowledgeBy, new Date(now.getTime() + ACKNOWLEDGE_SOON_HOURS * HOUR_MS)),
              ),
              lt(grievances.resolveBy, new Date(now.getTime() + RESOLVE_SOON_DAYS * 24 * HOUR_MS)),
            ),
          ),
        ),
    ),
  codAwaiting: async (db) => {
    const [row] = await db
      .select({ n: count(), paise: sumPaise(codCollections.amountPaise) })
      .from(codCollections)
      .where(isNull(codCollections.remittedAt));
    return { count: row?.n ?? 0, amountPaise: row?.paise ?? 0 };
  },
  payoutsFailed: (db) =>
    counted(
      db
        .select({ n: count() })
        .from(sellerPayouts)
        .where(and(isNotNull(sellerPayouts.returnedAt), isNull(sellerPayouts.releasedAt))),
    ),
};

/** Open past a limit: unacknowledged after 48 hours, or unresolved after the month (requirements#grievances). */
function pastALimit(now: Date) {
  return (
    and(
      ne(grievances.status, 'resolved'),
      or(
        and(eq(grievances.status, 'open'), lt(grievances.acknowledgeBy, now)),
        lt(grievances.resolveBy, now),
      ),
    ) ?? sql`false`
  );
}

/** The overview's tiles for `role` at `now`, each with its figure and its queue. */
export async function consolePulse(db: Executor, role: StaffRole, now: Date): Promise<ConsolePulse> {
  const keys = pulseKeysFor(role);
  const days = { today: indianDate(now), weekFrom: indianDate(indianWeekStart(now)) };
  const wantsOrders = keys.includes('ordersToday') || keys.includes('ordersWeek');
  const [orderFigure, ...others] = await Promise.all([
    wantsOrders ? orderFigures(db, now) : null,
    ...keys.map((key) => (key === 'ordersToday' || key === 'ordersWeek' ? null : FIGURES[key](db, now))),
  ]);
  return {
    ...days,
    tiles: keys.map((key, i) => {
      const figure =
        key === 'ordersToday' || key === 'ordersWeek' ? orderFigure?.[key] : (others[i] ?? undefined);
      return {
        key,
        label: PULSE_TILES[key].label,
        count: figure?.count ?? 0,
        amountPaise: figure?.amountPaise ?? null,
        href: pulseHref(key, role, days),
        isTodo: PULSE_TILES[key].isTodo,
      };
    }),
  };
}
