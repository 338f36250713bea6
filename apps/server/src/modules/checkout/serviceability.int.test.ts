// requirements#delivery-serviceability with the seeded catalog: the islands, Ladakh and Sikkim get
// the spec's not-serviceable texts for goods that may not go there, or whose sellers ship nearer.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, cartItems, offers, orders, pincodes, products, sellers, users } from '@marketplace/db';
import { PRODUCT_MESSAGES } from '@marketplace/domain/catalog/product-detail';
import { CHECKOUT_MESSAGES, type CheckoutQuote } from '@marketplace/domain/orders/checkout';
import { notDeliverable, ORDER_MESSAGES, productUnavailable } from '@marketplace/domain/orders/messages';
import { createTestApp, type TestApp, withoutScripts } from '../../../test-support/testing.ts';

const REMOTE = ['744101', '682555', '194101', '737101'] as const;
const NOT_SERVICEABLE = PRODUCT_MESSAGES.notServiceable;

let t: TestApp;
let priya: string;
let rahul: string;
beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
  rahul = await t.loginCookie('rahul@example.com');
});
afterAll(() => t.close());

type Seeded = { productId: number; name: string; sellerId: number; stock: number };

/**
 * The first seeded product of a handling class with an in-stock offer; `remoteSellers` says
 * whether every offer's seller ships to remote zones (true) or none does (false).
 */
async function seeded(handling: string, remoteSellers: boolean): Promise<Seeded> {
  const shipsRemote = sql`'remote' = ANY (${sellers.shippingZones})`;
  const [row] = await t.db
    .select({ productId: products.id, name: products.name, sellerId: offers.sellerId, stock: offers.stock })
    .from(products)
    .innerJoin(offers, eq(offers.productId, products.id))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .where(
      and(
        eq(products.handling, handling),
        eq(products.isActive, true),
        eq(offers.isActive, true),
        gt(offers.stock, 5),
        sql`${offers.maxPerOrder} >= 2`,
        sql`${offers.salePricePaise} <= 1000000`,
        remoteSellers ? shipsRemote : sql`NOT ${shipsRemote}`,
        // for standard goods every offer of the product is like this one, so the product page
        // has no other way; for the others the offer's seller ships everywhere, so only the
        // handling class keeps it from a remote zone
        handling !== 'standard'
          ? sql`true`
          : sql`NOT EXISTS (SELECT 1 FROM ${offers} o JOIN ${sellers} s ON s.id = o.seller_id
              WHERE o.product_id = ${products.id} AND o.is_active
                AND ('remote' = ANY (s.shipping_zones)) <> ${remoteSellers})`,
      ),
    )
    .orderBy(asc(products.id))
    .limit(1);
  if (!row) throw new Error(`the seed has a ${handling} product`);
  return row;
}

const productPage = (name: string, pincode: string) =>
  t.request(`/productdetails/${encodeURIComponent(name)}`, { headers: { cookie: `pincode=${pincode}` } });

const post = (path: string, body: unknown, cookie: string | null) =>
  t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function addressAt(email: string, pincode: string): Promise<number> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [place] = await t.db.select().from(pincodes).where(eq(pincodes.pincode, pincode));
  if (!user || !place) throw new Error('seeded shopper and pincode');
  const [row] = await t.db
    .insert(addresses)
    .values({
      userId: user.id,
      firstName: 'Priya',
      lastName: 'Raman',
      email,
      mobile: '9876543210',
      doorNo: 'Quarter 12',
      street: 'Main Road',
      landmark: 'Near the post office',
      pincode,
      city: place.city,
      state: place.state,
    })
    .returning({ id: addresses.id });
  if (!row) throw new Error('address inserted');
  return row.id;
}

let keys = 0;
const placeOrder = (body: object, cookie = priya) =>
  post('/api/orders', { idempotencyKey: `serviceability-${Date.now()}-${++keys}`, ...body }, cookie);
const line = (p: Seeded, deliveryType?: string) => ({
  productId: p.productId,
  sellerId: p.sellerId,
  quantity: 1,
  ...(deliveryType ? { deliveryType } : {}),
});
const stockOf = async (p: Seeded) =>
  (
    await t.db
      .select({ stock: offers.stock })
      .from(offers)
      .where(and(eq(offers.productId, p.productId), eq(offers.sellerId, p.sellerId)))
  )[0]?.stock;

describe('the product page at remote pincodes', () => {
  it.each(REMOTE)(
    'says a bulky, a fragile and a hazardous product are not serviceable at %s',
    async (pincode) => {
      for (const handling of ['bulky', 'fragile', 'hazardous']) {
        const product = await seeded(handling, true);
        const html = await (await productPage(product.name, pincode)).text();
        expect(html, `${handling} ${product.name}`).toContain(NOT_SERVICEABLE);
        // the same product reaches a metro
        expect(withoutScripts(await (await productPage(product.name, '600100')).text())).not.toContain(
          NOT_SERVICEABLE,
        );
      }
    },
  );

  it.each(REMOTE)('delivers a standard product from a seller who ships there to %s', async (pincode) => {
    const product = await seeded('standard', true);
    const html = await (await productPage(product.name, pincode)).text();
    expect(withoutScripts(html)).not.toContain(NOT_SERVICEABLE);
    expect(html).toContain('Standard Delivery');
  });

  it('says a standard product is not serviceable at Port Blair when its sellers ship nearer only', async () => {
    const product = await seeded('standard', false);
    expect(await (await productPage(product.name, '744101')).text()).toContain(NOT_SERVICEABLE);
  });

  it('answers a broken or hostile pincode cookie with the default pincode, never a 500', async () => {
    const product = await seeded('bulky', true);
    for (const cookie of ['%E0%A4', '744101%00', '7441010', '']) {
      const res = await productPage(product.name, cookie);
      expect(res.status, cookie).toBe(200);
      expect(withoutScripts(await res.text())).not.toContain(NOT_SERVICEABLE);
    }
  });
});

describe('the cart estimate and availability at remote pincodes', () => {
  it.each(REMOTE)(
    'names the bulky line not deliverable at %s and prices the standard one',
    async (pincode) => {
      const bulky = await seeded('bulky', true);
      const standard = await seeded('standard', true);
      const res = await post(
        '/api/checkout/estimate',
        { pincode, lines: [line(bulky), line(standard)] },
        null,
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as CheckoutQuote;
      expect(body.lines[0]).toMatchObject({
        status: 'NOT_DELIVERABLE',
        message: notDeliverable(bulky.name),
        options: [],
      });
      expect(body.lines[1]).toMatchObject({ status: 'AVAILABLE', message: null, chosen: 'standard' });
      expect(body.summary?.isPlaceable).toBe(false);

      const available = await post(
        '/api/cart/availability',
        { pincode, lines: [line(bulky), line(standard)] },
        null,
      );
      const statuses = ((await available.json()) as { lines: { status: string }[] }).lines.map(
        (l) => l.status,
      );
      expect(statuses).toEqual(['Unavailable', 'Available']);
    },
  );

  it.each([
    [
      'a NUL byte after a remote pincode',
      { pincode: '744101\u0000', lines: [{ productId: 1, sellerId: 1, quantity: 1 }] },
    ],
    [
      'a percent-encoded pincode',
      { pincode: '74%34101', lines: [{ productId: 1, sellerId: 1, quantity: 1 }] },
    ],
  ])('refuses %s with a clear 400', async (_label, body) => {
    const res = await post('/api/checkout/estimate', body, null);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBeTruthy();
  });

  it('never takes a handling class or seller zones from the browser', async () => {
    const bulky = await seeded('bulky', true);
    const smuggled = { ...line(bulky), handling: 'standard', sellerZones: ['remote'], zone: 'local' };
    const res = await post('/api/checkout/estimate', { pincode: '744101', lines: [smuggled] }, null);
    expect(res.status).toBe(200);
    expect(((await res.json()) as CheckoutQuote).lines[0]?.status).toBe('NOT_DELIVERABLE');
  });
});

describe('checkout and orders at remote pincodes', () => {
  it('refuses a fragile product for Leh with the spec’s text and takes no stock', async () => {
    const fragile = await seeded('fragile', true);
    const addressId = await addressAt('priya@example.com', '194101');
    const quoted = await post('/api/checkout/quote', { addressId, lines: [line(fragile)] }, priya);
    expect(quoted.status).toBe(200);
    const quote = (await quoted.json()) as CheckoutQuote;
    expect(quote.lines[0]).toMatchObject({
      status: 'NOT_DELIVERABLE',
      message: notDeliverable(fragile.name),
    });
    expect(quote.summary).toBeNull();

    const before = await stockOf(fragile);
    const res = await placeOrder({ addressId, paymentMode: 'cod', lines: [line(fragile, 'standard')] });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      notDeliverable(fragile.name),
    );
    expect(await stockOf(fragile)).toBe(before);
  });

  it('refuses cash on delivery at Port Blair, where standard goods still go prepaid', async () => {
    const standard = await seeded('standard', true);
    const addressId = await addressAt('priya@example.com', '744101');
    const quote = (await (
      await post('/api/checkout/quote', { addressId, lines: [line(standard)] }, priya)
    ).json()) as CheckoutQuote;
    expect(quote.address.hasCod).toBe(false);
    expect(quote.lines[0]).toMatchObject({ status: 'AVAILABLE', chosen: 'standard' });
    expect(quote.summary).toMatchObject({ isPlaceable: true, isCodAllowed: false });

    const before = await stockOf(standard);
    const res = await placeOrder({ addressId, paymentMode: 'cod', lines: [line(standard, 'standard')] });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      ORDER_MESSAGES.codNotAllowed,
    );
    expect(await stockOf(standard)).toBe(before);
  });

  it('never sends a bulky or hazardous product express, even when asked for it', async () => {
    const [address] = await t.db
      .select({ id: addresses.id })
      .from(addresses)
      .innerJoin(users, eq(users.id, addresses.userId))
      .where(and(eq(users.email, 'priya@example.com'), eq(addresses.isDefault, true)));
    if (!address) throw new Error('priya has a default address');
    for (const handling of ['bulky', 'hazardous']) {
      const product = await seeded(handling, true);
      const quote = (await (
        await post('/api/checkout/quote', { addressId: address.id, lines: [line(product, 'express')] }, priya)
      ).json()) as CheckoutQuote;
      const types = quote.lines[0]?.options.map((o) => o.deliveryType) ?? [];
      expect(types, handling).toContain('standard');
      expect(types, handling).not.toContain('express');
      expect(quote.lines[0]?.chosen).toBe('standard');

      const res = await placeOrder({
        addressId: address.id,
        paymentMode: 'cod',
        lines: [line(product, 'express')],
      });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        productUnavailable(product.productId),
      );
    }
  });

  it('keeps one shopper’s remote address from another (404), in the quote and the order', async () => {
    const standard = await seeded('standard', true);
    const addressId = await addressAt('priya@example.com', '682555');
    const quote = await post('/api/checkout/quote', { addressId, lines: [line(standard)] }, rahul);
    expect(quote.status).toBe(404);
    const res = await placeOrder(
      { addressId, paymentMode: 'online', lines: [line(standard, 'standard')] },
      rahul,
    );
    expect(res.status).toBe(404);
  });
});

describe('the checkout pages at remote pincodes, rendered on the server', () => {
  const userIdOf = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;
  const offerIdOf = async (p: Seeded) =>
    (
      await t.db
        .select({ id: offers.id })
        .from(offers)
        .where(and(eq(offers.productId, p.productId), eq(offers.sellerId, p.sellerId)))
    )[0]?.id ?? 0;
  async function savedCart(...lines: Seeded[]) {
    const userId = await userIdOf('priya@example.com');
    await t.db.delete(cartItems).where(eq(cartItems.userId, userId));
    for (const p of lines)
      await t.db.insert(cartItems).values({ userId, offerId: await offerIdOf(p), quantity: 1 });
    return userId;
  }
  const page = async (path: string) => (await t.request(path, { headers: { cookie: priya } })).text();

  it('the delivery review at Gangtok says a hazardous line cannot be delivered, the final review is sorry', async () => {
    const hazardous = await seeded('hazardous', true);
    const standard = await seeded('standard', true);
    await savedCart(hazardous, standard);
    const addressId = await addressAt('priya@example.com', '737101');
    const review = await page(`/deliveryreview?address=${addressId}`);
    expect(review).toContain(CHECKOUT_MESSAGES.deliveryNotAvailable);
    expect(review).toContain('Standard Delivery');
    const final = await page(`/deliveryfinalreview?address=${addressId}`);
    expect(final).toContain(CHECKOUT_MESSAGES.itemUnavailable);
  });

  it('the final review at Kavaratti offers no cash on delivery, and a posted Pay COD places nothing', async () => {
    const standard = await seeded('standard', true);
    const userId = await savedCart(standard);
    const addressId = await addressAt('priya@example.com', '682555');
    const final = await page(`/deliveryfinalreview?address=${addressId}`);
    expect(final).toContain(CHECKOUT_MESSAGES.codUnavailable);
    expect(final).toMatch(/<button type="submit" value="cod"[^>]*disabled=""[^>]*>Pay COD</);

    const before = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
    const lines = [...final.matchAll(/name="line" value="([^"]+)"/g)].map((m): [string, string] => [
      'line',
      m[1] ?? '',
    ]);
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(final)?.[1] ?? '';
    const res = await t.request(`/deliveryfinalreview?address=${addressId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: priya },
      body: new URLSearchParams([['paymentMode', 'cod'], ['idempotencyKey', key], ...lines]).toString(),
    });
    expect(res.status).toBeLessThan(500);
    const after = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
    expect(after).toHaveLength(before.length);
  });
});
