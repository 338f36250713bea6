import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, products, sellers, users } from '@marketplace/db';
import { SHIPPING_ZONE_MESSAGES } from '@marketplace/domain/delivery/shipping-zones-api';
import type { CheckoutQuote } from '@marketplace/domain/orders/checkout';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

const ALL = ['local', 'regional', 'national', 'remote'];

let t: TestApp;
let dakshin: string; // Dakshin Mart, Chennai 600100
let ganga: string; // Ganga Mercantile, Kolkata 700001
let shopper: string;
beforeAll(async () => {
  t = await createTestApp();
  dakshin = await t.loginCookie('dakshin-mart@sellers.example.com');
  ganga = await t.loginCookie('ganga-mercantile@sellers.example.com');
  shopper = await t.loginCookie('priya@example.com');
});
afterAll(() => t.close());

const call = (cookie: string | null, method: 'GET' | 'PUT', body?: unknown) =>
  t.request('/api/seller/shipping-zones', {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const methodOf = async (cookie: string) =>
  ((await (await call(cookie, 'GET')).json()) as { shippingMethod: string }).shippingMethod;
const zonesOf = async (cookie: string) =>
  ((await (await call(cookie, 'GET')).json()) as { zones: string[] }).zones;

async function standardOfferOf(sellerName: string) {
  const [row] = await t.db
    .select({ productId: offers.productId, sellerId: offers.sellerId })
    .from(offers)
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .where(
      and(
        eq(sellers.name, sellerName),
        eq(products.handling, 'standard'),
        eq(offers.isActive, true),
        gt(offers.stock, 5),
      ),
    )
    .orderBy(asc(offers.id))
    .limit(1);
  if (!row) throw new Error(`${sellerName} has a standard offer`);
  return row;
}

const statusAt = async (pincode: string, line: { productId: number; sellerId: number }) => {
  const res = await t.request('/api/checkout/estimate', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pincode, lines: [{ ...line, quantity: 1 }] }),
  });
  return ((await res.json()) as CheckoutQuote).lines[0]?.status;
};

describe('/api/seller/shipping-zones', () => {
  it('refuses a visitor (401) and a shopper (403)', async () => {
    expect((await call(null, 'GET')).status).toBe(401);
    expect((await call(null, 'PUT', { zones: ['local'] })).status).toBe(401);
    expect((await call(shopper, 'GET')).status).toBe(403);
    expect((await call(shopper, 'PUT', { zones: ['local'] })).status).toBe(403);
  });

  it('lets a seller ship within the state only, which the shop then applies at once, and back again', async () => {
    expect(await zonesOf(dakshin)).toEqual(ALL);
    const offer = await standardOfferOf('Dakshin Mart');
    // Chennai to Kolkata is national
    expect(await statusAt('700001', offer)).toBe('AVAILABLE');

    const res = await call(dakshin, 'PUT', { zones: ['regional'] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      zones: ['local', 'regional'],
      shippingMethod: 'courier',
      message: SHIPPING_ZONE_MESSAGES.saved,
    });
    expect(await statusAt('700001', offer)).toBe('NOT_DELIVERABLE');
    expect(await statusAt('600100', offer)).toBe('AVAILABLE');

    await call(dakshin, 'PUT', { zones: ['remote', 'national', 'regional', 'regional'] });
    expect(await zonesOf(dakshin)).toEqual(ALL);
    expect(await statusAt('700001', offer)).toBe('AVAILABLE');
  });

  it('changes only the zones of the seller who is logged in', async () => {
    const before = await zonesOf(ganga);
    await call(dakshin, 'PUT', { zones: ['local'] });
    expect(await zonesOf(ganga)).toEqual(before);
    const [row] = await t.db
      .select({ zones: sellers.shippingZones })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(users.email, 'ganga-mercantile@sellers.example.com'));
    expect(row?.zones).toEqual(before);
    await call(dakshin, 'PUT', { zones: ALL });
  });

  it.each<[string, unknown]>([
    ['no zones', { zones: [] }],
    ['an unknown zone', { zones: ['mars'] }],
    ['a zone with a NUL byte', { zones: ['local\u0000'] }],
    ['a percent-encoded zone', { zones: ['re%67ional'] }],
    ['zones as a string', { zones: 'local' }],
    ['no body field', {}],
    ['another seller named in the body', { zones: ['local'], sellerId: 1 }],
    ['a thousand zones', { zones: Array.from({ length: 1000 }, () => 'local') }],
    ['broken JSON', '{"zones": ['],
    ['an unknown shipping method', { zones: ['local'], shippingMethod: 'drone' }],
    ['a shipping method with a NUL byte', { zones: ['local'], shippingMethod: 'self\u0000' }],
    ['a shipping method as a flag', { zones: ['local'], shippingMethod: true }],
  ])('refuses %s with a clear 400 and changes nothing', async (_label, body) => {
    const res = await call(dakshin, 'PUT', body);
    expect(res.status).toBe(400);
    const error = ((await res.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBeTruthy();
    expect(error.message).toBeTruthy();
    expect(await zonesOf(dakshin)).toEqual(ALL);
    expect(await methodOf(dakshin)).toBe('courier');
  });

  // requirements#courier-opt-in
  it('keeps how the seller ships, changes it only when asked, and only for the seller logged in', async () => {
    expect(await methodOf(dakshin)).toBe('courier');
    const gangaBefore = await methodOf(ganga);
    await call(dakshin, 'PUT', { zones: ALL });
    expect(await methodOf(dakshin)).toBe('courier');
    const res = await call(dakshin, 'PUT', { zones: ALL, shippingMethod: 'self' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ shippingMethod: 'self' });
    expect(await methodOf(dakshin)).toBe('self');
    expect(await methodOf(ganga)).toBe(gangaBefore);
    await call(dakshin, 'PUT', { zones: ALL, shippingMethod: 'courier' });
    expect(await methodOf(dakshin)).toBe('courier');
  });
});
