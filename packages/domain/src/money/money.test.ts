import { describe, expect, it } from 'vitest';
import {
  allocateLargestRemainder,
  discountPercent,
  divideRounded,
  formatInr,
  paiseToRupees,
  roundHalfAwayFromZero,
  rupeesToPaise,
} from './money.ts';

describe('formatInr', () => {
  it.each([
    [12345600, '₹1,23,456.00'],
    [0, '₹0.00'],
    [-0, '₹0.00'],
    [5, '₹0.05'],
    [150, '₹1.50'],
    [5000, '₹50.00'],
    [1_500_000, '₹15,000.00'],
    [1_000_000_000, '₹1,00,00,000.00'],
    [-5000, '-₹50.00'],
  ])('formats %i paise as %s', (paise, expected) => {
    expect(formatInr(paise)).toBe(expected);
  });
});

describe('rupeesToPaise', () => {
  it.each([
    [123456, 12345600],
    [1, 100],
    [0, 0],
    [19.99, 1999],
    [1.005, 101], // 1.005 * 100 is 100.49999999999999 in floating point
    [0.1 + 0.2, 30],
    [0.004, 0],
    [0.005, 1],
    [-1.5, -150],
    [15000, 1_500_000],
  ])('%d rupees is %i paise', (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
    expect(Number.isInteger(rupeesToPaise(rupees))).toBe(true);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY]])('rejects %d', (rupees) => {
    expect(() => rupeesToPaise(rupees)).toThrow(RangeError);
  });
});

describe('paiseToRupees', () => {
  it.each([
    [12345600, 123456],
    [5, 0.05],
    [0, 0],
    [1999, 19.99],
  ])('%i paise is %d rupees', (paise, rupees) => {
    expect(paiseToRupees(paise)).toBe(rupees);
  });
});

describe('roundHalfAwayFromZero', () => {
  it.each([
    [2.5, 3],
    [2.4999, 2],
    [-2.5, -3],
    [-0.4, 0],
    [0, 0],
  ])('%d -> %d', (value, expected) => {
    expect(Object.is(roundHalfAwayFromZero(value), expected)).toBe(true);
  });
});

describe('divideRounded', () => {
  it.each([
    [10, 4, 3], // 2.5 rounds up
    [9, 4, 2],
    [11, 4, 3],
    [-10, 4, -3],
    [10, -4, -3],
    [0, 7, 0],
    [1, 3, 0],
    [2, 3, 1],
    [Number.MAX_SAFE_INTEGER, 2, 4503599627370496],
    [7.5, 3, 3], // non-integers fall back to floating point
  ])('%d / %d -> %d', (numerator, denominator, expected) => {
    expect(Object.is(divideRounded(numerator, denominator), expected)).toBe(true);
  });

  it('rejects a zero denominator', () => {
    expect(() => divideRounded(1, 0)).toThrow(RangeError);
  });
});

describe('allocateLargestRemainder', () => {
  it.each([
    { total: 100, weights: [1, 1, 1], parts: [34, 33, 33] }, // tie goes to the earlier index
    { total: 101, weights: [1, 1, 1], parts: [34, 34, 33] },
    { total: 10, weights: [0, 0, 0], parts: [4, 3, 3] }, // all-zero weights split evenly
    { total: 0, weights: [5, 7], parts: [0, 0] },
    { total: 1, weights: [1, 1], parts: [1, 0] },
    { total: 1, weights: [1, 3], parts: [0, 1] }, // remainders 1/4 and 3/4
    { total: 100, weights: [3, 0, 1], parts: [75, 0, 25] },
    { total: 5000, weights: [12999, 45000, 150], parts: [1118, 3869, 13] },
    { total: 7, weights: [0.2, 0.3, 0.5], parts: [1, 2, 4] },
    { total: -100, weights: [1, 1, 1], parts: [-34, -33, -33] },
    { total: 999, weights: [1], parts: [999] },
    { total: 0, weights: [], parts: [] },
  ])('splits $total over $weights as $parts', ({ total, weights, parts }) => {
    expect(allocateLargestRemainder(total, weights)).toEqual(parts);
  });

  // random-looking amounts and weights, as order totals spread over seller lines
  it.each([
    { total: 5000, weights: [49900, 129900, 34900] },
    { total: 4999, weights: [1, 2, 3, 4, 5, 6, 7] },
    { total: 1_500_001, weights: [333, 333, 334] },
    { total: 123457, weights: [0, 98765, 0, 43210, 1] },
    { total: 17, weights: [0.1, 0.7, 0.2, 0.35] },
    { total: 98_765_432, weights: [7_654_321, 1_234_567, 89, 99_999_999] },
    { total: 3, weights: [1, 1, 1, 1, 1, 1, 1] },
    { total: 88_888, weights: [1e-3, 2.5e-3, 7e-3] },
  ])(
    'parts of $total over $weights sum to the total and stay within one of the exact share',
    ({ total, weights }) => {
      const parts = allocateLargestRemainder(total, weights);
      expectFairSplit(total, weights, parts);
    },
  );

  it('splits 500 seeded random cases fairly', () => {
    let seed = 20240601;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let round = 0; round < 500; round += 1) {
      const total = next() % 10_000_000;
      const weights = Array.from({ length: 1 + (next() % 8) }, () =>
        next() % 3 === 0 ? 0 : next() % 200_000,
      );
      expectFairSplit(total, weights, allocateLargestRemainder(total, weights));
    }
  });

  it.each([
    { total: 10, weights: [] },
    { total: 10, weights: [1, -1] },
    { total: 10.5, weights: [1, 1] },
    { total: 10, weights: [Number.NaN] },
  ])('rejects $total over $weights', ({ total, weights }) => {
    expect(() => allocateLargestRemainder(total, weights)).toThrow(RangeError);
  });
});

function expectFairSplit(total: number, weights: number[], parts: number[]): void {
  expect(parts).toHaveLength(weights.length);
  expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  parts.forEach((part, index) => {
    expect(Number.isInteger(part)).toBe(true);
    const exact = sum === 0 ? total / weights.length : (total * (weights[index] ?? 0)) / sum;
    expect(Math.abs(part - exact)).toBeLessThan(1 + 1e-6);
  });
}

describe('discountPercent', () => {
  it.each([
    [100000, 75000, 25],
    [99900, 49900, 50], // 50.05
    [1000, 875, 13], // 12.5 rounds up
    [1000, 876, 12], // 12.4
    [1000, 0, 100],
    [129900, 129899, 0], // below MRP by a paisa: a real, if tiny, discount
  ])('MRP %i, sale %i -> %i%', (mrp, sale, percent) => {
    expect(discountPercent(mrp, sale)).toBe(percent);
  });

  it.each([
    [1000, 1000], // sale equal to MRP
    [1000, 1200], // sale above MRP
    [0, 0],
    [0, -100],
    [-100, -200], // MRP not positive
    [1000, -1], // not a price
    [Number.NaN, 100],
    [1000, Number.NaN],
  ])('MRP %d, sale %d -> null', (mrp, sale) => {
    expect(discountPercent(mrp, sale)).toBeNull();
  });
});
