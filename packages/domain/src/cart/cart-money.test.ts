import { describe, expect, it } from 'vitest';
import {
  cappedQuantity,
  cartSummary,
  cleanCartItem,
  hasMissingPrice,
  lineMoney,
  quantityLimit,
  readCart,
  refreshCartLine,
  UNKNOWN_PRODUCT,
} from './cart-money.ts';
import { type CartItem, cartLineId, couponKey } from './local-cart.ts';

const line = (over: Partial<CartItem> = {}): CartItem => ({
  product_id: cartLineId(12, 3, 'SKU-12'),
  productId: 12,
  sellerId: 3,
  name: 'Sony Headphones',
  assured: true,
  image: '/media/a.svg',
  quantity: 2,
  price: 100_000,
  mrp: 150_000,
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
  arriving_days: 3,
  coupon_data: null,
  finalPrice: 100_000,
  isDiscountApplied: false,
  ...over,
});
const KEY = couponKey(12, 3, 9);
const withCoupon = (offerType: 'cash' | 'percentage', value: number, over: Partial<CartItem> = {}) =>
  line({
    couponid: 9,
    coupon: '9',
    couponoffertype: offerType,
    couponoffervalue: value,
    coupon_data: KEY,
    ...over,
  });

describe('stored cart clean-up (requirements#cart-sync)', () => {
  it.each([
    { stored: { quantity: 0 }, field: 'quantity', expected: 1 },
    { stored: { quantity: -3 }, field: 'quantity', expected: 1 },
    { stored: { quantity: 'abc' }, field: 'quantity', expected: 1 },
    { stored: { quantity: 2.5 }, field: 'quantity', expected: 1 },
    { stored: { quantity: 4 }, field: 'quantity', expected: 4 },
    { stored: { price: 0 }, field: 'price', expected: 0 },
    { stored: { price: -100 }, field: 'price', expected: 0 },
    { stored: { price: 'x' }, field: 'price', expected: 0 },
    { stored: { price: Number.NaN }, field: 'price', expected: 0 },
    { stored: { price: 49_900 }, field: 'price', expected: 49_900 },
    { stored: { name: undefined }, field: 'name', expected: UNKNOWN_PRODUCT },
    { stored: { name: '   ' }, field: 'name', expected: UNKNOWN_PRODUCT },
    { stored: { name: 42 }, field: 'name', expected: UNKNOWN_PRODUCT },
    { stored: { name: 'Kettle' }, field: 'name', expected: 'Kettle' },
  ])('$field from $stored becomes $expected', ({ stored, field, expected }) => {
    const cleaned = cleanCartItem({ ...line(), ...stored });
    expect(cleaned?.[field as keyof CartItem]).toEqual(expected);
  });

  it.each([null, 'text', 5, [], { product_id: 12 }, { product_id: '' }, { name: 'no id' }])(
    'drops a line without a string product_id: %j',
    (stored) => {
      expect(cleanCartItem(stored)).toBeNull();
    },
  );

  it('reads the product and seller from the line key when the ids are missing', () => {
    const cleaned = cleanCartItem({
      product_id: '77-5-ABC',
      name: 'Lamp',
      quantity: 1,
      price: 100,
      mrp: 200,
    });
    expect(cleaned).toMatchObject({ productId: 77, sellerId: 5, couponoffertype: '' });
  });

  it('keeps good lines and drops bad ones; malformed storage is an empty cart', () => {
    expect(
      readCart([line(), { nope: true }, line({ product_id: '1-1-X' })]).map((i) => i.product_id),
    ).toEqual(['12-3-SKU-12', '1-1-X']);
    expect(readCart('[')).toEqual([]);
    expect(readCart(null)).toEqual([]);
  });
});

describe('line money', () => {
  it.each([
    { item: line(), keys: [], subtotal: 200_000, discount: 0, total: 200_000 },
    { item: withCoupon('cash', 10_000), keys: [], subtotal: 200_000, discount: 0, total: 200_000 }, // not applied
    { item: withCoupon('cash', 10_000), keys: [KEY], subtotal: 200_000, discount: 20_000, total: 180_000 },
    { item: withCoupon('percentage', 10), keys: [KEY], subtotal: 200_000, discount: 20_000, total: 180_000 },
    { item: withCoupon('cash', 500_000), keys: [KEY], subtotal: 200_000, discount: 200_000, total: 0 }, // floor 0
    { item: withCoupon('percentage', 100), keys: [KEY], subtotal: 200_000, discount: 200_000, total: 0 },
    { item: withCoupon('cash', 10_000), keys: ['1-1-1'], subtotal: 200_000, discount: 0, total: 200_000 },
    {
      item: withCoupon('percentage', 15, { price: 333, quantity: 3 }),
      keys: [KEY],
      subtotal: 999,
      discount: 150,
      total: 849,
    },
    { item: line({ price: 0 }), keys: [], subtotal: 0, discount: 0, total: 0 },
  ])('subtotal $subtotal, discount $discount, total $total', ({ item, keys, subtotal, discount, total }) => {
    expect(lineMoney(item, keys)).toEqual({
      subtotalPaise: subtotal,
      discountPaise: discount,
      totalPaise: total,
    });
  });
});

describe('cart summary', () => {
  it('counts units and adds lines; the empty cart is all zero', () => {
    const items = [line({ quantity: 2 }), withCoupon('cash', 5_000, { quantity: 1, price: 40_000 })];
    expect(cartSummary(items, [KEY])).toEqual({
      itemCount: 3,
      subtotalPaise: 240_000,
      discountPaise: 5_000,
      totalPaise: 235_000,
    });
    expect(cartSummary([], [])).toEqual({ itemCount: 0, subtotalPaise: 0, discountPaise: 0, totalPaise: 0 });
  });
});

describe('limits and missing prices', () => {
  it.each([
    { stock: 40, max: 3, limit: 3 },
    { stock: 2, max: 10, limit: 2 },
    { stock: 0, max: 10, limit: 1 },
  ])('stock $stock, max $max: choose up to $limit', ({ stock, max, limit }) => {
    expect(quantityLimit({ product_quantity: stock, maximum_qty_per_order: max })).toBe(limit);
  });
  it.each([
    { price: 100, mrp: 200, missing: false },
    { price: 0, mrp: 200, missing: true },
    { price: 100, mrp: 0, missing: true },
  ])('price $price mrp $mrp: sellers not available is $missing', ({ price, mrp, missing }) => {
    expect(hasMissingPrice({ price, mrp })).toBe(missing);
  });
});

describe('refreshCartLine: the browser’s copy of a line is brought up to date', () => {
  const live = { salePricePaise: 169_900, mrpPaise: 199_900, stock: 40, maxPerOrder: 5 };
  it.each([
    [
      'a price edited in storage',
      line({ price: 100, finalPrice: 100, mrp: 199_900, maximum_qty_per_order: 5 }),
      true,
    ],
    [
      'a changed M.R.P.',
      line({ price: 169_900, finalPrice: 169_900, mrp: 100, maximum_qty_per_order: 5 }),
      true,
    ],
    [
      'a stock figure the browser kept',
      line({
        price: 169_900,
        finalPrice: 169_900,
        mrp: 199_900,
        product_quantity: 1,
        maximum_qty_per_order: 5,
      }),
      true,
    ],
    [
      'a maximum per order edited to 9',
      line({ price: 169_900, finalPrice: 169_900, mrp: 199_900, maximum_qty_per_order: 9 }),
      true,
    ],
    [
      'a line that is as the seller has it',
      line({ price: 169_900, finalPrice: 169_900, mrp: 199_900, maximum_qty_per_order: 5 }),
      false,
    ],
  ])('%s', (_label, stored, changed) => {
    const result = refreshCartLine(stored, live);
    expect(result.changed).toBe(changed);
    expect(result.item).toMatchObject({
      price: 169_900,
      mrp: 199_900,
      product_quantity: 40,
      maximum_qty_per_order: 5,
      finalPrice: 169_900,
      quantity: stored.quantity,
    });
  });

  it('recomputes an applied coupon on the live price', () => {
    const stored = line({
      price: 100,
      finalPrice: 0,
      couponoffertype: 'percentage',
      couponoffervalue: 10,
      isDiscountApplied: true,
    });
    expect(refreshCartLine(stored, live).item.finalPrice).toBe(169_900 - 16_990);
  });
});

describe('cappedQuantity', () => {
  it.each([
    [9, { stock: 40, maxPerOrder: 5 }, 5],
    [3, { stock: 2, maxPerOrder: 5 }, 2],
    [2, { stock: 40, maxPerOrder: 5 }, 2],
    [4, { stock: 0, maxPerOrder: 5 }, 1],
  ])('%i with %o may be ordered as %i', (quantity, live, expected) => {
    expect(cappedQuantity(quantity, live)).toBe(expected);
  });
});
