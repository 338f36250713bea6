import { describe, expect, it } from 'vitest';
import {
  attemptFingerprint,
  type CheckoutQuote,
  orderLinesOf,
  paymentButtons,
  QuoteInput,
  summaryItemCount,
  type QuotedLine,
} from './checkout.ts';
import { ORDER_MESSAGES } from './messages.ts';

const line = (change: Partial<QuotedLine> = {}): QuotedLine => ({
  productId: 1,
  sellerId: 2,
  quantity: 1,
  status: 'AVAILABLE',
  message: null,
  name: 'Kettle',
  image: '/media/k.svg',
  unitPricePaise: 100_000,
  mrpPaise: 120_000,
  couponId: null,
  couponDropped: false,
  options: [],
  chosen: 'standard',
  amounts: { itemsPaise: 100_000, couponDiscountPaise: 0, deliveryChargePaise: 4_000 },
  ...change,
});
const quote = (
  lines: QuotedLine[],
  summary: Partial<NonNullable<CheckoutQuote['summary']>> = {},
  isOnlinePaymentOffered = true,
) => ({
  address: { id: 1, pincode: '600100', city: 'Chennai', state: 'Tamil Nadu', hasCod: true },
  lines,
  summary: {
    itemsTotalPaise: 100_000,
    couponDiscountPaise: 0,
    deliveryChargePaise: 4_000,
    promoName: 'PromoJun',
    promoDiscountPaise: 5_000,
    totalPaise: 99_000,
    isCodAllowed: true,
    codLimitPaise: 1_500_000,
    isPlaceable: true,
    ...summary,
  },
  isOnlinePaymentOffered,
});

describe('paymentButtons (requirements#payment-buttons)', () => {
  it.each([
    ['all lines ready', quote([line()]), false, true, true],
    ['charges loading', quote([line()]), true, false, false],
    ['no quote yet', null, false, false, false],
    ['a line without delivery data', quote([line(), line({ chosen: null })]), false, false, false],
    [
      'an unavailable line',
      quote([line({ status: 'NOT_DELIVERABLE' })], { isPlaceable: false }),
      false,
      false,
      false,
    ],
    ['COD not offered', quote([line()], { isCodAllowed: false }), false, true, false],
    ['no online payment in this shop', quote([line()], {}, false), false, false, true],
    ['neither', quote([line()], { isCodAllowed: false }, false), false, false, false],
  ])('%s', (_label, q, loading, online, cod) => {
    expect(paymentButtons(q, loading)).toEqual({ canPayOnline: online, canPayCod: cod });
  });
});

describe('orderLinesOf', () => {
  it('takes the chosen delivery type and the coupon still applied, leaving out lines that cannot be ordered', () => {
    const q = quote([
      line({ chosen: 'express', couponId: 7 }),
      line({ productId: 3, status: 'UNAVAILABLE', chosen: null }),
    ]);
    expect(orderLinesOf(q)).toEqual([
      { productId: 1, sellerId: 2, quantity: 1, deliveryType: 'express', couponId: 7 },
    ]);
  });
});

describe('attemptFingerprint', () => {
  const base = {
    addressId: 4,
    paymentMode: 'cod' as const,
    lines: [
      { productId: 1, sellerId: 2, quantity: 1, deliveryType: 'standard' as const, couponId: null },
      { productId: 5, sellerId: 6, quantity: 2, deliveryType: 'express' as const, couponId: 9 },
    ],
  };
  it('is the same for the same attempt, whatever the line order', () => {
    expect(attemptFingerprint({ ...base, lines: [...base.lines].reverse() })).toBe(attemptFingerprint(base));
  });
  it.each([
    ['another address', { addressId: 5 }],
    ['another payment mode', { paymentMode: 'online' as const }],
    ['another quantity', { lines: [{ ...base.lines[0], quantity: 2 }] }],
  ])('changes with %s', (_label, change) => {
    expect(attemptFingerprint({ ...base, ...change } as typeof base)).not.toBe(attemptFingerprint(base));
  });
});

describe('QuoteInput', () => {
  it('takes lines without a delivery type and refuses no lines with the spec text', () => {
    expect(
      QuoteInput.safeParse({ addressId: 1, lines: [{ productId: 1, sellerId: 1, quantity: 1 }] }).success,
    ).toBe(true);
    const empty = QuoteInput.safeParse({ addressId: 1, lines: [] });
    expect(empty.success ? null : empty.error.issues[0]?.message).toBe(ORDER_MESSAGES.noValidProducts);
  });
});

describe('summaryItemCount', () => {
  const cart = [{ quantity: 2 }, { quantity: 1 }, { quantity: 1 }];
  it.each([
    ['before a quote: every item in the cart', null, 4],
    ['every line available', quote([line({ quantity: 2 }), line({ quantity: 1 }), line({ quantity: 1 })]), 4],
    [
      'an out-of-stock line is not counted, as it is not priced',
      quote([line({ quantity: 2 }), line({ quantity: 1 }), line({ quantity: 1, status: 'OUT_OF_STOCK' })]),
      3,
    ],
    ['nothing can be ordered', quote([line({ status: 'NOT_DELIVERABLE' })], { isPlaceable: false }), 0],
  ])('%s', (_label, q, count) => {
    expect(summaryItemCount(q, cart)).toBe(count);
  });
});
