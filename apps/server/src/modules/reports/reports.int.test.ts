import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products, refunds } from '@marketplace/db';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import { type Report, REPORT_MESSAGES } from '@marketplace/domain/admin/reports-api';
import { indianDate, indianDayStart } from '@marketplace/domain/sellers/dashboard-api';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#operator-reports
let t: TestApp;
let finance = '';
let owner = '';

beforeAll(async () => {
  t = await createTestApp();
  finance = (await verifiedStaff(t, 'finance-reports@staff.example.com', 'finance')).cookie;
  owner = (await verifiedStaff(t, 'owner-reports@staff.example.com', 'owner')).cookie;
});
afterAll(() => t.close());

const get = (path: string, cookie?: string) => t.request(path, { headers: cookie ? { cookie } : {} });
const reportOf = async (query: string, cookie = finance) => {
  const res = await get(`/api/admin/reports?${query}`, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Report;
};
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

// the seed's orders: a year of days holds them all
const YEAR = (() => {
  const to = indianDate(new Date());
  return { from: indianDate(indianDayStart(new Date(), -365)), to };
})();
const yearQuery = (by: string) => `by=${by}&from=${YEAR.from}&to=${YEAR.to}`;

/** The same figures worked out here from the rows, a different way: in JavaScript. */
async function expectedFigures() {
  const start = indianDayStart(new Date(`${YEAR.from}T12:00:00+05:30`));
  const end = indianDayStart(new Date(`${YEAR.to}T12:00:00+05:30`), 1);
  const placed = await t.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'placed'), gte(orders.createdAt, start), lt(orders.createdAt, end)));
  const ids = placed.map((o) => o.id);
  const items = await t.db
    .select({
      sellerId: orderItems.sellerId,
      quantity: orderItems.quantity,
      price: orderItems.unitPricePaise,
      cancelled: orderItems.cancelledQuantity,
      returned: orderItems.returnedQuantity,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, ids));
  const sent = await t.db
    .select({ amount: refunds.amountPaise })
    .from(refunds)
    .where(and(inArray(refunds.orderId, ids), inArray(refunds.status, ['processed', 'completed'])));
  const gmvBySeller = new Map<string, number>();
  for (const item of items)
    gmvBySeller.set(
      String(item.sellerId),
      (gmvBySeller.get(String(item.sellerId)) ?? 0) + item.quantity * item.price,
    );
  return {
    orders: ids.length,
    units: items.reduce((sum, i) => sum + i.quantity, 0),
    gmvPaise: items.reduce((sum, i) => sum + i.quantity * i.price, 0),
    cancelledPaise: items.reduce((sum, i) => sum + i.cancelled * i.price, 0),
    returnedUnits: items.reduce((sum, i) => sum + i.returned, 0),
    refunds: sent.length,
    refundedPaise: sent.reduce((sum, r) => sum + r.amount, 0),
    gmvBySeller,
  };
}

describe('who reads the reports', () => {
  it('answers a visitor 401, shoppers and sellers 403, and each role as its areas say', async () => {
    for (const path of ['/api/admin/reports', '/api/admin/reports.csv']) {
      expect((await get(path)).status).toBe(401);
      expect((await get(path, await t.loginCookie('priya@example.com'))).status).toBe(403);
      expect((await get(path, await t.loginCookie('dakshin-mart@sellers.example.com'))).status).toBe(403);
    }
    for (const role of STAFF_ROLES) {
      const { cookie } = await verifiedStaff(t, `reports-${role}@staff.example.com`, role);
      const reaches = role === 'owner' || role === 'finance';
      expect((await get('/api/admin/reports', cookie)).status, role).toBe(reaches ? 200 : 403);
      expect((await get('/api/admin/reports.csv', cookie)).status, role).toBe(reaches ? 200 : 403);
    }
  });
});

describe('the figures', () => {
  it('match the orders, items and refunds, the same in all three groupings', async () => {
    const expected = await expectedFigures();
    expect(expected.orders).toBeGreaterThan(0);
    for (const by of ['day', 'category', 'seller']) {
      const report = await reportOf(yearQuery(by));
      expect(report.totals, by).toMatchObject({
        orders: expected.orders,
        units: expected.units,
        gmvPaise: expected.gmvPaise,
        cancelledPaise: expected.cancelledPaise,
        returnedUnits: expected.returnedUnits,
        refunds: expected.refunds,
        refundedPaise: expected.refundedPaise,
      });
      // the rows add up to the totals
      expect(report.rows.reduce((sum, row) => sum + row.gmvPaise, 0)).toBe(expected.gmvPaise);
      expect(report.rows.reduce((sum, row) => sum + row.refundedPaise, 0)).toBe(expected.refundedPaise);
    }
    const bySeller = await reportOf(yearQuery('seller'));
    for (const row of bySeller.rows.filter((r) => r.key !== 'none'))
      expect(row.gmvPaise, row.label).toBe(expected.gmvBySeller.get(row.key) ?? 0);
    expect(bySeller.rows.map((r) => r.gmvPaise)).toEqual(
      [...bySeller.rows.map((r) => r.gmvPaise)].sort((a, b) => b - a),
    );
  });

  it('gives every day of the range a row, oldest first, and 30 days when none are chosen', async () => {
    const byDay = await reportOf(yearQuery('day'));
    expect(byDay.rows.length).toBe(366);
    expect(byDay.rows[0]?.key).toBe(YEAR.from);
    expect(byDay.rows.at(-1)?.key).toBe(YEAR.to);
    const plain = await reportOf('', owner);
    expect(plain.by).toBe('day');
    expect(plain.rows.length).toBe(30);
    expect(plain.to).toBe(indianDate(new Date()));
  });

  it('counts nothing on days without orders', async () => {
    const report = await reportOf('by=seller&from=2001-01-01&to=2001-01-31');
    expect(report.rows).toEqual([]);
    expect(report.totals).toMatchObject({ orders: 0, gmvPaise: 0, refundedPaise: 0 });
  });

  it('downloads the same report as CSV, with its totals line', async () => {
    const res = await get(`/api/admin/reports.csv?${yearQuery('seller')}`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="orders-by-seller-${YEAR.from}-to-${YEAR.to}.csv"`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const lines = (await res.text()).trimEnd().split('\r\n');
    const report = await reportOf(yearQuery('seller'));
    expect(lines[0]?.startsWith('seller,orders,units,gmv_(inr)')).toBe(true);
    expect(lines).toHaveLength(report.rows.length + 2);
    const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
    expect(lines.at(-1)).toContain(
      `Total,${report.totals.orders},${report.totals.units},${rupees(report.totals.gmvPaise)},`,
    );
  });
});

describe('bad input', () => {
  it.each([
    ['by=month', REPORT_MESSAGES.group],
    ['by=day%00', null], // a NUL byte is refused before the report reads it
    ['from=2026-11-28&to=2026-11-01', REPORT_MESSAGES.order],
    ['from=2020-01-01&to=2026-11-28', REPORT_MESSAGES.tooLong],
    ['from=2026-02-30x', 'from must be a date (YYYY-MM-DD).'],
    ['to=999… (10,000 digits)', 'to must be a date (YYYY-MM-DD).'],
    ['from=%E0%A4%A', null],
    ['by=%ZZ', null],
  ])('%s is a clear 400', async (query, message) => {
    for (const path of ['/api/admin/reports', '/api/admin/reports.csv']) {
      const sent = query.startsWith('to=999…') ? `to=${'9'.repeat(10_000)}` : query;
      const res = await get(`${path}?${sent}`, finance);
      expect(res.status, `${path}?${query}`).toBe(400);
      const error = await errorOf(res);
      if (message) expect(JSON.stringify(error)).toContain(message);
    }
  });
});
