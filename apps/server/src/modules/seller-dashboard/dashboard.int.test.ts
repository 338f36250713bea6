import { and, asc, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, queryRows } from '@marketplace/db';
import { dispatchDeadline, isDispatchLate } from '@marketplace/domain/sellers/dispatch';
import { SellerDashboard } from '@marketplace/domain/sellers/dashboard-api';
import {
  plantOffer,
  plantOrder,
  plantRequest,
  plantReview,
  plantSeller,
  someProducts,
  userIdOf,
} from '../../../test-support/seller-console.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { sellerDashboard } from './dashboard.ts';
import { dispatchDeadlineSql } from './dispatch-sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the dispatch deadline in SQL', () => {
  // requirements#seller-orders: the SQL the dashboard counts late items with and the domain rule agree
  it.each([
    ['2026-03-12T03:30:00Z', 2, '2026-03-15T06:30:00Z'],
    ['2026-03-13T18:29:59.999Z', 1, '2026-03-14T18:29:59.999Z'], // 23:59 IST on the 13th: its day counts
    ['2026-03-13T18:30:00Z', 1, '2026-03-15T18:29:59.999Z'], // midnight IST: the 14th
    ['2026-03-13T18:30:00Z', 1, '2026-03-15T18:30:00Z'],
    ['2026-12-31T20:00:00Z', 30, '2027-01-31T18:29:59.999Z'], // across a year, 1 Jan IST
    ['2026-02-27T10:00:00Z', 3, '2026-03-02T18:29:59.998Z'],
    ['2026-02-27T10:00:00Z', 0, '2026-02-27T18:29:59.999Z'],
  ])('placed %s, %i dispatch days, at %s', async (placed, days, at) => {
    const placedAt = new Date(placed);
    const now = new Date(at);
    const [row] = await queryRows<{ deadline: string | Date; late: boolean }>(
      t.db,
      sql`SELECT ${dispatchDeadlineSql(sql`${placed}::timestamptz`, sql`${days}::int`)} AS deadline,
                 ${at}::timestamptz > ${dispatchDeadlineSql(sql`${placed}::timestamptz`, sql`${days}::int`)} AS late`,
    );
    expect(new Date(row?.deadline ?? 0).toISOString()).toBe(dispatchDeadline(placedAt, days).toISOString());
    expect(row?.late).toBe(isDispatchLate({ placedAt, dispatchDays: days, dispatchedAt: null }, now));
  });
});

describe('the seller dashboard', () => {
  // 12:00 on 15 March 2026 in India
  const now = new Date('2026-03-15T06:30:00Z');
  let seller: Awaited<ReturnType<typeof plantSeller>>;

  beforeAll(async () => {
    seller = await plantSeller(t);
    const shopper = await userIdOf(t.db, 'priya@example.com');
    const [p1, p2, p3, p4, p5, p6, p7] = await someProducts(t.db, 7, 40);
    if (!p1 || !p2 || !p3 || !p4 || !p5 || !p6 || !p7) throw new Error('the seed has products');
    const o1 = await plantOffer(t.db, seller.sellerId, p1.id, { stock: 50 });
    await plantOffer(t.db, seller.sellerId, p2.id, { stock: 3 });
    await plantOffer(t.db, seller.sellerId, p3.id, { stock: 0 });
    await plantOffer(t.db, seller.sellerId, p4.id, { stock: 5, isActive: false }); // paused: not counted
    await plantOffer(t.db, seller.sellerId, p5.id, { stock: 2, closed: true }); // closed: not counted
    const o6 = await plantOffer(t.db, seller.sellerId, p6.id, { stock: 6 });
    await plantOffer(t.db, seller.sellerId, p7.id, { stock: 5 }); // at the limit: counted
    const [someoneElses] = await t.db
      .select()
      .from(offers)
      .where(and(ne(offers.sellerId, seller.sellerId)))
      .orderBy(asc(offers.id))
      .limit(1);
    if (!someoneElses) throw new Error('the seed has offers');

    // today (15 March in India)
    const a = await plantOrder(t.db, shopper, new Date('2026-03-15T04:30:00Z'), [
      { offer: o1, quantity: 2, unitPricePaise: 50_000 },
      { offer: someoneElses, quantity: 1, unitPricePaise: 99_900 }, // another seller's item
    ]);
    const b = await plantOrder(t.db, shopper, new Date('2026-03-14T18:40:00Z'), [
      { offer: o6, quantity: 3, cancelledQuantity: 1, unitPricePaise: 20_000 },
      { offer: o1, quantity: 1, cancelledQuantity: 1, unitPricePaise: 50_000, status: 'cancelled' },
    ]);
    await plantOrder(
      t.db,
      shopper,
      new Date('2026-03-15T05:00:00Z'),
      [{ offer: o1, unitPricePaise: 80_000 }],
      'awaiting_payment',
    );
    // yesterday, 23:50 in India
    const c = await plantOrder(t.db, shopper, new Date('2026-03-14T18:20:00Z'), [
      { offer: o1, unitPricePaise: 30_000, status: 'shipped' },
    ]);
    // 12 March: waiting past its deadline (end of the 14th)
    const e = await plantOrder(t.db, shopper, new Date('2026-03-12T03:30:00Z'), [
      { offer: o1, unitPricePaise: 10_000 },
    ]);
    // 23:59 on 13 March, two dispatch days: due by the end of today, not late
    await plantOrder(t.db, shopper, new Date('2026-03-13T18:29:00Z'), [
      { offer: o1, unitPricePaise: 15_000 },
    ]);
    // the first day of the chart (14 February in India) and the minute before it
    const g = await plantOrder(t.db, shopper, new Date('2026-02-13T18:30:00Z'), [
      { offer: o1, unitPricePaise: 7_000, status: 'delivered' },
    ]);
    await plantOrder(t.db, shopper, new Date('2026-02-13T18:29:00Z'), [{ offer: o1, unitPricePaise: 9_999 }]);

    const [bItem] = b.items;
    const [cItem] = c.items;
    const [eItem] = e.items;
    const [gItem] = g.items;
    const [otherItem] = a.items.slice(1);
    if (!bItem || !cItem || !eItem || !gItem || !otherItem) throw new Error('planted');
    await plantRequest(t.db, bItem, shopper, 'cancel');
    await plantRequest(t.db, cItem, shopper, 'return');
    await plantRequest(t.db, gItem, shopper, 'return');
    await plantRequest(t.db, eItem, shopper, 'replace');
    await plantRequest(t.db, cItem, shopper, 'replace', 'initiate-replacement'); // decided
    await plantRequest(t.db, otherItem, shopper, 'return'); // another seller's

    const stars = [5, 4, 4, 2, 5, 3];
    for (const [i, star] of stars.entries())
      await plantReview(
        t.db,
        seller.sellerId,
        p1.id,
        shopper,
        star,
        `Review ${i + 1}`,
        new Date(Date.UTC(2026, 2, 1 + i)),
      );
    await plantReview(
      t.db,
      someoneElses.sellerId,
      p1.id,
      shopper,
      1,
      'Not this seller',
      new Date('2026-03-14T00:00:00Z'),
    );
  });

  it('counts every figure exactly', async () => {
    const d = SellerDashboard.parse(await sellerDashboard(t.db, seller.sellerId, now));
    expect(d.today).toEqual({ date: '2026-03-15', orders: 2, salesPaise: 140_000 });
    expect(d.salesByDay).toHaveLength(30);
    expect(d.salesByDay[0]).toEqual({ date: '2026-02-14', orders: 1, salesPaise: 7_000 });
    const byDay = Object.fromEntries(
      d.salesByDay.filter((day) => day.orders > 0).map((day) => [day.date, day.salesPaise]),
    );
    expect(byDay).toEqual({
      '2026-02-14': 7_000,
      '2026-03-12': 10_000,
      '2026-03-13': 15_000,
      '2026-03-14': 30_000,
      '2026-03-15': 140_000,
    });
    expect(d.toShip).toBe(5); // today's two, 12 and 13 March, and the one before the chart
    expect(d.lateToShip).toBe(2); // 12 March and 13 February
    expect(d.openRequests).toEqual({ cancel: 1, return: 2, replace: 1 });
    expect(d.rating).toEqual({ average: 3.8, count: 6 });
    expect(d.recentReviews.map((r) => r.body)).toEqual([
      'Review 6',
      'Review 5',
      'Review 4',
      'Review 3',
      'Review 2',
    ]);
    expect(d.lowStock.count).toBe(3);
    expect(d.lowStock.offers.map((o) => o.stock)).toEqual([0, 3, 5]);
  });

  it('answers an empty dashboard for a seller with nothing yet', async () => {
    const fresh = await plantSeller(t);
    const d = await sellerDashboard(t.db, fresh.sellerId, now);
    expect(d.today).toEqual({ date: '2026-03-15', orders: 0, salesPaise: 0 });
    expect(d.salesByDay.every((day) => day.salesPaise === 0)).toBe(true);
    expect(d).toMatchObject({
      toShip: 0,
      lateToShip: 0,
      rating: { average: null, count: 0 },
      recentReviews: [],
    });
  });

  it('is the logged-in seller’s own, over HTTP; a shopper is refused and a visitor asked to log in', async () => {
    const res = await t.request('/api/seller/dashboard', { headers: { cookie: seller.cookie } });
    expect(res.status).toBe(200);
    const d = SellerDashboard.parse(await res.json());
    expect(d.rating.count).toBe(6);
    expect(d.lowStock.count).toBe(3);
    const other = await t.request('/api/seller/dashboard', {
      headers: { cookie: await t.loginCookie('ganga-mercantile@sellers.example.com') },
    });
    expect(SellerDashboard.parse(await other.json()).recentReviews.map((r) => r.body)).not.toContain(
      'Review 6',
    );
    expect(
      (
        await t.request('/api/seller/dashboard', {
          headers: { cookie: await t.loginCookie('priya@example.com') },
        })
      ).status,
    ).toBe(403);
    expect((await t.request('/api/seller/dashboard')).status).toBe(401);
  });

  it('renders the dashboard page on the server with its chart and figures', async () => {
    const res = await t.request('/sellercentral', { headers: { cookie: seller.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Sales by day, last 30 days');
    expect(html.match(/class="sc-dash-chart-bar/g)).toHaveLength(30);
    expect(html).toContain('href="/sellercentral/returns"');
    expect(html).toContain('href="/sellercentral/inventory"');
  });
});
