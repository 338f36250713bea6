import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, notDeliverable, productUnavailable } from './messages.ts';
import { PlaceOrderInput } from './place-order.ts';

describe('order texts', () => {
  it.each([
    [productUnavailable(42), 'Product ID 42 is unavailable.'],
    [notDeliverable('Steel Bottle'), 'Steel Bottle is not deliverable to your selected pincode.'],
    [ORDER_MESSAGES.placeFailed, 'Failed to place order. Please try again.'],
    [ORDER_MESSAGES.noValidProducts, 'No valid products selected.'],
    [ORDER_MESSAGES.codPlaced, 'Your COD order has been placed successfully!'],
    [ORDER_MESSAGES.onlinePlaced, 'Your Online Order has been placed successfully!'],
    [ORDER_MESSAGES.razorpayNotLoaded, 'Razorpay is not loaded. Please try again.'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

const valid = {
  idempotencyKey: 'key-12345678',
  addressId: 3,
  paymentMode: 'cod',
  lines: [{ productId: 1, sellerId: 2, quantity: 1, deliveryType: 'standard' }],
};
const withQuantity = (quantity: unknown) => ({ ...valid, lines: [{ ...valid.lines[0], quantity }] });

describe('the order request', () => {
  it.each([
    ['a valid request', valid, true],
    ['quantity 0', withQuantity(0), false],
    ['quantity -1', withQuantity(-1), false],
    ['quantity 1e9', withQuantity(1e9), false],
    ["quantity 'abc'", withQuantity('abc'), false],
    ['quantity 1.5', withQuantity(1.5), false],
    ['no lines', { ...valid, lines: [] }, false],
    ['an unknown payment mode', { ...valid, paymentMode: 'card' }, false],
    ['an unknown delivery type', { ...valid, lines: [{ ...valid.lines[0], deliveryType: 'drone' }] }, false],
    ['a short idempotency key', { ...valid, idempotencyKey: 'k' }, false],
  ])('%s -> %s', (_label, body, ok) => {
    expect(PlaceOrderInput.safeParse(body).success).toBe(ok);
  });

  it('gives the quantity message and drops amounts sent by the browser', () => {
    const refused = PlaceOrderInput.safeParse(withQuantity(0));
    expect(refused.error?.issues[0]?.message).toBe(ORDER_MESSAGES.quantity);
    const parsed = PlaceOrderInput.parse({ ...valid, amount: 1, lines: [{ ...valid.lines[0], price: 1 }] });
    expect(parsed).not.toHaveProperty('amount');
    expect(parsed.lines[0]).not.toHaveProperty('price');
  });
});
