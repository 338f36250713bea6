// requirements#courier-opt-in: for a seller who ships with Bazaar courier, checkout asks the courier
// whether it carries the parcel to the shopper's pincode, and refuses there, with the courier's
// reason, what it would refuse when the seller ships. Sellers who ship themselves are not asked.
import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, orders, products, sellers, users } from '@marketplace/db';
import type { CheckoutQuote } from '@marketplace/domain/orders/checkout';
import { courierNotDeliverable, ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { defaultAddress } from '../../../test-support/orders.ts';
import {
  SHIPROCKET_STAND_IN,
  type ShiprocketStandIn,
  startShiprocketStandIn,
} from '../../../test-support/shiprocket-stand-in.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { createShiprocketCourier } from '../couriers/index.ts';

const SHOPPER = 'priya@example.com';
const OVER_30_KG = 'The courier carries parcels of at most 30 kg.';

type Line = { productId: number; sellerId: number; quantity: number };
type ErrorBody = { error: { code: string; message: string } };

/** An in-stock standard offer, heavy or not, whose seller ships with the courier (or itself). */
async function offerOf(t: TestApp, { heavy, courier }: { heavy: boolean; courier: boolean }) {
  const [row] = await t.db
    .select({
      productId: offers.productId,
      sellerId: offers.sellerId,
      name: products.name,
      weightGrams: offers.weightGrams,
      stock: offers.stock,
      sellerUserId: sellers.userId,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .where(
      and(
        eq(offers.isActive, true),
        eq(products.isActive, true),
        heavy ? sql`true` : eq(products.handling, 'standard'),
        eq(sellers.shipsWithCourier, courier),
        gte(offers.stock, 5),
        gte(offers.maxPerOrder, 2),
        sql`${offers.salePricePaise} <= 1400000`,
        heavy ? sql`${offers.weightGrams} > 15000` : sql`${offers.weightGrams} < 2000`,
        // every zone, so the shop's own rules let it reach the shopper
        sql`'national' = ANY (${sellers.shippingZones}) AND 'regional' = ANY (${sellers.shippingZones})`,
      ),
    )
    .orderBy(heavy ? desc(offers.weightGrams) : asc(offers.id))
    .limit(1);
  if (!row)
    throw new Error(
      `the seed has a ${heavy ? 'heavy' : 'light'} offer of a seller who ships itself=${!courier}`,
    );
  return row;
}

async function sellerCookie(t: TestApp, userId: number | null) {
  const [row] = await t.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId ?? 0));
  if (!row) throw new Error('the seller has a login');
  return t.loginCookie(row.email);
}

const json = (t: TestApp, path: string, body: unknown, cookie?: string, method = 'POST') =>
  t.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const ordersOf = async (t: TestApp) =>
  (
    await t.db
      .select({ n: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(users.email, SHOPPER))
  )[0]?.n ?? 0;

const stockOf = async (t: TestApp, line: Line) =>
  (
    await t.db
      .select({ stock: offers.stock })
      .from(offers)
      .where(and(eq(offers.productId, line.productId), eq(offers.sellerId, line.sellerId)))
  )[0]?.stock;

let keys = 0;
const place = (t: TestApp, cookie: string, addressId: number, lines: Line[], paymentMode = 'cod') =>
  json(
    t,
    '/api/orders',
    {
      idempotencyKey: `courier-reach-${Date.now()}-${++keys}`,
      addressId,
      paymentMode,
      lines: lines.map((line) => ({ ...line, deliveryType: 'standard' })),
    },
    cookie,
  );

describe('checkout with the sandbox courier', () => {
  let t: TestApp;
  let shopper: string;
  let addressId: number;
  let pincode: string;
  beforeAll(async () => {
    t = await createTestApp();
    shopper = await t.loginCookie(SHOPPER);
    const address = await defaultAddress(t.db, SHOPPER);
    addressId = address.id;
    pincode = address.pincode;
  });
  afterAll(() => t.close());

  const quote = async (lines: Line[]) => {
    const res = await json(t, '/api/checkout/quote', { addressId, lines }, shopper);
    expect(res.status).toBe(200);
    return (await res.json()) as CheckoutQuote;
  };

  it('refuses, in the quote and the order, a parcel over the courier’s 30 kg, with its reason, and takes nothing', async () => {
    const heavy = await offerOf(t, { heavy: true, courier: true });
    const quantity = Math.floor(30_000 / heavy.weightGrams) + 1;
    const line = { productId: heavy.productId, sellerId: heavy.sellerId, quantity };
    const message = courierNotDeliverable(heavy.name, OVER_30_KG);

    const quoted = await quote([line]);
    expect(quoted.lines[0]).toMatchObject({ status: 'NOT_DELIVERABLE', message });
    expect(quoted.summary?.isPlaceable ?? false).toBe(false);
    // the cart's estimate says the same before an address is chosen
    const estimate = await json(t, '/api/checkout/estimate', { pincode, lines: [line] });
    expect(((await estimate.json()) as CheckoutQuote).lines[0]).toMatchObject({
      status: 'NOT_DELIVERABLE',
      message,
    });

    const [orderCount, stock] = [await ordersOf(t), await stockOf(t, line)];
    const res = await place(t, shopper, addressId, [line]);
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.message).toBe(message);
    expect(await ordersOf(t)).toBe(orderCount);
    expect(await stockOf(t, line)).toBe(stock);
  });

  it('takes one of them, which the courier carries', async () => {
    const heavy = await offerOf(t, { heavy: true, courier: true });
    const line = { productId: heavy.productId, sellerId: heavy.sellerId, quantity: 1 };
    expect((await quote([line])).lines[0]?.status).toBe('AVAILABLE');
  });

  it('does not ask the courier for a seller who ships itself', async () => {
    const heavy = await offerOf(t, { heavy: true, courier: true });
    const seller = await sellerCookie(t, heavy.sellerUserId);
    const switched = await json(
      t,
      '/api/seller/shipping-zones',
      { zones: ['local', 'regional', 'national', 'remote'], shippingMethod: 'self' },
      seller,
      'PUT',
    );
    expect(switched.status).toBe(200);
    expect(await switched.json()).toMatchObject({ shippingMethod: 'self' });
    try {
      const quantity = Math.floor(30_000 / heavy.weightGrams) + 1;
      const line = { productId: heavy.productId, sellerId: heavy.sellerId, quantity };
      expect((await quote([line])).lines[0]?.status).toBe('AVAILABLE');
    } finally {
      await json(
        t,
        '/api/seller/shipping-zones',
        { zones: ['local', 'regional', 'national', 'remote'], shippingMethod: 'courier' },
        seller,
        'PUT',
      );
    }
  });

  it('refuses only the line the courier will not carry, naming it, beside a line it carries', async () => {
    const heavy = await offerOf(t, { heavy: true, courier: true });
    const light = await offerOf(t, { heavy: false, courier: true });
    const quantity = Math.floor(30_000 / heavy.weightGrams) + 1;
    const quoted = await quote([
      { productId: light.productId, sellerId: light.sellerId, quantity: 1 },
      { productId: heavy.productId, sellerId: heavy.sellerId, quantity },
    ]);
    expect(quoted.lines.map((l) => l.status)).toEqual(['AVAILABLE', 'NOT_DELIVERABLE']);
  });
});

describe('checkout with Shiprocket', () => {
  let standIn: ShiprocketStandIn;
  let t: TestApp;
  let shopper: string;
  let addressId: number;
  let pincode: string;
  beforeAll(async () => {
    standIn = await startShiprocketStandIn();
    const courier = createShiprocketCourier({
      baseUrl: standIn.url,
      email: SHIPROCKET_STAND_IN.email,
      password: SHIPROCKET_STAND_IN.password,
      pickupLocation: SHIPROCKET_STAND_IN.pickupLocation,
      retry: { attempts: 2, firstDelayMs: 5, timeoutMs: 1_000 },
    });
    t = await createTestApp({ courier: () => courier });
    shopper = await t.loginCookie(SHOPPER);
    const address = await defaultAddress(t.db, SHOPPER);
    addressId = address.id;
    pincode = address.pincode;
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('refuses a pincode Shiprocket does not serve with its reason, and places nothing', async () => {
    const light = await offerOf(t, { heavy: false, courier: true });
    const line = { productId: light.productId, sellerId: light.sellerId, quantity: 1 };
    standIn.unserviceable.add(pincode);
    try {
      const res = await json(t, '/api/checkout/quote', { addressId, lines: [line] }, shopper);
      const quoted = (await res.json()) as CheckoutQuote;
      expect(quoted.lines[0]?.status).toBe('NOT_DELIVERABLE');
      expect(quoted.lines[0]?.message).toMatch(/^.+ is not deliverable to your selected pincode\. .+/);
      const before = await ordersOf(t);
      const placed = await place(t, shopper, addressId, [line]);
      expect(placed.status).toBe(422);
      expect(((await placed.json()) as ErrorBody).error.message).toBe(quoted.lines[0]?.message);
      expect(await ordersOf(t)).toBe(before);
    } finally {
      standIn.unserviceable.delete(pincode);
    }
    const res = await json(t, '/api/checkout/quote', { addressId, lines: [line] }, shopper);
    expect(((await res.json()) as CheckoutQuote).lines[0]?.status).toBe('AVAILABLE');
  });

  it('takes the order when Shiprocket cannot be reached: the seller can still ship it', async () => {
    const light = await offerOf(t, { heavy: false, courier: true });
    const line = { productId: light.productId, sellerId: light.sellerId, quantity: 1 };
    standIn.failNext(20);
    try {
      const placed = await place(t, shopper, addressId, [line]);
      expect(placed.status).toBe(201);
    } finally {
      standIn.failNext(0);
    }
  });

  it('offers no cash on delivery where Shiprocket collects none, and a posted COD order places nothing', async () => {
    const light = await offerOf(t, { heavy: false, courier: true });
    const line = { productId: light.productId, sellerId: light.sellerId, quantity: 1 };
    standIn.noCod.add(pincode);
    try {
      const res = await json(t, '/api/checkout/quote', { addressId, lines: [line] }, shopper);
      const quoted = (await res.json()) as CheckoutQuote;
      expect(quoted.lines[0]?.status).toBe('AVAILABLE');
      expect(quoted.summary?.isCodAllowed).toBe(false);
      const before = await ordersOf(t);
      const cod = await place(t, shopper, addressId, [line], 'cod');
      expect(cod.status).toBe(422);
      expect(((await cod.json()) as ErrorBody).error.message).toBe(
        `${ORDER_MESSAGES.codNotAllowed} No courier serves this route.`,
      );
      expect(await ordersOf(t)).toBe(before);
    } finally {
      standIn.noCod.delete(pincode);
    }
    const res = await json(t, '/api/checkout/quote', { addressId, lines: [line] }, shopper);
    expect(((await res.json()) as CheckoutQuote).summary?.isCodAllowed).toBe(true);
  });
});
