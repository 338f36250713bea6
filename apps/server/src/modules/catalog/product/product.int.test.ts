import { and, count, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coupons,
  deliveryRates,
  offers,
  pincodes,
  products,
  reviews,
  savedItems,
  sellers,
  siteTexts,
  users,
} from '@marketplace/db';
import { createTestApp, type TestApp, withoutScripts } from '../../../../test-support/testing.ts';
import { productDetail } from './detail.ts';
import { productLookups } from './lookups.ts';
import { productReviews } from './reviews.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const page = (name: string, init?: RequestInit) =>
  t.request(`/productdetails/${encodeURIComponent(name)}`, init);

/** A product with at least `n` active offers from different sellers. */
async function productWithOffers(n: number) {
  const [row] = await t.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .innerJoin(offers, eq(offers.productId, products.id))
    .groupBy(products.id)
    .having(sql`count(*) >= ${n}`)
    .orderBy(products.id)
    .limit(1);
  if (!row) throw new Error(`no product with ${n} offers`);
  return row;
}

describe('the product page data', () => {
  it('renders the product on the server from the database, looked up case-insensitively', async () => {
    const product = await productWithOffers(2);
    const res = await page(product.name.toUpperCase());
    expect(res.status).toBe(200);
    const html = await res.text();
    const detail = await productDetail(t.db, { name: product.name, sellerId: null, pincode: '600100' });
    if (!detail?.offer) throw new Error('offer expected');
    expect(detail.product.id).toBe(product.id);
    // the default offer is the cheapest in stock
    const inStock = [detail.offer, ...detail.otherOffers].filter((o) => o.stock > 0);
    expect(detail.offer.salePricePaise).toBe(Math.min(...inStock.map((o) => o.salePricePaise)));
    expect(html).toContain('Inclusive of all taxes');
    expect(html).toContain('Select Seller');
    expect(html).toContain(`<title>${detail.product.name.replaceAll('&', '&amp;')}</title>`);
    expect(html).toContain(detail.offer.sellerName);
    expect(detail.product.bullets.length).toBeGreaterThan(0);
    expect(detail.product.technicalDetails.length).toBeGreaterThan(0);
    for (const list of Object.values(detail.sections)) {
      const ids = list.map((item) => ('card' in item ? item.card.id : item.id));
      expect(new Set(ids).size).toBe(ids.length); // de-duplicated
      if (!('card' in (list[0] ?? {}))) expect(ids).not.toContain(product.id);
    }
    expect(detail.privilegeClaim.length).toBeGreaterThan(0);
  });

  it('switches to the seller in the query, and ignores unknown or malformed seller ids', async () => {
    const product = await productWithOffers(2);
    const base = await productDetail(t.db, { name: product.name, sellerId: null, pincode: '600100' });
    const other = base?.otherOffers[0];
    if (!base?.offer || !other) throw new Error('two offers expected');
    const switched = await productDetail(t.db, {
      name: product.name,
      sellerId: other.sellerId,
      pincode: '600100',
    });
    expect(switched?.offer?.sellerId).toBe(other.sellerId);
    expect(switched?.otherOffers.map((o) => o.sellerId)).toContain(base.offer.sellerId);
    const html = await (await page(`${product.name}`, {})).text();
    expect(html).toContain(base.offer.sellerName);
    const res = await t.request(
      `/productdetails/${encodeURIComponent(product.name)}?seller=${other.sellerId}`,
    );
    expect(await res.text()).toContain(`Sold by <b class="pd-seller-name" translate="no">${other.sellerName}</b>`);
    for (const bad of ['abc', '-1', '0', '99999999999999999999', "1' OR '1'='1", '999999']) {
      const r = await t.request(
        `/productdetails/${encodeURIComponent(product.name)}?seller=${encodeURIComponent(bad)}`,
      );
      expect(r.status).toBe(200);
      expect(await r.text()).toContain(`Sold by <b class="pd-seller-name" translate="no">${base.offer.sellerName}</b>`);
    }
  });

  it('estimates delivery for the pincode of the cookie: two pincodes, two estimates', async () => {
    const product = await productWithOffers(1);
    const chennai = await productDetail(t.db, { name: product.name, sellerId: null, pincode: '600100' });
    const guwahati = await productDetail(t.db, { name: product.name, sellerId: null, pincode: '781001' });
    const near = chennai?.offer?.delivery ?? [];
    const far = guwahati?.offer?.delivery ?? [];
    expect(near.length).toBeGreaterThan(0);
    expect(far.length).toBeGreaterThan(0);
    expect(guwahati?.pincodeCity).toBeTruthy();
    expect(far.map((o) => `${o.deliveryType}:${o.chargePaise}:${o.arrivingDays}`)).not.toEqual(
      near.map((o) => `${o.deliveryType}:${o.chargePaise}:${o.arrivingDays}`),
    );
    const htmlNear = await (await page(product.name, { headers: { cookie: 'pincode=600100' } })).text();
    const htmlFar = await (await page(product.name, { headers: { cookie: 'pincode=781001' } })).text();
    expect(htmlNear).toContain('Deliver to');
    expect(htmlNear).toContain('600100');
    expect(htmlFar).toContain('781001');
    expect(htmlNear).not.toContain('Free Delivery on Sunday');
  });

  it('says the product is not serviceable and disables the buttons where nothing reaches the pincode', async () => {
    const product = await productWithOffers(1);
    await t.db.update(pincodes).set({ isServiceable: false }).where(eq(pincodes.pincode, '110001'));
    const res = await page(product.name, { headers: { cookie: 'pincode=110001' } });
    const html = await res.text();
    expect(html).toContain('This product is not serviceable in your area.');
    // disabled for good, not waiting for scripts
    expect(html).toMatch(
      /<button type="submit" value="add" class="pd-add" disabled="" aria-busy="false" name="intent">/,
    );
    expect(html).toMatch(/<button type="button" class="pd-buynow" disabled="" aria-busy="false">/);
    // an unknown pincode in the cookie falls back to the default pincode (a served one)
    const fallback = await (await page(product.name, { headers: { cookie: 'pincode=abc' } })).text();
    expect(fallback).toContain('600100');
    expect(withoutScripts(fallback)).not.toContain('This product is not serviceable in your area.');
  });

  it('shows the active coupon of the chosen seller only', async () => {
    const [coupon] = await t.db
      .select({ productId: coupons.productId, sellerId: coupons.sellerId, name: coupons.name })
      .from(coupons)
      .where(eq(coupons.isActive, true))
      .limit(1);
    if (!coupon?.productId || !coupon.sellerId) throw new Error('a seeded coupon expected');
    const [product] = await t.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, coupon.productId));
    const detail = await productDetail(t.db, {
      name: product?.name ?? '',
      sellerId: coupon.sellerId,
      pincode: '600100',
    });
    expect(detail?.offer?.coupon?.name).toBe(coupon.name);
    await t.db.update(coupons).set({ isActive: false }).where(eq(coupons.productId, coupon.productId));
    const after = await productDetail(t.db, {
      name: product?.name ?? '',
      sellerId: coupon.sellerId,
      pincode: '600100',
    });
    expect(after?.offer?.coupon).toBeNull();
  });

  it('reuses the rate card, the privilege text and best-seller ranks while kept, then reads them afresh', async () => {
    const product = await productWithOffers(1);
    let clock = 0;
    const lookups = productLookups(t.db, 60_000, () => clock);
    const args = { name: product.name, sellerId: null, pincode: '600100' };
    const before = await productDetail(t.db, args, new Date(), lookups);
    const [original] = await t.db.select().from(siteTexts).where(eq(siteTexts.key, 'privilege_claim'));
    await t.db
      .update(siteTexts)
      .set({ value: 'Changed claim text' })
      .where(eq(siteTexts.key, 'privilege_claim'));
    await t.db.update(deliveryRates).set({ chargePaise: sql`${deliveryRates.chargePaise} + 1000` });
    const related = before?.sections.related[0];
    expect(related).toBeDefined();
    if (related) await t.db.update(products).set({ isActive: false }).where(eq(products.id, related.id));

    clock = 59_000;
    const kept = await productDetail(t.db, args, new Date(), lookups);
    expect(kept?.privilegeClaim).toBe(before?.privilegeClaim);
    expect(kept?.offer?.delivery).toEqual(before?.offer?.delivery);
    // cards are read fresh: a product taken off sale leaves its section at once
    if (related) expect(kept?.sections.related.map((card) => card.id)).not.toContain(related.id);

    clock = 61_000;
    const fresh = await productDetail(t.db, args, new Date(), lookups);
    expect(fresh?.privilegeClaim).toBe('Changed claim text');
    const charges = (detail: typeof before) =>
      detail?.offer?.delivery.map((option) => option.chargePaise) ?? [];
    expect(charges(before).length).toBeGreaterThan(0);
    expect(charges(fresh)).not.toEqual(charges(before));

    await t.db
      .update(siteTexts)
      .set({ value: original?.value ?? '' })
      .where(eq(siteTexts.key, 'privilege_claim'));
    await t.db.update(deliveryRates).set({ chargePaise: sql`${deliveryRates.chargePaise} - 1000` });
    if (related) await t.db.update(products).set({ isActive: true }).where(eq(products.id, related.id));
  });

  it("shows 'Sellers not Available' and no price when no seller offers the product", async () => {
    const product = await productWithOffers(1);
    await t.db.update(offers).set({ isActive: false }).where(eq(offers.productId, product.id));
    const html = await (await page(product.name)).text();
    expect(html).toContain('Sellers not Available');
    expect(withoutScripts(html)).not.toContain('Inclusive of all taxes');
    expect(withoutScripts(html)).not.toContain('Add to Cart');
  });

  it('keeps "You may also like" and "Products from other brands" apart, each as its name says', async () => {
    const lookups = productLookups(t.db, 0);
    const sample = await t.db
      .select({ name: products.name, brandId: products.brandId, categoryId: products.categoryId })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(products.id)
      .limit(40);
    const brandOf = new Map(
      (await t.db.select({ id: products.id, brandId: products.brandId }).from(products)).map((r) => [
        r.id,
        r.brandId,
      ]),
    );
    let compared = 0;
    for (const me of sample) {
      const detail = await productDetail(
        t.db,
        { name: me.name, sellerId: null, pincode: '600100' },
        new Date(),
        lookups,
      );
      const sections = detail?.sections;
      if (!sections) continue;
      const alsoLike = new Set(sections.alsoLike.map((card) => card.id));
      for (const card of sections.otherBrand) {
        expect(alsoLike.has(card.id), me.name).toBe(false);
        expect(brandOf.get(card.id), me.name).not.toBe(me.brandId);
      }
      if (sections.alsoLike.length > 0 && sections.otherBrand.length > 0) compared++;
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('round-trips names with spaces, slashes, %, quotes, emoji and Devanagari', async () => {
    const [first, ...rest] = await t.db
      .select({ id: products.id })
      .from(products)
      .orderBy(products.id)
      .limit(5);
    const names = [
      'Kurta 50% off / "Festive" edition',
      "Rahul's 100% cotton_shirt \\ v2",
      'साड़ी सिल्क बनारसी',
      'Mug ☕ with <b>tags</b> & more',
      'a/b/c?d=e#f',
    ];
    for (const [i, row] of [first, ...rest].entries()) {
      if (!row) continue;
      const name = names[i] ?? '';
      await t.db.update(products).set({ name }).where(eq(products.id, row.id));
      const res = await page(name);
      expect(res.status, name).toBe(200);
      const html = await res.text();
      expect(html).toContain('pd-title');
      expect(html).not.toContain('<b>tags</b>'); // text, never markup
    }
  });

  it.each([
    ['an unknown name', 'No Such Product Anywhere'],
    ['10,000 characters', 'x'.repeat(10_000)],
    ['SQL', "' OR 1=1 --"],
    ['a wildcard', '%'],
    ['an underscore', '_'],
  ])('answers 404 with the not-found page for %s', async (_, name) => {
    const res = await page(name);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Oops! Page Not Found');
  });
});

describe('the review pages', () => {
  async function reviewedOffer() {
    const [row] = await t.db
      .select({ product: products.name, seller: sellers.name, productId: products.id, sellerId: sellers.id })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(sellers, eq(sellers.id, reviews.sellerId))
      .groupBy(products.id, sellers.id)
      .having(gt(count(), 2))
      .limit(1);
    if (!row) throw new Error('reviews expected');
    return row;
  }

  it("lists a product's reviews of one seller with name, date, order number, text and stars", async () => {
    const r = await reviewedOffer();
    const res = await t.request(
      `/viewreviews/${encodeURIComponent(r.product)}/${encodeURIComponent(r.seller)}`,
    );
    expect(res.status).toBe(200);
    const data = await productReviews(t.db, { productName: r.product, sellerName: r.seller, page: 1 });
    const [total] = await t.db
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.productId, r.productId), eq(reviews.sellerId, r.sellerId)));
    expect(data?.reviews.total).toBe(total?.n);
    expect(data?.reviews.items.every((review) => review.sellerName === r.seller)).toBe(true);
    const html = await res.text();
    const first = data?.reviews.items[0];
    expect(html).toContain(`Reviews for ${r.seller}`);
    if (first?.orderNo) expect(html).toContain(first.orderNo);
    expect(html).toContain(first?.firstName ?? '');
    // requirements#reviews: the order numbers are masked, in the page and in its data
    const stored = await t.db
      .select({ orderNo: reviews.orderNo })
      .from(reviews)
      .where(and(eq(reviews.productId, r.productId), eq(reviews.sellerId, r.sellerId)));
    for (const { orderNo } of stored) if (orderNo) expect(html).not.toContain(orderNo);
    for (const review of data?.reviews.items ?? [])
      if (review.orderNo) expect(review.orderNo).toMatch(/^OD\d{4}…\d{4}$/);
  });

  it('lists all sellers’ reviews on /reviews?product= with the summary, paged', async () => {
    const r = await reviewedOffer();
    const data = await productReviews(t.db, { productName: r.product, sellerName: null, page: '1' });
    const [total] = await t.db.select({ n: count() }).from(reviews).where(eq(reviews.productId, r.productId));
    expect(data?.reviews.total).toBe(total?.n);
    const res = await t.request(`/reviews?product=${encodeURIComponent(r.product)}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('global ratings');
    for (const p of ['-3', 'abc', '1e9', '99999999999999999999']) {
      const paged = await t.request(`/reviews?product=${encodeURIComponent(r.product)}&page=${p}`);
      expect(paged.status, p).toBe(200);
    }
  });

  it.each([
    ['/viewreviews/No%20Such%20Product/Anyone'],
    ['/reviews'],
    ['/reviews?product='],
    [`/reviews?product=${'y'.repeat(10_000)}`],
  ])('answers 404 for %s', async (path) => {
    const res = await t.request(path);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Oops! Page Not Found');
  });

  it('answers 404 for a known product with an unknown seller', async () => {
    const r = await reviewedOffer();
    const res = await t.request(`/viewreviews/${encodeURIComponent(r.product)}/No%20Such%20Seller`);
    expect(res.status).toBe(404);
  });
});

describe('POST /api/saved-items', () => {
  const save = (body: unknown, cookie?: string) =>
    t.request('/api/saved-items', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const userId = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;

  it('needs login', async () => {
    const product = await productWithOffers(1);
    const res = await save({ productId: product.id, type: 'wishlist' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
  });

  it('saves for the session’s shopper only, once, and leaves other shoppers’ lists alone', async () => {
    const product = await productWithOffers(1);
    const priya = await t.loginCookie('priya@example.com');
    const rahulId = await userId('rahul@example.com');
    const priyaId = await userId('priya@example.com');
    const rahulBefore = await t.db.select().from(savedItems).where(eq(savedItems.userId, rahulId));

    const first = await save({ productId: product.id, type: 'save_for_later', userId: rahulId }, priya);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, created: true, message: 'Product saved for later.' });
    const again = await save({ productId: product.id, type: 'save_for_later' }, priya);
    expect(((await again.json()) as { created: boolean }).created).toBe(false);
    const wish = await save({ productId: product.id, type: 'wishlist' }, priya);
    expect(((await wish.json()) as { message: string }).message).toBe('Product added to your wishlist.');

    const mine = await t.db
      .select({ list: savedItems.list })
      .from(savedItems)
      .where(and(eq(savedItems.userId, priyaId), eq(savedItems.productId, product.id)));
    expect(mine.map((row) => row.list).sort()).toEqual(['save_for_later', 'wishlist']);
    // a user id in the body is ignored: nothing was written for Rahul
    expect(await t.db.select().from(savedItems).where(eq(savedItems.userId, rahulId))).toEqual(rahulBefore);
  });

  it.each([
    [{}],
    [{ productId: 'abc', type: 'wishlist' }],
    [{ productId: -1, type: 'wishlist' }],
    [{ productId: 1.5, type: 'wishlist' }],
    [{ productId: 1e12, type: 'wishlist' }],
    [{ productId: 1, type: 'favourites' }],
    [{ productId: 1 }],
  ])('refuses %j with 400', async (body) => {
    const cookie = await t.loginCookie('ananya@example.com');
    const res = await save(body, cookie);
    expect(res.status).toBe(400);
  });

  it('answers 404 for a product that does not exist and 400 for malformed JSON', async () => {
    const cookie = await t.loginCookie('ananya@example.com');
    expect((await save({ productId: 2_000_000_000, type: 'wishlist' }, cookie)).status).toBe(404);
    const res = await t.request('/api/saved-items', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{not json',
    });
    expect(res.status).toBe(400);
  });
});
