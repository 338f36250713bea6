import { describe, expect, it } from 'vitest';
import {
  budgetFromForm,
  CampaignRefuseInput,
  couponFromForm,
  type CouponFormValues,
  CouponInput,
  CouponQuery,
  couponToForm,
  dealFromForm,
  type DealFormValues,
  PROMOTION_MESSAGES as M,
  promoFromForm,
} from './promotions-api.ts';

// requirements#operator-promotions: the console's forms and the API read the same rules
const couponForm = (changes: Partial<CouponFormValues> = {}): CouponFormValues => ({
  code: 'diwali50',
  scope: 'product',
  productId: '12',
  categoryId: '',
  brandId: '',
  sellerId: '',
  offerType: 'cash',
  value: '50',
  days: [],
  fromDate: '',
  toDate: '',
  perDayLimit: '',
  totalLimit: '',
  ...changes,
});

describe('the coupon form', () => {
  it('reads a cash coupon in rupees into paise, the code in capitals, blanks as none', () => {
    expect(couponFromForm(couponForm({ value: '49.50', days: ['6', '0', '6'] }))).toEqual({
      ok: true,
      value: {
        code: 'DIWALI50',
        scope: 'product',
        productId: 12,
        categoryId: null,
        brandId: null,
        sellerId: null,
        offerType: 'cash',
        value: 4950,
        days: [0, 6],
        fromDate: null,
        toDate: null,
        perDayLimit: null,
        totalLimit: null,
      },
    });
  });

  it('reads a percentage coupon as a whole percent with its limits and days', () => {
    const parsed = couponFromForm(
      couponForm({
        offerType: 'percentage',
        value: '15',
        sellerId: '4',
        fromDate: '2026-12-01',
        toDate: '2026-12-31',
        perDayLimit: '20',
        totalLimit: '500',
      }),
    );
    expect(parsed.ok && parsed.value).toMatchObject({
      offerType: 'percentage',
      value: 15,
      sellerId: 4,
      fromDate: '2026-12-01',
      toDate: '2026-12-31',
      perDayLimit: 20,
      totalLimit: 500,
    });
  });

  it.each<[Partial<CouponFormValues>, string, string]>([
    [{ code: 'AB' }, 'code', M.code],
    [{ code: 'SAVE-50' }, 'code', M.code],
    [{ code: 'SAVE 50' }, 'code', M.code],
    [{ code: 'ŚAVE50' }, 'code', M.code],
    [{ code: 'SAVE50\u0000' }, 'code', M.code],
    [{ code: 'A'.repeat(21) }, 'code', M.code],
    [{ productId: '' }, 'productId', M.product],
    [{ productId: 'abc' }, 'productId', M.product],
    [{ productId: '0' }, 'productId', M.product],
    [{ productId: '99999999999' }, 'productId', M.product],
    [{ sellerId: '1.5' }, 'sellerId', M.seller],
    // requirements#coupon-scopes: each scope names its target
    [{ scope: 'everything' }, 'scope', M.scope],
    [{ scope: 'category', productId: '12' }, 'categoryId', M.category],
    [{ scope: 'category', categoryId: 'Mobiles' }, 'categoryId', M.category],
    [{ scope: 'brand', brandId: '' }, 'brandId', M.brand],
    [{ scope: 'brand', brandId: '-4' }, 'brandId', M.brand],
    [{ scope: 'seller', sellerId: '' }, 'sellerId', M.seller],
    [{ offerType: 'bogo' }, 'offerType', M.offerType],
    [{ value: '0.99' }, 'value', M.cash],
    [{ value: '100000.01' }, 'value', M.cash],
    [{ value: '50.123' }, 'value', M.cash],
    [{ value: '-5' }, 'value', M.cash],
    [{ offerType: 'percentage', value: '0' }, 'value', M.percentage],
    [{ offerType: 'percentage', value: '101' }, 'value', M.percentage],
    [{ offerType: 'percentage', value: '12.5' }, 'value', M.percentage],
    [{ offerType: 'percentage', value: '' }, 'value', M.percentage],
    [{ days: ['7'] }, 'days', M.days],
    [{ days: ['-1'] }, 'days', M.days],
    [{ fromDate: '2026-02-30' }, 'fromDate', M.date],
    [{ fromDate: '2026-12-10', toDate: '2026-12-09' }, 'toDate', M.dateOrder],
    [{ perDayLimit: '-1' }, 'perDayLimit', M.limit],
    [{ perDayLimit: '0' }, 'perDayLimit', M.limit],
    [{ perDayLimit: '2.5' }, 'perDayLimit', M.limit],
    [{ totalLimit: 'ten' }, 'totalLimit', M.limit],
    [{ totalLimit: '1000001' }, 'totalLimit', M.limit],
    [{ perDayLimit: '11', totalLimit: '10' }, 'perDayLimit', M.perDayOverTotal],
  ])('%j: %s says so', (changes, field, message) => {
    const parsed = couponFromForm(couponForm(changes));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.fields[field]).toBe(message);
  });

  it.each([
    ['all', {}, { productId: null, categoryId: null, brandId: null, sellerId: null }],
    ['all', { sellerId: '9' }, { productId: null, sellerId: 9 }],
    ['category', { categoryId: '5' }, { productId: null, categoryId: 5, brandId: null }],
    ['brand', { brandId: '8', categoryId: '5' }, { productId: null, categoryId: null, brandId: 8 }],
    ['seller', { sellerId: '3', brandId: '8' }, { productId: null, brandId: null, sellerId: 3 }],
  ] as const)('reads a coupon for %s with only its own target', (scope, changes, expected) => {
    const parsed = couponFromForm(couponForm({ scope, ...changes }));
    expect(parsed.ok && parsed.value).toMatchObject({ scope, ...expected });
  });

  it('reads an API body without a scope as a product coupon, and keeps no other scope’s target', () => {
    const body = { code: 'OLD10', productId: 3, sellerId: null, offerType: 'cash', value: 1000, days: [] };
    const more = { fromDate: null, toDate: null, perDayLimit: null, totalLimit: null };
    expect(CouponInput.parse({ ...body, ...more })).toMatchObject({
      scope: 'product',
      productId: 3,
      brandId: null,
    });
    expect(CouponInput.parse({ ...body, ...more, scope: 'brand', brandId: 2 })).toMatchObject({
      scope: 'brand',
      productId: null,
      brandId: 2,
    });
    expect(CouponInput.safeParse({ ...body, ...more, scope: 'category' }).success).toBe(false);
  });

  it('round-trips through the form', () => {
    const input = CouponInput.parse({
      code: 'EXTRA10',
      scope: 'product',
      productId: 3,
      sellerId: 7,
      offerType: 'cash',
      value: 12_345,
      days: [1, 3],
      fromDate: '2026-12-01',
      toDate: null,
      perDayLimit: null,
      totalLimit: 40,
    });
    expect(couponToForm(input).value).toBe('123.45');
    expect(couponFromForm(couponToForm(input))).toEqual({ ok: true, value: input });
  });

  it('refuses JSON numbers that are not whole or out of range', () => {
    const base = { code: 'OK10', productId: 1, sellerId: null, offerType: 'percentage', days: [] };
    const more = { fromDate: null, toDate: null, perDayLimit: null, totalLimit: null };
    expect(CouponInput.safeParse({ ...base, ...more, value: 10 }).success).toBe(true);
    expect(CouponInput.safeParse({ ...base, ...more, value: 10.5 }).success).toBe(false);
    expect(CouponInput.safeParse({ ...base, ...more, value: 10, totalLimit: -3 }).success).toBe(false);
    expect(CouponInput.safeParse({ ...base, ...more, value: 10, perDayLimit: 1.5 }).success).toBe(false);
    expect(CouponInput.safeParse({ ...base, value: 10 }).success).toBe(false);
  });
});

describe('the coupon list query', () => {
  it.each([
    [{}, true],
    [{ q: 'save', status: 'active', page: '2' }, true],
    [{ status: '' }, true],
    [{ status: 'gone' }, false],
    [{ q: 'a\u0000b' }, false],
    [{ q: 'x'.repeat(101) }, false],
    [{ page: '0' }, false],
    [{ page: '1.5' }, false],
  ])('%j valid: %s', (query, ok) => {
    expect(CouponQuery.safeParse(query).success).toBe(ok);
  });
});

const dealForm = (changes: Partial<DealFormValues> = {}): DealFormValues => ({
  productId: '5',
  sellerId: '9',
  page: 'deals',
  offerType: 'deals',
  discountPercent: '30',
  billingType: 'click',
  startsAt: '2026-12-01T10:00',
  endsAt: '2026-12-01T22:00',
  ...changes,
});

describe('the deal form', () => {
  it('reads times typed in Indian time as moments with their offset', () => {
    const parsed = dealFromForm(dealForm());
    expect(parsed.ok && parsed.value).toMatchObject({
      startsAt: '2026-12-01T10:00:00+05:30',
      endsAt: '2026-12-01T22:00:00+05:30',
      discountPercent: 30,
    });
    expect(parsed.ok && new Date(parsed.value.startsAt).toISOString()).toBe('2026-12-01T04:30:00.000Z');
  });

  it.each<[Partial<DealFormValues>, string, string]>([
    [{ endsAt: '2026-12-01T09:59' }, 'endsAt', M.dealOrder],
    [{ endsAt: '2026-12-01T10:00' }, 'endsAt', M.dealOrder],
    [{ startsAt: '' }, 'startsAt', M.dealTime],
    [{ startsAt: '2026-12-32T10:00' }, 'startsAt', M.dealTime],
    [{ discountPercent: '0' }, 'discountPercent', M.percentage],
    [{ discountPercent: '101' }, 'discountPercent', M.percentage],
    [{ discountPercent: '33.3' }, 'discountPercent', M.percentage],
    [{ page: 'search' }, 'page', M.dealPage],
    [{ offerType: 'flash' }, 'offerType', M.dealOfferType],
    [{ sellerId: '' }, 'sellerId', M.seller],
  ])('%j: %s says so', (changes, field, message) => {
    const parsed = dealFromForm(dealForm(changes));
    expect(!parsed.ok && parsed.fields[field]).toBe(message);
  });
});

describe('the platform promo and campaign forms', () => {
  it.each([
    [
      { amount: '50', isEnabled: 'on' },
      { amountPaise: 5000, isEnabled: true },
    ],
    [
      { amount: '0', isEnabled: '' },
      { amountPaise: 0, isEnabled: false },
    ],
    [
      { amount: '10000', isEnabled: 'on' },
      { amountPaise: 1_000_000, isEnabled: true },
    ],
  ])('promo %j is %j', (form, value) => {
    expect(promoFromForm(form)).toEqual({ ok: true, value });
  });

  it.each(['-1', '10000.01', 'fifty', '', '5.555'])('promo amount %j is refused', (amount) => {
    expect(promoFromForm({ amount, isEnabled: 'on' })).toEqual({
      ok: false,
      fields: { amountPaise: M.promoAmount },
    });
  });

  it('reads budgets in rupees; a daily budget above the total is refused', () => {
    expect(budgetFromForm({ totalBudget: '1,000', dailyBudget: '' })).toEqual({
      ok: true,
      value: { totalBudgetPaise: 100_000, dailyBudgetPaise: null },
    });
    expect(budgetFromForm({ totalBudget: '100', dailyBudget: '200' })).toEqual({
      ok: false,
      fields: { dailyBudget: M.dailyBudget },
    });
    expect(budgetFromForm({ totalBudget: '0', dailyBudget: '' })).toEqual({
      ok: false,
      fields: { totalBudget: M.budget },
    });
  });

  it.each([
    ['Not a brand you sell.', true],
    ['   ', false],
    ['x'.repeat(501), false],
    ['bad\u0000byte', false],
  ])('refusal reason %j valid: %s', (reason, ok) => {
    expect(CampaignRefuseInput.safeParse({ reason }).success).toBe(ok);
  });
});
