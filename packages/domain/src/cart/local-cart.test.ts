import { describe, expect, it } from 'vitest';
import {
  appliedCouponId,
  addToCart,
  type CartItem,
  cartLineId,
  couponKey,
  linePrice,
  parseCart,
  parseDiscountKeys,
  withDiscountKey,
} from './local-cart.ts';

const line = (over: Partial<CartItem> = {}): CartItem => ({
  product_id: cartLineId(12, 3, 'SBR-SONY'),
  productId: 12,
  sellerId: 3,
  name: 'Sony Headphones',
  assured: true,
  image: '/media/a.svg',
  quantity: 1,
  price: 199_900,
  mrp: 299_900,
  product_quantity: 40,
  maximum_qty_per_order: 3,
  seller_pincode: '110001',
  warranty: '1 year',
  coupon: '',
  couponname: '',
  couponid: null,
  couponoffertype: '',
  couponoffervalue: 0,
  couponactivestatus: '',
  available: true,
  arriving_days: 2,
  coupon_data: null,
  finalPrice: 199_900,
  isDiscountApplied: false,
  ...over,
});

describe('addToCart', () => {
  it.each([
    {
      name: 'a new line goes at the end',
      cart: [line({ product_id: '1-1-A' })],
      add: line(),
      outcome: 'added',
      lines: 2,
    },
    {
      name: 'an empty cart takes the line',
      cart: [],
      add: line({ quantity: 3 }),
      outcome: 'added',
      lines: 1,
    },
    {
      name: 'a line already there is left as it is',
      cart: [line({ quantity: 1 })],
      add: line({ quantity: 2 }),
      outcome: 'already-in-cart',
      lines: 1,
    },
    {
      name: 'cart 2 plus 2 over a max of 3 is refused',
      cart: [line({ quantity: 2 })],
      add: line({ quantity: 2 }),
      outcome: 'over-limit',
      lines: 1,
    },
    {
      name: 'cart 3 plus 1 over a max of 3 is refused',
      cart: [line({ quantity: 3 })],
      add: line(),
      outcome: 'over-limit',
      lines: 1,
    },
    {
      name: 'more than the max at once is refused',
      cart: [],
      add: line({ quantity: 4 }),
      outcome: 'over-limit',
      lines: 0,
    },
    {
      name: 'another seller of the product is its own line',
      cart: [line({ product_id: cartLineId(12, 4, 'X'), quantity: 3 })],
      add: line(),
      outcome: 'added',
      lines: 2,
    },
  ] as const)('$name', ({ cart, add, outcome, lines }) => {
    const result = addToCart(cart, add);
    expect(result.outcome).toBe(outcome);
    expect(result.cart).toHaveLength(lines);
    if (result.outcome === 'over-limit') expect(result.max).toBe(3);
    if (result.outcome === 'already-in-cart') expect(result.cart[0]?.quantity).toBe(1);
  });

  it('never changes the cart it was given', () => {
    const cart = [line({ product_id: '1-1-A' })];
    addToCart(cart, line());
    expect(cart).toHaveLength(1);
  });
});

describe('parseCart', () => {
  it.each([
    [null, 0],
    ['{not json', 0],
    [{ product_id: 'x' }, 0],
    [[{ product_id: '1-2-A' }, { product_id: 5 }, null, 'x'], 1],
  ])('%j has %d valid lines', (stored, count) => {
    expect(parseCart(stored)).toHaveLength(count);
  });
});

describe('coupon keys and line price', () => {
  it('keys by product, seller and coupon id, once each', () => {
    const key = couponKey(12, 3, 7);
    expect(key).toBe('12-3-7');
    expect(withDiscountKey(withDiscountKey([], key), key)).toEqual(['12-3-7']);
  });

  it.each([
    [null, []],
    ['12-3-7', []],
    [
      ['12-3-7', 5, '<script>', '1-2-3'],
      ['12-3-7', '1-2-3'],
    ],
  ])('reads stored Discountdata %j', (stored, keys) => {
    expect(parseDiscountKeys(stored)).toEqual(keys);
  });

  it.each([
    { sale: 100_000, coupon: { id: 1, offerType: 'cash', value: 10_000 }, applied: true, price: 90_000 },
    { sale: 100_000, coupon: { id: 1, offerType: 'cash', value: 10_000 }, applied: false, price: 100_000 },
    { sale: 100_000, coupon: { id: 1, offerType: 'percentage', value: 15 }, applied: true, price: 85_000 },
    { sale: 5_000, coupon: { id: 1, offerType: 'cash', value: 10_000 }, applied: true, price: 0 }, // floor 0
    { sale: 99_999, coupon: { id: 1, offerType: 'percentage', value: 10 }, applied: true, price: 89_999 },
    { sale: 100_000, coupon: null, applied: true, price: 100_000 },
  ] as const)(
    '$sale paise with $coupon.offerType $coupon.value applied=$applied -> $price',
    ({ sale, coupon, applied, price }) => {
      expect(linePrice({ salePricePaise: sale, coupon, applied })).toBe(price);
    },
  );
});

describe('appliedCouponId', () => {
  const withCoupon = line({ couponid: 9, coupon_data: '12-3-9' });
  it.each([
    ['an applied coupon is sent', withCoupon, ['12-3-9'], 9],
    ['a coupon not applied is not', withCoupon, ['12-3-8'], null],
    ['a line without a coupon sends none', line({ couponid: null, coupon_data: null }), ['12-3-9'], null],
  ])('%s', (_label, item, keys, expected) => {
    expect(appliedCouponId(item, keys)).toBe(expected);
  });
});
