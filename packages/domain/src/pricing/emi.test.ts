import { describe, expect, it } from 'vitest';
import { EMI_PLANS, emiMonthlyPaise, emiOffers, MIN_EMI_PRICE_PAISE } from './emi.ts';

describe('emiMonthlyPaise', () => {
  it.each([
    // price, months, rate -> monthly (checked against the standard EMI formula)
    { price: 3_000_000, months: 3, rate: 0, monthly: 1_000_000 },
    { price: 1_000_000, months: 3, rate: 0, monthly: 333_333 },
    { price: 1_000_000, months: 12, rate: 12, monthly: 88_849 }, // ₹888.49 on ₹10,000 at 12%
    { price: 10_000_000, months: 6, rate: 13, monthly: 1_730_429 }, // ₹17,304.29 on ₹1,00,000
    { price: 5_000_000, months: 9, rate: 14, monthly: 588_464 },
    { price: 5_000_000, months: 12, rate: 15, monthly: 451_292 },
    { price: 0, months: 6, rate: 13, monthly: 0 },
  ])('$price paise over $months months at $rate% is $monthly a month', ({ price, months, rate, monthly }) => {
    expect(emiMonthlyPaise(price, months, rate)).toBe(monthly);
  });

  it.each([
    [-1, 3, 0],
    [1.5, 3, 0],
    [100, 0, 10],
    [100, 3, -1],
    [100, 3, Number.NaN],
  ])('rejects price %d, %d months, %d%%', (price, months, rate) => {
    expect(() => emiMonthlyPaise(price, months, rate)).toThrow(RangeError);
  });
});

describe('emiOffers', () => {
  it('offers 3, 6, 9 and 12 months, No Cost only where the rate is 0', () => {
    const offers = emiOffers(2_400_000);
    expect(offers.map((o) => o.months)).toEqual([3, 6, 9, 12]);
    expect(offers.map((o) => o.isNoCost)).toEqual(EMI_PLANS.map((p) => p.annualRatePercent === 0));
    expect(offers[0]).toEqual({
      months: 3,
      annualRatePercent: 0,
      monthlyPaise: 800_000,
      interestPaise: 0,
      isNoCost: true,
    });
    for (const offer of offers.slice(1)) {
      expect(offer.interestPaise).toBeGreaterThan(0);
      expect(offer.monthlyPaise * offer.months).toBeGreaterThan(2_400_000);
    }
  });

  it.each([0, 1, MIN_EMI_PRICE_PAISE - 1, -5, Number.NaN])(
    'offers nothing below ₹3,000 (%d paise)',
    (price) => {
      expect(emiOffers(price)).toEqual([]);
    },
  );

  it('starts at exactly ₹3,000', () => {
    expect(emiOffers(MIN_EMI_PRICE_PAISE)).toHaveLength(4);
  });
});
