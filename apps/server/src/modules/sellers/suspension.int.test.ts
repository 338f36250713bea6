import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, orderItems, orders, products, sellers, users } from '@marketplace/db';
import type { AdminSellerDecided } from '@marketplace/domain/admin/sellers-api';
import { productUnavailable } from '@marketplace/domain/orders/messages';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { defaultAddress, deliverableOffers } from '../../../test-support/orders.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createProductServices } from '../catalog/index.ts';

// requirements#operator-sellers: a suspended seller's listings leave every place a shopper sees
// them (product page, listings, search, suggestions, cart and checkout) while its open orders are
// still shipped; a reinstatement puts back exactly what the suspension took.
let t: TestApp;
let staff: string;
let priya: string;
let addressId: number;
let pincode: string;
type Candidate = Awaited<ReturnType<typeof deliverableOffers>>[number];
let seller: { id: number; name: string; email: string; cookie: string };
let solo: Candidate; // a product only this seller sells
let shared: Candidate; // a product others sell too
let paused: number; // an offer the seller paused itself

beforeAll(async () => {
  t = await createTestApp({ keepSuggestionsMs: 0, keepPageLookupsMs: 0 });
  staff = (await verifiedStaff(t, 'catalog.desk@bazaar.example.com', 'catalog')).cookie;
  priya = await t.loginCookie('priya@example.com');
  const address = await defaultAddress(t.db, 'priya@example.com');
  addressId = address.id;
  pincode = address.pincode;
  const candidates = await deliverableOffers(t.db, pincode);
  const sellersOf = new Map<number, number>();
  const counted = await t.db
    .select({ productId: offers.productId, n: sql<number>`count(*)::int` })
    .from(offers)
    .where(
      and(
        eq(offers.isActive, true),
        inArray(
          offers.productId,
          candidates.map((c) => c.offer.productId),
        ),
      ),
    )
    .groupBy(offers.productId);
  for (const row of counted) sellersOf.set(row.productId, row.n);
  // a seller with a login, one product of its own and one shared with another seller
  for (const c of candidates) {
    const own = candidates.find(
      (o) => o.offer.sellerId === c.offer.sellerId && sellersOf.get(o.offer.productId) === 1,
    );
    const withOthers = candidates.find(
      (o) => o.offer.sellerId === c.offer.sellerId && (sellersOf.get(o.offer.productId) ?? 0) >= 2,
    );
    const [login] = await t.db
      .select({ id: sellers.id, name: sellers.name, email: users.email })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(and(eq(sellers.id, c.offer.sellerId), eq(sellers.status, 'approved')));
    if (own && withOthers && login) {
      solo = own;
      shared = withOthers;
      seller = { ...login, cookie: await t.loginCookie(login.email) };
      break;
    }
  }
  if (!seller) throw new Error('the seed has a seller with a product of its own and a shared one');
  const [other] = await t.db
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(
        eq(offers.sellerId, seller.id),
        eq(offers.isActive, true),
        sql`${offers.id} NOT IN (${solo.offer.id}, ${shared.offer.id})`,
      ),
    )
    .limit(1);
  if (!other) throw new Error('the seller has a third offer');
  paused = other.id;
  await t.db.update(offers).set({ isActive: false }).where(eq(offers.id, paused));
});
afterAll(() => t.close());

const send = (method: string, path: string, cookie: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const page = (name: string) => t.request(`/productdetails/${encodeURIComponent(name)}`);
/** The sellers whose offers the product page shows. */
const sellersOnPage = async (name: string) => {
  const services = createProductServices(t.db, undefined, { keepMs: 0 });
  const detail = await services.productDetail({ name, sellerId: null, pincode });
  return detail
    ? [detail.offer, ...detail.otherOffers].flatMap((offer) => (offer ? [offer.sellerId] : []))
    : [];
};
const suggested = async (name: string) => {
  const res = await t.request(`/api/search/suggestions?q=${encodeURIComponent(name)}`);
  expect(res.status).toBe(200);
  return JSON.stringify(await res.json()).includes(JSON.stringify(name).slice(1, -1));
};
const searchPage = async (name: string) =>
  (await t.request(`/searchpage/${encodeURIComponent(name)}`)).text();
const cartLine = (c: Candidate) => ({
  productId: c.offer.productId,
  sellerId: c.offer.sellerId,
  quantity: 1,
});
let orderKeys = 0;
const placeOrder = (c: Candidate) =>
  send('POST', '/api/orders', priya, {
    idempotencyKey: `suspension-${Date.now()}-${++orderKeys}`,
    addressId,
    paymentMode: 'cod',
    lines: [{ ...cartLine(c), deliveryType: 'standard' }],
  });

describe('suspending a seller', () => {
  let openItemId: number;
  let openOrderNo: string;

  it('shows its listings everywhere before', async () => {
    expect((await page(solo.name)).status).toBe(200);
    expect(await sellersOnPage(shared.name)).toContain(seller.id);
    expect(await suggested(solo.name)).toBe(true);
    // an order the seller will still have to ship, and a basket waiting for checkout
    const placed = await placeOrder(shared);
    expect(placed.status).toBe(201);
    const [item] = await t.db
      .select({ id: orderItems.id, orderNo: orders.orderNo })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.sellerId, seller.id), eq(orderItems.status, 'pending')))
      .orderBy(sql`${orderItems.id} DESC`)
      .limit(1);
    if (!item) throw new Error('the order was placed');
    openItemId = item.id;
    openOrderNo = item.orderNo;
    expect(
      (await send('PUT', '/api/cart', priya, { lines: [cartLine(solo), cartLine(shared)] })).status,
    ).toBe(200);
  });

  it('takes its offers, and the products only it sold, off the shop', async () => {
    const res = await send('POST', `/api/admin/sellers/${seller.id}/decision`, staff, {
      action: 'suspend',
      reason: 'Three shoppers reported counterfeit goods; send us your purchase invoices.',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AdminSellerDecided;
    expect(body.seller.profile.status).toBe('suspended');
    expect(body.seller.offers.selling).toBe(0);

    expect((await page(solo.name)).status).toBe(404);
    expect((await page(shared.name)).status).toBe(200);
    expect(await sellersOnPage(shared.name)).not.toContain(seller.id);

    expect(await suggested(solo.name)).toBe(false);
    expect(await searchPage(solo.name)).not.toContain(`/productdetails/${encodeURIComponent(solo.name)}`);
  });

  it('lets no new order of them through the basket or checkout', async () => {
    const lines = [solo, shared].map((c) => ({ productId: c.offer.productId, sellerId: c.offer.sellerId }));
    const availability = await send('POST', '/api/cart/availability', priya, { pincode, lines });
    expect(availability.status).toBe(200);
    const answer = (await availability.json()) as { lines: { status: string }[] };
    expect(answer.lines.map((line) => line.status)).toEqual(['Unavailable', 'Unavailable']);
    const quote = await send('POST', '/api/checkout/quote', priya, { addressId, lines: [cartLine(shared)] });
    const quoted = (await quote.json()) as { lines: { status: string; message: string | null }[] };
    expect(quoted.lines[0]?.status).not.toBe('AVAILABLE');
    const refused = await placeOrder(solo);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      productUnavailable(solo.offer.productId),
    );
  });

  it('still lets the seller ship its open order, but not list', async () => {
    const order = await send('GET', `/api/seller/orders/${openOrderNo}`, seller.cookie);
    expect(order.status).toBe(200);
    const shipped = await send('POST', `/api/seller/orders/${openOrderNo}/shipments`, seller.cookie, {
      items: [{ itemId: openItemId }],
      carrier: 'Delhivery',
    });
    expect(shipped.status).toBe(201);
    const [item] = await t.db
      .select({ status: orderItems.status })
      .from(orderItems)
      .where(eq(orderItems.id, openItemId));
    expect(item?.status).toBe('shipped');
    expect((await send('GET', '/api/seller/listings', seller.cookie)).status).toBe(403);
    const me = (await (await send('GET', '/api/seller/registration', seller.cookie)).json()) as {
      application: { status: string; suspensionReason: string | null };
    };
    expect(me.application).toMatchObject({
      status: 'suspended',
      suspensionReason: 'Three shoppers reported counterfeit goods; send us your purchase invoices.',
    });
  });

  it('puts back exactly what it took when reinstated, leaving the seller’s own pause alone', async () => {
    const res = await send('POST', `/api/admin/sellers/${seller.id}/decision`, staff, {
      action: 'reinstate',
    });
    expect(res.status).toBe(200);
    expect((await page(solo.name)).status).toBe(200);
    expect(await sellersOnPage(shared.name)).toContain(seller.id);
    expect(await suggested(solo.name)).toBe(true);
    const [pausedOffer] = await t.db
      .select({ isActive: offers.isActive, held: offers.isHeldBySuspension })
      .from(offers)
      .where(eq(offers.id, paused));
    expect(pausedOffer).toEqual({ isActive: false, held: false });
    const held = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isHeldBySuspension, true));
    expect(held).toEqual([]);
    expect((await send('GET', '/api/seller/listings', seller.cookie)).status).toBe(200);
  });
});
