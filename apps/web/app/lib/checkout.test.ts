import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@marketplace/domain/cart/local-cart';
import { preselectedAddress, quoteLinesOf, savedDeliveryType } from './checkout.ts';

const item = (change: Partial<CartItem> = {}): CartItem => ({
  product_id: '10-3-SKU10',
  productId: 10,
  sellerId: 3,
  name: 'Kettle',
  assured: false,
  image: '',
  quantity: 2,
  price: 100_000,
  mrp: 120_000,
  product_quantity: 9,
  maximum_qty_per_order: 5,
  seller_pincode: '110001',
  warranty: '',
  coupon: '7',
  couponname: 'SAVE',
  couponid: 7,
  couponoffertype: 'cash',
  couponoffervalue: 5_000,
  couponactivestatus: 'Active',
  available: true,
  arriving_days: 3,
  coupon_data: '10-3-7',
  finalPrice: 100_000,
  isDiscountApplied: false,
  ...change,
});

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('quoteLinesOf', () => {
  it('sends the coupon only when its key was applied (requirements#coupons)', () => {
    expect(quoteLinesOf([item()], [])[0]?.couponId).toBeNull();
    expect(quoteLinesOf([item()], ['10-3-7'])[0]?.couponId).toBe(7);
  });

  it('sends the saved delivery choice of the line, ignoring an unknown stored value', () => {
    localStorage.setItem('buyNowItemDelivery-10-3-SKU10', 'express');
    localStorage.setItem('buyNowItemDelivery-11-3-SKU11', 'drone');
    const lines = quoteLinesOf([item(), item({ product_id: '11-3-SKU11', productId: 11 })], []);
    expect(lines.map((line) => line.deliveryType)).toEqual(['express', null]);
    expect(savedDeliveryType('11-3-SKU11')).toBeNull();
  });

  it('leaves out lines that name no product or seller', () => {
    const lines = quoteLinesOf([item({ productId: 0 }), item({ sellerId: 0 }), item()], []);
    expect(lines).toEqual([{ productId: 10, sellerId: 3, quantity: 2, couponId: null, deliveryType: null }]);
  });
});

describe('preselectedAddress', () => {
  const list = [
    { id: 4, isDefault: false },
    { id: 5, isDefault: true },
    { id: 6, isDefault: false },
  ];
  it('takes the stored choice while it is still saved, else the default, else the first', () => {
    expect(preselectedAddress(list)?.id).toBe(5);
    localStorage.setItem('selectedAddress', JSON.stringify({ id: 6, pincode: '600100' }));
    expect(preselectedAddress(list)?.id).toBe(6);
    localStorage.setItem('selectedAddress', JSON.stringify({ id: 99, pincode: '600100' }));
    expect(preselectedAddress(list)?.id).toBe(5);
    expect(preselectedAddress([{ id: 8, isDefault: false }])?.id).toBe(8);
    expect(preselectedAddress([])).toBeNull();
  });
});
