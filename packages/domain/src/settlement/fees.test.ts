import { describe, expect, it } from 'vitest';
import {
  COMMISSION_RULE_MESSAGES,
  type CommissionRule,
  FEE_GST_RATE,
  TDS_BASIS_POINTS,
  TDS_NO_PAN_BASIS_POINTS,
  itemFees,
  ruleFor,
  tdsOf,
  validateCommissionRule,
} from './fees.ts';

const rule = (overrides: Partial<CommissionRule> = {}): CommissionRule => ({
  id: 1,
  scope: 'default',
  scopeId: null,
  percentBasisPoints: 1200, // 12 %
  minimumPaise: 10_00, // ₹10 a unit
  closingFees: [
    { fromPaise: 0, feePaise: 0 },
    { fromPaise: 300_00, feePaise: 15_00 }, // ₹300 and up: ₹15 a unit
    { fromPaise: 1000_00, feePaise: 25_00 }, // ₹1,000 and up: ₹25 a unit
  ],
  shippingFeePerSlabPaise: 30_00, // ₹30 per 500 g
  effectiveFrom: new Date('2026-01-01T00:00:00Z'),
  ...overrides,
});

// requirements#settlement: the narrowest rule in effect sets an item's fees
describe('the commission rule for a sale', () => {
  const on = (day: string) => new Date(`${day}T00:00:00Z`);
  const rules: CommissionRule[] = [
    rule({ id: 1, scope: 'default', scopeId: null, effectiveFrom: on('2026-01-01') }),
    rule({ id: 2, scope: 'default', scopeId: null, effectiveFrom: on('2026-06-01') }),
    rule({ id: 3, scope: 'category', scopeId: 10, effectiveFrom: on('2026-01-01') }), // a leaf: phones
    rule({ id: 4, scope: 'category', scopeId: 1, effectiveFrom: on('2026-01-01') }), // a root: electronics
    rule({ id: 5, scope: 'seller', scopeId: 7, effectiveFrom: on('2026-01-01') }),
    rule({ id: 6, scope: 'product', scopeId: 100, effectiveFrom: on('2026-01-01') }),
    rule({ id: 8, scope: 'product', scopeId: 100, effectiveFrom: on('2026-03-01') }),
    rule({ id: 7, scope: 'product', scopeId: 100, effectiveFrom: on('2026-03-01') }), // same day: 8 wins
    rule({ id: 9, scope: 'product', scopeId: 100, effectiveFrom: on('2027-01-01') }), // not yet in effect
    rule({ id: 11, scope: 'seller', scopeId: 8, effectiveFrom: on('2026-01-01') }), // another seller's
  ];

  it.each([
    // product, seller, categories (leaf first), day, the rule's id
    [100, 7, [10, 5, 1], '2026-07-01', 8], // the product's, latest; the tie to the higher id
    [100, 7, [10, 5, 1], '2026-02-01', 6], // before 8 and 7 took effect
    [100, 7, [10, 5, 1], '2027-01-01', 9], // in effect from its very instant
    [200, 7, [10, 5, 1], '2026-07-01', 5], // no product rule: the seller's beats the categories'
    [200, 9, [10, 5, 1], '2026-07-01', 3], // the leaf's before its ancestors'
    [200, 9, [11, 5, 1], '2026-07-01', 4], // the nearest ancestor with a rule
    [200, 9, [11, 5], '2026-07-01', 2], // no category rule: the latest default
    [200, 9, [11, 5], '2026-06-01', 2], // the default from its very instant
    [200, 9, [], '2026-05-31', 1], // the earlier default still
  ] as const)('product %i of seller %i in %j on %s: rule %i', (productId, sellerId, categoryIds, day, id) => {
    expect(ruleFor(rules, { productId, sellerId, categoryIds }, on(day))?.id).toBe(id);
  });

  it('is none before any rule takes effect, or when there are none', () => {
    const subject = { productId: 100, sellerId: 7, categoryIds: [10, 1] };
    expect(ruleFor(rules, subject, on('2025-12-31'))).toBeNull();
    expect(ruleFor([], subject, on('2026-07-01'))).toBeNull();
    // no default: a product in no category with rules, of a seller with none
    expect(
      ruleFor(rules.slice(2), { productId: 1, sellerId: 1, categoryIds: [2] }, on('2026-07-01')),
    ).toBeNull();
  });
});

describe('what is wrong with a commission rule', () => {
  const band = (fromPaise: number, feePaise = 0) => ({ fromPaise, feePaise });

  it('finds nothing wrong with a good rule, a 0 % one or a 100 % one', () => {
    expect(validateCommissionRule(rule())).toEqual([]);
    expect(validateCommissionRule(rule({ percentBasisPoints: 0, minimumPaise: 0 }))).toEqual([]);
    expect(validateCommissionRule(rule({ percentBasisPoints: 10_000, closingFees: [band(0)] }))).toEqual([]);
    expect(validateCommissionRule(rule({ scope: 'seller', scopeId: 7 }))).toEqual([]);
  });

  it.each([
    [{ percentBasisPoints: 10_001 }, 'percentBasisPoints', COMMISSION_RULE_MESSAGES.percent], // 100.01 %
    [{ percentBasisPoints: -1 }, 'percentBasisPoints', COMMISSION_RULE_MESSAGES.percent],
    [{ percentBasisPoints: 12.5 }, 'percentBasisPoints', COMMISSION_RULE_MESSAGES.percent], // 0.125 %: finer than a basis point
    [{ minimumPaise: -1 }, 'minimumPaise', COMMISSION_RULE_MESSAGES.minimum],
    [{ minimumPaise: 0.5 }, 'minimumPaise', COMMISSION_RULE_MESSAGES.minimum],
    [{ closingFees: [] }, 'closingFees', COMMISSION_RULE_MESSAGES.bandsStart],
    [{ closingFees: [band(100)] }, 'closingFees', COMMISSION_RULE_MESSAGES.bandsStart],
    [
      { closingFees: [band(0), band(500), band(500)] },
      'closingFees',
      COMMISSION_RULE_MESSAGES.bandsAscending,
    ],
    [
      { closingFees: [band(0), band(500), band(300)] },
      'closingFees',
      COMMISSION_RULE_MESSAGES.bandsAscending,
    ],
    [{ closingFees: [band(0), band(0.5)] }, 'closingFees', COMMISSION_RULE_MESSAGES.bandsAscending],
    [{ closingFees: [band(0), band(500, -1)] }, 'closingFees', COMMISSION_RULE_MESSAGES.bandFee],
    [
      { closingFees: Array.from({ length: 11 }, (_, i) => band(i * 100)) },
      'closingFees',
      COMMISSION_RULE_MESSAGES.bandsTooMany,
    ],
    [{ shippingFeePerSlabPaise: -1 }, 'shippingFeePerSlabPaise', COMMISSION_RULE_MESSAGES.shipping],
    [{ scope: 'category', scopeId: null }, 'scope', COMMISSION_RULE_MESSAGES.scope], // which category?
    [{ scope: 'default', scopeId: 3 }, 'scope', COMMISSION_RULE_MESSAGES.scope], // the default is for all
    [{ scope: 'brand' as CommissionRule['scope'] }, 'scope', COMMISSION_RULE_MESSAGES.scope],
  ] as const)('%o: %s', (overrides, field, message) => {
    expect(validateCommissionRule(rule(overrides))).toEqual([{ field, message }]);
  });

  it('accepts exactly 10 bands', () => {
    const closingFees = Array.from({ length: 10 }, (_, i) => band(i * 100, i));
    expect(validateCommissionRule(rule({ closingFees }))).toEqual([]);
  });

  it('names every wrong field at once, each once', () => {
    const problems = validateCommissionRule(
      rule({
        percentBasisPoints: 20_000,
        minimumPaise: -5,
        closingFees: [band(5, -1)],
        shippingFeePerSlabPaise: -1,
      }),
    );
    expect(problems.map((p) => p.field)).toEqual([
      'percentBasisPoints',
      'minimumPaise',
      'closingFees',
      'shippingFeePerSlabPaise',
    ]);
  });
});

// requirements#settlement: commission on what the shopper paid for the goods, closing fee by unit
// price, shipping fee by weight, GST at 18 % on top of each
describe('an item’s fees', () => {
  it.each([
    [
      // 2 units at ₹499, 1.2 kg each, the shopper paid ₹998 for the goods
      'the brief’s example',
      rule(),
      { quantity: 2, unitPricePaise: 499_00, weightGrams: 1200, goodsValuePaise: 998_00 },
      {
        commissionPaise: 119_76, // 99800 × 1200 / 10000 = 11976, above the minimum 2 × 1000
        closingFeePaise: 30_00, // ₹499 is in the ₹300 band: 2 × 1500
        shippingFeePaise: 180_00, // 1200 g is 3 slabs: 2 × 3 × 3000
        commissionGstPaise: 21_56, // 11976 × 18 / 100 = 2155.68
        closingFeeGstPaise: 5_40, // 3000 × 0.18
        shippingFeeGstPaise: 32_40, // 18000 × 0.18
      },
    ],
    [
      'the minimum commission when 12 % is less',
      rule(),
      { quantity: 1, unitPricePaise: 49_00, weightGrams: 0, goodsValuePaise: 49_00 },
      {
        commissionPaise: 10_00, // 4900 × 12 % = 588, under the ₹10 minimum
        closingFeePaise: 0, // ₹49 is in the ₹0 band
        shippingFeePaise: 30_00, // a weightless unit still takes a slab
        commissionGstPaise: 1_80,
        closingFeeGstPaise: 0,
        shippingFeeGstPaise: 5_40,
      },
    ],
    [
      'a discounted unit priced exactly at a band’s start, exactly one slab',
      rule(),
      { quantity: 1, unitPricePaise: 300_00, weightGrams: 500, goodsValuePaise: 280_00 },
      {
        commissionPaise: 33_60, // on the ₹280 paid, not the ₹300 price: 28000 × 0.12
        closingFeePaise: 15_00, // the band is by unit price: ₹300 is in the ₹300 band
        shippingFeePaise: 30_00, // 500 g: one slab
        commissionGstPaise: 6_05, // 3360 × 0.18 = 604.8
        closingFeeGstPaise: 2_70,
        shippingFeeGstPaise: 5_40,
      },
    ],
    [
      'a paisa under a band, a gram over a slab',
      rule(),
      { quantity: 1, unitPricePaise: 299_99, weightGrams: 501, goodsValuePaise: 299_99 },
      {
        commissionPaise: 36_00, // 29999 × 0.12 = 3599.88
        closingFeePaise: 0, // ₹299.99 is still in the ₹0 band
        shippingFeePaise: 60_00, // 501 g: two slabs
        commissionGstPaise: 6_48,
        closingFeeGstPaise: 0,
        shippingFeeGstPaise: 10_80,
      },
    ],
    [
      'half a paisa of commission rounds up',
      rule({ percentBasisPoints: 1250 }),
      { quantity: 1, unitPricePaise: 1000_04, weightGrams: 2000, goodsValuePaise: 1000_04 },
      {
        commissionPaise: 125_01, // 100004 × 1250 / 10000 = 12500.5
        closingFeePaise: 25_00, // the ₹1,000 band
        shippingFeePaise: 120_00, // 2000 g: exactly 4 slabs
        commissionGstPaise: 22_50, // 12501 × 0.18 = 2250.18
        closingFeeGstPaise: 4_50,
        shippingFeeGstPaise: 21_60,
      },
    ],
    [
      'half a paisa of GST rounds up',
      rule({
        percentBasisPoints: 1000,
        minimumPaise: 0,
        closingFees: [{ fromPaise: 0, feePaise: 0 }],
        shippingFeePerSlabPaise: 0,
      }),
      { quantity: 1, unitPricePaise: 2_50, weightGrams: 100, goodsValuePaise: 2_50 },
      {
        commissionPaise: 25, // 250 × 10 %
        closingFeePaise: 0,
        shippingFeePaise: 0,
        commissionGstPaise: 5, // 25 × 0.18 = 4.5
        closingFeeGstPaise: 0,
        shippingFeeGstPaise: 0,
      },
    ],
  ])('%s', (_, commissionRule, item, fees) => {
    expect(itemFees(commissionRule, item)).toEqual(fees);
  });

  it('charges GST at 18 %', () => {
    expect(FEE_GST_RATE).toBe(18);
  });

  it.each([
    [{ quantity: 0 }],
    [{ quantity: 1.5 }],
    [{ unitPricePaise: -1 }],
    [{ goodsValuePaise: 10.5 }],
    [{ weightGrams: Number.NaN }],
    [{ weightGrams: -1 }],
  ])('refuses an item with %o', (overrides) => {
    const item = {
      quantity: 1,
      unitPricePaise: 100_00,
      weightGrams: 100,
      goodsValuePaise: 100_00,
      ...overrides,
    };
    expect(() => itemFees(rule(), item)).toThrow(RangeError);
  });

  it('refuses a rule that could not have been saved', () => {
    const item = { quantity: 1, unitPricePaise: 100_00, weightGrams: 100, goodsValuePaise: 100_00 };
    expect(() => itemFees(rule({ percentBasisPoints: 20_000 }), item)).toThrow(RangeError);
    expect(() => itemFees(rule({ closingFees: [] }), item)).toThrow(RangeError);
  });
});

// income-tax section 194-O: 0.1 % of the gross sales; 5 % without a PAN (section 206AA)
describe('tax deducted at source', () => {
  it.each([
    // amount, with PAN, without
    [87_966, 88, 43_98], // 87.966; 4398.3
    [123_714, 124, 61_86], // 123.714; 6185.7
    [500, 1, 25], // 0.5 rounds up
    [499, 0, 25], // 0.499; 24.95 rounds up
    [-500, -1, -25], // a return: the mirror
    [0, 0, 0],
    [1_00_000_00, 100_00, 5_000_00], // ₹1 lakh: ₹100; ₹5,000
  ])('on %i paise: %i with a PAN, %i without', (amount, withPan, withoutPan) => {
    expect(tdsOf(amount, true)).toBe(withPan);
    expect(tdsOf(amount, false)).toBe(withoutPan);
  });

  it('is 0.1 %, or 5 % without a PAN', () => {
    expect([TDS_BASIS_POINTS, TDS_NO_PAN_BASIS_POINTS]).toEqual([10, 500]);
  });

  it('refuses a fraction of a paisa', () => {
    expect(() => tdsOf(1.5, true)).toThrow(RangeError);
  });
});
