import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, orderItems, orders, sellers, users } from '@marketplace/db';
import {
  classifyOrderSearch,
  ORDER_TABS,
  type OrderSearchPage,
  type OrderTab,
  type OrderSearchQuery,
  SUPPORT_PAGE_SIZE,
} from '@marketplace/domain/admin/support-api';
import { shownPaymentStatus } from '@marketplace/domain/orders/payment-status';
import { indianDayStart } from '@marketplace/domain/sellers/dashboard-api';

/** An order with an item sold by a seller that matches `where`. */
const hasSeller = (where: SQL) =>
  sql`exists (select 1 from ${orderItems} join ${sellers} on ${sellers.id} = ${orderItems.sellerId} left join ${users} seller_user on seller_user.id = ${sellers.userId} where ${orderItems.orderId} = ${orders.id} and ${where})`;

function condition(text: string): { searchedAs: NonNullable<OrderSearchPage['searchedAs']>; where: SQL } {
  const search = classifyOrderSearch(text);
  switch (search.kind) {
    case 'order':
      return { searchedAs: 'order', where: eq(orders.orderNo, search.orderNo) };
    case 'email': {
      const email = search.email;
      const where = or(
        sql`lower(${users.email}) = ${email}`,
        sql`lower(${orders.deliveryEmail}) = ${email}`,
        hasSeller(sql`(lower(${sellers.contactEmail}) = ${email} or lower(seller_user.email) = ${email})`),
      );
      return { searchedAs: 'email', where: where ?? sql`false` };
    }
    case 'mobile':
      return {
        searchedAs: 'mobile',
        where: or(eq(users.mobile, search.mobile), eq(orders.deliveryPhone, search.mobile)) ?? sql`false`,
      };
    case 'seller': {
      const pattern = `%${search.name.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      return { searchedAs: 'seller', where: hasSeller(ilike(sellers.name, pattern)) };
    }
  }
}

/** Orders with an item in `status` (pending, shipped...). */
const hasItem = (where: SQL) =>
  sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${where})`;

/** Each tab's orders (requirements#operator-support): by the states of their items. */
const TAB_WHERE: Record<OrderTab, SQL> = {
  all: sql`true`,
  unpaid: sql`${orders.status} = 'awaiting_payment'`,
  to_ship: sql`${orders.status} = 'placed' and ${hasItem(sql`${orderItems.status} = 'pending'`)}`,
  shipped: hasItem(sql`${orderItems.status} = 'shipped'`),
  delivered: sql`${hasItem(sql`${orderItems.status} = 'delivered'`)} and not ${hasItem(sql`${orderItems.status} in ('pending', 'shipped')`)}`,
  cancelled: sql`(${orders.status} = 'payment_failed' or not ${hasItem(sql`${orderItems.status} <> 'cancelled'`)})`,
};

/**
 * requirements#operator-support: the latest orders, or those the search box finds (by number, the
 * shopper's email or mobile, the account's or the delivery's, or a seller's email or part of its
 * name), narrowed by tab, Indian days, seller and payment mode; newest first, a page at a time,
 * with each order's sellers, how many of its items are in each status, and each tab's count.
 */
export async function findOrders(db: Executor, query: OrderSearchQuery): Promise<OrderSearchPage> {
  const searched = query.q === '' ? null : condition(query.q);
  const filters = and(
    searched?.where,
    query.from ? gte(orders.createdAt, indianDayStart(new Date(`${query.from}T12:00:00+05:30`))) : undefined,
    query.to ? lt(orders.createdAt, indianDayStart(new Date(`${query.to}T12:00:00+05:30`), 1)) : undefined,
    query.seller ? hasItem(sql`${orderItems.sellerId} = ${query.seller}`) : undefined,
    query.payment ? eq(orders.paymentMode, query.payment) : undefined,
  );
  const where = and(filters, TAB_WHERE[query.status]);
  const [[tabCounts], sellerRows] = await Promise.all([
    db
      .select(
        Object.fromEntries(
          ORDER_TABS.map((tab) => [
            tab,
            sql<number>`count(*) filter (where ${TAB_WHERE[tab]})`.mapWith(Number),
          ]),
        ) as Record<OrderTab, SQL<number>>,
      )
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(filters),
    db.select({ id: sellers.id, name: sellers.name }).from(sellers).orderBy(asc(sellers.name)),
  ]);
  const counts = Object.fromEntries(ORDER_TABS.map((tab) => [tab, tabCounts?.[tab] ?? 0])) as Record<
    OrderTab,
    number
  >;
  const total = counts[query.status];
  const pageCount = Math.max(1, Math.ceil(total / SUPPORT_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      order: orders,
      user: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        mobile: users.mobile,
      },
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(SUPPORT_PAGE_SIZE)
    .offset((page - 1) * SUPPORT_PAGE_SIZE);
  const ids = rows.map((row) => row.order.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select({
            orderId: orderItems.orderId,
            seller: sellers.name,
            status: orderItems.status,
            items: count(),
          })
          .from(orderItems)
          .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
          .where(and(inArray(orderItems.orderId, ids)))
          .groupBy(orderItems.orderId, sellers.name, orderItems.status)
          .orderBy(asc(sellers.name), asc(orderItems.status));
  return {
    searchedAs: searched?.searchedAs ?? null,
    counts,
    sellers: sellerRows,
    page,
    pageCount,
    total,
    orders: rows.map(({ order, user }) => {
      const mine = lines.filter((line) => line.orderId === order.id);
      const statuses = new Map<string, number>();
      for (const line of mine) statuses.set(line.status, (statuses.get(line.status) ?? 0) + line.items);
      return {
        orderNo: order.orderNo,
        placedAt: order.createdAt.toISOString(),
        shopper: {
          name: `${user.firstName} ${user.lastName}`.trim(),
          email: user.email,
          mobile: user.mobile,
        },
        sellers: [...new Set(mine.map((line) => line.seller))],
        totalPaise: order.totalPaise,
        paymentMode: order.paymentMode,
        paymentStatus: shownPaymentStatus(order, [...statuses.keys()]),
        itemStatuses: [...statuses].map(([status, items]) => ({ status, count: items })),
      };
    }),
  };
}
