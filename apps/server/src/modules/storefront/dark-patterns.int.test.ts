import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandCampaigns,
  cartItems,
  deals,
  offers,
  orderItems,
  payments,
  orders,
  products,
  queryRows,
  users,
} from '@marketplace/db';
import { formatInr } from '@marketplace/domain/money/money';
import { CANCEL_MESSAGES } from '@marketplace/domain/orders/cancel';
import type { CheckoutQuote } from '@marketplace/domain/orders/checkout';
import { latestCode } from '../../../test-support/accounts.ts';
import { fulfilmentKit } from '../../../test-support/fulfilment.ts';
import { defaultAddress, deliverableOffers } from '../../../test-support/orders.ts';
import { createTestApp, type TestApp, withoutScripts } from '../../../test-support/testing.ts';
import { createSandboxProvider } from '../payments/index.ts';

// docs/dark-patterns-audit.md (requirements#dark-patterns): the claims of the self-audit against the
// CCPA's Guidelines for Prevention and Regulation of Dark Patterns, 2023 (Annexure 1) that the
// HTTP app can prove. Each describe names the pattern it guards against.

const PRIYA = 'priya@example.com';
let t: TestApp;
// the app's clock (AppDeps.clock): the system's, moved by the deal tests
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
let priya: string;
let priyaId: number;
let addressId: number;
let pincode: string;
let candidates: Awaited<ReturnType<typeof deliverableOffers>>;

beforeAll(async () => {
  t = await createTestApp({ clock: now, keepPageLookupsMs: 0, payments: createSandboxProvider() });
  priya = await t.loginCookie(PRIYA);
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, PRIYA));
  priyaId = user?.id ?? 0;
  const address = await defaultAddress(t.db, PRIYA);
  addressId = address.id;
  pincode = address.pincode;
  // within the ₹15,000 cash-on-delivery limit at two units
  candidates = (await deliverableOffers(t.db, pincode)).filter((c) => c.offer.salePricePaise < 500_000);
});
afterAll(() => t.close());

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
const json = (path: string, body: unknown, cookie: string | null = null, method = 'POST') =>
  t.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const page = async (path: string, cookie: string | null = null) => {
  const res = await t.request(path, cookie ? { headers: { cookie } } : undefined);
  expect(res.status, path).toBe(200);
  return withoutScripts(await res.text());
};
let keys = 0;
const placeOrder = async (lines: unknown[], paymentMode: 'cod' | 'online') => {
  const res = await json(
    '/api/orders',
    { idempotencyKey: `dark-patterns-${Date.now()}-${++keys}`, addressId, paymentMode, lines },
    priya,
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { orderNo: string; totalPaise: number };
};
/** Every `<input>` tag of a page. */
const inputTags = (html: string) => [...html.matchAll(/<input\b[^>]*>/g)].map((m) => m[0]);
const isTickedCheckbox = (tag: string) => /type="checkbox"/.test(tag) && /\schecked(=|\s|>|\/)/.test(tag);

describe('false urgency: a deal’s end is its real end, and the deal goes when it ends', () => {
  it('shows the deal with the date it really ends (in India) until then, and not a moment after', async () => {
    offsetMs = 0;
    const { offer } = pick(0);
    // 20:00 UTC is 01:30 the next day in India: the page must name the Indian date
    const endsAt = new Date(now().getTime() + 2 * 86_400_000);
    endsAt.setUTCHours(20, 0, 0, 0);
    const [deal] = await t.db
      .insert(deals)
      .values({
        page: 'deals', // Today's Deals
        productId: offer.productId,
        sellerId: offer.sellerId,
        offerType: 'deals',
        discountPercent: 100, // first of its list
        startsAt: new Date(now().getTime() - 3_600_000),
        endsAt,
      })
      .returning({ id: deals.id });
    if (!deal) throw new Error('the deal was inserted');
    const indianDate = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      timeZone: 'Asia/Kolkata',
    }).format(endsAt);
    expect(indianDate).not.toBe(
      new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(endsAt),
    );

    const during = await page('/todaydeals');
    expect(during).toContain(`data-deal-id="${deal.id}"`);
    const card = during.slice(during.indexOf(`data-deal-id="${deal.id}"`));
    const ends = /class="deal-ends">([^<]*(?:<!--[^>]*-->[^<]*)*)</
      .exec(card)?.[1]
      ?.replace(/<!--[^>]*-->/g, '');
    expect(ends).toBe(`Ends ${indianDate}`);
    // the price on the deal's card is the seller's price, the one the cart and the order charge
    const price = card.slice(0, card.indexOf('deal-ends'));
    expect(price).toContain(formatInr(offer.salePricePaise));
    const estimate = await json('/api/checkout/estimate', { pincode, lines: [lineOf(0)] });
    const priced = (await estimate.json()) as CheckoutQuote;
    expect(priced.lines[0]?.amounts?.itemsPaise).toBe(offer.salePricePaise);

    // a minute before its end it still shows; at its end it is gone
    offsetMs = endsAt.getTime() - Date.now() - 60_000;
    expect(await page('/todaydeals')).toContain(`data-deal-id="${deal.id}"`);
    offsetMs = endsAt.getTime() - Date.now();
    expect(await page('/todaydeals')).not.toContain(`data-deal-id="${deal.id}"`);
    offsetMs = endsAt.getTime() - Date.now() + 86_400_000;
    expect(await page('/todaydeals')).not.toContain(`data-deal-id="${deal.id}"`);
    offsetMs = 0;
  });
});

describe('false urgency: “Only N left” only when the stock really is that low', () => {
  async function productWithOneOffer() {
    const [row] = await queryRows<{ productId: number; name: string }>(
      t.db,
      sql`SELECT p.id AS "productId", p.name FROM products p
           WHERE p.is_active AND (SELECT count(*) FROM offers o WHERE o.product_id = p.id) = 1
             AND EXISTS (SELECT 1 FROM offers o WHERE o.product_id = p.id AND o.is_active)
           ORDER BY p.id LIMIT 1`,
    );
    if (!row) throw new Error('a product sold by one seller');
    return row;
  }

  it.each([
    [1, 'Only 1 left in stock.'],
    [5, 'Only 5 left in stock.'],
    [6, null],
    [250, null],
  ])('with %i in stock the product page says %s', async (stock, text) => {
    const product = await productWithOneOffer();
    await t.db.update(offers).set({ stock }).where(eq(offers.productId, product.productId));
    const html = await page(`/productdetails/${encodeURIComponent(product.name)}`);
    if (text) expect(html).toContain(text);
    else {
      expect(html).not.toMatch(/left in stock/);
      expect(html).toContain('In Stock');
    }
  });
});

describe('basket sneaking and interface interference: nothing that costs is chosen for the shopper', () => {
  it('ticks no box on the cart, checkout and review pages, and offers no paid extra', async () => {
    await t.db.delete(cartItems).where(eq(cartItems.userId, priyaId));
    await t.db.insert(cartItems).values({ userId: priyaId, offerId: pick(0).offer.id, quantity: 1 });
    for (const path of [
      '/cart',
      '/checkout',
      `/deliveryreview?address=${addressId}`,
      `/deliveryfinalreview?address=${addressId}`,
    ]) {
      const html = await page(path, priya);
      expect(inputTags(html).filter(isTickedCheckbox), path).toEqual([]);
      expect(html, path).not.toMatch(/gift wrap|protection plan|extended warranty|donat/i);
    }
  });

  it('leaves both consents unticked at registration', async () => {
    const boxes = inputTags(await page('/registration')).filter((tag) => /type="checkbox"/.test(tag));
    expect(boxes.map((tag) => /name="(\w+)"/.exec(tag)?.[1]).sort()).toEqual([
      'marketingConsent',
      'personalisationConsent',
    ]);
    expect(boxes.filter(isTickedCheckbox)).toEqual([]);
  });

  it('picks the cheapest delivery option for each line, never a dearer one', async () => {
    const res = await json(
      '/api/checkout/quote',
      { addressId, lines: candidates.slice(0, 12).map((_, i) => lineOf(i)) },
      priya,
    );
    const quote = (await res.json()) as CheckoutQuote;
    expect(quote.lines.length).toBeGreaterThan(1);
    for (const line of quote.lines) {
      if (line.status !== 'AVAILABLE') continue;
      const cheapest = Math.min(...line.options.map((o) => o.chargePaise));
      expect(line.options.find((o) => o.deliveryType === line.chosen)?.chargePaise).toBe(cheapest);
    }
  });
});

describe('drip pricing: what the cart shows is what the order costs, COD or online', () => {
  it('the cart’s estimate, the final review, a COD order and an online order all cost the same', async () => {
    const line = lineOf(1, 2);
    await t.db.delete(cartItems).where(eq(cartItems.userId, priyaId));
    await t.db.insert(cartItems).values({ userId: priyaId, offerId: pick(1).offer.id, quantity: 2 });

    // the cart prices delivery for the pincode before checkout (requirements#cart-estimate)
    const estimate = (await (
      await json('/api/checkout/estimate', { pincode, lines: [line] })
    ).json()) as CheckoutQuote;
    const summary = estimate.summary;
    if (!summary) throw new Error('a summary');
    expect(summary.deliveryChargePaise).toBeGreaterThan(0);
    // the total is the items, less coupons and the promo, plus delivery: nothing else is in it
    expect(summary.totalPaise).toBe(
      summary.itemsTotalPaise -
        summary.couponDiscountPaise +
        summary.deliveryChargePaise -
        summary.promoDiscountPaise,
    );
    expect(summary.isCodAllowed).toBe(true);

    const review = await page(`/deliveryfinalreview?address=${addressId}`, priya);
    expect(review).toContain(`data-testid="summary-total">${formatInr(summary.totalPaise)}<`);

    const chosen = { ...line, deliveryType: estimate.lines[0]?.chosen };
    const cod = await placeOrder([chosen], 'cod');
    expect(cod.totalPaise).toBe(summary.totalPaise);
    // no charge for cash on delivery: paying online costs the same
    const online = await placeOrder([chosen], 'online');
    expect(online.totalPaise).toBe(summary.totalPaise);
  });
});

describe('disguised advertisement: every paid placement says “Sponsored”', () => {
  const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  async function runningCampaign(changes: Partial<typeof brandCampaigns.$inferInsert>) {
    const [product] = await t.db
      .select({ id: products.id, name: products.name, brandId: products.brandId })
      .from(products)
      .where(
        inArray(
          products.id,
          candidates.map((c) => c.offer.productId),
        ),
      )
      .orderBy(asc(products.id))
      .limit(1);
    if (!product) throw new Error('a product');
    const [row] = await t.db
      .insert(brandCampaigns)
      .values({
        name: 'audit campaign',
        brandId: product.brandId,
        productId: product.id,
        adType: 'image',
        adImage: '/media/audit-ad.svg',
        page: 'search',
        type: 'sponsored_brand',
        fromDate: daysFromToday(-1),
        toDate: daysFromToday(30),
        maximumSpendLimitPaise: 10_000_000,
        bidPaise: 9_999_00, // the highest bid wins the slot
        ...changes,
      })
      .returning({ id: brandCampaigns.id });
    if (!row) throw new Error('the campaign was inserted');
    return { campaignId: row.id, product };
  }

  it('marks each sponsored search result, and only those', async () => {
    const { campaignId, product } = await runningCampaign({ page: 'search' });
    const html = await page(`/searchpage/${encodeURIComponent(product.name)}`);
    const cards = html.split('class="sponsored-card"').slice(1);
    expect(cards.length).toBeGreaterThan(0);
    expect(html).toContain(`data-campaign-id="${campaignId}"`);
    for (const card of cards) expect(card.slice(0, card.indexOf('</a>'))).toContain('Sponsored');
  });

  it('marks the sponsored ad on a category listing and on the home page', async () => {
    await runningCampaign({ page: 'category' });
    const listing = await page('/categorylist/c/Electronics');
    expect(listing).toMatch(/<aside class="listing-sponsored" aria-label="Sponsored: [^"]+"/);
    expect(listing).toContain('<span class="ad-label">Sponsored</span>');

    const { campaignId } = await runningCampaign({ page: 'home' });
    const home = await page('/');
    // the home page shows two of its running campaigns, chosen at random: each says so
    const figures = [
      ...home.matchAll(/<figure class="home-ad[^"]*" data-campaign="(\d+)"[\s\S]*?<\/figure>/g),
    ];
    expect(figures.length).toBeGreaterThan(0);
    for (const [figure] of figures) expect(figure).toMatch(/<figcaption>Sponsored(<!-- -->)? · /);
    expect(campaignId).toBeGreaterThan(0);
  });

  it('marks a paid deal “Sponsored” beside its label, and a free one not', async () => {
    // two products no other deal of this file uses (a product shows one deal: the biggest discount)
    const used = new Set([pick(0).offer.productId]);
    const [offer, other] = candidates
      .map((c) => c.offer)
      .filter((o) => !used.has(o.productId) && (used.add(o.productId), true))
      .slice(2, 4);
    if (!offer || !other) throw new Error('two more products on sale');
    const day = 86_400_000;
    const inserted = await t.db
      .insert(deals)
      .values(
        [
          { offer, pagePoints: 300 },
          { offer: other, pagePoints: 0 },
        ].map(({ offer: o, pagePoints }) => ({
          page: 'deals',
          productId: o.productId,
          sellerId: o.sellerId,
          offerType: 'deals',
          billingType: 'click',
          pagePoints,
          discountPercent: 99,
          startsAt: new Date(Date.now() - day),
          endsAt: new Date(Date.now() + day),
        })),
      )
      .returning({ id: deals.id, pagePoints: deals.pagePoints });
    const html = await page('/todaydeals');
    for (const deal of inserted) {
      expect(html).toContain(`data-deal-id="${deal.id}"`);
      const card = html.slice(html.indexOf(`data-deal-id="${deal.id}"`));
      const badge = /<span class="card-badge">([\s\S]*?)<\/span><\/span>/.exec(card)?.[1] ?? '';
      expect(badge).toContain('Lightning deal');
      if (deal.pagePoints > 0) expect(badge).toContain('Sponsored');
      else expect(badge).not.toContain('Sponsored');
    }
  });

  it('shows no ads on the product page: its related products are never paid placements', async () => {
    const { product } = await runningCampaign({ page: 'product' });
    const html = await page(`/productdetails/${encodeURIComponent(product.name)}`);
    expect(html).not.toContain('/media/audit-ad.svg');
    expect(html).not.toContain('sponsored-card');
  });
});

describe('subscription trap: cancelling is shorter than ordering and asks for no reason', () => {
  it('cancels an unshipped item in two requests, with no reason given', async () => {
    const order = await placeOrder([{ ...lineOf(2), deliveryType: 'standard' }], 'cod');
    const [item] = await t.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.orderNo, order.orderNo));
    if (!item) throw new Error('the item');
    const asked = await json(
      '/api/cancellations',
      { orderNo: order.orderNo, items: [{ itemId: item.id, quantity: 1, reasonIds: [] }] },
      priya,
    );
    expect(asked.status, await asked.clone().text()).toBe(202);
    const confirmed = await json('/api/cancellations/verify', { code: await latestCode(t.db, PRIYA) }, priya);
    expect(confirmed.status).toBe(200);
    const [row] = await t.db
      .select({ cancelled: orderItems.cancelledQuantity })
      .from(orderItems)
      .where(eq(orderItems.id, item.id));
    expect(row?.cancelled).toBe(1);
  });
});

describe('confirm shaming: the cancel form frightens nobody with a fee the shop does not keep', () => {
  it('tells a prepaid shopper the truth: what was paid for the items comes back in full', async () => {
    const kit = await fulfilmentKit(t, PRIYA);
    const { orderNo, order, item } = await kit.singleItemOrder(1, 'prepaid');
    await t.db.insert(payments).values({
      orderId: order.id,
      provider: 'sandbox',
      providerOrderId: `sandbox_order_${orderNo}`,
      providerPaymentId: `sandbox_pay_${orderNo}`,
      amountPaise: order.totalPaise,
      status: 'paid',
    });
    const form = await page(`/cancelitem?order=${orderNo}&seller=${item.sellerId}&item=${item.id}`, priya);
    expect(form).not.toMatch(/transaction fee|may not be refunded/i);
    expect(form).toContain(CANCEL_MESSAGES.prepaidRefund);

    await json(
      '/api/cancellations',
      { orderNo, items: [{ itemId: item.id, quantity: 1, reasonIds: [] }] },
      priya,
    );
    const res = await json('/api/cancellations/verify', { code: await latestCode(t.db, PRIYA) }, priya);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { refundPaise: number }).refundPaise).toBe(order.totalPaise);
  });
});

describe('confirm shaming and nagging: withdrawing a consent is one click, as giving it was', () => {
  const consentForms = (html: string) =>
    [...html.matchAll(/<form\b[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/g)]
      .map((m) => m[1] ?? '')
      .filter((form) => form.includes('name="purpose"'));
  const shape = (form: string) => ({
    fields: inputTags(form).map((tag) => /name="(\w+)"/.exec(tag)?.[1]),
    buttons: (form.match(/<button/g) ?? []).length,
    // interface interference: giving is not dressed up brighter than withdrawing
    look: /<button[^>]*class="([^"]*)"/.exec(form)?.[1],
  });
  const post = (body: string) =>
    t.request('/privacy', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: priya },
      body,
    });
  const marketing = async () =>
    (
      (await (await t.request('/api/privacy', { headers: { cookie: priya } })).json()) as {
        consents: { purpose: string; isGranted: boolean }[];
      }
    ).consents.find((c) => c.purpose === 'marketing')?.isGranted;

  it('gives and withdraws marketing with the same one-button form, each acting at once', async () => {
    const before = consentForms(await page('/privacy', priya));
    expect(before).toHaveLength(2);
    for (const form of before)
      expect(shape(form)).toEqual({ fields: ['purpose', 'choice'], buttons: 1, look: 'btn-secondary' });

    expect((await post('purpose=marketing&choice=give')).status).toBe(200);
    expect(await marketing()).toBe(true);
    const after = consentForms(await page('/privacy', priya));
    for (const form of after)
      expect(shape(form)).toEqual({ fields: ['purpose', 'choice'], buttons: 1, look: 'btn-secondary' });
    const withdraw = after.find((form) => form.includes('value="marketing"'));
    expect(withdraw).toContain('Withdraw consent');
    // no "Are you sure?", no page of reasons: the one post withdraws it
    expect((await post('purpose=marketing&choice=withdraw')).status).toBe(200);
    expect(await marketing()).toBe(false);
  });
});
