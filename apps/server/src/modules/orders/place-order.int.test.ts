import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, offers, orderItems, orders, payments, pincodes, shipments, users } from '@marketplace/db';
import { applyPlatformPromo } from '@marketplace/domain';
import { ADDRESS_MESSAGES } from '@marketplace/domain/accounts/addresses';
import { notDeliverable, ORDER_MESSAGES, productUnavailable } from '@marketplace/domain/orders/messages';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { cancelUnpaidOrders } from '../payments/index.ts';
import { defaultAddress, deliverableOffers, sellerWithoutOffer } from '../../../test-support/orders.ts';

let t: TestApp;
let cookie: string;
let addressId: number;
let pincode: string;
let candidates: Awaited<ReturnType<typeof deliverableOffers>>;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.loginCookie('priya@example.com');
  const address = await defaultAddress(t.db, 'priya@example.com');
  addressId = address.id;
  pincode = address.pincode;
  candidates = await deliverableOffers(t.db, pincode);
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Placed = { orderNo: string; totalPaise: number; paymentMode: string; next: string; message?: string };
let keys = 0;
const key = () => `test-key-${Date.now()}-${++keys}`;
const post = (body: unknown, who: string | null = cookie) =>
  t.request('/api/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(who ? { cookie: who } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const pick = (index: number) => {
  const found = candidates[index];
  if (!found) throw new Error('the seed has deliverable offers');
  return found;
};
const lineOf = (index: number, quantity = 1) => ({
  productId: pick(index).offer.productId,
  sellerId: pick(index).offer.sellerId,
  quantity,
  deliveryType: 'standard' as const,
});
const stockOf = async (offerId: number) =>
  (await t.db.select({ stock: offers.stock }).from(offers).where(eq(offers.id, offerId)))[0]?.stock;
const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]?.n;
const twoSellers = () => {
  const first = pick(0);
  const second = candidates.find(
    (c) => c.offer.sellerId !== first.offer.sellerId && c.offer.productId !== first.offer.productId,
  );
  if (!second) throw new Error('two sellers reach the pincode');
  return [first, second] as const;
};

describe('POST /api/orders', () => {
  it('places a COD order priced by the server, taking the stock, with no invoice until the seller ships', async () => {
    const [a, b] = twoSellers();
    const before = [await stockOf(a.offer.id), await stockOf(b.offer.id)];
    const body = {
      idempotencyKey: key(),
      addressId,
      paymentMode: 'cod',
      amount: 1, // tampered: never read
      lines: [
        {
          productId: a.offer.productId,
          sellerId: a.offer.sellerId,
          quantity: 2,
          deliveryType: 'standard',
          price: 1,
        },
        {
          productId: b.offer.productId,
          sellerId: b.offer.sellerId,
          quantity: 1,
          deliveryType: 'standard',
          price: 1,
        },
      ],
    };
    const res = await post(body);
    if (res.status !== 201) throw new Error(await res.text());
    const placed = (await res.json()) as Placed;
    const items = a.offer.salePricePaise * 2 + b.offer.salePricePaise;
    const deliveryA = a.options.find((o) => o.deliveryType === 'standard');
    expect(placed).toMatchObject({ paymentMode: 'cod', next: '/myorder', message: ORDER_MESSAGES.codPlaced });
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, placed.orderNo));
    if (!order) throw new Error('order saved');
    expect(order).toMatchObject({
      status: 'placed',
      paymentMode: 'cod',
      paymentStatus: 'pending',
      itemsTotalPaise: items,
      promoName: 'PromoJun',
    });
    expect(order.totalPaise).toBe(applyPlatformPromo(items + order.deliveryChargePaise).payablePaise);
    expect(placed.totalPaise).toBe(order.totalPaise);
    expect(order.deliveryChargePaise).toBeGreaterThanOrEqual(deliveryA?.chargePaise ?? 0);
    // the invoice and shipment come from each seller when it dispatches: 'under dispatch' until then
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, order.id))).toEqual([]);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.map((l) => [l.unitPricePaise, l.quantity, l.status])).toEqual([
      [a.offer.salePricePaise, 2, 'pending'],
      [b.offer.salePricePaise, 1, 'pending'],
    ]);
    expect([await stockOf(a.offer.id), await stockOf(b.offer.id)]).toEqual([
      (before[0] ?? 0) - 2,
      (before[1] ?? 0) - 1,
    ]);
  });

  it('keeps each offer’s dispatch days with its item, so a later change to the offer moves no deadline', async () => {
    const [a, b] = twoSellers();
    await t.db.update(offers).set({ dispatchDays: 5 }).where(eq(offers.id, a.offer.id));
    await t.db.update(offers).set({ dispatchDays: 1 }).where(eq(offers.id, b.offer.id));
    const res = await post({
      idempotencyKey: key(),
      addressId,
      paymentMode: 'cod',
      lines: [lineOf(0), lineOf(candidates.indexOf(b))],
    });
    if (res.status !== 201) throw new Error(await res.text());
    const { orderNo } = (await res.json()) as Placed;
    await t.db.update(offers).set({ dispatchDays: 2 }).where(eq(offers.id, a.offer.id));
    const lines = await t.db
      .select({ offerId: orderItems.offerId, dispatchDays: orderItems.dispatchDays })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.orderNo, orderNo));
    expect(new Map(lines.map((l) => [l.offerId, l.dispatchDays]))).toEqual(
      new Map([
        [a.offer.id, 5],
        [b.offer.id, 1],
      ]),
    );
    await t.db.update(offers).set({ dispatchDays: 2 }).where(eq(offers.id, b.offer.id));
  });

  it('counts a coupon redeemed once per order line that uses it, and takes each line’s stock', async () => {
    const [a, b] = twoSellers();
    const [coupon] = await t.db
      .insert(coupons)
      .values({
        name: 'LINE50',
        productId: a.offer.productId,
        sellerId: a.offer.sellerId,
        offerType: 'cash',
        value: 5000,
      })
      .returning({ id: coupons.id });
    const before = [await stockOf(a.offer.id), await stockOf(b.offer.id)];
    const res = await post({
      idempotencyKey: key(),
      addressId,
      paymentMode: 'cod',
      lines: [{ ...lineOf(0, 2), couponId: coupon?.id }, { ...lineOf(candidates.indexOf(b), 1) }],
    });
    expect(res.status).toBe(201);
    const [after] = await t.db
      .select()
      .from(coupons)
      .where(eq(coupons.id, coupon?.id ?? 0));
    expect(after?.redeemedCount).toBe(1);
    expect([await stockOf(a.offer.id), await stockOf(b.offer.id)]).toEqual([
      (before[0] ?? 0) - 2,
      (before[1] ?? 0) - 1,
    ]);
  });

  it('answers a retry with the same key with the same order, taking stock once', async () => {
    const body = { idempotencyKey: key(), addressId, paymentMode: 'cod', lines: [lineOf(2)] };
    const stock = await stockOf(pick(2).offer.id);
    const first = await post(body);
    const again = await Promise.all([post(body), post(body)]);
    expect(first.status).toBe(201);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    const numbers = [first, ...again].map(async (r) => ((await r.json()) as Placed).orderNo);
    expect(new Set(await Promise.all(numbers)).size).toBe(1);
    expect(await stockOf(pick(2).offer.id)).toBe((stock ?? 0) - 1);
  });

  it('refuses the same key with a different order (422) and places nothing new', async () => {
    const body = { idempotencyKey: key(), addressId, paymentMode: 'cod', lines: [lineOf(8)] };
    const first = await post(body);
    expect(first.status).toBe(201);
    const n = await orderCount();
    const stock = await stockOf(pick(9).offer.id);
    for (const changed of [
      { ...body, lines: [lineOf(9)] },
      { ...body, lines: [lineOf(8, 2)] },
      { ...body, paymentMode: 'online' },
    ]) {
      const res = await post(changed);
      expect(res.status).toBe(422);
      expect(((await res.json()) as ErrorBody).error).toMatchObject({
        code: 'UNPROCESSABLE',
        message: ORDER_MESSAGES.idempotencyKeyReused,
      });
    }
    expect([await orderCount(), await stockOf(pick(9).offer.id)]).toEqual([n, stock]);
    // the very same order again still gets the first one back
    const again = await post(body);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Placed).orderNo).toBe(((await first.json()) as Placed).orderNo);
  });

  it('places the same offer on two lines as the quote prices them, taking the stock of both', async () => {
    const { offer } = pick(10);
    const stock = await stockOf(offer.id);
    const lines = [lineOf(10, 1), lineOf(10, 1)];
    const quote = await t.request('/api/checkout/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ addressId, lines }),
    });
    const quoted = ((await quote.json()) as { summary: { totalPaise: number; isPlaceable: boolean } })
      .summary;
    expect(quoted.isPlaceable).toBe(true);
    const res = await post({ idempotencyKey: key(), addressId, paymentMode: 'cod', lines });
    expect(res.status).toBe(201);
    const placed = (await res.json()) as Placed;
    expect(placed.totalPaise).toBe(quoted.totalPaise);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, placed.orderNo));
    const items = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? 0));
    expect(items.map((item) => [item.offerId, item.quantity])).toEqual([
      [offer.id, 1],
      [offer.id, 1],
    ]);
    expect(await stockOf(offer.id)).toBe((stock ?? 0) - 2);
  });

  it('refuses the same offer on two lines when together they pass the stock (409)', async () => {
    const { offer } = pick(11);
    await t.db.update(offers).set({ stock: 1 }).where(eq(offers.id, offer.id));
    const res = await post({
      idempotencyKey: key(),
      addressId,
      paymentMode: 'cod',
      lines: [lineOf(11), lineOf(11)],
    });
    expect(res.status).toBe(409);
    expect(await stockOf(offer.id)).toBe(1);
  });

  it('records an online order as awaiting payment with a sandbox provider order', async () => {
    const res = await post({ idempotencyKey: key(), addressId, paymentMode: 'online', lines: [lineOf(3)] });
    expect(res.status).toBe(201);
    const placed = (await res.json()) as Placed;
    expect(placed.next).toBe(`/paymentgateway?order=${placed.orderNo}`);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, placed.orderNo));
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      paymentMode: 'prepaid',
      paymentStatus: 'awaiting_payment',
    });
    const rows = await t.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order?.id ?? 0));
    expect(rows).toMatchObject([{ provider: 'sandbox', status: 'created', amountPaise: placed.totalPaise }]);
  });

  it('cancels an online order unpaid for 30 minutes and releases its stock', async () => {
    const offerId = pick(4).offer.id;
    const stock = await stockOf(offerId);
    const res = await post({
      idempotencyKey: key(),
      addressId,
      paymentMode: 'online',
      lines: [lineOf(4, 2)],
    });
    const { orderNo } = (await res.json()) as Placed;
    expect(await stockOf(offerId)).toBe((stock ?? 0) - 2);
    const placedAt = Date.now();
    expect(await cancelUnpaidOrders(t.db, new Date(placedAt + 29 * 60_000))).not.toContain(orderNo);
    expect(await cancelUnpaidOrders(t.db, new Date(placedAt + 31 * 60_000))).toContain(orderNo);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(order).toMatchObject({ status: 'payment_failed', paymentStatus: 'failed' });
    const items = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? 0));
    expect(items.map((i) => i.status)).toEqual(['cancelled']);
    expect(await stockOf(offerId)).toBe(stock);
    expect(await cancelUnpaidOrders(t.db, new Date(placedAt + 60 * 60_000))).not.toContain(orderNo);
  });
});

describe('orders refused', () => {
  const base = () => ({ idempotencyKey: key(), addressId, paymentMode: 'cod', lines: [lineOf(1)] });

  it('asks for a login (401) and changes nothing', async () => {
    const n = await orderCount();
    const res = await post(base(), null);
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.code).toBe('UNAUTHENTICATED');
    expect(await orderCount()).toBe(n);
  });

  it('treats another shopper’s address as missing (404)', async () => {
    const other = await defaultAddress(t.db, 'rahul@example.com');
    const res = await post({ ...base(), addressId: other.id });
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.message).toBe(ADDRESS_MESSAGES.notFound);
  });

  it.each([
    ['quantity 0', 0],
    ['quantity -1', -1],
    ['quantity 1e9', 1e9],
    ["quantity 'abc'", 'abc'],
    ['quantity 1.5', 1.5],
  ])('refuses %s with a clear 400 and takes no stock', async (_label, quantity) => {
    const stock = await stockOf(pick(1).offer.id);
    const n = await orderCount();
    const res = await post({ ...base(), lines: [{ ...lineOf(1), quantity }] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: ORDER_MESSAGES.quantity,
    });
    expect([await stockOf(pick(1).offer.id), await orderCount()]).toEqual([stock, n]);
  });

  it.each([
    ['no lines', { lines: [] }, ORDER_MESSAGES.noValidProducts],
    ['a missing address', { addressId: undefined }, undefined],
    ['an unknown payment mode', { paymentMode: 'card' }, undefined],
    [
      'a string product id',
      { lines: [{ productId: '1', sellerId: 1, quantity: 1, deliveryType: 'standard' }] },
      undefined,
    ],
  ])('refuses %s with 400', async (_label, change, message) => {
    const res = await post({ ...base(), ...change });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.code).toBe('VALIDATION_FAILED');
    if (message) expect(error.message).toBe(message);
  });

  it('refuses malformed JSON (400) and an oversized body (413)', async () => {
    const malformed = await post('{"lines": [');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ErrorBody).error.code).toBe('MALFORMED_JSON');
    const huge = await post({ ...base(), padding: 'x'.repeat(1_100_000) });
    expect(huge.status).toBe(413);
  });

  it('names an unknown product and an offer the seller does not have', async () => {
    const unknown = await post({ ...base(), lines: [{ ...lineOf(1), productId: 999_999 }] });
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as ErrorBody).error.message).toBe(productUnavailable(999_999));
    const otherSeller = await sellerWithoutOffer(t.db, pick(1).offer.productId);
    const res = await post({ ...base(), lines: [{ ...lineOf(1), sellerId: otherSeller }] });
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.message).toBe(productUnavailable(pick(1).offer.productId));
  });

  it('refuses a coupon of another product and a delivery type not offered', async () => {
    const [foreign] = await t.db.select().from(coupons).where(eq(coupons.isActive, true)).limit(5);
    const couponId = foreign?.productId === pick(1).offer.productId ? 0 : foreign?.id;
    const coupon = await post({ ...base(), lines: [{ ...lineOf(1), couponId }] });
    expect(coupon.status).toBe(422);
    expect(((await coupon.json()) as ErrorBody).error.message).toBe(ORDER_MESSAGES.couponNotApplicable);
    const missing = pick(1).options.find((o) => o.deliveryType === 'sameday') ? null : 'sameday';
    if (missing === null) throw new Error('pick an offer without same-day delivery');
    const type = await post({ ...base(), lines: [{ ...lineOf(1), deliveryType: missing }] });
    expect(type.status).toBe(422);
    expect(((await type.json()) as ErrorBody).error.message).toBe(
      productUnavailable(pick(1).offer.productId),
    );
  });

  it('refuses more than the stock (409) and more than the maximum per order (422)', async () => {
    const { offer } = pick(5);
    await t.db.update(offers).set({ stock: 1 }).where(eq(offers.id, offer.id));
    const res = await post({ ...base(), lines: [lineOf(5, 2)] });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(productUnavailable(offer.productId));
    expect(await stockOf(offer.id)).toBe(1);
    await t.db.update(offers).set({ stock: 50, maxPerOrder: 2 }).where(eq(offers.id, offer.id));
    const tooMany = await post({ ...base(), lines: [lineOf(5, 3)] });
    expect(tooMany.status).toBe(422);
    expect(((await tooMany.json()) as ErrorBody).error.message).toBe(ORDER_MESSAGES.quantity);
  });

  it('names a product not deliverable to the pincode', async () => {
    await t.db.update(pincodes).set({ isServiceable: false }).where(eq(pincodes.pincode, pincode));
    try {
      const res = await post(base());
      expect(res.status).toBe(422);
      expect(((await res.json()) as ErrorBody).error.message).toBe(notDeliverable(pick(1).name));
    } finally {
      await t.db.update(pincodes).set({ isServiceable: true }).where(eq(pincodes.pincode, pincode));
    }
  });

  it('refuses COD above ₹15,000 but takes the same order online', async () => {
    const { offer } = pick(6);
    await t.db
      .update(offers)
      .set({ salePricePaise: 1_600_000, mrpPaise: 1_700_000 })
      .where(eq(offers.id, offer.id));
    const cod = await post({ ...base(), lines: [lineOf(6)] });
    expect(cod.status).toBe(422);
    expect(((await cod.json()) as ErrorBody).error.message).toBe(ORDER_MESSAGES.codNotAllowed);
    const online = await post({ ...base(), paymentMode: 'online', lines: [lineOf(6)] });
    expect(online.status).toBe(201);
  });
});

describe('GET /api/orders/{orderNo}', () => {
  it('shows the shopper’s own order and hides it from another shopper (404)', async () => {
    const res = await post({ idempotencyKey: key(), addressId, paymentMode: 'cod', lines: [lineOf(7)] });
    const { orderNo, totalPaise } = (await res.json()) as Placed;
    const own = await t.request(`/api/orders/${orderNo}`, { headers: { cookie } });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ orderNo, totalPaise, paymentMode: 'cod' });
    const other = await t.request(`/api/orders/${orderNo}`, {
      headers: { cookie: await t.loginCookie('rahul@example.com') },
    });
    expect(other.status).toBe(404);
    expect((await t.request(`/api/orders/${orderNo}`)).status).toBe(401);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'priya@example.com'));
    expect(user).toBeDefined();
  });
});
