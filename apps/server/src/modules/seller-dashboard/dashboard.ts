import { and, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import { type Executor, offers, orderItems, orders, products, queryRows, reviews } from '@marketplace/db';
import {
  DASHBOARD_SALES_DAYS,
  indianDate,
  indianDayStart,
  LOW_STOCK_AT_MOST,
  LOW_STOCK_SHOWN,
  lastIndianDays,
  RECENT_REVIEWS,
  type SellerDashboard,
} from '@marketplace/domain/sellers/dashboard-api';
import { dispatchDeadlineSql } from './dispatch-sql.ts';

// requirements#seller-dashboard: every figure is over the seller's own rows, of placed orders
// only (one waiting for its online payment is not an order yet).

/** An item's sale is its price times the units not cancelled, on the Indian day its order was placed. */
async function salesByDay(db: Executor, sellerId: number, now: Date) {
  const from = indianDayStart(now, 1 - DASHBOARD_SALES_DAYS);
  const to = indianDayStart(now, 1);
  const rows = await queryRows<{ day: string; orders: number; sales: string | number }>(
    db,
    sql`SELECT to_char((o.created_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM-DD') AS day,
               count(DISTINCT o.id)::int AS orders,
               coalesce(sum((oi.quantity - oi.cancelled_quantity) * oi.unit_price_paise), 0)::bigint AS sales
          FROM order_items oi
          JOIN orders o ON o.id = oi.order_id
         WHERE oi.seller_id = ${sellerId} AND o.status = 'placed'
           AND o.created_at >= ${from.toISOString()}::timestamptz AND o.created_at < ${to.toISOString()}::timestamptz
         GROUP BY 1`,
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return lastIndianDays(now, DASHBOARD_SALES_DAYS).map((date) => {
    const row = byDay.get(date);
    return { date, orders: Number(row?.orders ?? 0), salesPaise: Number(row?.sales ?? 0) };
  });
}

async function shippingFigures(db: Executor, sellerId: number, now: Date) {
  const late = sql`${now.toISOString()}::timestamptz > ${dispatchDeadlineSql(orders.createdAt, orderItems.dispatchDays)}`;
  const [row] = await db
    .select({
      toShip: count(),
      late: sql<number>`(count(*) FILTER (WHERE ${late}))::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.sellerId, sellerId),
        eq(orderItems.status, 'pending'),
        isNull(orderItems.shipmentId),
        eq(orders.status, 'placed'),
      ),
    );
  return { toShip: row?.toShip ?? 0, lateToShip: Number(row?.late ?? 0) };
}

async function openRequests(db: Executor, sellerId: number) {
  const rows = await queryRows<{ kind: 'cancel' | 'return' | 'replace'; n: number }>(
    db,
    sql`SELECT r.kind, count(*)::int AS n
          FROM item_requests r
          JOIN order_items oi ON oi.id = r.order_item_id
         WHERE oi.seller_id = ${sellerId} AND r.status = 'pending'
         GROUP BY r.kind`,
  );
  const counts = { cancel: 0, return: 0, replace: 0 };
  for (const row of rows) counts[row.kind] = Number(row.n);
  return counts;
}

async function ratings(db: Executor, sellerId: number) {
  const [summary] = await db
    .select({ count: count(), sum: sql<string | number | null>`sum(${reviews.stars})` })
    .from(reviews)
    .where(eq(reviews.sellerId, sellerId));
  const n = summary?.count ?? 0;
  // one decimal, as the shop shows stars
  const average = n > 0 ? Math.round((Number(summary?.sum ?? 0) / n) * 10) / 10 : null;
  const recent = await db
    .select({
      id: reviews.id,
      productName: products.name,
      stars: reviews.stars,
      body: reviews.body,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.sellerId, sellerId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(RECENT_REVIEWS);
  return {
    rating: { average, count: n },
    recentReviews: recent.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

async function lowStock(db: Executor, sellerId: number) {
  const where = and(
    eq(offers.sellerId, sellerId),
    eq(offers.isActive, true),
    isNull(offers.closedAt),
    lte(offers.stock, LOW_STOCK_AT_MOST),
  );
  const [total] = await db.select({ n: count() }).from(offers).where(where);
  const rows = await db
    .select({ offerId: offers.id, sku: offers.sku, productName: products.name, stock: offers.stock })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(where)
    .orderBy(offers.stock, offers.id)
    .limit(LOW_STOCK_SHOWN);
  return { count: total?.n ?? 0, offers: rows };
}

/** The dashboard's figures for one seller at `now` (days are Indian calendar days). */
export async function sellerDashboard(
  db: Executor,
  sellerId: number,
  now: Date = new Date(),
): Promise<SellerDashboard> {
  const [days, shipping, requests, reviewFigures, stock] = await Promise.all([
    salesByDay(db, sellerId, now),
    shippingFigures(db, sellerId, now),
    openRequests(db, sellerId),
    ratings(db, sellerId),
    lowStock(db, sellerId),
  ]);
  const today = days[days.length - 1] ?? { date: indianDate(now), orders: 0, salesPaise: 0 };
  return {
    today,
    salesByDay: days,
    ...shipping,
    openRequests: requests,
    ...reviewFigures,
    lowStock: stock,
  };
}
