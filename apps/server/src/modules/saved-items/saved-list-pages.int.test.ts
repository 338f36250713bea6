import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, offers, products, savedItems, users } from '@marketplace/db';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// The saved lists without scripts (ADR-0013): /saveforlater, /mywhishlist and /buyagain
// rendered on the server, Move to Cart and Remove posted to the page's action.
let t: TestApp;
let priya: string;
let rahul: string;
let offer: { id: number; productId: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
  rahul = await t.loginCookie('rahul@example.com');
  const [row] = await t.db
    .select({ id: offers.id, productId: offers.productId, name: products.name })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.isActive, true), eq(products.isActive, true), gt(offers.stock, 5)))
    .orderBy(asc(offers.id))
    .limit(1);
  if (!row) throw new Error('no offer in the seed');
  offer = row;
});
afterAll(() => t.close());

const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const userId = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;
/** A fresh entry of the test's product on a shopper's list (one per list and product). */
const saveFor = async (email: string, list: 'save_for_later' | 'wishlist') => {
  const user = await userId(email);
  await t.db
    .delete(savedItems)
    .where(
      and(eq(savedItems.userId, user), eq(savedItems.list, list), eq(savedItems.productId, offer.productId)),
    );
  const [row] = await t.db
    .insert(savedItems)
    .values({ userId: user, productId: offer.productId, offerId: offer.id, list })
    .returning({ id: savedItems.id });
  if (!row) throw new Error('not saved');
  return row.id;
};
const entry = async (id: number) => t.db.select().from(savedItems).where(eq(savedItems.id, id));
const post = (path: string, cookie: string | null, fields: Record<string, string>) =>
  t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
const page = async (path: string, cookie: string) => (await t.request(path, { headers: { cookie } })).text();

describe('the saved lists render on the server', () => {
  it('lists the wishlist and Save For Later in the first HTML with posted buttons, no spinner', async () => {
    await saveFor('priya@example.com', 'wishlist');
    const wishlist = await page('/mywhishlist', priya);
    expect(wishlist).toContain(CART_MESSAGES.wishlistTitle);
    expect(wishlist).toContain(escaped(offer.name));
    expect(wishlist).toContain('value="move"');
    expect(wishlist).toContain('value="remove"');
    expect(wishlist).not.toContain('class="spinner"');
    const later = await page('/saveforlater', rahul);
    expect(later).toContain(CART_MESSAGES.noSavedForLater);
    expect(later).not.toContain('class="spinner"');
  });

  it('gives a script’s data request for a list that list (its path ends in .data)', async () => {
    const data = await page('/mywhishlist.data', priya);
    expect(data).toContain('"wishlist"');
    expect(data).not.toContain('"save_for_later"');
  });

  it('lists Buy Again as links to the products', async () => {
    const html = await page('/buyagain', priya);
    expect(html).toContain(`aria-label="${CART_MESSAGES.buyAgain}"`);
    expect(html).not.toContain('value="move"');
    expect(html).not.toContain('class="spinner"');
  });

  it.each(['/mywhishlist', '/saveforlater', '/buyagain'])(
    'sends a visitor of %s to log in first',
    async (path) => {
      const response = await t.request(path);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    },
  );
});

describe('Move to Cart and Remove posted without scripts', () => {
  it('moves a saved product into the cart with the spec’s message', async () => {
    await t.db.delete(cartItems).where(eq(cartItems.userId, await userId('priya@example.com')));
    const id = await saveFor('priya@example.com', 'save_for_later');
    const response = await post('/saveforlater', priya, { intent: 'move', id: String(id) });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(CART_MESSAGES.movedToCart);
    expect(await entry(id)).toEqual([]);
    const cart = await t.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.userId, await userId('priya@example.com')));
    expect(cart.map((line) => [line.offerId, line.quantity])).toEqual([[offer.id, 1]]);
  });

  it('removes with the list’s own message', async () => {
    const wished = await saveFor('priya@example.com', 'wishlist');
    const wishlist = await post('/mywhishlist', priya, { intent: 'remove', id: String(wished) });
    expect(wishlist.status).toBe(200);
    expect(await wishlist.text()).toContain(CART_MESSAGES.removedFromWishlist);
    const later = await saveFor('priya@example.com', 'save_for_later');
    const saved = await post('/saveforlater', priya, { intent: 'remove', id: String(later) });
    expect(await saved.text()).toContain(CART_MESSAGES.deletedFromSaveForLater);
    expect(await entry(wished)).toEqual([]);
    expect(await entry(later)).toEqual([]);
  });

  it('never moves or removes another shopper’s entry (404)', async () => {
    const id = await saveFor('priya@example.com', 'wishlist');
    expect((await post('/mywhishlist', rahul, { intent: 'remove', id: String(id) })).status).toBe(404);
    expect((await post('/mywhishlist', rahul, { intent: 'move', id: String(id) })).status).toBe(404);
    expect(await entry(id)).toHaveLength(1);
  });

  it('answers malformed, oversized and hostile posts with 400, changing nothing', async () => {
    const id = await saveFor('priya@example.com', 'wishlist');
    const posts: Record<string, string>[] = [
      { intent: 'destroy', id: String(id) },
      { intent: 'remove', id: `${id}\u0000` },
      { intent: 'remove', id: "1' OR 1=1" },
      { intent: 'remove', id: '9'.repeat(100_000) },
      {},
    ];
    for (const fields of posts) {
      const response = await post('/mywhishlist', priya, fields);
      expect(response.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
    }
    expect(await entry(id)).toHaveLength(1);
  });

  it('sends a visitor’s post to log in', async () => {
    const response = await post('/mywhishlist', null, { intent: 'remove', id: '1' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
  });
});
