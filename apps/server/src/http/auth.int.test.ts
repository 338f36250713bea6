import { createRoute, z } from '@hono/zod-openapi';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers, users } from '@marketplace/db';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { FULFILMENT_MESSAGES } from '@marketplace/domain/orders/fulfilment';
import { hashSessionToken } from '../modules/sessions/index.ts';
import { createTestApp, type TestApp } from '../../test-support/testing.ts';
import { guarded, optionalShopper, requireSeller, requireShopper } from './auth.ts';
import { createRouter } from './router.ts';

const PRIYA = 'priya@example.com';
const MESSAGE = 'Please log in to try this.';
type ErrorBody = { error: { code: string; message: string } };

let t: TestApp;
let shopper: string;
let seller: string;
let sellerRow: { id: number; userId: number | null; name: string; email: string };

// a router of its own over the test database, so each middleware is seen on its own
function probe() {
  const posted = createRoute({
    method: 'post',
    path: '/probe/shopper',
    request: {
      body: { required: true, content: { 'application/json': { schema: z.object({ n: z.number() }) } } },
    },
    responses: { 200: { description: 'ok' } },
  });
  return createRouter()
    .openapi(guarded(posted, requireShopper(t.db, MESSAGE)), (c) => c.json(c.get('shopper'), 200))
    .get('/probe/seller', requireSeller(t.db), (c) => c.json(c.get('seller')))
    .get('/probe/viewer', optionalShopper(t.db), (c) => c.json({ viewer: c.get('viewer')?.email ?? null }));
}
const postShopper = (cookie: string | null, body: string) =>
  probe().request('/probe/shopper', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body,
  });
const get = (path: string, cookie: string | null) =>
  probe().request(path, { headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  t = await createTestApp();
  shopper = await t.loginCookie(PRIYA);
  const [row] = await t.db
    .select({ id: sellers.id, userId: sellers.userId, name: sellers.name, email: users.email })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .orderBy(asc(sellers.id))
    .limit(1);
  if (!row) throw new Error('a seeded seller with a login');
  sellerRow = row;
  seller = await t.loginCookie(row.email);
});
afterAll(() => t.close());

describe('requireShopper()', () => {
  it('answers a visitor 401 in the API’s error shape with the route’s message, before reading the body', async () => {
    const res = await postShopper(null, 'not json');
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.json()) as ErrorBody).toEqual({ error: { code: 'UNAUTHENTICATED', message: MESSAGE } });
  });

  it('refuses a cookie naming no session', async () => {
    expect((await postShopper('session=forged', '{"n":1}')).status).toBe(401);
  });

  it('puts the logged-in account on the context', async () => {
    const res = await postShopper(shopper, '{"n":1}');
    expect(res.status).toBe(200);
    const [priya] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, PRIYA));
    expect(await res.json()).toEqual({
      id: priya?.id,
      email: PRIYA,
      sessionTokenHash: hashSessionToken(shopper.split('=')[1] ?? ''),
    });
  });
});

describe('requireSeller()', () => {
  it('refuses a visitor (401) and a shopper (403) with the seller API’s messages', async () => {
    const visitor = await get('/probe/seller', null);
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as ErrorBody).error.message).toBe(FULFILMENT_MESSAGES.notLoggedIn);
    const notSeller = await get('/probe/seller', shopper);
    expect(notSeller.status).toBe(403);
    expect((await notSeller.json()) as ErrorBody).toEqual({
      error: { code: 'FORBIDDEN', message: FULFILMENT_MESSAGES.notSeller },
    });
  });

  it('puts the seller of the session on the context', async () => {
    const res = await get('/probe/seller', seller);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      sellerId: sellerRow.id,
      userId: sellerRow.userId,
      name: sellerRow.name,
    });
  });
});

describe('optionalShopper()', () => {
  it('gives a visitor null and a logged-in account its user', async () => {
    expect(await (await get('/probe/viewer', null)).json()).toEqual({ viewer: null });
    expect(await (await get('/probe/viewer', shopper)).json()).toEqual({ viewer: PRIYA });
  });
});

describe('across parties in the real API', () => {
  it('a shopper’s session opens no seller route', async () => {
    const res = await t.request('/api/seller/order-items', { headers: { cookie: shopper } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).error.message).toBe(FULFILMENT_MESSAGES.notSeller);
  });

  it('a shopper route answers a visitor 401 with its own message, and takes any logged-in account', async () => {
    const visitor = await t.request('/api/cart');
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as ErrorBody).error.message).toBe(CART_MESSAGES.loginRequired);
    // a seller's login is an account like any other: it may keep a cart of its own
    expect((await t.request('/api/cart', { headers: { cookie: seller } })).status).toBe(200);
  });
});
