import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, deliveryRates, offers, pincodes } from '@marketplace/db';
import { COD_MAX_TOTAL_PAISE, PLATFORM_PROMO } from '@marketplace/domain';
import { ADDRESS_MESSAGES } from '@marketplace/domain/accounts/addresses';
import type { CheckoutQuote } from '@marketplace/domain/orders/checkout';
import { notDeliverable, ORDER_MESSAGES, productUnavailable } from '@marketplace/domain/orders/messages';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { couponsOf, defaultAddress, deliverableOffers } from '../../../test-support/orders.ts';

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

type ErrorBody = { error: { code: string; message: string } };
const send = (body: unknown, who: string | null = cookie) =>
  t.request('/api/checkout/quote', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(who ? { cookie: who } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const quote = async (body: unknown) => {
  const res = await send(body);
  expect(res.status).toBe(200);
  return (await res.json()) as CheckoutQuote;
};
const pick = (index: number) => {
  const found = candidates[index];
  if (!found) throw new Error('the seed has deliverable offers');
  return found;
};
const lineOf = (index: number, quantity = 1) => ({
  productId: pick(index).offer.productId,
  sellerId: pick(index).offer.sellerId,
  quantity,
});
const twoSellers = () => {
  const first = pick(0);
  const second = candidates.find(
    (c) => c.offer.sellerId !== first.offer.sellerId && c.offer.productId !== first.offer.productId,
  );
  if (!second) throw new Error('two sellers reach the pincode');
  return [first, second] as const;
};
const offerLine = (c: ReturnType<typeof pick>, quantity = 1) => ({
  productId: c.offer.productId,
  sellerId: c.offer.sellerId,
  quantity,
});
let keys = 0;
const placeOrder = (body: unknown) =>
  t.request('/api/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ idempotencyKey: `quote-test-${Date.now()}-${++keys}`, ...(body as object) }),
  });

describe('POST /api/checkout/quote', () => {
  it('quotes two sellers’ lines: options with labels and dates, standard chosen, and a summary the order then charges', async () => {
    const [a, b] = twoSellers();
    const body = { addressId, lines: [offerLine(a, 2), offerLine(b)] };
    const q = await quote(body);
    expect(q.address).toMatchObject({ id: addressId, pincode });
    expect(q.lines).toHaveLength(2);
    for (const line of q.lines) {
      expect(line).toMatchObject({ status: 'AVAILABLE', message: null, chosen: 'standard' });
      expect(line.options.length).toBeGreaterThan(0);
      for (const option of line.options) {
        expect(option.label).toMatch(/Delivery$/);
        // requirements#arrival-date: the en-IN short format, e.g. 'Wed, 25 Nov'
        expect(option.arrival).toMatch(/^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2}$/);
      }
    }
    const [first] = q.lines;
    expect(first?.amounts?.itemsPaise).toBe(a.offer.salePricePaise * 2);
    expect(first?.amounts?.deliveryChargePaise).toBe(
      first?.options.find((o) => o.deliveryType === 'standard')?.chargePaise,
    );
    const summary = q.summary;
    if (!summary) throw new Error('a summary');
    const lineSum = (key: 'itemsPaise' | 'deliveryChargePaise') =>
      q.lines.reduce((n, line) => n + (line.amounts?.[key] ?? 0), 0);
    expect(summary.itemsTotalPaise).toBe(lineSum('itemsPaise'));
    expect(summary.deliveryChargePaise).toBe(lineSum('deliveryChargePaise'));
    expect(summary).toMatchObject({ promoName: 'PromoJun', promoDiscountPaise: PLATFORM_PROMO.amountPaise });
    expect(summary.totalPaise).toBe(
      summary.itemsTotalPaise - summary.couponDiscountPaise + summary.deliveryChargePaise - 5000,
    );
    expect(summary).toMatchObject({ isPlaceable: true, isCodAllowed: true });

    // the order placed with the quoted choices costs exactly the quoted total
    const placed = await placeOrder({
      addressId,
      paymentMode: 'cod',
      lines: q.lines.map((line) => ({
        ...offerLine(line.productId === a.offer.productId ? a : b, line.quantity),
        deliveryType: line.chosen,
      })),
    });
    expect(placed.status).toBe(201);
    expect(((await placed.json()) as { totalPaise: number }).totalPaise).toBe(summary.totalPaise);
  });

  it('keeps a saved choice that is offered, and falls back to the default order when it is not', async () => {
    const candidate = candidates.find((c) => c.options.some((o) => o.deliveryType !== 'standard'));
    if (!candidate) throw new Error('an offer with a second delivery type');
    const other = candidate.options.find((o) => o.deliveryType !== 'standard');
    const saved = await quote({
      addressId,
      lines: [{ ...offerLine(candidate), deliveryType: other?.deliveryType }],
    });
    expect(saved.lines[0]?.chosen).toBe(other?.deliveryType);
    expect(saved.lines[0]?.amounts?.deliveryChargePaise).toBe(other?.chargePaise);

    const notOffered = candidates.find((c) => !c.options.some((o) => o.deliveryType === 'sameday'));
    if (!notOffered) throw new Error('an offer without same-day delivery');
    const fallback = await quote({
      addressId,
      lines: [{ ...offerLine(notOffered), deliveryType: 'sameday' }],
    });
    expect(fallback.lines[0]?.chosen).toBe('standard');
  });

  it('offers COD at a total of exactly ₹15,000 but not at ₹15,000.01, as the order does', async () => {
    const { offer } = pick(3);
    const charge = pick(3).option.chargePaise;
    const exact = COD_MAX_TOTAL_PAISE + PLATFORM_PROMO.amountPaise - charge;
    for (const [price, allowed] of [
      [exact, true],
      [exact + 1, false],
    ] as const) {
      await t.db
        .update(offers)
        .set({ salePricePaise: price, mrpPaise: price + 100_000 })
        .where(eq(offers.id, offer.id));
      const q = await quote({ addressId, lines: [lineOf(3)] });
      expect(q.summary?.totalPaise).toBe(allowed ? COD_MAX_TOTAL_PAISE : COD_MAX_TOTAL_PAISE + 1);
      expect(q.summary?.isCodAllowed).toBe(allowed);
      if (!allowed) {
        const cod = await placeOrder({
          addressId,
          paymentMode: 'cod',
          lines: [{ ...lineOf(3), deliveryType: 'standard' }],
        });
        expect(cod.status).toBe(422);
        expect(((await cod.json()) as ErrorBody).error.message).toBe(ORDER_MESSAGES.codNotAllowed);
      }
    }
  });

  it('offers no COD when the chosen option has COD No', async () => {
    const candidate = pick(4);
    const { zone } = candidate.option;
    await t.db
      .update(deliveryRates)
      .set({ hasCod: false })
      .where(and(eq(deliveryRates.deliveryType, 'standard'), eq(deliveryRates.zone, zone)));
    try {
      const q = await quote({ addressId, lines: [lineOf(4)] });
      expect(q.lines[0]?.options.find((o) => o.deliveryType === 'standard')?.hasCod).toBe(false);
      expect(q.summary).toMatchObject({ isPlaceable: true, isCodAllowed: false });
    } finally {
      await t.db
        .update(deliveryRates)
        .set({ hasCod: true })
        .where(and(eq(deliveryRates.deliveryType, 'standard'), eq(deliveryRates.zone, zone)));
    }
  });

  it('says a product is not deliverable when the pincode is not served', async () => {
    await t.db.update(pincodes).set({ isServiceable: false }).where(eq(pincodes.pincode, pincode));
    try {
      const q = await quote({ addressId, lines: [lineOf(1)] });
      expect(q.lines[0]).toMatchObject({
        status: 'NOT_DELIVERABLE',
        message: notDeliverable(pick(1).name),
        options: [],
        chosen: null,
        amounts: null,
      });
      expect(q.summary).toBeNull();
    } finally {
      await t.db.update(pincodes).set({ isServiceable: true }).where(eq(pincodes.pincode, pincode));
    }
  });

  it('marks an inactive offer, too little stock and too many per order, pricing the rest', async () => {
    const [inactive, low, limited, fine] = [pick(5), pick(6), pick(7), pick(8)];
    await t.db.update(offers).set({ isActive: false }).where(eq(offers.id, inactive.offer.id));
    await t.db.update(offers).set({ stock: 1 }).where(eq(offers.id, low.offer.id));
    await t.db.update(offers).set({ maxPerOrder: 1 }).where(eq(offers.id, limited.offer.id));
    const q = await quote({
      addressId,
      lines: [lineOf(5), lineOf(6, 2), lineOf(7, 2), lineOf(8)],
    });
    expect(q.lines.map((line) => line.status)).toEqual([
      'UNAVAILABLE',
      'OUT_OF_STOCK',
      'QUANTITY_TOO_HIGH',
      'AVAILABLE',
    ]);
    expect(q.lines[0]?.message).toBe(productUnavailable(inactive.offer.productId));
    expect(q.lines[1]?.message).toBe(productUnavailable(low.offer.productId));
    expect(q.lines[2]?.message).toBe(ORDER_MESSAGES.quantity);
    expect(q.summary).toMatchObject({
      itemsTotalPaise: fine.offer.salePricePaise,
      isPlaceable: false,
      isCodAllowed: false,
    });
  });

  it('applies the product’s own coupon and drops one that is not the product’s', async () => {
    const withCoupon = await Promise.all(
      candidates.slice(0, 60).map(async (c) => ({ c, list: await couponsOf(t.db, c.offer.productId) })),
    );
    const found = withCoupon.find(({ c, list }) =>
      list.some((k) => k.sellerId === null || k.sellerId === c.offer.sellerId),
    );
    if (!found) throw new Error('a deliverable offer with a coupon');
    const own = found.list.find((k) => k.sellerId === null || k.sellerId === found.c.offer.sellerId);
    const applied = await quote({ addressId, lines: [{ ...offerLine(found.c), couponId: own?.id }] });
    expect(applied.lines[0]).toMatchObject({ couponId: own?.id, couponDropped: false });
    expect(applied.lines[0]?.amounts?.couponDiscountPaise).toBeGreaterThan(0);
    expect(applied.summary?.couponDiscountPaise).toBe(applied.lines[0]?.amounts?.couponDiscountPaise);

    const [foreign] = await t.db.select().from(coupons).where(eq(coupons.isActive, true)).limit(1);
    const other = candidates.find((c) => c.offer.productId !== foreign?.productId);
    if (!other || !foreign) throw new Error('a coupon of another product');
    const dropped = await quote({ addressId, lines: [{ ...offerLine(other), couponId: foreign.id }] });
    expect(dropped.lines[0]).toMatchObject({ status: 'AVAILABLE', couponId: null, couponDropped: true });
    expect(dropped.lines[0]?.amounts?.couponDiscountPaise).toBe(0);
  });

  it('ignores amounts sent by the browser', async () => {
    const honest = await quote({ addressId, lines: [lineOf(9)] });
    const tampered = await quote({
      addressId,
      totalPaise: 1,
      lines: [{ ...lineOf(9), price: 1, deliveryChargePaise: 0, amounts: { itemsPaise: 1 } }],
    });
    expect(tampered.summary).toEqual(honest.summary);
  });

  it('treats another shopper’s address as missing (404) and needs a login (401)', async () => {
    const other = await defaultAddress(t.db, 'rahul@example.com');
    const res = await send({ addressId: other.id, lines: [lineOf(1)] });
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.message).toBe(ADDRESS_MESSAGES.notFound);
    const visitor = await send({ addressId, lines: [lineOf(1)] }, null);
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as ErrorBody).error.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['no lines', { lines: [] }, ORDER_MESSAGES.noValidProducts],
    ['quantity 0', { lines: [{ productId: 1, sellerId: 1, quantity: 0 }] }, ORDER_MESSAGES.quantity],
    ['quantity 1001', { lines: [{ productId: 1, sellerId: 1, quantity: 1001 }] }, ORDER_MESSAGES.quantity],
    [
      'a fractional quantity',
      { lines: [{ productId: 1, sellerId: 1, quantity: 1.5 }] },
      ORDER_MESSAGES.quantity,
    ],
    ['a string product id', { lines: [{ productId: "1' OR 1=1 --", sellerId: 1, quantity: 1 }] }, undefined],
    ['a negative seller id', { lines: [{ productId: 1, sellerId: -4, quantity: 1 }] }, undefined],
    [
      'an unknown delivery type',
      { lines: [{ productId: 1, sellerId: 1, quantity: 1, deliveryType: 'drone' }] },
      undefined,
    ],
    ['a missing address', { addressId: undefined }, undefined],
    ['an address id too large', { addressId: 2 ** 40 }, undefined],
    [
      '51 lines',
      { lines: Array.from({ length: 51 }, (_, i) => ({ productId: i + 1, sellerId: 1, quantity: 1 })) },
      undefined,
    ],
  ])('refuses %s with 400', async (_label, change, message) => {
    const res = await send({ addressId, lines: [lineOf(1)], ...change });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.code).toBe('VALIDATION_FAILED');
    if (message) expect(error.message).toBe(message);
  });

  it('refuses malformed JSON (400), a body that is not an object (400) and an oversized body (413)', async () => {
    const malformed = await send('{"lines": [');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ErrorBody).error.code).toBe('MALFORMED_JSON');
    expect((await send('[1,2,3]')).status).toBe(400);
    const huge = await send({ addressId, lines: [lineOf(1)], padding: 'x'.repeat(1_100_000) });
    expect(huge.status).toBe(413);
  });

  it('quotes an unknown product as unavailable without failing the request', async () => {
    const q = await quote({
      addressId,
      lines: [{ productId: 999_999, sellerId: 1, quantity: 1 }, lineOf(1)],
    });
    expect(q.lines[0]).toMatchObject({
      status: 'UNAVAILABLE',
      message: productUnavailable(999_999),
      name: null,
    });
    expect(q.lines[1]?.status).toBe('AVAILABLE');
  });
});

describe('POST /api/checkout/estimate', () => {
  const estimate = (body: unknown, who: string | null = null) =>
    t.request('/api/checkout/estimate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(who ? { cookie: who } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('prices a visitor’s cart for a pincode exactly as checkout will for an address there', async () => {
    const [a, b] = twoSellers();
    const lines = [offerLine(a, 2), offerLine(b)];
    const res = await estimate({ pincode, lines });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Omit<CheckoutQuote, 'address' | 'isOnlinePaymentOffered'> & {
      place: { pincode: string; city: string };
    };
    expect(body.place.pincode).toBe(pincode);
    const checkout = await quote({ addressId, lines });
    expect(body.lines).toEqual(checkout.lines);
    expect(body.summary).toEqual(checkout.summary);
    expect(body.summary?.promoName).toBe(PLATFORM_PROMO.name);
    expect(body.summary?.deliveryChargePaise).toBeGreaterThan(0);
  });

  it('says which lines cannot reach the pincode', async () => {
    const far = '744101';
    await t.db.update(pincodes).set({ isServiceable: false }).where(eq(pincodes.pincode, far));
    try {
      const res = await estimate({ pincode: far, lines: [lineOf(0)] });
      expect(res.status).toBe(200);
      const body = (await res.json()) as CheckoutQuote;
      expect(body.lines[0]?.status).toBe('NOT_DELIVERABLE');
      expect(body.summary).toBeNull();
    } finally {
      await t.db.update(pincodes).set({ isServiceable: true }).where(eq(pincodes.pincode, far));
    }
  });

  it.each([
    ['an unknown pincode', { pincode: '999999', lines: [] }, 400],
    ['a pincode of letters', { pincode: '60O100', lines: [{ productId: 1, sellerId: 1, quantity: 1 }] }, 400],
    ['no lines', { pincode: '600100', lines: [] }, 400],
    ['a NUL byte', { pincode: '600100\u0000', lines: [{ productId: 1, sellerId: 1, quantity: 1 }] }, 400],
    [
      'a quantity of a million',
      { pincode: '600100', lines: [{ productId: 1, sellerId: 1, quantity: 1_000_000 }] },
      400,
    ],
    ['broken JSON', '{"pincode":', 400],
    ['a huge id', { pincode: '600100', lines: [{ productId: 2 ** 40, sellerId: 1, quantity: 1 }] }, 400],
  ])('refuses %s with %i', async (_label, body, status) => {
    const res = await estimate(body);
    expect(res.status).toBe(status);
    expect(((await res.json()) as ErrorBody).error.code).toBeTruthy();
  });

  it('answers 404 for a well-formed pincode the shop does not know', async () => {
    const res = await estimate({ pincode: '199999', lines: [lineOf(0)] });
    expect(res.status).toBe(404);
  });
});
