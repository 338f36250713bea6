import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, offers, orderItems, orders, savedItems, users } from '@marketplace/db';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { errorOf, send } from '../../../test-support/accounts.ts';

let t: TestApp;
let priya: string;
let rahul: string;
let offer: typeof offers.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
  rahul = await t.loginCookie('rahul@example.com');
  const [row] = await t.db
    .select()
    .from(offers)
    .where(and(eq(offers.isActive, true), gt(offers.stock, 5)))
    .orderBy(asc(offers.id))
    .limit(1);
  if (!row) throw new Error('no offer in the seed');
  offer = row;
});
afterAll(() => t.close());

type Item = {
  id: number;
  productId: number;
  sellerId: number | null;
  name: string;
  salePricePaise: number | null;
  stars: number[];
};
const userId = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;
const save = (cookie: string, type: string) =>
  send(
    t,
    'POST',
    '/api/saved-items',
    { productId: offer.productId, sellerId: offer.sellerId, type },
    { cookie },
  );
const list = async (cookie: string, type: string) =>
  ((await send(t, 'GET', `/api/saved-items?type=${type}`, undefined, { cookie })).body as { items: Item[] })
    .items;

describe('saved lists', () => {
  it('lists a saved product with its offer price and star counts, on its own list only', async () => {
    await save(priya, 'save_for_later');
    const later = await list(priya, 'save_for_later');
    expect(later[0]).toMatchObject({
      productId: offer.productId,
      sellerId: offer.sellerId,
      salePricePaise: offer.salePricePaise,
    });
    expect(later[0]?.stars).toHaveLength(5);
    expect((await list(priya, 'wishlist')).some((i) => i.productId === offer.productId)).toBe(false);
  });

  it('moves a saved product into the cart and off the list', async () => {
    await t.db.delete(cartItems).where(eq(cartItems.userId, await userId('priya@example.com')));
    const [entry] = await list(priya, 'save_for_later');
    const moved = await send(t, 'POST', `/api/saved-items/${entry?.id}/move-to-cart`, undefined, {
      cookie: priya,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe(CART_MESSAGES.movedToCart);
    const cart = (await send(t, 'GET', '/api/cart', undefined, { cookie: priya })).body as {
      lines: { productId: number; quantity: number }[];
    };
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([[offer.productId, 1]]);
    expect((await list(priya, 'save_for_later')).some((i) => i.id === entry?.id)).toBe(false);
  });

  it('keeps an out-of-stock product on the list instead of adding a dead cart line', async () => {
    const priyaId = await userId('priya@example.com');
    await t.db.delete(cartItems).where(eq(cartItems.userId, priyaId));
    await save(priya, 'wishlist');
    const entry = (await list(priya, 'wishlist')).find((i) => i.productId === offer.productId);
    await t.db.update(offers).set({ stock: 0 }).where(eq(offers.id, offer.id));
    try {
      const moved = await send(t, 'POST', `/api/saved-items/${entry?.id}/move-to-cart`, undefined, {
        cookie: priya,
      });
      expect(moved.status).toBe(409);
      expect(errorOf(moved).message).toBe('This product is out of stock now. It stays on your list.');
      expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, priyaId))).toEqual([]);
      expect((await list(priya, 'wishlist')).some((i) => i.id === entry?.id)).toBe(true);
    } finally {
      await t.db.update(offers).set({ stock: offer.stock }).where(eq(offers.id, offer.id));
    }
  });

  it('deletes with the list’s own message', async () => {
    await save(priya, 'save_for_later');
    await save(priya, 'wishlist');
    const [later] = await list(priya, 'save_for_later');
    const [wished] = await list(priya, 'wishlist');
    const one = await send(t, 'DELETE', `/api/saved-items/${later?.id}`, undefined, { cookie: priya });
    expect(one.body.message).toBe(CART_MESSAGES.deletedFromSaveForLater);
    const two = await send(t, 'DELETE', `/api/saved-items/${wished?.id}`, undefined, { cookie: priya });
    expect(two.body.message).toBe(CART_MESSAGES.removedFromWishlist);
    expect(await list(priya, 'wishlist')).toEqual([]);
  });

  it('answers 404 for another shopper’s entry and changes nothing', async () => {
    await save(priya, 'wishlist');
    const [mine] = await list(priya, 'wishlist');
    expect(
      (await send(t, 'DELETE', `/api/saved-items/${mine?.id}`, undefined, { cookie: rahul })).status,
    ).toBe(404);
    expect(
      (await send(t, 'POST', `/api/saved-items/${mine?.id}/move-to-cart`, undefined, { cookie: rahul }))
        .status,
    ).toBe(404);
    const still = await t.db
      .select()
      .from(savedItems)
      .where(eq(savedItems.id, mine?.id ?? 0));
    expect(still).toHaveLength(1);
  });

  it.each(['abc', '0', '-1', '99999999999', "1'%20OR%201=1"])('refuses the id %s with 400', async (id) => {
    expect((await send(t, 'DELETE', `/api/saved-items/${id}`, undefined, { cookie: priya })).status).toBe(
      400,
    );
  });

  it('refuses an unknown list type and answers 401 without a session', async () => {
    expect((await send(t, 'GET', '/api/saved-items?type=cart', undefined, { cookie: priya })).status).toBe(
      400,
    );
    expect((await send(t, 'GET', '/api/saved-items?type=wishlist')).status).toBe(401);
    expect(errorOf(await send(t, 'DELETE', '/api/saved-items/1')).code).toBe('UNAUTHENTICATED');
    expect((await send(t, 'POST', '/api/saved-items/1/move-to-cart')).status).toBe(401);
    expect((await send(t, 'GET', '/api/buy-again')).status).toBe(401);
  });
});

describe('GET /api/buy-again', () => {
  it('lists products of delivered orders only, each once', async () => {
    const res = await send(t, 'GET', '/api/buy-again', undefined, { cookie: priya });
    expect(res.status).toBe(200);
    const items = (res.body as { items: Item[] }).items;
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((i) => i.productId)).size).toBe(items.length);
    const delivered = await t.db
      .select({ productId: orderItems.productId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.userId, await userId('priya@example.com')), eq(orderItems.status, 'delivered')));
    expect(new Set(items.map((i) => i.productId))).toEqual(new Set(delivered.map((row) => row.productId)));
  });
});
