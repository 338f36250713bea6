// requirements#read-replica (ADR-0068): with DATABASE_READ_URL the catalog, listings, search,
// suggestions and reports are read from a streaming replica, while a shopper's or seller's own write
// is read back from the writer; a replica that stops answering sends the reads to the writer.
// Against a real replica of the machine's PostgreSQL, made by pg_basebackup for this file.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { offers, products, queryRows, sellers, users } from '@marketplace/db';
import { startReplica, type TestReplica } from '@marketplace/db/testing/replica';
import { formatInr } from '@marketplace/domain/money/money';
import { createTestApp, type TestApp, withoutScripts } from '../test-support/testing.ts';
import { verifiedStaff } from '../test-support/staff.ts';
import { READ_AFTER_COOKIE } from './http/read-routing.ts';

const source = inject('testDatabase');
if (source.kind !== 'postgres') throw new Error('read-replica.pg.int.test.ts runs on PostgreSQL only');

const DAKSHIN = 'dakshin-mart@sellers.example.com';
let replica: TestReplica;
let t: TestApp;
let seller: string;
/** A product only Dakshin Mart sells: its page shows Dakshin's price. */
let product: { id: number; name: string; offerId: number; mrpPaise: number; salePricePaise: number };

beforeAll(async () => {
  replica = await startReplica(source.serverUrl);
  t = await createTestApp({ keepPageLookupsMs: 0, keepSuggestionsMs: 0 }, { replica });
  seller = await t.loginCookie(DAKSHIN);
  const [row] = await queryRows<typeof product>(
    t.db,
    sql`SELECT p.id, p.name, o.id AS "offerId", o.mrp_paise AS "mrpPaise", o.sale_price_paise AS "salePricePaise"
          FROM ${products} p
          JOIN ${offers} o ON o.product_id = p.id AND o.closed_at IS NULL
          JOIN ${sellers} s ON s.id = o.seller_id
          JOIN ${users} u ON u.id = s.user_id AND u.email = ${DAKSHIN}
         WHERE p.is_active AND o.is_active AND o.stock > 0
           AND NOT EXISTS (SELECT 1 FROM ${offers} x WHERE x.product_id = p.id AND x.id <> o.id AND x.closed_at IS NULL)
         ORDER BY p.id LIMIT 1`,
  );
  if (!row) throw new Error('a product only Dakshin Mart sells is seeded');
  product = row;
  await replica.caughtUp();
}, 180_000);
afterAll(async () => {
  await t?.close();
  await replica?.stop();
});

const page = () => `/productdetails/${encodeURIComponent(product.name)}`;
const get = async (path: string, cookie?: string) =>
  t.request(path, cookie ? { headers: { cookie } } : {});
const shows = async (price: number, cookie?: string) => {
  const res = await get(page(), cookie);
  expect(res.status).toBe(200);
  return withoutScripts(await res.text()).includes(formatInr(price));
};
const reprice = (salePricePaise: number, cookie: string) =>
  t.request(`/api/seller/offers/${product.offerId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ salePricePaise, mrpPaise: product.mrpPaise, stock: 9 }),
  });

describe('a read replica (DATABASE_READ_URL)', () => {
  it('serves the catalog to a shopper from the replica, and a seller’s own change from the writer', async () => {
    const before = product.salePricePaise;
    const after = before - 111;
    expect(await shows(before)).toBe(true);
    await replica.pause();
    try {
      const res = await reprice(after, seller);
      expect(res.status).toBe(200);
      // the seller's browser is told where the writer stood after the change
      const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${READ_AFTER_COOKIE}=`));
      expect(cookie).toMatch(/^read_after=[0-9A-F]+%2F[0-9A-F]+; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/);
      const readAfter = cookie?.split(';')[0] ?? '';
      // the writer has the new price; the paused replica still the old one
      const [stored] = await t.db.select().from(offers).where(eq(offers.id, product.offerId));
      expect(stored?.salePricePaise).toBe(after);
      expect(await shows(before), 'a shopper reads the replica').toBe(true);
      expect(await shows(after), 'a shopper reads the replica').toBe(false);
      // the seller sees their own change at once, read from the writer
      expect(await shows(after, `${seller}; ${readAfter}`)).toBe(true);
      // a position that is not one counts as none
      expect(await shows(before, `${seller}; ${READ_AFTER_COOKIE}=..%2F0`)).toBe(true);
    } finally {
      await replica.resume();
    }
    await replica.caughtUp();
    expect(await shows(after), 'the replica caught up').toBe(true);
  });

  it('answers every lag-tolerant page and lookup from a replica that cannot write', async () => {
    const staff = (await verifiedStaff(t, 'replica-owner@staff.example.com', 'owner')).cookie;
    await replica.caughtUp();
    await replica.pause();
    try {
      const word = product.name.split(' ')[0] ?? 'shirt';
      for (const path of [
        '/',
        page(),
        `/searchpage/${encodeURIComponent(word)}`,
        `/api/search/suggestions?q=${encodeURIComponent(word)}`,
        '/todaydeals',
        '/coupons',
      ]) {
        expect((await get(path)).status, path).toBe(200);
      }
      // a logged-in shopper's search is remembered on the writer while the page reads the replica
      const shopper = await t.loginCookie('priya@example.com');
      expect((await get(`/searchpage/${encodeURIComponent(word)}`, shopper)).status).toBe(200);
      // staff are checked on the writer (a session made just now), the report read from the replica
      for (const path of ['/api/admin/reports', '/api/admin/reports.csv']) {
        expect((await get(path, staff)).status, path).toBe(200);
      }
    } finally {
      await replica.resume();
    }
  });

  it('reads from the writer while the replica is down, and answers every page', async () => {
    const latest = product.salePricePaise - 222;
    await replica.kill();
    // the next request finds the replica gone, within the half second it is given to answer
    await new Promise((wait) => setTimeout(wait, 300));
    expect((await reprice(latest, seller)).status).toBe(200);
    expect(await shows(latest), 'a shopper reads the writer').toBe(true);
    expect((await get('/')).status).toBe(200);
    expect((await get(`/api/search/suggestions?q=a`)).status).toBe(200);
    const [stored] = await t.db
      .select({ salePricePaise: offers.salePricePaise })
      .from(offers)
      .where(and(eq(offers.id, product.offerId), isNull(offers.closedAt)));
    expect(stored?.salePricePaise).toBe(latest);
  });
});
