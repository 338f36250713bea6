import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browsingHistory, products, users } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Cards = { products: { id: number; name: string }[] };
const related = async (query: string, init?: RequestInit) => {
  const res = await t.request(`/api/products/related${query}`, init);
  return { status: res.status, body: (await res.json()) as Cards & { error?: { message: string } } };
};

/** Two active, offered products of different leaf categories. */
async function viewedPair() {
  const rows = await t.db
    .selectDistinctOn([products.categoryId], { id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(and(eq(products.isActive, true), isNotNull(products.lowestPricePaise)))
    .orderBy(products.categoryId, products.id)
    .limit(2);
  const [a, b] = rows;
  if (!a || !b) throw new Error('the seed has fewer than two categories with products');
  return [a, b] as const;
}

/** What the block must show: best sellers of those categories, the viewed ones left out. */
async function expectedIds(categoryIds: number[], viewedIds: number[]) {
  const rows = await t.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        inArray(products.categoryId, categoryIds),
        notInArray(products.id, viewedIds),
        eq(products.isActive, true),
        isNotNull(products.lowestPricePaise),
      ),
    )
    .orderBy(sql`${products.unitsSold} DESC`, products.id)
    .limit(8);
  return rows.map((r) => r.id);
}

describe('GET /api/products/related', () => {
  it('answers the best sellers of the viewed products’ categories, without the viewed products', async () => {
    const [a, b] = await viewedPair();
    const { status, body } = await related(`?ids=${a.id},${b.id}`);
    expect(status).toBe(200);
    const got = body.products.map((p) => p.id);
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThanOrEqual(8);
    expect(got).not.toContain(a.id);
    expect(got).not.toContain(b.id);
    expect(got).toEqual(await expectedIds([a.categoryId, b.categoryId], [a.id, b.id]));
    expect(body.products[0]?.name).toBeTruthy();
  });

  it('ignores repeated, unknown and inactive ids', async () => {
    const [a, b] = await viewedPair();
    const once = await related(`?ids=${a.id}`);
    expect((await related(`?ids=${a.id},${a.id},${a.id}`)).body).toEqual(once.body);
    expect((await related(`?ids=999999999,${a.id},2147483648,9999999999`)).body).toEqual(once.body);
    // an inactive product lends no category
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, b.id));
    try {
      const { status, body } = await related(`?ids=${b.id}`);
      expect(status).toBe(200);
      expect(body.products).toEqual([]);
    } finally {
      await t.db.update(products).set({ isActive: true }).where(eq(products.id, b.id));
    }
  });

  it('answers nothing for products nothing is related to', async () => {
    const { status, body } = await related('?ids=999999999');
    expect(status).toBe(200);
    expect(body.products).toEqual([]);
  });

  it('takes the ids it is given, never the logged-in shopper’s saved history', async () => {
    const [a, b] = await viewedPair();
    const [priya] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'priya@example.com'));
    if (!priya) throw new Error('no priya');
    await t.db.delete(browsingHistory).where(eq(browsingHistory.userId, priya.id));
    await t.db.insert(browsingHistory).values({ userId: priya.id, productId: b.id, viewedAt: new Date() });
    const cookie = await t.loginCookie('priya@example.com');
    const asPriya = await related(`?ids=${a.id}`, { headers: { cookie } });
    const asVisitor = await related(`?ids=${a.id}`);
    expect(asPriya).toEqual(asVisitor);
    expect(asVisitor.body.products.map((p) => p.id)).toEqual(await expectedIds([a.categoryId], [a.id]));
  });

  const ten = Array.from({ length: 10 }, (_, i) => i + 1).join(',');
  it('accepts the history’s 10 ids', async () => {
    expect((await related(`?ids=${ten}`)).status).toBe(200);
  });

  it.each([
    ['missing', ''],
    ['empty', '?ids='],
    ['words', '?ids=abc'],
    ['negative', '?ids=-1'],
    ['zero', '?ids=0'],
    ['an empty item', '?ids=1,,2'],
    ['decimals', '?ids=1.5'],
    ['too long a number', '?ids=123456789012'],
    ['11 ids (more than a history holds)', `?ids=${ten},11`],
    ['1000 ids', `?ids=${Array.from({ length: 1000 }, (_, i) => i + 1).join(',')}`],
    ['a NUL byte', '?ids=1%00'],
    ['a raw NUL byte', '?ids=1\u00002'],
    ['broken percent-encoding', '?ids=1%E0%A4%A'],
    ['a stray percent sign', '?ids=%ZZ1'],
    ['quotes', `?ids=${encodeURIComponent("1' OR '1'='1")}`],
    ['an array', '?ids[]=1'],
  ])('refuses %s with 400 and a clear message', async (_, query) => {
    const { status, body } = await related(query);
    expect(status).toBe(400);
    expect(body.error?.message).toMatch(/\S/);
  });

  it('refuses an oversized query before reading it', async () => {
    const { status } = await related(`?ids=${'1'.repeat(100_000)}`);
    expect(status).toBe(400);
  });
});
