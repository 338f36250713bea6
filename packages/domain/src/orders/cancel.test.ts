import { describe, expect, it } from 'vitest';
import {
  CANCEL_MESSAGES,
  CANCELLED_BY_LABELS,
  CancelRequestInput,
  CancelVerifyInput,
  isRefundShown,
  needsQuantitySelect,
  quantityChoices,
} from './cancel.ts';

const line = { itemId: 12, quantity: 1, reasonIds: [3] };
const messageOf = (input: unknown) => {
  const parsed = CancelRequestInput.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('spec texts', () => {
  it('keeps the spec’s words', () => {
    expect(CANCEL_MESSAGES.selectProduct).toBe(
      'Please select at least one product to proceed with cancellation.',
    );
    expect(CANCEL_MESSAGES.selectQuantity).toBe('Please select the Qty');
    expect(CANCEL_MESSAGES.otpRequired).toBe('OTP is required');
    expect(CANCEL_MESSAGES.invalidOtp).toBe('Invalid OTP');
    expect(CANCEL_MESSAGES.failed).toBe('Something went wrong. Please try again.');
    expect(CANCEL_MESSAGES.noneFound).toBe('No cancelled items found.');
    // no fee is kept from a cancellation's refund, so none is threatened (docs/dark-patterns-audit.md)
    expect(CANCEL_MESSAGES.prepaidRefund).not.toMatch(/fee/i);
    expect(CANCEL_MESSAGES.prepaidRefund).toContain('refunded in full');
    expect(CANCELLED_BY_LABELS).toEqual({ customer: 'Cancelled by: You', seller: 'Cancelled by: Seller' });
  });
});

describe('CancelRequestInput', () => {
  it.each([
    [{ orderNo: 'OD1', items: [line] }, null],
    [{ orderNo: 'OD1', items: [line], additionalInfo: 'Bought elsewhere' }, null],
    [{ orderNo: 'OD1', items: [] }, CANCEL_MESSAGES.selectProduct],
    [{ orderNo: 'OD1' }, CANCEL_MESSAGES.selectProduct],
    [{ orderNo: 'OD1', items: [{ ...line, quantity: 0 }] }, CANCEL_MESSAGES.selectQuantity],
    [{ orderNo: 'OD1', items: [{ ...line, quantity: undefined }] }, CANCEL_MESSAGES.selectQuantity],
    [{ orderNo: 'OD1', items: [{ ...line, quantity: 2.5 }] }, CANCEL_MESSAGES.selectQuantity],
    // reasons are optional: a cancellation never waits for one (requirements#cancel-form)
    [{ orderNo: 'OD1', items: [{ ...line, reasonIds: [] }] }, null],
    [{ orderNo: 'OD1', items: [line, line] }, CANCEL_MESSAGES.duplicateItem],
    [
      { orderNo: 'OD1', items: [line], additionalInfo: 'x'.repeat(501) },
      CANCEL_MESSAGES.additionalInfoTooLong,
    ],
    [{ orderNo: 'OD1', items: [line], additionalInfo: 'two\nlines\tand a tab' }, null],
    [
      { orderNo: 'OD1', items: [line], additionalInfo: 'a NUL\u0000byte' },
      CANCEL_MESSAGES.additionalInfoInvalid,
    ],
    [{ orderNo: 'OD1', items: [line], additionalInfo: 'bell\u0007' }, CANCEL_MESSAGES.additionalInfoInvalid],
  ])('%j → %s', (input, message) => {
    expect(messageOf(input)).toBe(message);
  });

  it('refuses fields it does not know (no user id from the browser) and ids out of range', () => {
    expect(CancelRequestInput.safeParse({ orderNo: 'OD1', items: [line], userId: 2 }).success).toBe(false);
    expect(
      CancelRequestInput.safeParse({ orderNo: 'OD1', items: [{ ...line, itemId: 2 ** 31 }] }).success,
    ).toBe(false);
    expect(CancelRequestInput.safeParse({ orderNo: 'OD1', items: [{ ...line, sellerId: 1 }] }).success).toBe(
      false,
    );
  });
});

describe('CancelVerifyInput', () => {
  it.each([
    [{ code: '123456' }, true],
    [{ code: ' 123456 ' }, true],
    [{ code: '' }, false],
    [{}, false],
    [{ code: '12345' }, false],
    [{ code: '12a456' }, false],
  ])('%j valid: %s', (input, valid) => {
    expect(CancelVerifyInput.safeParse(input).success).toBe(valid);
  });

  it('asks for the OTP when it is missing', () => {
    expect(CancelVerifyInput.safeParse({ code: ' ' }).error?.issues[0]?.message).toBe(
      CANCEL_MESSAGES.otpRequired,
    );
    expect(CancelVerifyInput.safeParse({ code: '12' }).error?.issues[0]?.message).toBe(
      CANCEL_MESSAGES.invalidOtp,
    );
  });
});

describe('quantity and refund display', () => {
  it('offers 1 to the open quantity, with a select only above 1', () => {
    expect(quantityChoices(3)).toEqual([1, 2, 3]);
    expect(quantityChoices(0)).toEqual([]);
    expect(needsQuantitySelect(1)).toBe(false);
    expect(needsQuantitySelect(2)).toBe(true);
  });

  it.each([
    ['initiated', true],
    ['processed', true],
    ['completed', true],
    ['failed', false],
    ['not_applicable', false],
  ])('refund %s shown: %s', (status, shown) => {
    expect(isRefundShown(status)).toBe(shown);
  });
});
