import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browsingHistory, products, users } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

let t: TestApp;
let priya: string;
let rahul: string;
let ids: number[];
beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
  rahul = await t.loginCookie('rahul@example.com');
  const rows = await t.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(products.id)
    .limit(15);
  ids = rows.map((r) => r.id);
});
afterAll(() => t.close());

const MINUTE = 60_000;
const entry = (productId: number, minutesAgo = 1) => ({
  productId,
  productName: 'Name from the browser',
  image: '/evil.svg',
  timestamp: Date.now() - minutesAgo * MINUTE,
});
const save = (cookie: string | null, body: unknown) =>
  t.request('/api/history', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const read = async (cookie: string) => {
  const res = await t.request('/api/history', { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { history: { productId: number; productName: string; image: string }[] })
    .history;
};
const historyOf = async (email: string) => {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return t.db
    .select()
    .from(browsingHistory)
    .where(eq(browsingHistory.userId, user?.id ?? 0));
};

describe('the browsing history API', () => {
  it('needs a login to read or save', async () => {
    const get = await t.request('/api/history');
    expect(get.status).toBe(401);
    expect(((await get.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    expect((await save(null, { history: [entry(ids[0] ?? 0)] })).status).toBe(401);
    expect((await save('session=forged-token', { history: [entry(ids[0] ?? 0)] })).status).toBe(401);
  });

  it('saves views newest first, with names and images from the catalog, not the browser', async () => {
    const [a = 0, b = 0, c = 0] = ids;
    const res = await save(priya, { history: [entry(a, 1), entry(b, 3), entry(c, 2)] });
    expect(res.status).toBe(200);
    const history = await read(priya);
    expect(history.map((h) => h.productId)).toEqual([a, c, b]);
    const [product] = await t.db.select().from(products).where(eq(products.id, a));
    expect(history[0]?.productName).toBe(product?.name);
    expect(history[0]?.image).toBe(product?.mainImage);
  });

  it('keeps the newest view of a product, the newest 10 products and nothing older than a month', async () => {
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'priya@example.com'));
    await t.db.delete(browsingHistory).where(eq(browsingHistory.userId, me?.id ?? 0));
    await save(priya, { history: ids.slice(0, 15).map((id, i) => entry(id, i + 10)) });
    await save(priya, { history: [entry(ids[14] ?? 0, 0), entry(ids[0] ?? 0, 60 * 24 * 40)] });
    const history = await read(priya);
    expect(history).toHaveLength(10);
    expect(history[0]?.productId).toBe(ids[14]);
    expect(history.map((h) => h.productId)).toEqual([ids[14], ...ids.slice(0, 9)]);
    expect(await historyOf('priya@example.com')).toHaveLength(10);
  });

  it('never shows or changes another shopper’s history', async () => {
    const before = (await read(priya)).map((h) => h.productId);
    await save(rahul, { history: [entry(ids[12] ?? 0, 0)] });
    expect((await read(rahul)).map((h) => h.productId)).toEqual([ids[12]]);
    expect((await read(priya)).map((h) => h.productId)).toEqual(before);
  });

  it('ignores unknown products and puts a view from a fast clock at now', async () => {
    const res = await save(rahul, {
      history: [
        entry(2_000_000_000, 0),
        { ...entry(ids[13] ?? 0), timestamp: Date.now() + 86_400_000 * 365 },
      ],
    });
    expect(res.status).toBe(200);
    const rows = await historyOf('rahul@example.com');
    expect(rows.map((r) => r.productId).sort()).toEqual([ids[12], ids[13]].sort());
    expect(Math.max(...rows.map((r) => r.viewedAt.getTime()))).toBeLessThanOrEqual(Date.now());
  });

  it.each<[string, unknown]>([
    ['a list instead of an object', [entry(1)]],
    ['history that is not a list', { history: 'everything' }],
    ['1,000 entries', { history: Array.from({ length: 1000 }, (_, i) => entry(i + 1)) }],
    ['negative ids', { history: [{ ...entry(1), productId: -5 }] }],
    ['string ids', { history: [{ ...entry(1), productId: '12' }] }],
    ['huge ids', { history: [{ ...entry(1), productId: 1e20 }] }],
    ['a 10,000 character name', { history: [{ ...entry(1), productName: 'x'.repeat(10_000) }] }],
    ['no body fields', {}],
    ['malformed JSON', '{"history": ['],
  ])('refuses %s with 400', async (_, body) => {
    const before = await historyOf('rahul@example.com');
    const res = await save(rahul, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBeTruthy();
    expect(await historyOf('rahul@example.com')).toEqual(before);
  });
});

describe('the product cards API', () => {
  it('answers cards in the order asked, leaving out unknown products', async () => {
    const [a = 0, b = 0] = ids;
    const res = await t.request(`/api/products/cards?ids=${b},999999999,${a}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      products: { id: number; name: string; salePricePaise: number | null }[];
    };
    expect(body.products.map((p) => p.id)).toEqual([b, a]);
    expect(body.products[0]?.name).toBeTruthy();
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
    ['21 ids', `?ids=${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`],
    ['quotes', `?ids=${encodeURIComponent("1' OR '1'='1")}`],
  ])('refuses %s ids with 400', async (_, query) => {
    const res = await t.request(`/api/products/cards${query}`);
    expect(res.status).toBe(400);
  });

  it('accepts 20 ids and ids past the largest product', async () => {
    const res = await t.request(
      `/api/products/cards?ids=${Array.from({ length: 20 }, (_, i) => 9_999_999_990 - i).join(',')}`,
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { products: unknown[] }).products).toEqual([]);
  });
});

describe('the API document', () => {
  it('names the storefront’s browser-side answers as before, from the domain’s schemas', async () => {
    const document = (await (await t.request('/api/openapi.json')).json()) as {
      components: { schemas: Record<string, unknown> };
    };
    const named = Object.keys(document.components.schemas);
    for (const id of [
      'Suggestion',
      'HistoryEntry',
      'BrowsingHistory',
      'ProductCard',
      'LogoutResult',
      'NearestPincode',
      'PincodeAvailability',
      'CartAvailability',
      'SaveItemResult',
    ])
      expect(named, id).toContain(id);
  });
});
