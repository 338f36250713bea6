import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, coupons, orderItems, orders, products } from '@marketplace/db';
import { couponDiscountPaise } from '@marketplace/domain';
import type { CheckoutQuote } from '@marketplace/domain/orders/checkout';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import type { TaxDocumentList } from '@marketplace/domain/tax/document-view';
import type { Cart } from '@marketplace/domain/cart/cart-api';
import { productDetail } from '../catalog/index.ts';
import { couponsPage } from '../search/index.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { deliverableOffers } from '../../../test-support/orders.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#coupon-scopes: a category's and a brand's coupon, priced by the server like a product's
let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
type Candidate = Awaited<ReturnType<typeof deliverableOffers>>[number];
type Known = Candidate & { brandId: number; categoryIds: number[] };
let inCategory: Known;
let ofBrand: Known;
let neither: Known;
let categoryCoupon: number;
let brandCoupon: number;
let targetCategory: number;
let keys = 0;

async function lineage(categoryId: number) {
  const all = await t.db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
  const ids: number[] = [];
  let at: number | null = categoryId;
  while (at !== null) {
    ids.push(at);
    const here = all.find((c) => c.id === at);
    at = here?.parentId ?? null;
  }
  return ids;
}

beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  const candidates = await deliverableOffers(t.db, kit.address.pincode);
  const rows = await t.db
    .select({ id: products.id, brandId: products.brandId, categoryId: products.categoryId })
    .from(products)
    .where(inArray(products.id, [...new Set(candidates.map((c) => c.offer.productId))]));
  const known: Known[] = [];
  for (const c of candidates.slice(0, 200)) {
    const row = rows.find((r) => r.id === c.offer.productId);
    if (row) known.push({ ...c, brandId: row.brandId, categoryIds: await lineage(row.categoryId) });
  }
  const first = known[0];
  if (!first) throw new Error('the seed has deliverable offers');
  inCategory = first;
  // the coupon names the category above the product's own: it reaches everything below it
  targetCategory = first.categoryIds[1] ?? first.categoryIds[0] ?? 0;
  const outside = known.filter((k) => !k.categoryIds.includes(targetCategory) && k.brandId !== first.brandId);
  const brand = outside.find((k) => k.offer.sellerId !== first.offer.sellerId);
  if (!brand) throw new Error('the seed has a product of another category, brand and seller');
  ofBrand = brand;
  const rest = outside.find(
    (k) => k.brandId !== brand.brandId && k.offer.productId !== brand.offer.productId,
  );
  if (!rest) throw new Error('the seed has a third product');
  neither = rest;
  const [category] = await t.db
    .insert(coupons)
    .values({
      name: 'FESTIVE10',
      scope: 'category',
      categoryId: targetCategory,
      offerType: 'percentage',
      value: 10,
    })
    .returning({ id: coupons.id });
  const [ofBrandCoupon] = await t.db
    .insert(coupons)
    .values({ name: 'BRAND75', scope: 'brand', brandId: brand.brandId, offerType: 'cash', value: 7500 })
    .returning({ id: coupons.id });
  categoryCoupon = category?.id ?? 0;
  brandCoupon = ofBrandCoupon?.id ?? 0;
});
afterAll(() => t.close());

const line = (k: Known, couponId: number | null, quantity = 1) => ({
  productId: k.offer.productId,
  sellerId: k.offer.sellerId,
  quantity,
  couponId,
});

describe('coupons for a category and a brand', () => {
  it('are offered on the product page of a product they reach, and not of one they do not', async () => {
    const detailOf = async (k: Known) => {
      const [product] = await t.db
        .select({ name: products.name })
        .from(products)
        .where(eq(products.id, k.offer.productId));
      const detail = await productDetail(t.db, {
        name: product?.name ?? '',
        sellerId: k.offer.sellerId,
        pincode: kit.address.pincode,
      });
      return detail?.offer?.coupon ?? null;
    };
    expect((await detailOf(inCategory))?.id).toBe(categoryCoupon);
    expect((await detailOf(ofBrand))?.id).toBe(brandCoupon);
    const other = await detailOf(neither);
    expect(other?.id).not.toBe(categoryCoupon);
    expect(other?.id).not.toBe(brandCoupon);
  });

  it('put the products they reach on /coupons', async () => {
    const shown = new Set<number>();
    for (let page = 1, pages = 1; page <= pages && page <= 200; page++) {
      const found = await couponsPage(t.db, page);
      pages = found.pages;
      for (const card of found.items) shown.add(card.coupon.id);
    }
    expect(shown.has(categoryCoupon)).toBe(true);
    expect(shown.has(brandCoupon)).toBe(true);
  });

  it('stay on the cart lines they reach and are cleared from the others', async () => {
    const res = await call('/api/cart', kit.shopper, 'PUT', {
      lines: [line(inCategory, categoryCoupon), line(ofBrand, brandCoupon), line(neither, categoryCoupon)],
    });
    expect(res.status).toBe(200);
    const cart = (await res.json()) as Cart;
    const couponOf = (k: Known) =>
      cart.lines.find((l) => l.productId === k.offer.productId && l.sellerId === k.offer.sellerId)?.coupon
        ?.id ?? null;
    expect(couponOf(inCategory)).toBe(categoryCoupon);
    expect(couponOf(ofBrand)).toBe(brandCoupon);
    expect(couponOf(neither)).toBeNull();
    await call('/api/cart', kit.shopper, 'PUT', { lines: [] });
  });

  it('discount exactly the matching lines at checkout, and the invoices add up to what the shopper paid', async () => {
    const expected = {
      inCategory:
        2 * couponDiscountPaise(inCategory.offer.salePricePaise, { offerType: 'percentage', value: 10 }),
      ofBrand: couponDiscountPaise(ofBrand.offer.salePricePaise, { offerType: 'cash', value: 7500 }),
    };
    expect(expected.inCategory).toBeGreaterThan(0);

    // the quote leaves out a coupon sent with a line it does not reach
    const quoted = await call('/api/checkout/quote', kit.shopper, 'POST', {
      addressId: kit.address.id,
      lines: [line(inCategory, categoryCoupon, 2), line(ofBrand, brandCoupon), line(neither, brandCoupon)],
    });
    expect(quoted.status).toBe(200);
    const quote = (await quoted.json()) as CheckoutQuote;
    const amountsOf = (k: Known) => quote.lines.find((l) => l.productId === k.offer.productId);
    expect(amountsOf(inCategory)?.amounts?.couponDiscountPaise).toBe(expected.inCategory);
    expect(amountsOf(ofBrand)?.amounts?.couponDiscountPaise).toBe(expected.ofBrand);
    expect(amountsOf(neither)?.amounts?.couponDiscountPaise).toBe(0);
    expect(amountsOf(neither)?.couponDropped).toBe(true);
    expect(quote.summary?.couponDiscountPaise).toBe(expected.inCategory + expected.ofBrand);

    // an order refuses it outright
    const order = (lines: unknown[]) =>
      call('/api/orders', kit.shopper, 'POST', {
        idempotencyKey: `coupon-scopes-${Date.now()}-${++keys}`,
        addressId: kit.address.id,
        paymentMode: 'cod',
        lines,
      });
    const refused = await order([
      { ...line(inCategory, categoryCoupon, 2), deliveryType: 'standard' },
      { ...line(neither, categoryCoupon), deliveryType: 'standard' },
    ]);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      ORDER_MESSAGES.couponNotApplicable,
    );

    const placed = await order([
      { ...line(inCategory, categoryCoupon, 2), deliveryType: 'standard' },
      { ...line(ofBrand, brandCoupon), deliveryType: 'standard' },
      { ...line(neither, null), deliveryType: 'standard' },
    ]);
    expect(placed.status).toBe(201);
    const { orderNo, totalPaise } = (await placed.json()) as { orderNo: string; totalPaise: number };
    expect(totalPaise).toBe(quote.summary?.totalPaise);
    const [saved] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(saved?.couponDiscountPaise).toBe(expected.inCategory + expected.ofBrand);
    const items = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, saved?.id ?? 0))
      .orderBy(asc(orderItems.id));
    const itemOf = (k: Known) => items.find((i) => i.productId === k.offer.productId);
    expect(itemOf(inCategory)).toMatchObject({
      couponId: categoryCoupon,
      couponDiscountPaise: expected.inCategory,
    });
    expect(itemOf(ofBrand)).toMatchObject({ couponId: brandCoupon, couponDiscountPaise: expected.ofBrand });
    expect(itemOf(neither)).toMatchObject({ couponId: null, couponDiscountPaise: 0 });
    const redeemed = await t.db
      .select({ id: coupons.id, n: coupons.redeemedCount })
      .from(coupons)
      .where(inArray(coupons.id, [categoryCoupon, brandCoupon]));
    expect(redeemed.map((r) => r.n)).toEqual([1, 1]);

    // each seller invoices its items; together the invoices are what the shopper pays
    for (const item of items) {
      const shipped = await call(
        `/api/seller/orders/${orderNo}/shipments`,
        await kit.sellerCookie(item.sellerId),
        'POST',
        { items: [{ itemId: item.id }] },
      );
      expect(shipped.status).toBe(201);
    }
    const documents = await call(`/api/my-orders/${orderNo}/tax-documents`, kit.shopper);
    const invoices = ((await documents.json()) as TaxDocumentList).documents.filter(
      (d) => d.kind === 'invoice',
    );
    expect(invoices.length).toBeGreaterThanOrEqual(2);
    expect(invoices.reduce((sum, d) => sum + d.valuePaise, 0)).toBe(totalPaise);
  });
});
