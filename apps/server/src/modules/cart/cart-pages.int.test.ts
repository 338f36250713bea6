import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, offers, products, users } from '@marketplace/db';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { createTestApp, type TestApp, withoutScripts } from '../../../test-support/testing.ts';

// The cart page and Add to Cart before (or without) the page's scripts (ADR-0013): a
// logged-in shopper's saved cart is rendered on the server and changed by posted forms.
let t: TestApp;
let priya: string;
let rahul: string;
let offer: { productId: number; sellerId: number; name: string; stock: number; maxPerOrder: number };
beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
  rahul = await t.loginCookie('rahul@example.com');
  const [row] = await t.db
    .select({
      productId: offers.productId,
      sellerId: offers.sellerId,
      name: products.name,
      stock: offers.stock,
      maxPerOrder: offers.maxPerOrder,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.isActive, true), eq(products.isActive, true)))
    .orderBy(offers.id)
    .limit(1);
  if (!row) throw new Error('an offer');
  offer = row;
});
afterAll(() => t.close());

const post = (path: string, cookie: string | null, fields: Record<string, string>) =>
  t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
const productPath = () => `/productdetails/${encodeURIComponent(offer.name)}`;
const savedLines = async (email: string) => {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return t.db
    .select({ offerId: cartItems.offerId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, user?.id ?? 0));
};
const savedUserId = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
const line = () => ({ productId: String(offer.productId), sellerId: String(offer.sellerId) });

describe('Add to Cart posted without scripts', () => {
  it('adds the line to a logged-in shopper’s saved cart and shows the cart with it, in the first HTML', async () => {
    const response = await post(productPath(), rahul, { ...line(), quantity: '2', intent: 'add' });
    expect(response.status).toBe(302);
    // it lands on the cart, which says it was added
    expect(response.headers.get('location')).toBe('/cart?added=1');
    expect((await savedLines('rahul@example.com')).map((row) => row.quantity)).toContain(
      Math.min(2, offer.stock, offer.maxPerOrder),
    );
    const html = await (await t.request('/cart?added=1', { headers: { cookie: rahul } })).text();
    expect(html).toContain(offer.name.replace(/&/g, '&amp;'));
    expect(html).toMatch(/role="status"[^>]*>Product added to cart!</);
    // a cart opened any other way says nothing of the kind
    expect(
      withoutScripts(await (await t.request('/cart', { headers: { cookie: rahul } })).text()),
    ).not.toContain('Product added to cart!');
    expect(html).not.toContain('aria-label="Loading your cart"');
  });

  it('adds up: Add to Cart pressed twice holds both presses’ units (a merge at login would not)', async () => {
    await t.db.delete(cartItems).where(eq(cartItems.userId, (await savedUserId('priya@example.com')) ?? 0));
    for (let press = 0; press < 2; press++)
      expect((await post(productPath(), priya, { ...line(), quantity: '1', intent: 'add' })).status).toBe(
        302,
      );
    expect((await savedLines('priya@example.com')).map((row) => row.quantity)).toEqual([
      Math.min(2, offer.stock, offer.maxPerOrder),
    ]);
  });

  it('sends a visitor to log in, and refuses malformed lines with 400', async () => {
    const visitor = await post(productPath(), null, { ...line(), quantity: '1' });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
    for (const fields of [
      { ...line(), productId: '0' },
      { ...line(), sellerId: 'x\u0000' },
      { ...line(), quantity: '-1' },
      { ...line(), quantity: '9'.repeat(50) },
      {},
    ])
      expect((await post(productPath(), priya, fields)).status).toBe(400);
  });
});

describe('the cart page’s line forms without scripts', () => {
  it('changes the quantity and removes the line of the shopper’s own cart only', async () => {
    await post(productPath(), priya, { ...line(), quantity: '1' });
    const before = await savedLines('rahul@example.com');
    const changed = await post('/cart', priya, { ...line(), intent: 'quantity', quantity: '2' });
    expect(changed.status).toBe(302);
    const own = await savedLines('priya@example.com');
    expect(own.some((row) => row.quantity === Math.min(2, offer.stock, offer.maxPerOrder))).toBe(true);
    // rahul's cart is untouched by priya's change
    expect(await savedLines('rahul@example.com')).toEqual(before);
    const removed = await post('/cart', priya, { ...line(), intent: 'remove' });
    expect(removed.status).toBe(302);
    expect((await savedLines('priya@example.com')).length).toBe(own.length - 1);
  });

  it('answers malformed posts with 400 and a visitor’s with the way to log in', async () => {
    expect((await post('/cart', priya, { ...line(), intent: 'explode' })).status).toBe(400);
    expect((await post('/cart', priya, { ...line(), intent: 'quantity', quantity: '0' })).status).toBe(400);
    expect((await post('/cart', priya, { intent: 'remove', productId: '1%00', sellerId: '1' })).status).toBe(
      400,
    );
    const visitor = await post('/cart', null, { ...line(), intent: 'remove' });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toMatch(/^\/login/);
  });

  it('shows a visitor whose browser holds no lines the empty cart in the first HTML', async () => {
    const html = await (await t.request('/cart')).text();
    expect(html).toContain(CART_MESSAGES.empty);
    expect(withoutScripts(html)).not.toContain('Loading your cart');
  });

  it("keeps room for the lines a visitor's browser holds, and says the cart is empty only without scripts", async () => {
    const html = await (await t.request('/cart', { headers: { cookie: 'cartLines=2' } })).text();
    expect(html).toContain('Loading your cart');
    expect(html).toMatch(/<noscript>.*Your cart is empty\..*<\/noscript>/s);
  });
});
