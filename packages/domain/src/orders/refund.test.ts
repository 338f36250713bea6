import { describe, expect, it } from 'vitest';
import { isRefundDue, paidShares, REFUND_BREAKDOWN_TEXTS, refundBreakdown, refundPaise } from './refund.ts';

const line = (
  quantity: number,
  unitPricePaise: number,
  couponDiscountPaise = 0,
  deliveryChargePaise = 0,
) => ({
  quantity,
  unitPricePaise,
  couponDiscountPaise,
  deliveryChargePaise,
});

describe('paid shares', () => {
  it.each([
    // total, lines, shares
    [10_000, [line(1, 10_000)], [10_000]],
    [9_500, [line(1, 5_000), line(1, 5_000)], [4_750, 4_750]], // ₹50 promo split evenly
    [24_999, [line(2, 10_000, 1_000), line(1, 6_000, 0, 4_000)], [16_379, 8_620]],
    [0, [line(1, 3_000)], [0]], // promo larger than the order
  ] as const)('total %i over %o', (total, lines, expected) => {
    const shares = paidShares(total, lines);
    expect(shares).toEqual(expected);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('refund of some units', () => {
  it.each([
    [1000, 3, 0, 1, 333],
    [1000, 3, 1, 1, 333],
    [1000, 3, 2, 1, 334], // the last unit takes the remainder
    [1000, 3, 0, 3, 1000],
    [1000, 3, 3, 1, 0], // nothing left
    [1000, 3, 0, 0, 0],
  ])('share %i, quantity %i, %i before, %i units -> %i', (share, quantity, before, units, expected) => {
    expect(refundPaise(share, quantity, before, units)).toBe(expected);
  });

  it('never adds up to more than the share', () => {
    for (let quantity = 1; quantity <= 7; quantity++) {
      let sum = 0;
      for (let done = 0; done < quantity; done++) sum += refundPaise(99_999, quantity, done, 1);
      expect(sum).toBe(99_999);
    }
  });
});

describe('is a refund due', () => {
  it.each([
    ['prepaid', 'paid', false, true],
    ['prepaid', 'partially_refunded', false, true],
    ['prepaid', 'awaiting_payment', false, false],
    ['prepaid', 'failed', false, false],
    ['cod', 'pending', false, false], // nothing paid before delivery
    ['cod', 'pending', true, true], // paid at the door
  ])('%s %s delivered %s -> %s', (paymentMode, paymentStatus, wasDelivered, expected) => {
    expect(isRefundDue({ paymentMode, paymentStatus }, wasDelivered)).toBe(expected);
  });
});

describe('how a refund is made up (refundBreakdown)', () => {
  // a ₹3,199 item beside a ₹1,800 one, the ₹50 PromoJun taken from both in proportion
  const order = {
    orderTotalPaise: 319_900 + 180_000 - 5_000,
    promoName: 'PromoJun',
    promoDiscountPaise: 5_000,
    lines: [
      { quantity: 1, unitPricePaise: 319_900, couponDiscountPaise: 0, deliveryChargePaise: 0 },
      { quantity: 1, unitPricePaise: 180_000, couponDiscountPaise: 0, deliveryChargePaise: 0 },
    ],
  };
  const total = (b: { lines: { amountPaise: number }[] }) => b.lines.reduce((s, l) => s + l.amountPaise, 0);

  it('explains a full return of ₹3,167.00 for a ₹3,199 item by its PromoJun share, and does not call it partial', () => {
    const amountPaise = refundPaise(paidShares(order.orderTotalPaise, order.lines)[0] ?? 0, 1, 0, 1);
    expect(amountPaise).toBe(316_700);
    const shown = refundBreakdown({ ...order, index: 0, units: 1, amountPaise });
    expect(shown.lines).toEqual([
      { text: REFUND_BREAKDOWN_TEXTS.price(1, 319_900), amountPaise: 319_900 },
      { text: '₹32.00 of the ₹50.00 PromoJun discount was shared by this item', amountPaise: -3_200 },
    ]);
    expect(shown).toMatchObject({ paidPaise: 316_700, isPartial: false });
    expect(total(shown)).toBe(amountPaise);
  });

  it('names the coupon and the delivery charge, and adds up for some units of a line', () => {
    const lines = [
      { quantity: 3, unitPricePaise: 99_900, couponDiscountPaise: 3 * 10_000, deliveryChargePaise: 4_000 },
      { quantity: 1, unitPricePaise: 50_000, couponDiscountPaise: 0, deliveryChargePaise: 0 },
    ];
    const orderTotalPaise = 3 * 99_900 - 30_000 + 4_000 + 50_000 - 5_000;
    const share = paidShares(orderTotalPaise, lines)[0] ?? 0;
    for (const [before, units] of [
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 3],
    ] as const) {
      const amountPaise = refundPaise(share, 3, before, units);
      const shown = refundBreakdown({ ...order, orderTotalPaise, lines, index: 0, units, amountPaise });
      expect(total(shown), `${before}+${units}`).toBe(amountPaise);
      expect(shown.isPartial).toBe(false);
      expect(shown.lines.map((l) => l.text)).toEqual(
        expect.arrayContaining([REFUND_BREAKDOWN_TEXTS.coupon, REFUND_BREAKDOWN_TEXTS.delivery]),
      );
    }
  });

  it('calls a refund partial only when it is less than what was paid, and says why', () => {
    const shown = refundBreakdown({ ...order, index: 0, units: 1, amountPaise: 100_000 });
    expect(shown.isPartial).toBe(true);
    expect(shown.lines.at(-1)).toEqual({
      text: REFUND_BREAKDOWN_TEXTS.alreadyRefunded,
      amountPaise: 100_000 - 316_700,
    });
    expect(total(shown)).toBe(100_000);
  });

  it('has nothing to explain for no units or an unknown line', () => {
    expect(refundBreakdown({ ...order, index: 5, units: 1, amountPaise: 0 }).lines).toEqual([]);
    expect(refundBreakdown({ ...order, index: 0, units: 0, amountPaise: 0 }).lines).toEqual([]);
  });
});
