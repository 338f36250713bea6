import { and, asc, eq, gt, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, coupons, offers, pincodes, products, users } from '@marketplace/db';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { errorOf, send } from '../../../test-support/accounts.ts';

let t: TestApp;
let priya: string;
let rahul: string;
type Offer = typeof offers.$inferSelect;
let first: Offer;
let second: Offer;
let couponOfFirst: number;
let couponOfOther: number;
let served: string;
let unserved: string;

beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
  rahul = await t.loginCookie('rahul@example.com');
  // two offers of different sellers with room to add quantities, and a coupon of the first one's product
  const [withCoupon] = await t.db
    .select({ offer: offers, couponId: coupons.id })
    .from(offers)
    .innerJoin(coupons, and(eq(coupons.productId, offers.productId), eq(coupons.sellerId, offers.sellerId)))
    .where(
      and(
        eq(offers.isActive, true),
        gt(offers.stock, 20),
        gt(offers.maxPerOrder, 3),
        eq(coupons.isActive, true),
      ),
    )
    .orderBy(asc(offers.id))
    .limit(1);
  if (!withCoupon) throw new Error('no offer with a coupon in the seed');
  first = withCoupon.offer;
  couponOfFirst = withCoupon.couponId;
  const [other] = await t.db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.isActive, true),
        gt(offers.stock, 20),
        ne(offers.sellerId, first.sellerId),
        ne(offers.productId, first.productId),
      ),
    )
    .orderBy(asc(offers.id))
    .limit(1);
  if (!other) throw new Error('no second offer');
  second = other;
  const [foreign] = await t.db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(isNotNull(coupons.productId), ne(coupons.productId, first.productId)))
    .limit(1);
  couponOfOther = foreign?.id ?? 999_999;
  const [yes] = await t.db.select().from(pincodes).where(eq(pincodes.pincode, first.sellerPincode));
  served = yes?.pincode ?? first.sellerPincode;
  // a pincode the couriers stop serving (the seed serves every pincode)
  const [no] = await t.db.select().from(pincodes).where(ne(pincodes.pincode, served)).limit(1);
  if (!no) throw new Error('no second pincode in the seed');
  unserved = no.pincode;
  await t.db.update(pincodes).set({ isServiceable: false }).where(eq(pincodes.pincode, unserved));
});
afterAll(() => t.close());

const line = (offer: Offer, quantity: number, couponId?: number | null) => ({
  productId: offer.productId,
  sellerId: offer.sellerId,
  quantity,
  ...(couponId === undefined ? {} : { couponId }),
});
type CartBody = {
  lines: {
    productId: number;
    sellerId: number;
    quantity: number;
    coupon: { id: number } | null;
    salePricePaise: number;
    name: string;
    sellerName: string;
  }[];
};
const cartOf = async (cookie: string) =>
  (await send(t, 'GET', '/api/cart', undefined, { cookie })).body as CartBody;
const rowsOf = async (email: string) => {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return t.db
    .select()
    .from(cartItems)
    .where(eq(cartItems.userId, user?.id ?? 0))
    .orderBy(asc(cartItems.id));
};

describe('PUT and GET /api/cart', () => {
  it('saves the lines and answers them with live product, seller, price and coupon', async () => {
    const put = await send(
      t,
      'PUT',
      '/api/cart',
      { lines: [line(first, 2, couponOfFirst), line(second, 1)] },
      { cookie: priya },
    );
    expect(put.status).toBe(200);
    const cart = await cartOf(priya);
    expect(cart.lines).toHaveLength(2);
    expect(cart.lines[0]).toMatchObject({
      productId: first.productId,
      sellerId: first.sellerId,
      quantity: 2,
      salePricePaise: first.salePricePaise,
      coupon: { id: couponOfFirst },
    });
    expect(cart.lines[0]?.name).toBeTruthy();
    expect(cart.lines[1]?.sellerName).toBeTruthy();
  });

  it('clamps quantities to stock and the maximum per order, and never takes prices from the body', async () => {
    const put = await send(
      t,
      'PUT',
      '/api/cart',
      { lines: [{ ...line(first, 1_000_000_000), salePricePaise: 1 }] },
      { cookie: priya },
    );
    expect(put.status).toBe(200);
    const [saved] = (put.body as CartBody).lines;
    expect(saved?.quantity).toBe(Math.min(first.stock, first.maxPerOrder));
    expect(saved?.salePricePaise).toBe(first.salePricePaise);
  });

  it('drops unknown offers and another product’s coupon, and adds up a repeated line', async () => {
    const put = await send(
      t,
      'PUT',
      '/api/cart',
      {
        lines: [
          { productId: first.productId, sellerId: 2_000_000, quantity: 1 },
          line(second, 1, couponOfOther),
          line(second, 1),
        ],
      },
      { cookie: priya },
    );
    expect(put.status).toBe(200);
    expect((put.body as CartBody).lines.map((l) => [l.productId, l.quantity, l.coupon])).toEqual([
      [second.productId, 2, null],
    ]);
  });

  it.each([
    ['quantity 0', { lines: [{ productId: 1, sellerId: 1, quantity: 0 }] }, 'Quantity must be at least 1.'],
    ['quantity -1', { lines: [{ productId: 1, sellerId: 1, quantity: -1 }] }, 'Quantity must be at least 1.'],
    [
      'quantity abc',
      { lines: [{ productId: 1, sellerId: 1, quantity: 'abc' }] },
      'Quantity must be a number.',
    ],
    ['no lines', {}, null],
    ['lines not a list', { lines: 'x' }, null],
    [
      'too many lines',
      { lines: Array.from({ length: 101 }, (_, i) => ({ productId: i + 1, sellerId: 1, quantity: 1 })) },
      null,
    ],
  ])('refuses %s with a clear 400 and changes nothing', async (_name, body, message) => {
    const before = await rowsOf('priya@example.com');
    const res = await send(t, 'PUT', '/api/cart', body, { cookie: priya });
    expect(res.status).toBe(400);
    if (message) expect(JSON.stringify(errorOf(res))).toContain(message);
    expect(await rowsOf('priya@example.com')).toEqual(before);
  });

  it('refuses malformed JSON and an oversized body', async () => {
    expect((await send(t, 'PUT', '/api/cart', '{"lines": [', { cookie: priya })).status).toBe(400);
    const huge = JSON.stringify({ lines: [], pad: 'x'.repeat(2_000_000) });
    expect((await send(t, 'PUT', '/api/cart', huge, { cookie: priya })).status).toBe(413);
  });

  it('answers 401 without a session, for every cart call but availability', async () => {
    expect((await send(t, 'GET', '/api/cart')).status).toBe(401);
    expect(errorOf(await send(t, 'PUT', '/api/cart', { lines: [] })).message).toBe(
      CART_MESSAGES.loginRequired,
    );
    expect((await send(t, 'POST', '/api/cart/merge', { lines: [] })).status).toBe(401);
  });

  it('keeps each shopper’s cart apart', async () => {
    await send(t, 'PUT', '/api/cart', { lines: [line(first, 1)] }, { cookie: priya });
    await send(t, 'PUT', '/api/cart', { lines: [line(second, 3)] }, { cookie: rahul });
    expect((await cartOf(priya)).lines.map((l) => l.productId)).toEqual([first.productId]);
    expect((await cartOf(rahul)).lines.map((l) => [l.productId, l.quantity])).toEqual([
      [second.productId, 3],
    ]);
  });
});

describe('POST /api/cart/merge', () => {
  it('adds the browser’s lines to the saved ones, a line in both keeping the larger quantity, capped', async () => {
    const cap = Math.min(first.stock, first.maxPerOrder);
    await send(t, 'PUT', '/api/cart', { lines: [line(first, Math.min(2, cap))] }, { cookie: priya });
    const merged = await send(
      t,
      'POST',
      '/api/cart/merge',
      { lines: [line(first, 1), line(second, 1)] },
      { cookie: priya },
    );
    expect(merged.status).toBe(200);
    expect((merged.body as CartBody).lines.map((l) => [l.productId, l.quantity])).toEqual([
      [first.productId, Math.min(2, cap)],
      [second.productId, 1],
    ]);
    const again = await send(t, 'POST', '/api/cart/merge', { lines: [line(first, 50)] }, { cookie: priya });
    expect((again.body as CartBody).lines[0]?.quantity).toBe(cap);
  });
});

describe('POST /api/cart/availability', () => {
  type Reply = { lines: { productId: number; status: string; stock: number }[] };
  it('says Available at a served pincode and Unavailable at an unserved one, for visitors too', async () => {
    const lines = [{ productId: first.productId, sellerId: first.sellerId }];
    const here = await send(t, 'POST', '/api/cart/availability', { pincode: served, lines });
    expect(here.status).toBe(200);
    expect((here.body as Reply).lines[0]).toMatchObject({ status: 'Available', stock: first.stock });
    const there = await send(t, 'POST', '/api/cart/availability', { pincode: unserved, lines });
    expect((there.body as Reply).lines[0]?.status).toBe('Unavailable');
    const unknown = await send(t, 'POST', '/api/cart/availability', { pincode: '999999', lines });
    expect((unknown.body as Reply).lines[0]?.status).toBe('Unavailable');
  });

  it('says Unavailable for an unknown offer and an out-of-stock one', async () => {
    await t.db.update(offers).set({ stock: 0 }).where(eq(offers.id, second.id));
    const res = await send(t, 'POST', '/api/cart/availability', {
      pincode: served,
      lines: [
        { productId: 2_000_000, sellerId: 1 },
        { productId: second.productId, sellerId: second.sellerId },
      ],
    });
    await t.db.update(offers).set({ stock: second.stock }).where(eq(offers.id, second.id));
    expect((res.body as Reply).lines.map((l) => l.status)).toEqual(['Unavailable', 'Unavailable']);
  });

  it.each([
    { pincode: '12345', lines: [] },
    { pincode: "560001' OR 1=1", lines: [] },
    { pincode: '560001', lines: [{ productId: 'x', sellerId: 1 }] },
    { pincode: '560001' },
  ])('refuses malformed input %j with 400', async (body) => {
    expect((await send(t, 'POST', '/api/cart/availability', body)).status).toBe(400);
  });
});

describe('the product table is untouched by cart writes', () => {
  it('keeps prices as the seller set them', async () => {
    const [row] = await t.db.select().from(offers).where(eq(offers.id, first.id));
    expect(row?.salePricePaise).toBe(first.salePricePaise);
    const [product] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, first.productId));
    expect(product?.id).toBe(first.productId);
  });
});

describe('cart writes at the same time (two tabs, a form posted twice)', () => {
  it('never answers 500 and leaves one line per offer', async () => {
    const puts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        send(
          t,
          'PUT',
          '/api/cart',
          { lines: [line(first, 1 + (i % 2)), line(second, 1)] },
          { cookie: priya },
        ),
      ),
    );
    expect(puts.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await rowsOf('priya@example.com');
    expect(new Set(rows.map((row) => row.offerId)).size).toBe(rows.length);
    expect(rows).toHaveLength(2);
  });

  it('merges the same browser cart once however often it is sent: 10 merges at once of one unit leave one unit', async () => {
    await send(t, 'PUT', '/api/cart', { lines: [] }, { cookie: priya });
    const merges = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(t, 'POST', '/api/cart/merge', { lines: [line(first, 1)] }, { cookie: priya }),
      ),
    );
    expect(merges.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const rows = (await rowsOf('priya@example.com')).filter((r) => r.offerId === first.id);
    expect(rows.map((row) => row.quantity)).toEqual([1]);
    for (const answer of merges)
      expect((answer.body as CartBody).lines.map((l) => [l.productId, l.quantity])).toEqual([
        [first.productId, 1],
      ]);
  });

  it('keeps the saved cart’s units when the browser’s merges at once hold fewer, and another shopper’s cart untouched', async () => {
    const cap = Math.min(first.stock, first.maxPerOrder);
    const saved = Math.min(2, cap);
    await send(t, 'PUT', '/api/cart', { lines: [line(first, saved)] }, { cookie: priya });
    await send(t, 'PUT', '/api/cart', { lines: [line(second, 1)] }, { cookie: rahul });
    await Promise.all(
      Array.from({ length: 10 }, () =>
        send(t, 'POST', '/api/cart/merge', { lines: [line(first, 1), line(second, 1)] }, { cookie: priya }),
      ),
    );
    const mine = await rowsOf('priya@example.com');
    expect(mine.map((row) => [row.offerId, row.quantity])).toEqual([
      [first.id, saved],
      [second.id, 1],
    ]);
    const his = await rowsOf('rahul@example.com');
    expect(his.map((row) => [row.offerId, row.quantity])).toEqual([[second.id, 1]]);
  });
});
