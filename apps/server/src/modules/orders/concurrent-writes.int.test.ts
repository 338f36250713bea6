import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, offers, orders } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { send } from '../../../test-support/accounts.ts';
import { defaultAddress, deliverableOffers } from '../../../test-support/orders.ts';

// A double click, two tabs or a form posted twice send the same write at once. On PostgreSQL
// (TEST_DATABASE_URL) the requests really overlap; each must answer as its meaning says, never 500.
const AT_ONCE = 10;

let t: TestApp;
let cookie: string;
let userId: number;
let addressId: number;
let candidates: Awaited<ReturnType<typeof deliverableOffers>>;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.loginCookie('priya@example.com');
  const address = await defaultAddress(t.db, 'priya@example.com');
  addressId = address.id;
  userId = address.userId;
  candidates = await deliverableOffers(t.db, address.pincode);
});
afterAll(() => t.close());

const pick = (index: number) => {
  const found = candidates[index];
  if (!found) throw new Error('the seed has deliverable offers');
  return found.offer;
};
const stockOf = async (offerId: number) =>
  (await t.db.select({ stock: offers.stock }).from(offers).where(eq(offers.id, offerId)))[0]?.stock;
const atOnce = (write: () => ReturnType<typeof send>) =>
  Promise.all(Array.from({ length: AT_ONCE }, () => write()));

describe(`${AT_ONCE} writes of one shopper at the same time`, () => {
  it('POST /api/orders with one idempotency key places one order: one 201, the rest 200 with the same order', async () => {
    const offer = pick(0);
    const stock = await stockOf(offer.id);
    const body = {
      idempotencyKey: `double-click-${Date.now()}`,
      addressId,
      paymentMode: 'cod',
      lines: [
        { productId: offer.productId, sellerId: offer.sellerId, quantity: 1, deliveryType: 'standard' },
      ],
    };
    const answers = await atOnce(() => send(t, 'POST', '/api/orders', body, { cookie }));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array<number>(AT_ONCE - 1).fill(200), 201]);
    expect(new Set(answers.map((answer) => answer.body.orderNo)).size).toBe(1);
    const [placed] = await t.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.idempotencyKey, body.idempotencyKey));
    expect(placed?.n).toBe(1);
    expect(await stockOf(offer.id)).toBe((stock ?? 0) - 1);
  });

  it('PUT /api/cart: every write answers 200 and the cart holds one line per offer', async () => {
    const [a, b] = [pick(1), pick(2)];
    const answers = await atOnce(() =>
      send(
        t,
        'PUT',
        '/api/cart',
        {
          lines: [
            { productId: a.productId, sellerId: a.sellerId, quantity: 1 },
            { productId: b.productId, sellerId: b.sellerId, quantity: 2 },
          ],
        },
        { cookie },
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(AT_ONCE).fill(200));
    const rows = await t.db.select().from(cartItems).where(eq(cartItems.userId, userId));
    expect(rows.map((row) => [row.offerId, row.quantity]).sort()).toEqual(
      [
        [a.id, 1],
        [b.id, 2],
      ].sort(),
    );
  });

  // ADR-0037: the same browser cart merged at once from several tabs counts once
  it('POST /api/cart/merge: every merge answers 200 and the line keeps its one unit', async () => {
    const offer = pick(3);
    await send(t, 'PUT', '/api/cart', { lines: [] }, { cookie });
    const answers = await atOnce(() =>
      send(
        t,
        'POST',
        '/api/cart/merge',
        { lines: [{ productId: offer.productId, sellerId: offer.sellerId, quantity: 1 }] },
        { cookie },
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(AT_ONCE).fill(200));
    const rows = await t.db.select().from(cartItems).where(eq(cartItems.userId, userId));
    expect(rows.map((row) => [row.offerId, row.quantity])).toEqual([[offer.id, 1]]);
  });
});
