import { describe, expect, it } from 'vitest';
import { readBuyNowItems } from './buy-now.ts';

const item = {
  product_id: '12-600100',
  productId: 12,
  sellerId: 3,
  name: 'Steel Bottle',
  quantity: 2,
  price: 49_900,
  mrp: 59_900,
  seller_pincode: '600100',
};

describe('readBuyNowItems', () => {
  it.each([
    ['missing', null],
    ['blank', '  '],
    ['null', 'null'],
    ['an empty object', '{}'],
    ['an empty list', '[]'],
    ['an empty string', '""'],
  ])('treats %s as empty (the cart)', (_label, raw) => {
    expect(readBuyNowItems(raw)).toEqual({ kind: 'empty' });
  });

  it.each([
    ['malformed JSON', '{"product_id": '],
    ['a number', '42'],
    ['a string', '"12-600100"'],
    ['an item without product_id', JSON.stringify({ ...item, product_id: undefined })],
    ['an item without a seller', JSON.stringify({ ...item, sellerId: undefined })],
    ['a seller id that is text', JSON.stringify({ ...item, sellerId: '3' })],
    ['a product id of 0', JSON.stringify({ ...item, product_id: 'x', productId: 0 })],
    ['a list with one bad item', JSON.stringify([item, { name: 'no id' }])],
  ])('says %s is invalid', (_label, raw) => {
    expect(readBuyNowItems(raw)).toEqual({ kind: 'invalid' });
  });

  it('reads one item and a list, cleaned like a cart line', () => {
    const one = readBuyNowItems(JSON.stringify({ ...item, quantity: -3, name: '' }));
    expect(one).toMatchObject({
      kind: 'items',
      items: [{ productId: 12, sellerId: 3, quantity: 1, name: 'Unknown Product', price: 49_900 }],
    });
    const list = readBuyNowItems(JSON.stringify([item, { ...item, product_id: '13-600100', productId: 13 }]));
    expect(list.kind === 'items' ? list.items.map((i) => i.productId) : []).toEqual([12, 13]);
  });
});
