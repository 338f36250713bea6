import { describe, expect, it } from 'vitest';
import { shownPaymentStatus } from './payment-status.ts';

describe('the payment status people read', () => {
  it('is Cancelled for a COD order whose every item was cancelled', () => {
    expect(shownPaymentStatus({ paymentStatus: 'pending' }, ['cancelled', 'cancelled'])).toBe('cancelled');
  });
  it('is Cancelled for an unpaid online order whose every item was cancelled', () => {
    expect(shownPaymentStatus({ paymentStatus: 'awaiting_payment' }, ['cancelled'])).toBe('cancelled');
  });
  it('stays pending while one item still goes to the shopper', () => {
    expect(shownPaymentStatus({ paymentStatus: 'pending' }, ['cancelled', 'shipped'])).toBe('pending');
  });
  it('keeps what the payment did once money moved', () => {
    expect(shownPaymentStatus({ paymentStatus: 'refunded' }, ['cancelled'])).toBe('refunded');
    expect(shownPaymentStatus({ paymentStatus: 'paid' }, ['delivered'])).toBe('paid');
  });
  it('keeps the stored status for an order without items', () => {
    expect(shownPaymentStatus({ paymentStatus: 'pending' }, [])).toBe('pending');
  });
});
