import { and, desc, eq, gt, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  brandCampaigns,
  brands,
  campaignEvents,
  coupons,
  deals,
  orders,
  sellers,
  users,
} from '@marketplace/db';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import {
  CampaignChanged,
  CampaignReviewPage,
  CouponChanged,
  CouponPage,
  DealChanged,
  DealPage,
  PlatformPromoChanged,
  PlatformPromoView,
  PROMOTION_MESSAGES as M,
} from '@marketplace/domain/admin/promotions-api';
import { campaignDay } from '@marketplace/domain/marketing/ads';
import { indianWeekday } from '@marketplace/domain/marketing/promotions';
import type { CheckoutQuote } from '@marketplace/domain/orders/checkout';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { SellerCampaignList } from '@marketplace/domain/sellers/ads-api';
import {
  couponsOf,
  defaultAddress,
  deliverableOffers,
  sellerWithoutOffer,
} from '../../../test-support/orders.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#operator-promotions
let t: TestApp;
let marketing: string;
let owner: string;
let shopper: string;
let addressId: number;
let offer: Awaited<ReturnType<typeof deliverableOffers>>[number];
const SHOPPER = 'priya@example.com';
const SELLER = 'dakshin-mart@sellers.example.com';

beforeAll(async () => {
  t = await createTestApp();
  marketing = (await verifiedStaff(t, 'meera@staff.example.com', 'marketing')).cookie;
  owner = (await verifiedStaff(t, 'owner@staff.example.com', 'owner')).cookie;
  shopper = await t.loginCookie(SHOPPER);
  const address = await defaultAddress(t.db, SHOPPER);
  addressId = address.id;
  // an offer the shopper can have delivered, of a product without a coupon yet, nor a running
  // lightning deal of 37 % or more (the deals page shows a product's biggest deal only)
  const now = new Date();
  for (const candidate of await deliverableOffers(t.db, address.pincode)) {
    const bigger = await t.db
      .select({ id: deals.id })
      .from(deals)
      .where(
        and(
          eq(deals.productId, candidate.offer.productId),
          eq(deals.page, 'deals'),
          eq(deals.offerType, 'deals'),
          gte(deals.discountPercent, 37),
          lte(deals.startsAt, now),
          gt(deals.endsAt, now),
        ),
      );
    if (
      candidate.offer.salePricePaise >= 50_000 &&
      bigger.length === 0 &&
      (await couponsOf(t.db, candidate.offer.productId)).length === 0
    ) {
      offer = candidate;
      break;
    }
  }
  if (!offer) throw new Error('a deliverable offer without a coupon');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, path: string, cookie: string | null, body?: unknown) =>
  t.request(path, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

let codes = 0;
const newCode = () => `TEST${Date.now().toString(36).slice(-5).toUpperCase()}${++codes}`;
const couponBody = (changes: Record<string, unknown> = {}) => ({
  code: newCode(),
  productId: offer.offer.productId,
  sellerId: offer.offer.sellerId,
  offerType: 'cash',
  value: 10_000,
  days: [],
  fromDate: null,
  toDate: null,
  perDayLimit: null,
  totalLimit: null,
  ...changes,
});
const createCoupon = async (changes: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/admin/promotions/coupons', marketing, couponBody(changes));
  expect(res.status, await res.clone().text()).toBe(201);
  return CouponChanged.parse(await res.json()).coupon;
};
const lastAudit = async (action: string) => {
  const [entry] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
};
const quote = async (couponId: number | null) => {
  const res = await call('POST', '/api/checkout/quote', shopper, {
    addressId,
    lines: [{ productId: offer.offer.productId, sellerId: offer.offer.sellerId, quantity: 1, couponId }],
  });
  expect(res.status).toBe(200);
  return (await res.json()) as CheckoutQuote;
};
let keys = 0;
const placeOrder = (couponId: number | null) =>
  call('POST', '/api/orders', shopper, {
    idempotencyKey: `promotions-${Date.now()}-${++keys}`,
    addressId,
    paymentMode: 'cod',
    lines: [
      {
        productId: offer.offer.productId,
        sellerId: offer.offer.sellerId,
        quantity: 1,
        deliveryType: offer.option.deliveryType,
        couponId,
      },
    ],
  });

// every endpoint with a body it would take
const ENDPOINTS: [Method, string, unknown?][] = [
  ['GET', '/api/admin/promotions/coupons'],
  ['GET', '/api/admin/promotions/coupons/1'],
  ['POST', '/api/admin/promotions/coupons', {}],
  ['PUT', '/api/admin/promotions/coupons/1', {}],
  ['POST', '/api/admin/promotions/coupons/1/pause'],
  ['POST', '/api/admin/promotions/coupons/1/resume'],
  ['GET', '/api/admin/promotions/deals'],
  ['GET', '/api/admin/promotions/deals/1'],
  ['POST', '/api/admin/promotions/deals', {}],
  ['PUT', '/api/admin/promotions/deals/1', {}],
  ['POST', '/api/admin/promotions/deals/1/end'],
  ['GET', '/api/admin/promotions/platform-promo'],
  ['PUT', '/api/admin/promotions/platform-promo', { amountPaise: 1, isEnabled: true }],
  ['GET', '/api/admin/promotions/campaigns'],
  ['POST', '/api/admin/promotions/campaigns/1/approve'],
  ['POST', '/api/admin/promotions/campaigns/1/refuse', { reason: 'no' }],
  ['PUT', '/api/admin/promotions/campaigns/1/budget', { totalBudgetPaise: 100, dailyBudgetPaise: null }],
];

describe('who reaches promotions', () => {
  it('answers a visitor 401, a shopper and a seller 403, on every endpoint', async () => {
    const seller = await t.loginCookie(SELLER);
    for (const [method, path, body] of ENDPOINTS) {
      expect((await call(method, path, null, body)).status, `${method} ${path}`).toBe(401);
      const refused = await call(method, path, shopper, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(refused)).message).toBe(STAFF_MESSAGES.notStaff);
      expect((await call(method, path, seller, body)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('refuses every role but owner and marketing, with 403 on every endpoint', async () => {
    const others = STAFF_ROLES.filter((role) => role !== 'owner' && role !== 'marketing');
    expect(others).toEqual(['catalog', 'support', 'finance']);
    for (const role of others) {
      const { cookie } = await verifiedStaff(t, `${role}@staff.example.com`, role);
      for (const [method, path, body] of ENDPOINTS) {
        const res = await call(method, path, cookie, body);
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
        expect((await errorOf(res)).message).toBe(STAFF_MESSAGES.wrongRole);
      }
    }
    for (const cookie of [owner, marketing])
      expect((await call('GET', '/api/admin/promotions/coupons', cookie)).status).toBe(200);
  });
});

describe('coupons', () => {
  it('creates a coupon a shopper can use at checkout at once: the quote and the order drop by it', async () => {
    const before = await quote(null);
    const coupon = await createCoupon({ value: 12_345 });
    expect(coupon).toMatchObject({ status: 'active', offerType: 'cash', value: 12_345, redeemedCount: 0 });
    const withCoupon = await quote(coupon.id);
    expect(withCoupon.lines[0]).toMatchObject({ couponId: coupon.id, couponDropped: false });
    expect(withCoupon.summary?.couponDiscountPaise).toBe(12_345);
    expect(withCoupon.summary?.totalPaise).toBe((before.summary?.totalPaise ?? 0) - 12_345);

    const placed = await placeOrder(coupon.id);
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { orderNo } = (await placed.json()) as { orderNo: string };
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(order).toMatchObject({ couponDiscountPaise: 12_345, totalPaise: withCoupon.summary?.totalPaise });
    const listed = CouponPage.parse(
      await (await call('GET', `/api/admin/promotions/coupons?q=${coupon.code.toLowerCase()}`, owner)).json(),
    );
    expect(listed.coupons).toEqual([
      expect.objectContaining({ id: coupon.id, redeemedCount: 1, redeemedToday: 1 }),
    ]);

    const audit = await lastAudit('coupon.create');
    expect(audit).toMatchObject({
      actor: 'meera@staff.example.com',
      targetType: 'coupon',
      targetId: String(coupon.id),
    });
    expect(audit?.before).toBeNull();
    expect(audit?.after).toMatchObject({
      code: coupon.code,
      value: 12_345,
      productId: offer.offer.productId,
    });
  });

  it('takes a percentage of the price; its code in capitals whatever was typed', async () => {
    const typed = `pct${++codes}x`;
    const coupon = await createCoupon({
      code: typed,
      offerType: 'percentage',
      value: 10,
      sellerId: null,
    });
    expect(coupon.code).toBe(typed.toUpperCase());
    const quoted = await quote(coupon.id);
    expect(quoted.summary?.couponDiscountPaise).toBe(Math.round(offer.offer.salePricePaise / 10));
  });

  it('edits a coupon with before and after in the audit log; a per-day limit used up and other weekdays drop it at checkout', async () => {
    const coupon = await createCoupon();
    expect((await placeOrder(coupon.id)).status).toBe(201);
    const edited = await call('PUT', `/api/admin/promotions/coupons/${coupon.id}`, marketing, {
      ...couponBody({ code: coupon.code, value: 5_000 }),
      perDayLimit: 1,
      totalLimit: 10,
    });
    expect(edited.status).toBe(200);
    expect(CouponChanged.parse(await edited.json()).coupon).toMatchObject({ value: 5_000, perDayLimit: 1 });
    const audit = await lastAudit('coupon.edit');
    expect(audit?.before).toMatchObject({ value: 10_000, perDayLimit: null, totalLimit: null });
    expect(audit?.after).toMatchObject({ value: 5_000, perDayLimit: 1, totalLimit: 10 });
    expect((await quote(coupon.id)).lines[0]?.couponDropped).toBe(true);
    expect((await placeOrder(coupon.id)).status).toBe(422);

    const otherDays = [0, 1, 2, 3, 4, 5, 6].filter((day) => day !== indianWeekday(new Date()));
    const weekly = await createCoupon({ days: otherDays });
    expect(weekly.days).toEqual(otherDays);
    expect((await quote(weekly.id)).lines[0]?.couponDropped).toBe(true);
  });

  it('pauses and resumes: a paused coupon is dropped at checkout; pausing twice is 409', async () => {
    const coupon = await createCoupon();
    const paused = await call('POST', `/api/admin/promotions/coupons/${coupon.id}/pause`, marketing);
    expect(paused.status).toBe(200);
    expect(CouponChanged.parse(await paused.json())).toMatchObject({
      message: M.couponPaused,
      coupon: { status: 'paused' },
    });
    expect((await quote(coupon.id)).lines[0]?.couponDropped).toBe(true);
    expect((await call('POST', `/api/admin/promotions/coupons/${coupon.id}/pause`, marketing)).status).toBe(
      409,
    );
    const listed = CouponPage.parse(
      await (await call('GET', '/api/admin/promotions/coupons?status=paused', owner)).json(),
    );
    expect(listed.coupons.map((c) => c.id)).toContain(coupon.id);
    expect(listed.coupons.every((c) => c.status === 'paused')).toBe(true);
    expect((await call('POST', `/api/admin/promotions/coupons/${coupon.id}/resume`, marketing)).status).toBe(
      200,
    );
    expect((await quote(coupon.id)).lines[0]?.couponDropped).toBe(false);
    expect((await call('POST', `/api/admin/promotions/coupons/${coupon.id}/resume`, marketing)).status).toBe(
      409,
    );
    expect((await lastAudit('coupon.resume'))?.after).toEqual({ isActive: true });
  });

  it('lists by status: scheduled, expired and exhausted', async () => {
    const scheduled = await createCoupon({ fromDate: '2099-01-01' });
    const expired = await createCoupon({ fromDate: '2020-01-01', toDate: '2020-01-31' });
    const exhausted = await createCoupon({ totalLimit: 1 });
    await t.db.update(coupons).set({ redeemedCount: 1 }).where(eq(coupons.id, exhausted.id));
    for (const [status, id] of [
      ['scheduled', scheduled.id],
      ['expired', expired.id],
      ['exhausted', exhausted.id],
    ] as const) {
      const page = CouponPage.parse(
        await (
          await call(
            'GET',
            `/api/admin/promotions/coupons?status=${status}&q=${offer.offer.productId}`,
            owner,
          )
        ).json(),
      );
      expect(
        page.coupons.map((c) => c.id),
        status,
      ).toContain(id);
      expect(page.coupons.every((c) => c.status === status)).toBe(true);
    }
  });

  it('lets one of two concurrent coupons of the same code through; the other is 409', async () => {
    const body = couponBody();
    const answers = await Promise.all([
      call('POST', '/api/admin/promotions/coupons', marketing, body),
      call('POST', '/api/admin/promotions/coupons', owner, { ...body, code: body.code.toLowerCase() }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const conflict = answers.find((r) => r.status === 409);
    if (conflict) expect(await errorOf(conflict)).toMatchObject({ code: 'CONFLICT', message: M.codeTaken });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['odd characters in the code', { code: 'SAVE-50' }, 'code', M.code],
    ['a percentage over 100', { offerType: 'percentage', value: 101 }, 'value', M.percentage],
    ['a percentage of 0', { offerType: 'percentage', value: 0 }, 'value', M.percentage],
    ['cash under ₹1', { value: 99 }, 'value', M.cash],
    ['a last day before the first', { fromDate: '2026-12-10', toDate: '2026-12-01' }, 'toDate', M.dateOrder],
    ['a negative limit', { totalLimit: -1 }, 'totalLimit', M.limit],
    ['a limit that is not whole', { perDayLimit: 1.5 }, 'perDayLimit', M.limit],
    ['a weekday out of range', { days: [7] }, 'days.0', M.days],
    ['an unknown product', { productId: 2_000_000_000 }, 'productId', M.productNotFound],
    ['an unknown seller', { sellerId: 2_000_000_000 }, 'sellerId', M.sellerNotFound],
    ['a seller who does not sell it', { sellerId: 'other' }, 'sellerId', M.sellerNotOffering],
  ])('refuses %s: 400 with the field’s message', async (_, changes, field, message) => {
    const body =
      changes.sellerId === 'other'
        ? couponBody({ sellerId: await sellerWithoutOffer(t.db, offer.offer.productId) })
        : couponBody(changes);
    const res = await call('POST', '/api/admin/promotions/coupons', marketing, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
  });

  it('answers malformed, missing, oversized and wrong-type input with a clear 4xx, never a 500', async () => {
    const post = (body: unknown) => call('POST', '/api/admin/promotions/coupons', marketing, body);
    expect((await post('{"code": ')).status).toBe(400);
    expect((await post({})).status).toBe(400);
    expect((await post({ ...couponBody(), code: 'X'.repeat(100_000) })).status).toBe(400);
    expect((await post({ ...couponBody(), value: '100' })).status).toBe(400);
    const nul = await post({ ...couponBody(), code: 'SAVE\u000050' });
    expect(nul.status).toBe(400);
    expect((await errorOf(nul)).fields?.code).toBeTruthy();
    const huge = await t.request('/api/admin/promotions/coupons', {
      method: 'POST',
      headers: { cookie: marketing, 'content-type': 'application/json' },
      body: JSON.stringify({ ...couponBody(), padding: 'x'.repeat(2_000_000) }),
    });
    expect([400, 413]).toContain(huge.status);
    for (const query of ['q=%E0%A4', 'q=%00', `q=${'x'.repeat(101)}`, 'status=gone', 'page=0', 'page=abc']) {
      const res = await call('GET', `/api/admin/promotions/coupons?${query}`, owner);
      expect(res.status, query).toBe(400);
    }
    expect((await call('GET', '/api/admin/promotions/coupons/abc', owner)).status).toBe(400);
    expect((await call('GET', '/api/admin/promotions/coupons/2000000000', owner)).status).toBe(404);
    expect((await call('PUT', '/api/admin/promotions/coupons/2000000000', owner, couponBody())).status).toBe(
      404,
    );
    expect((await call('POST', '/api/admin/promotions/coupons/2000000000/pause', owner)).status).toBe(404);
    // a search with LIKE's wildcards finds them as text
    const listed = await call('GET', '/api/admin/promotions/coupons?q=%25_%5C', owner);
    expect(listed.status).toBe(200);
    expect(CouponPage.parse(await listed.json()).total).toBe(0);
  });
});

describe('lightning deals and percentage offers', () => {
  const hour = 3_600_000;
  const dealBody = (changes: Record<string, unknown> = {}) => ({
    productId: offer.offer.productId,
    sellerId: offer.offer.sellerId,
    page: 'deals',
    offerType: 'deals',
    discountPercent: 37,
    billingType: 'click',
    startsAt: new Date(Date.now() - hour).toISOString(),
    endsAt: new Date(Date.now() + 5 * hour).toISOString(),
    ...changes,
  });
  const todayDeals = async () => (await t.request('/todaydeals')).text();

  it('creates a live deal the deals page shows, lists it live, and ends it early', async () => {
    const res = await call('POST', '/api/admin/promotions/deals', marketing, dealBody());
    expect(res.status, await res.clone().text()).toBe(201);
    const { deal } = DealChanged.parse(await res.json());
    expect(deal).toMatchObject({ status: 'live', discountPercent: 37, productName: offer.name });
    expect(await todayDeals()).toContain(`data-deal-id="${deal.id}"`);
    const live = DealPage.parse(
      await (await call('GET', `/api/admin/promotions/deals?status=live&q=${deal.productId}`, owner)).json(),
    );
    expect(live.deals.map((d) => d.id)).toContain(deal.id);
    expect((await lastAudit('deal.create'))?.after).toMatchObject({ discountPercent: 37, page: 'deals' });

    const ended = await call('POST', `/api/admin/promotions/deals/${deal.id}/end`, marketing);
    expect(ended.status).toBe(200);
    expect(DealChanged.parse(await ended.json()).deal.status).toBe('ended');
    expect(await todayDeals()).not.toContain(`data-deal-id="${deal.id}"`);
    const audit = await lastAudit('deal.end');
    expect(audit?.before).toEqual({ endsAt: deal.endsAt });
    expect((await call('POST', `/api/admin/promotions/deals/${deal.id}/end`, marketing)).status).toBe(409);
    // an ended deal is history
    expect((await call('PUT', `/api/admin/promotions/deals/${deal.id}`, marketing, dealBody())).status).toBe(
      409,
    );
  });

  it('edits an upcoming deal (it cannot be ended early), with before and after audited', async () => {
    const start = new Date(Date.now() + 24 * hour).toISOString();
    const end = new Date(Date.now() + 30 * hour).toISOString();
    const created = DealChanged.parse(
      await (
        await call(
          'POST',
          '/api/admin/promotions/deals',
          marketing,
          dealBody({ startsAt: start, endsAt: end }),
        )
      ).json(),
    ).deal;
    expect(created.status).toBe('upcoming');
    expect((await call('POST', `/api/admin/promotions/deals/${created.id}/end`, marketing)).status).toBe(409);
    const edited = await call(
      'PUT',
      `/api/admin/promotions/deals/${created.id}`,
      marketing,
      dealBody({ startsAt: start, endsAt: end, offerType: 'percentage_offer', discountPercent: 12 }),
    );
    expect(edited.status).toBe(200);
    expect(DealChanged.parse(await edited.json()).deal).toMatchObject({
      offerType: 'percentage_offer',
      discountPercent: 12,
    });
    const audit = await lastAudit('deal.edit');
    expect(audit?.before).toMatchObject({ offerType: 'deals', discountPercent: 37 });
    expect(audit?.after).toMatchObject({ offerType: 'percentage_offer', discountPercent: 12 });
    const upcoming = DealPage.parse(
      await (await call('GET', '/api/admin/promotions/deals?status=upcoming', owner)).json(),
    );
    expect(upcoming.deals.every((d) => d.status === 'upcoming')).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'an end before the start',
      { endsAt: new Date(Date.now() - 2 * 3_600_000).toISOString() },
      'endsAt',
      M.dealOrder,
    ],
    [
      'an end in the past',
      { startsAt: '2020-01-01T10:00:00+05:30', endsAt: '2020-01-02T10:00:00+05:30' },
      'endsAt',
      M.dealEndPast,
    ],
    ['a percentage over 100', { discountPercent: 150 }, 'discountPercent', M.percentage],
    ['a time without its offset', { startsAt: '2026-12-01T10:00:00' }, 'startsAt', M.dealTime],
    ['a page deals are not read on', { page: 'search' }, 'page', M.dealPage],
    ['a seller who does not sell it', { sellerId: 2_000_000_000 }, 'sellerId', M.sellerNotOffering],
  ])('refuses %s', async (_, changes, field, message) => {
    const res = await call('POST', '/api/admin/promotions/deals', marketing, dealBody(changes));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
  });
});

describe('the PromoJun platform promo', () => {
  it('is the standing (requirements#platform-promo) ₹50 until staff change it; the checkout reads the amount and the switch', async () => {
    const initial = PlatformPromoView.parse(
      await (await call('GET', '/api/admin/promotions/platform-promo', marketing)).json(),
    );
    expect(initial).toEqual({
      name: 'PromoJun',
      amountPaise: 5000,
      isEnabled: true,
      isDefault: true,
      updatedAt: null,
    });
    const base = await quote(null);
    expect(base.summary?.promoDiscountPaise).toBe(5000);

    const raised = await call('PUT', '/api/admin/promotions/platform-promo', marketing, {
      amountPaise: 10_000,
      isEnabled: true,
    });
    expect(raised.status).toBe(200);
    expect(PlatformPromoChanged.parse(await raised.json()).promo).toMatchObject({
      amountPaise: 10_000,
      isDefault: false,
    });
    const more = await quote(null);
    expect(more.summary?.promoDiscountPaise).toBe(10_000);
    expect(more.summary?.totalPaise).toBe((base.summary?.totalPaise ?? 0) - 5000);
    expect(await lastAudit('promo.edit')).toMatchObject({
      before: { amountPaise: 5000, isEnabled: true },
      after: { amountPaise: 10_000, isEnabled: true },
    });

    expect(
      (
        await call('PUT', '/api/admin/promotions/platform-promo', owner, {
          amountPaise: 10_000,
          isEnabled: false,
        })
      ).status,
    ).toBe(200);
    const off = await quote(null);
    expect(off.summary?.promoDiscountPaise).toBe(0);
    const placed = await placeOrder(null);
    const { orderNo } = (await placed.json()) as { orderNo: string };
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(order?.promoDiscountPaise).toBe(0);
    expect(order?.totalPaise).toBe(off.summary?.totalPaise);

    // back to the standing rule (requirements#platform-promo) for the other tests
    await call('PUT', '/api/admin/promotions/platform-promo', owner, { amountPaise: 5000, isEnabled: true });
    expect((await quote(null)).summary?.promoDiscountPaise).toBe(5000);
  });

  it.each([
    [{ amountPaise: -1, isEnabled: true }],
    [{ amountPaise: 1_000_001, isEnabled: true }],
    [{ amountPaise: 50.5, isEnabled: true }],
    [{ amountPaise: 5000 }],
    [{ amountPaise: 5000, isEnabled: 'yes' }],
  ])('refuses %j', async (body) => {
    expect((await call('PUT', '/api/admin/promotions/platform-promo', owner, body)).status).toBe(400);
  });
});

describe('brand campaigns', () => {
  let sellerId: number;
  let brandId: number;
  beforeAll(async () => {
    const [seller] = await t.db
      .select({ id: sellers.id })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(users.email, SELLER));
    const [brand] = await t.db.select({ id: brands.id }).from(brands).limit(1);
    if (!seller || !brand) throw new Error('seeded');
    sellerId = seller.id;
    brandId = brand.id;
  });
  const submit = async (name: string) => {
    const today = campaignDay(new Date());
    const [row] = await t.db
      .insert(brandCampaigns)
      .values({
        name,
        brandId,
        adType: 'image',
        adImage: '/media/seller-ads/x.png',
        page: 'home',
        fromDate: today,
        toDate: today,
        maximumSpendLimitPaise: 100_000,
        bidPaise: 1_000,
        sellerId,
        reviewStatus: 'pending',
      })
      .returning({ id: brandCampaigns.id });
    if (!row) throw new Error('inserted');
    return row.id;
  };
  const sellerSees = async (id: number) => {
    const list = SellerCampaignList.parse(
      await (await call('GET', '/api/seller/campaigns', await t.loginCookie(SELLER))).json(),
    );
    return list.campaigns.find((c) => c.id === id);
  };

  it('queues sellers’ campaigns oldest first; approving runs it, once', async () => {
    const first = await submit('Queue first');
    const second = await submit('Queue second');
    const page = CampaignReviewPage.parse(
      await (await call('GET', '/api/admin/promotions/campaigns', marketing)).json(),
    );
    const ids = page.campaigns.map((c) => c.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(page.pendingCount).toBeGreaterThanOrEqual(2);
    expect((await sellerSees(first))?.state).toBe('in_review');

    const approved = await call('POST', `/api/admin/promotions/campaigns/${first}/approve`, marketing);
    expect(approved.status).toBe(200);
    expect(CampaignChanged.parse(await approved.json()).campaign.reviewStatus).toBe('approved');
    expect((await sellerSees(first))?.state).toBe('running');
    expect(await lastAudit('campaign.approve')).toMatchObject({
      targetId: String(first),
      before: { reviewStatus: 'pending' },
      after: { reviewStatus: 'approved', reason: null },
    });
    expect((await call('POST', `/api/admin/promotions/campaigns/${first}/approve`, owner)).status).toBe(409);
    expect(
      (await call('POST', `/api/admin/promotions/campaigns/${first}/refuse`, owner, { reason: 'Late' }))
        .status,
    ).toBe(409);
  });

  it('refuses with a reason the seller reads; two reviews at once: one wins', async () => {
    const id = await submit('Refuse me');
    expect(
      (await call('POST', `/api/admin/promotions/campaigns/${id}/refuse`, marketing, { reason: '  ' }))
        .status,
    ).toBe(400);
    expect(
      (await call('POST', `/api/admin/promotions/campaigns/${id}/refuse`, marketing, { reason: 'a\u0000b' }))
        .status,
    ).toBe(400);
    const answers = await Promise.all([
      call('POST', `/api/admin/promotions/campaigns/${id}/refuse`, marketing, {
        reason: 'The image shows a rival brand.',
      }),
      call('POST', `/api/admin/promotions/campaigns/${id}/approve`, owner),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const seen = await sellerSees(id);
    if (answers[0]?.status === 200) {
      expect(seen).toMatchObject({ state: 'refused', refusalReason: 'The image shows a rival brand.' });
      const refused = CampaignReviewPage.parse(
        await (await call('GET', '/api/admin/promotions/campaigns?status=refused', owner)).json(),
      );
      expect(refused.campaigns.find((c) => c.id === id)?.reviewReason).toBe('The image shows a rival brand.');
    } else expect(seen?.state).toBe('running');
  });

  it('shows spend so far from its events and changes budgets, never below the spend', async () => {
    const id = await submit('Budgeted');
    await t.db.insert(campaignEvents).values([
      { campaignId: id, kind: 'click', costPaise: 1_500 },
      { campaignId: id, kind: 'click', costPaise: 2_500 },
      { campaignId: id, kind: 'impression', costPaise: 0 },
    ]);
    const page = CampaignReviewPage.parse(
      await (await call('GET', '/api/admin/promotions/campaigns', owner)).json(),
    );
    expect(page.campaigns.find((c) => c.id === id)).toMatchObject({
      spentPaise: 4_000,
      clicks: 2,
      totalBudgetPaise: 100_000,
    });
    const low = await call('PUT', `/api/admin/promotions/campaigns/${id}/budget`, owner, {
      totalBudgetPaise: 3_999,
      dailyBudgetPaise: null,
    });
    expect(low.status).toBe(400);
    expect((await errorOf(low)).message).toBe(M.budgetBelowSpend);
    expect(
      (
        await call('PUT', `/api/admin/promotions/campaigns/${id}/budget`, owner, {
          totalBudgetPaise: 50_000,
          dailyBudgetPaise: 60_000,
        })
      ).status,
    ).toBe(400);
    const saved = await call('PUT', `/api/admin/promotions/campaigns/${id}/budget`, marketing, {
      totalBudgetPaise: 250_000,
      dailyBudgetPaise: 20_000,
    });
    expect(saved.status).toBe(200);
    expect(CampaignChanged.parse(await saved.json()).campaign).toMatchObject({
      totalBudgetPaise: 250_000,
      dailyBudgetPaise: 20_000,
    });
    expect(await lastAudit('campaign.budget')).toMatchObject({
      before: { totalBudgetPaise: 100_000, dailyBudgetPaise: null },
      after: { totalBudgetPaise: 250_000, dailyBudgetPaise: 20_000 },
    });
    const [row] = await t.db
      .select({ limit: brandCampaigns.maximumSpendLimitPaise })
      .from(brandCampaigns)
      .where(and(eq(brandCampaigns.id, id)));
    expect(row?.limit).toBe(250_000);
    expect((await call('GET', '/api/admin/promotions/campaigns?status=other', owner)).status).toBe(400);
    expect((await call('POST', '/api/admin/promotions/campaigns/2000000000/approve', owner)).status).toBe(
      404,
    );
  });
});
