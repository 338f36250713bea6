import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from '../money/money.ts';
import { PLATFORM_PROMO } from '../pricing/promo.ts';
import { paidShares } from './refund.ts';
import { type OrderLineInput, orderSummary } from './summary.ts';

type LineOverrides = Partial<Omit<OrderLineInput, 'delivery'>> & {
  delivery?: Partial<OrderLineInput['delivery']>;
};
const line = (overrides: LineOverrides): OrderLineInput => ({
  sellerId: 1,
  salePricePaise: 50_000,
  quantity: 1,
  coupon: null,
  ...overrides,
  delivery: { parcelType: 'unit', ratePaise: 0, weightGrams: 400, hasCod: true, ...overrides.delivery },
});

const summarize = (lines: OrderLineInput[]) => {
  const result = orderSummary(lines, { pincodeHasCod: true });
  if (!result.ok) throw new Error(result.code);
  return result.summary;
};

describe('order summary', () => {
  it.each([
    // label, line, items, coupon, delivery, promo, total
    [
      'unit: charge x quantity',
      line({ quantity: 2, delivery: { ratePaise: 4000 } }),
      100_000,
      0,
      8000,
      5000,
      103_000,
    ],
    [
      'order: the charge once',
      line({ quantity: 3, delivery: { parcelType: 'order', ratePaise: 4000 } }),
      150_000,
      0,
      4000,
      5000,
      149_000,
    ],
    [
      'gram below 500 g counts 500 g',
      line({ delivery: { parcelType: 'gram', ratePaise: 4000, weightGrams: 300 } }),
      50_000,
      0,
      4000,
      5000,
      49_000,
    ],
    [
      'gram: 750 g is 1.5 x the charge',
      line({ delivery: { parcelType: 'gram', ratePaise: 4000, weightGrams: 750 } }),
      50_000,
      0,
      6000,
      5000,
      51_000,
    ],
    [
      'gram: weight x quantity, to the nearest paisa',
      line({ quantity: 2, delivery: { parcelType: 'grams', ratePaise: 4001, weightGrams: 333 } }),
      100_000,
      0,
      5329,
      5000,
      100_329,
    ],
    [
      'cash coupon on each unit',
      line({ quantity: 2, coupon: { offerType: 'cash', value: 10_000 } }),
      100_000,
      20_000,
      0,
      5000,
      75_000,
    ],
    [
      'percentage coupon on each unit',
      line({ salePricePaise: 49_999, quantity: 3, coupon: { offerType: 'percentage', value: 10 } }),
      149_997,
      15_000,
      0,
      5000,
      129_997,
    ],
    [
      'coupon never takes the price below 0',
      line({ salePricePaise: 3000, coupon: { offerType: 'cash', value: 9000 } }),
      3000,
      3000,
      0,
      0,
      0,
    ],
    ['promo never takes the total below 0', line({ salePricePaise: 3000 }), 3000, 0, 0, 3000, 0],
  ] as const)('%s', (_label, input, items, coupon, delivery, promo, total) => {
    const summary = summarize([input]);
    expect(summary).toMatchObject({
      itemsTotalPaise: items,
      couponDiscountPaise: coupon,
      deliveryChargePaise: delivery,
      promoName: PLATFORM_PROMO.name,
      promoDiscountPaise: promo,
      totalPaise: total,
    });
    expect(total).toBe(items - coupon + delivery - promo);
  });

  it.each([
    // requirements#cod-limit: COD up to ₹15,000 inclusive; ₹15,000.01 is over
    { totalRupees: 15000, hasCod: true, expected: true },
    { totalRupees: 15000.01, hasCod: true, expected: false },
    { totalRupees: 14999.99, hasCod: true, expected: true },
    { totalRupees: 100, hasCod: false, expected: false },
  ])(
    'COD for a total of ₹$totalRupees with an option allowing COD: $hasCod -> $expected',
    ({ totalRupees, hasCod, expected }) => {
      const sale = rupeesToPaise(totalRupees) + PLATFORM_PROMO.amountPaise;
      const summary = summarize([line({ salePricePaise: sale, delivery: { hasCod } })]);
      expect(summary.totalPaise).toBe(rupeesToPaise(totalRupees));
      expect(summary.isCodAllowed).toBe(expected);
    },
  );

  it('refuses COD when any one chosen option forbids it', () => {
    const summary = summarize([line({}), line({ sellerId: 2, delivery: { hasCod: false } })]);
    expect(summary.isCodAllowed).toBe(false);
  });

  it('refuses COD when it does not reach the delivery pincode', () => {
    const result = orderSummary([line({})], { pincodeHasCod: false });
    expect(result.ok && result.summary.isCodAllowed).toBe(false);
  });

  it('splits what is paid over the items as refunds do: parts of the total, each seller’s shipment the sum of its items', () => {
    const input = [
      line({ sellerId: 7, salePricePaise: 10_000 }),
      line({ sellerId: 9, salePricePaise: 10_000 }),
      line({ sellerId: 7, salePricePaise: 0, delivery: { parcelType: 'order', ratePaise: 10_000 } }),
      line({ sellerId: 4, salePricePaise: 10_000 }),
    ];
    const summary = summarize(input);
    const shares = paidShares(
      summary.totalPaise,
      summary.lines.map((amounts, index) => ({
        quantity: input[index]?.quantity ?? 0,
        unitPricePaise: input[index]?.salePricePaise ?? 0,
        couponDiscountPaise: amounts.couponDiscountPaise,
        deliveryChargePaise: amounts.deliveryChargePaise,
      })),
    );
    // the ₹50 promo comes off the four items by largest remainder: 1250 each
    expect(shares).toEqual([8_750, 8_750, 8_750, 8_750]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(summary.totalPaise);
    const even = summarize([line({ sellerId: 1 }), line({ sellerId: 2 }), line({ sellerId: 3 })]);
    const evenShares = paidShares(
      even.totalPaise,
      even.lines.map((amounts) => ({
        quantity: 1,
        unitPricePaise: amounts.itemsPaise,
        couponDiscountPaise: amounts.couponDiscountPaise,
        deliveryChargePaise: amounts.deliveryChargePaise,
      })),
    );
    expect(evenShares).toEqual([48_333, 48_333, 48_334]);
    expect(evenShares.reduce((a, b) => a + b, 0)).toBe(even.totalPaise);
  });

  it('keeps every amount a whole number of paise', () => {
    const summary = summarize([
      line({ salePricePaise: 33_333, quantity: 3, coupon: { offerType: 'percentage', value: 7 } }),
      line({ sellerId: 2, delivery: { parcelType: 'gram', ratePaise: 3333, weightGrams: 777 } }),
    ]);
    const amounts = [summary.totalPaise, summary.couponDiscountPaise, summary.deliveryChargePaise];
    expect(amounts.every(Number.isSafeInteger)).toBe(true);
  });

  it('refuses an empty order and names the line with an unknown parcel type', () => {
    expect(orderSummary([], { pincodeHasCod: true })).toEqual({ ok: false, code: 'NO_LINES' });
    expect(
      orderSummary([line({}), line({ delivery: { parcelType: 'pallet' } })], { pincodeHasCod: true }),
    ).toEqual({
      ok: false,
      code: 'UNKNOWN_PARCEL_TYPE',
      lineIndex: 1,
    });
  });
});
