import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, cartItems, offers, orders, products, users } from '@marketplace/db';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import {
  GST_STATE_CODES,
  gstinCheckCharacter,
  gstStateCodeOf,
} from '@marketplace/domain/sellers/tax-identity';
import { businessStateWarning, businessStateWarningText } from '@marketplace/domain/tax/business-buyer';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { shownHtml, shownText } from '../../../test-support/page-html.ts';

// The checkout's review steps without scripts (ADR-0013): rendered on the server from the
// saved cart with the address in the URL, and Pay COD posted to the final review's action.
let t: TestApp;
let priya: string;
let rahul: string;
let addressId: number;
let userId: number;
let productName: string;
beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
  rahul = await t.loginCookie('rahul@example.com');
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'priya@example.com'));
  userId = user?.id ?? 0;
  const [address] = await t.db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  addressId = address?.id ?? 0;
  const [offer] = await t.db
    .select({ id: offers.id, name: products.name })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    // within the ₹15,000 cash-on-delivery limit
    .where(
      and(
        eq(offers.isActive, true),
        eq(products.isActive, true),
        gt(offers.stock, 20),
        lt(offers.salePricePaise, 500_000),
      ),
    )
    .orderBy(asc(offers.id))
    .limit(1);
  if (!offer) throw new Error('an offer');
  productName = offer.name;
  await t.db.delete(cartItems).where(eq(cartItems.userId, userId));
  await t.db.insert(cartItems).values({ userId, offerId: offer.id, quantity: 1 });
});
afterAll(() => t.close());

const post = (cookie: string, fields: [string, string][]) =>
  t.request(`/deliveryfinalreview?address=${addressId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(fields).toString(),
  });
/** The lines the final review asks the shopper to confirm, as its form posts them. */
async function confirmedLines(): Promise<[string, string][]> {
  const html = await (
    await t.request(`/deliveryfinalreview?address=${addressId}`, { headers: { cookie: priya } })
  ).text();
  return [...html.matchAll(/name="line" value="([^"]+)"/g)].map((match) => ['line', match[1] ?? '']);
}
const ordersOf = async () => t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
const escaped = (text: string) => text.replace(/&/g, '&amp;');

describe('the review steps render on the server', () => {
  it('shows the delivery options and the order summary of the saved cart in the first HTML', async () => {
    const review = await (
      await t.request(`/deliveryreview?address=${addressId}`, { headers: { cookie: priya } })
    ).text();
    expect(review).toContain(escaped(productName));
    expect(review).toContain('Standard Delivery');
    expect(review).not.toContain('class="spinner"');
    const final = await (
      await t.request(`/deliveryfinalreview?address=${addressId}`, { headers: { cookie: priya } })
    ).text();
    expect(final).toContain('Pay COD');
    expect(final).toMatch(/name="idempotencyKey" value="co-[0-9a-f]{32}"/);
  });

  it('never shows another shopper’s address: the URL’s address must be the shopper’s own', async () => {
    const html = await (
      await t.request(`/deliveryreview?address=${addressId}`, { headers: { cookie: rahul } })
    ).text();
    const [own] = await t.db.select().from(addresses).where(eq(addresses.id, addressId));
    expect(html).not.toContain(escaped(own?.doorNo ?? 'never'));
  });
});

describe('Pay COD posted without scripts', () => {
  it('refuses malformed posts with 400 and places nothing', async () => {
    const before = (await ordersOf()).length;
    const key = 'co-0123456789abcdef0123456789abcdef';
    const lines = await confirmedLines();
    expect(lines).toHaveLength(1);
    const of = (fields: Record<string, string>, extra = lines): [string, string][] => [
      ...Object.entries(fields),
      ...extra,
    ];
    for (const fields of [
      of({ addressId: String(addressId), paymentMode: 'free', idempotencyKey: key }),
      of({ addressId: '1\u0000', paymentMode: 'cod', idempotencyKey: key }),
      of({ addressId: String(addressId), paymentMode: 'cod', idempotencyKey: 'x' }),
      of({ addressId: String(addressId), paymentMode: 'cod', idempotencyKey: key }, [
        ['line', '1.2.3.teleport.'],
      ]),
      of({ addressId: String(addressId), paymentMode: 'cod', idempotencyKey: key }, [['line', '-1.x\u0000']]),
      of({ addressId: String(addressId), paymentMode: 'cod', idempotencyKey: key }, []),
      [],
    ]) {
      const response = await post(priya, fields);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect((await ordersOf()).length).toBe(before);
  });

  it('does not let another shopper order to this shopper’s address', async () => {
    const response = await post(rahul, [
      ['addressId', String(addressId)],
      ['paymentMode', 'cod'],
      ['idempotencyKey', 'co-ffffffffffffffffffffffffffffffff'],
      ...(await confirmedLines()),
    ]);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('places the order once however often it is posted, empties the saved cart and goes to My Orders', async () => {
    const before = (await ordersOf()).length;
    const fields: [string, string][] = [
      ['addressId', String(addressId)],
      ['paymentMode', 'cod'],
      ['idempotencyKey', 'co-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
      ...(await confirmedLines()),
    ];
    const answers = await Promise.all([post(priya, fields), post(priya, fields)]);
    for (const answer of answers) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe('/myorder');
    }
    expect(decodeURIComponent(answers[0]?.headers.getSetCookie().join(';') ?? '')).toContain(
      ORDER_MESSAGES.codPlaced,
    );
    expect((await ordersOf()).length).toBe(before + 1);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, userId))).toEqual([]);
  });

  it('shows the thank-you page of the shopper’s own order in the first HTML, and nobody else’s', async () => {
    const [order] = await t.db
      .select({ orderNo: orders.orderNo })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.id))
      .limit(1);
    const own = await (
      await t.request(`/thankyou?order=${order?.orderNo}`, { headers: { cookie: priya } })
    ).text();
    expect(own).toContain(order?.orderNo);
    expect(own).not.toContain('class="spinner"');
    const other = await (
      await t.request(`/thankyou?order=${order?.orderNo}`, { headers: { cookie: rahul } })
    ).text();
    expect(other).toContain(ORDER_MESSAGES.orderNotFound);
  });
});

describe('the same order posted twice at once', () => {
  it('places one order and answers both tries with it, never 500', async () => {
    const [offer] = await t.db
      .select({ productId: offers.productId, sellerId: offers.sellerId })
      .from(offers)
      .where(and(eq(offers.isActive, true), gt(offers.stock, 20), lt(offers.salePricePaise, 500_000)))
      .orderBy(asc(offers.id))
      .limit(1);
    const body = JSON.stringify({
      idempotencyKey: 'co-cccccccccccccccccccccccccccccccc',
      addressId,
      paymentMode: 'cod',
      lines: [{ ...offer, quantity: 1, deliveryType: 'standard', couponId: null }],
    });
    const before = (await ordersOf()).length;
    const answers = await Promise.all(
      [1, 2, 3].map(async () =>
        t.request('/api/orders', {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: priya },
          body,
        }),
      ),
    );
    const placed = await Promise.all(
      answers.map(async (answer) => ({
        status: answer.status,
        body: (await answer.json()) as { orderNo?: string },
      })),
    );
    expect(placed.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true);
    expect(new Set(placed.map((answer) => answer.body.orderNo)).size).toBe(1);
    expect((await ordersOf()).length).toBe(before + 1);
  });
});

// requirements#b2b-place-of-supply: a business GSTIN of another state than the delivery address is
// warned about before payment; posted without scripts, the first Pay answers the warning, the second places
describe('a business GSTIN from another state, posted without scripts', () => {
  const gstinOf = (state: string) => {
    const first14 = `${state}AAPFU0939F1Z`;
    return `${first14}${gstinCheckCharacter(first14)}`;
  };
  let deliveryState = '';
  let other = '';
  let same = '';
  beforeAll(async () => {
    const [address] = await t.db
      .select({ state: addresses.state })
      .from(addresses)
      .where(eq(addresses.id, addressId));
    deliveryState = address?.state ?? '';
    const code = gstStateCodeOf(deliveryState) ?? '29';
    same = gstinOf(code);
    other = gstinOf(code === '27' ? '29' : '27');
    await t.db.delete(cartItems).where(eq(cartItems.userId, userId));
    const [offer] = await t.db
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.isActive, true), gt(offers.stock, 20), lt(offers.salePricePaise, 500_000)))
      .orderBy(asc(offers.id))
      .limit(1);
    await t.db.insert(cartItems).values({ userId, offerId: offer?.id ?? 0, quantity: 1 });
  });
  const fields = async (
    gstin: string,
    key: string,
    extra: [string, string][] = [],
  ): Promise<[string, string][]> => [
    ['addressId', String(addressId)],
    ['paymentMode', 'cod'],
    ['idempotencyKey', key],
    ['businessGstin', gstin],
    ['businessName', 'Sharma Design Studio'],
    ...extra,
    ...(await confirmedLines()),
  ];

  it('answers the warning first, names both states, keeps what was typed, and places nothing', async () => {
    const before = (await ordersOf()).length;
    const answer = await post(priya, await fields(other, 'co-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'));
    expect(answer.status).toBe(409);
    const html = shownHtml(await answer.text());
    const states = [other.slice(0, 2), gstStateCodeOf(deliveryState) ?? ''].map(
      (c) => GST_STATE_CODES[c] ?? '',
    );
    const warning = businessStateWarningText(states[0] ?? '', states[1] ?? '');
    expect(shownText(html)).toContain(warning);
    expect(html).toContain(`value="${other}"`);
    expect(html).toContain(`name="businessGstinAcknowledged" value="${other}"`);
    expect((await ordersOf()).length).toBe(before);
  });

  it('a GSTIN of the delivery state is not warned about', async () => {
    const html = shownHtml(
      await (
        await t.request(`/deliveryfinalreview?address=${addressId}`, { headers: { cookie: priya } })
      ).text(),
    );
    expect(html).not.toContain('Input tax credit in another state');
    expect(businessStateWarning(same, deliveryState)).toBeNull();
  });

  it('a hostile acknowledgement does not pass for the GSTIN, a matching one places the order', async () => {
    const key = 'co-dddddddddddddddddddddddddddddddd';
    for (const seen of ['\u0000', `${other}%`, other.toLowerCase(), 'x'.repeat(5000)]) {
      const answer = await post(priya, await fields(other, key, [['businessGstinAcknowledged', seen]]));
      expect(answer.status, seen.slice(0, 20)).toBe(409);
    }
    const before = (await ordersOf()).length;
    const placed = await post(priya, await fields(other, key, [['businessGstinAcknowledged', other]]));
    expect(placed.status, await placed.clone().text()).toBe(302);
    expect(placed.headers.get('location')).toBe('/myorder');
    expect((await ordersOf()).length).toBe(before + 1);
  });
});
