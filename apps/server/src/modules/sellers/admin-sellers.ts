// requirements#operator-sellers: what the console reads about sellers: the tabs and search, one
// seller's page with its status history, and each seller's performance over the last 90 days.
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { categories, type Executor, offers, queryRows, sellers, users } from '@marketplace/db';
import {
  ADMIN_SELLERS_PAGE_SIZE,
  type AdminSellerDetail,
  type AdminSellerList,
  type AdminSellersQuery,
  type SellerPerformance,
  type SellerStatusEvent,
} from '@marketplace/domain/admin/sellers-api';
import { averageRating, PERFORMANCE_WINDOW_DAYS } from '@marketplace/domain/sellers/performance';
import { sellerActionsFor } from '@marketplace/domain/sellers/status-changes';
import { SELLER_STATUSES, type SellerStatus } from '@marketplace/domain/sellers/statuses';
import { dispatchDeadlineSql, dispatchedAtSql } from '../seller-dashboard/index.ts';
import { auditTrailOf } from '../staff/index.ts';
import { profileOfUser } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const asStatus = (value: string) => value as SellerStatus;

/** A search by display or legal name, login or contact email, GSTIN or enrolment number (any part, any case). */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(${sellers.name}) LIKE ${pattern} OR lower(${sellers.legalName}) LIKE ${pattern}
    OR lower(${users.email}) LIKE ${pattern} OR lower(coalesce(${sellers.contactEmail}, '')) LIKE ${pattern}
    OR lower(coalesce(${sellers.gstin}, '')) LIKE ${pattern} OR lower(coalesce(${sellers.enrolmentNo}, '')) LIKE ${pattern})`;
}

/**
 * A tab of sellers: the pending queue oldest application first (first come, first decided), the
 * others most recently decided first; approved sellers carry their performance.
 */
export async function listSellers(
  db: Executor,
  query: AdminSellersQuery,
  now: Date,
): Promise<AdminSellerList> {
  const search = searchCondition(query.q);
  const countRows = await db
    .select({ status: sellers.status, total: count() })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(search)
    .groupBy(sellers.status);
  const counts = Object.fromEntries(SELLER_STATUSES.map((status) => [status, 0])) as Record<
    SellerStatus,
    number
  >;
  for (const row of countRows) counts[asStatus(row.status)] = row.total;
  const total = counts[query.status];
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_SELLERS_PAGE_SIZE));
  const order =
    query.status === 'pending'
      ? [asc(sellers.submittedAt), asc(sellers.id)]
      : [desc(sql`coalesce(${sellers.decidedAt}, ${sellers.createdAt})`), desc(sellers.id)];
  const rows = await db
    .select({
      sellerId: sellers.id,
      displayName: sellers.name,
      legalName: sellers.legalName,
      email: users.email,
      gstin: sellers.gstin,
      enrolmentNo: sellers.enrolmentNo,
      pickupPincode: sellers.pincode,
      categoryIds: sellers.categoryIds,
      status: sellers.status,
      submittedAt: sellers.submittedAt,
      decidedAt: sellers.decidedAt,
    })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(and(eq(sellers.status, query.status), search))
    .orderBy(...order)
    .limit(ADMIN_SELLERS_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_SELLERS_PAGE_SIZE);
  const names = await categoryNames(
    db,
    rows.flatMap((row) => row.categoryIds),
  );
  const performance =
    query.status === 'approved'
      ? await performanceOf(
          db,
          rows.map((row) => row.sellerId),
          now,
        )
      : new Map<number, SellerPerformance>();
  return {
    status: query.status,
    q: query.q ?? null,
    sellers: rows.map(({ categoryIds, ...row }) => ({
      ...row,
      status: asStatus(row.status),
      categories: categoryIds.flatMap((id) => names.get(id) ?? []),
      submittedAt: row.submittedAt?.toISOString() ?? null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      performance: performance.get(row.sellerId) ?? null,
    })),
    page: query.page,
    pageCount,
    total,
    counts,
  };
}

async function categoryNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** One seller's page: business details, documents, offers, status history, performance and the actions open to it. */
export async function sellerDetail(
  db: Executor,
  sellerId: number,
  now: Date,
): Promise<AdminSellerDetail | null> {
  const [row] = await db
    .select({
      userId: sellers.userId,
      email: users.email,
      status: sellers.status,
      submittedAt: sellers.submittedAt,
      createdAt: sellers.createdAt,
    })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId));
  if (!row?.userId) return null;
  const [profile, offerCounts, trail, performance] = await Promise.all([
    profileOfUser(db, row.userId),
    db
      .select({
        open: sql<number>`(count(*) FILTER (WHERE ${offers.closedAt} IS NULL))::int`,
        selling: sql<number>`(count(*) FILTER (WHERE ${offers.isActive}))::int`,
      })
      .from(offers)
      .where(eq(offers.sellerId, sellerId)),
    auditTrailOf(db, 'seller', sellerId),
    performanceOf(db, [sellerId], now),
  ]);
  if (!profile) return null;
  const status = asStatus(row.status);
  return {
    profile,
    email: row.email,
    offers: { open: Number(offerCounts[0]?.open ?? 0), selling: Number(offerCounts[0]?.selling ?? 0) },
    history: historyOf(row.submittedAt ?? row.createdAt, trail),
    performance: performance.get(sellerId) ?? emptyPerformance(now),
    actions: sellerActionsFor(status),
  };
}

/**
 * The status history: the application (its latest sending), then each recorded decision. A change
 * made before the audit log existed is not in it; the current status always shows on the page.
 */
function historyOf(appliedAt: Date, trail: Awaited<ReturnType<typeof auditTrailOf>>): SellerStatusEvent[] {
  const events: SellerStatusEvent[] = [
    { at: appliedAt.toISOString(), actor: 'seller', from: null, to: 'pending', reason: null },
  ];
  for (const entry of trail) {
    const before = statusPart(entry.before);
    const after = statusPart(entry.after);
    if (!after) continue;
    events.push({
      at: entry.at.toISOString(),
      actor: entry.actor,
      from: before?.status ?? null,
      to: after.status,
      reason: after.reason,
    });
  }
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

function statusPart(value: unknown): { status: SellerStatus; reason: string | null } | null {
  if (typeof value !== 'object' || value === null || !('status' in value)) return null;
  const { status } = value;
  if (typeof status !== 'string' || !(SELLER_STATUSES as readonly string[]).includes(status)) return null;
  const reason = 'reason' in value && typeof value.reason === 'string' ? value.reason : null;
  return { status: asStatus(status), reason };
}

function emptyPerformance(now: Date): SellerPerformance {
  const zero = { part: 0, whole: 0 };
  return {
    since: new Date(now.getTime() - PERFORMANCE_WINDOW_DAYS * DAY_MS).toISOString(),
    cancellation: zero,
    lateShipment: zero,
    returns: zero,
    rating: { average: null, count: 0 },
  };
}

type Counts = { seller_id: number; part: number | string | null; whole: number | string | null };

/**
 * requirements#operator-sellers: the counts behind each seller's rates over the last 90 days, in
 * units (an item of 3 is 3): cancellation = units the seller cancelled of the units ordered in
 * the window (paid or cash orders, not those never paid); late shipment = units shipped in the
 * window after their dispatch deadline of the units shipped in it (a replacement's shipment is
 * not a new dispatch); returns = units returned of the units delivered in the window. The rating
 * is the seller's own, as shoppers see it.
 */
export async function performanceOf(
  db: Executor,
  sellerIds: readonly number[],
  now: Date,
): Promise<Map<number, SellerPerformance>> {
  const found = new Map<number, SellerPerformance>();
  if (sellerIds.length === 0) return found;
  const since = new Date(now.getTime() - PERFORMANCE_WINDOW_DAYS * DAY_MS);
  const ids = sql`${`{${sellerIds.map(Number).join(',')}}`}::int[]`;
  const at = sql`${since.toISOString()}::timestamptz`;
  const [cancelled, shipped, returned, ratings] = await Promise.all([
    queryRows<Counts>(
      db,
      sql`SELECT oi.seller_id,
                 sum(oi.quantity) AS whole,
                 coalesce(sum((SELECT sum(r.quantity) FROM item_requests r
                                WHERE r.order_item_id = oi.id AND r.kind = 'cancel'
                                  AND r.requested_by = 'seller' AND r.status = 'completed')), 0) AS part
            FROM order_items oi JOIN orders o ON o.id = oi.order_id
           WHERE oi.seller_id = ANY(${ids}) AND o.status = 'placed' AND o.created_at >= ${at}
           GROUP BY oi.seller_id`,
    ),
    queryRows<Counts>(
      db,
      sql`SELECT oi.seller_id,
                 sum(oi.quantity) AS whole,
                 coalesce(sum(oi.quantity) FILTER (
                   WHERE coalesce(${dispatchedAtSql({ id: sql`s.id`, createdAt: sql`s.created_at`, courierProvider: sql`s.courier_provider` })}, ${now.toISOString()}::timestamptz)
                         > ${dispatchDeadlineSql(sql`o.created_at`, sql`oi.dispatch_days`)}), 0) AS part
            FROM order_items oi
            JOIN shipments s ON s.id = oi.shipment_id AND s.replacement_request_id IS NULL
            JOIN orders o ON o.id = oi.order_id
           WHERE oi.seller_id = ANY(${ids}) AND s.created_at >= ${at}
           GROUP BY oi.seller_id`,
    ),
    queryRows<Counts>(
      db,
      sql`SELECT oi.seller_id, sum(oi.quantity) AS whole, sum(oi.returned_quantity) AS part
            FROM order_items oi
           WHERE oi.seller_id = ANY(${ids}) AND oi.delivered_at >= ${at}
           GROUP BY oi.seller_id`,
    ),
    db
      .select({ id: sellers.id, sum: sellers.ratingSum, count: sellers.ratingCount })
      .from(sellers)
      .where(inArray(sellers.id, [...sellerIds])),
  ]);
  const byId = (rows: Counts[]) =>
    new Map(
      rows.map((row) => [
        Number(row.seller_id),
        { part: Number(row.part ?? 0), whole: Number(row.whole ?? 0) },
      ]),
    );
  const [c, s, r] = [byId(cancelled), byId(shipped), byId(returned)];
  const zero = { part: 0, whole: 0 };
  for (const rating of ratings) {
    found.set(rating.id, {
      since: since.toISOString(),
      cancellation: c.get(rating.id) ?? zero,
      lateShipment: s.get(rating.id) ?? zero,
      returns: r.get(rating.id) ?? zero,
      rating: { average: averageRating(rating.sum, rating.count), count: rating.count },
    });
  }
  return found;
}
