import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, orderItems, orders, sellers, users } from '@marketplace/db';
import {
  classifyOrderSearch,
  type OrderSearchPage,
  type OrderSearchQuery,
  SUPPORT_PAGE_SIZE,
} from '@marketplace/domain/admin/support-api';
import { shownPaymentStatus } from '@marketplace/domain/orders/payment-status';

/** An order with an item sold by a seller that matches `where`. */
const hasSeller = (where: SQL) =>
  sql`exists (select 1 from ${orderItems} join ${sellers} on ${sellers.id} = ${orderItems.sellerId} left join ${users} seller_user on seller_user.id = ${sellers.userId} where ${orderItems.orderId} = ${orders.id} and ${where})`;

function condition(text: string): { searchedAs: OrderSearchPage['searchedAs']; where: SQL } {
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

/**
 * requirements#operator-support: orders by their number, the shopper's email or mobile (the
 * account's or the delivery's), or a seller's email or part of its name; newest first, a page at a
 * time, with each order's sellers and how many of its items are in each status.
 */
export async function findOrders(db: Executor, query: OrderSearchQuery): Promise<OrderSearchPage> {
  const { searchedAs, where } = condition(query.q);
  const [totals] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / SUPPORT_PAGE_SIZE));
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
    .offset((query.page - 1) * SUPPORT_PAGE_SIZE);
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
    searchedAs,
    page: query.page,
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
