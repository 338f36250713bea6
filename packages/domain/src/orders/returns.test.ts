import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES } from './feedback.ts';
import {
  addBusinessDays,
  addDays,
  AfterSalesRequestInput,
  afterSalesEligibility,
  ConversationMessageInput,
  indiaDate,
  pickupDates,
  REFUND_ESTIMATE,
  refundEstimate,
  AFTER_SALES_MESSAGES,
  REPLACEMENT_MESSAGES,
  RETURN_MESSAGES,
  sharedPickupDates,
  showsRefundBox,
} from './returns.ts';
import type { ItemState } from './state-machine.ts';

// 20 Nov 2026, 15:30 in India
const NOW = new Date('2026-11-20T10:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);
const delivered: ItemState = {
  status: 'delivered',
  splitMode: 'nochange',
  quantity: 3,
  cancelledQuantity: 0,
  returnedQuantity: 0,
  replacedQuantity: 0,
  tracking: 'delivered',
  openRequest: null,
  deliveredAt: daysAgo(2),
  returnWindowDays: 10,
  replaceWindowDays: 7,
};
const key = (n: number) => n.toString(16).padStart(32, '0');

describe('return and replacement eligibility (requirements#return-eligibility)', () => {
  it.each([
    ['window open', delivered, 'return', { isEligible: true, remaining: 3, byDate: '2026-11-28' }],
    [
      'replacement window open',
      delivered,
      'replace',
      { isEligible: true, remaining: 3, byDate: '2026-11-25' },
    ],
    [
      'window expired',
      { ...delivered, deliveredAt: daysAgo(11) },
      'return',
      { isEligible: false, message: 'Your Return window for the product is closed' },
    ],
    [
      'replacement window expired',
      { ...delivered, deliveredAt: daysAgo(8) },
      'replace',
      { isEligible: false, message: 'Your Replacement window for the product is closed' },
    ],
    [
      '0-day return window',
      { ...delivered, returnWindowDays: 0 },
      'return',
      { isEligible: false, message: "You don't have a Return option for the product" },
    ],
    [
      '0-day replacement window',
      { ...delivered, replaceWindowDays: 0 },
      'replace',
      { isEligible: false, message: "You don't have a Replacement option for the product" },
    ],
    [
      'returned plus replaced reaches the quantity',
      { ...delivered, returnedQuantity: 1, replacedQuantity: 2 },
      'return',
      { isEligible: false, message: 'All items processed!' },
    ],
    [
      'a part processed leaves the remainder',
      { ...delivered, returnedQuantity: 1, replacedQuantity: 1 },
      'replace',
      { isEligible: true, remaining: 1 },
    ],
    [
      'not delivered',
      { ...delivered, status: 'shipped' as const, tracking: 'in_transit' as const, deliveredAt: null },
      'return',
      { isEligible: false, reason: 'not_delivered' },
    ],
  ] as const)('%s', (_name, item, kind, expected) => {
    expect(afterSalesEligibility(item, kind, NOW)).toMatchObject(expected);
  });

  it('offers pickup days from today + 3 through the by-date + 3', () => {
    const result = afterSalesEligibility(delivered, 'return', NOW);
    if (!result.isEligible) throw new Error('eligible');
    expect(result.pickupDates[0]).toBe('2026-11-23');
    expect(result.pickupDates.at(-1)).toBe('2026-12-01');
    expect(result.pickupDates).toHaveLength(9);
  });
});

describe('pickup window (requirements#pickup-window)', () => {
  it.each([
    ['a by-date a week ahead', '2026-11-27', '2026-11-23', '2026-11-30', 8],
    ['a by-date today', '2026-11-20', '2026-11-23', '2026-11-23', 1],
    ['across a month end', '2026-12-30', '2026-11-23', '2027-01-02', 41],
  ])('%s', (_name, byDate, first, last, count) => {
    const days = pickupDates(NOW, byDate);
    expect(days[0]).toBe(first);
    expect(days.at(-1)).toBe(last);
    expect(days).toHaveLength(count);
  });

  it('counts today in India, not in UTC', () => {
    // 23:00 UTC on 20 Nov is 04:30 on 21 Nov in India
    expect(indiaDate(new Date('2026-11-20T23:00:00Z'))).toBe('2026-11-21');
    expect(pickupDates(new Date('2026-11-20T23:00:00Z'), '2026-11-30')[0]).toBe('2026-11-24');
  });
});

describe('refund estimate: 7 to 10 business days (requirements#refund-estimate)', () => {
  it.each([
    // Friday 20 Nov 2026: 7 business days skip one Sunday, 10 skip two
    ['2026-11-20T10:00:00Z', '2026-11-28', '2026-12-02'],
    // Sunday 22 Nov 2026
    ['2026-11-22T06:00:00Z', '2026-11-30', '2026-12-03'],
  ])('from %s', (at, from, to) => {
    expect(refundEstimate(new Date(at))).toEqual({ from, to, text: REFUND_ESTIMATE.text });
  });
  it('skips Sundays', () => expect(addBusinessDays('2026-11-21', 1)).toBe('2026-11-23'));
});

describe('refund box (requirements#refund-box)', () => {
  it.each([
    ['return', 'pending', 'pending', true],
    ['return', 'refund-with-reverse', 'initiated', true],
    ['return', 'refund-without-reverse', 'not_applicable', false],
    ['replace', 'initiate-replacement', 'pending', false],
    ['replace', 'initiate-replacement', 'not_applicable', false],
    // ours: the new unit never arrived and was refunded instead
    ['replace', 'initiate-replacement', 'initiated', true],
    ['replace', 'pending', 'initiated', false],
    ['replace', 'reject-with-return', 'initiated', true],
    ['replace', 'reject-without-return', 'completed', true],
    ['replace', 'reject-without-return', 'not_applicable', false],
  ] as const)('%s %s with refund %s', (kind, status, refund, shows) => {
    expect(showsRefundBox(kind, status, refund)).toBe(shows);
  });
});

describe('the pickup day of several products, each by its own window (requirements#pickup-window)', () => {
  /** `count` calendar days from `from` */
  const days = (from: string, count: number) => Array.from({ length: count }, (_, n) => addDays(from, n));
  it.each([
    ['no product', [], []],
    ['one product: its own days', [days('2026-11-23', 3)], days('2026-11-23', 3)],
    [
      'two products: up to the earlier window end',
      [days('2026-11-23', 10), days('2026-11-23', 4)],
      days('2026-11-23', 4),
    ],
    [
      'the order of the products does not matter',
      [days('2026-11-23', 4), days('2026-11-23', 10)],
      days('2026-11-23', 4),
    ],
    [
      'three products',
      [days('2026-11-23', 10), days('2026-11-23', 6), days('2026-11-23', 8)],
      days('2026-11-23', 6),
    ],
    ['windows that do not meet: no day fits', [days('2026-11-23', 2), days('2026-11-26', 2)], []],
  ])('%s', (_name, lists, expected) => {
    expect(sharedPickupDates(lists)).toEqual(expected);
  });

  it('is from today + 3 through the earliest by-date + 3 for items of real windows', () => {
    const early = afterSalesEligibility({ ...delivered, deliveredAt: daysAgo(8) }, 'return', NOW);
    const late = afterSalesEligibility(delivered, 'return', NOW);
    if (!early.isEligible || !late.isEligible) throw new Error('both windows open');
    const shared = sharedPickupDates([late.pickupDates, early.pickupDates]);
    expect(shared[0]).toBe('2026-11-23');
    expect(shared.at(-1)).toBe('2026-11-25'); // delivered 8 days ago + 10 days = 22 Nov, + 3
    expect(shared).toEqual(early.pickupDates);
  });
});

describe('the request form (requirements#return-form)', () => {
  const line = { orderItemId: 5, quantity: 1, reasonIds: [1] };
  const valid = {
    kind: 'return',
    items: [line],
    images: [key(1)],
    pickupDate: '2026-11-24',
  };
  const fieldMessage = (input: unknown, field: string) => {
    const parsed = AfterSalesRequestInput.safeParse(input);
    return parsed.success ? null : parsed.error.issues.find((i) => i.path.join('.') === field)?.message;
  };

  it('accepts a complete request', () => expect(AfterSalesRequestInput.safeParse(valid).success).toBe(true));
  it('accepts several products, each with its own quantity, reasons and info', () => {
    const parsed = AfterSalesRequestInput.parse({
      ...valid,
      items: [line, { orderItemId: 6, quantity: 2, reasonIds: [2, 3], additionalInfo: '  torn  ' }],
    });
    expect(parsed.items.map((i) => [i.orderItemId, i.quantity, i.reasonIds, i.additionalInfo])).toEqual([
      [5, 1, [1], ''],
      [6, 2, [2, 3], 'torn'],
    ]);
  });
  it.each([
    ['return without products', { ...valid, items: [] }, 'items', RETURN_MESSAGES.noProducts],
    [
      'replacement without a product',
      { ...valid, kind: 'replace', items: [] },
      'items',
      REPLACEMENT_MESSAGES.noProduct,
    ],
    [
      'two products to replace',
      { ...valid, kind: 'replace', items: [line, { ...line, orderItemId: 6 }] },
      'items',
      AFTER_SALES_MESSAGES.oneReplacement,
    ],
    [
      'the same product twice',
      { ...valid, items: [line, line] },
      'items',
      AFTER_SALES_MESSAGES.duplicateItem,
    ],
    [
      '51 products',
      { ...valid, items: Array.from({ length: 51 }, (_, i) => ({ ...line, orderItemId: i + 1 })) },
      'items',
      AFTER_SALES_MESSAGES.tooManyItems,
    ],
    [
      'return without reasons',
      { ...valid, items: [{ ...line, reasonIds: [] }] },
      'items.0.reasonIds',
      RETURN_MESSAGES.reasons,
    ],
    [
      'the second product without reasons',
      { ...valid, items: [line, { ...line, orderItemId: 6, reasonIds: [] }] },
      'items.1.reasonIds',
      RETURN_MESSAGES.reasons,
    ],
    ['return without images', { ...valid, images: [] }, 'images', RETURN_MESSAGES.images],
    ['return without a pickup date', { ...valid, pickupDate: '' }, 'pickupDate', RETURN_MESSAGES.pickupDate],
    [
      'replacement without reasons',
      { ...valid, kind: 'replace', items: [{ ...line, reasonIds: [] }] },
      'items.0.reasonIds',
      REPLACEMENT_MESSAGES.reasons,
    ],
    [
      'replacement without images',
      { ...valid, kind: 'replace', images: [] },
      'images',
      REPLACEMENT_MESSAGES.images,
    ],
    [
      'a 6th image',
      { ...valid, images: [1, 2, 3, 4, 5, 6].map(key) },
      'images',
      FEEDBACK_MESSAGES.tooManyImages,
    ],
    [
      'a made-up image key',
      { ...valid, images: ['../../etc/passwd'] },
      'images.0',
      FEEDBACK_MESSAGES.unknownUpload,
    ],
    [
      'the same image twice',
      { ...valid, images: [key(1), key(1)] },
      'images',
      FEEDBACK_MESSAGES.unknownUpload,
    ],
    [
      'too long additional info',
      { ...valid, items: [{ ...line, additionalInfo: 'x'.repeat(1001) }] },
      'items.0.additionalInfo',
      AFTER_SALES_MESSAGES.infoTooLong,
    ],
  ])('%s', (_name, input, field, message) => {
    expect(fieldMessage(input, field)).toBe(message);
  });
  it.each([
    ['a quantity of 0', { ...valid, items: [{ ...line, quantity: 0 }] }],
    ['a fractional quantity', { ...valid, items: [{ ...line, quantity: 1.5 }] }],
    ['a string quantity', { ...valid, items: [{ ...line, quantity: '1' }] }],
    ['a pickup date that is not a date', { ...valid, pickupDate: '2026-13-45' }],
    ['an unknown field', { ...valid, userId: 1 }],
    ['an unknown field on a product', { ...valid, items: [{ ...line, userId: 1 }] }],
    ['an unknown kind', { ...valid, kind: 'cancel' }],
    ['items that are not a list', { ...valid, items: { orderItemId: 5 } }],
    [
      'the old single-product shape',
      {
        kind: 'return',
        orderItemId: 5,
        quantity: 1,
        reasonIds: [1],
        images: [key(1)],
        pickupDate: '2026-11-24',
      },
    ],
  ])('refuses %s', (_name, input) => {
    expect(AfterSalesRequestInput.safeParse(input).success).toBe(false);
  });

  it('takes a non-blank conversation message', () => {
    expect(ConversationMessageInput.safeParse({ orderItemId: 1, topic: 'seller', body: '  ' }).success).toBe(
      false,
    );
    expect(ConversationMessageInput.safeParse({ orderItemId: 1, topic: 'other', body: 'hi' }).success).toBe(
      false,
    );
    expect(
      ConversationMessageInput.parse({ orderItemId: 1, topic: 'privilege_claim', body: ' hi ' }).body,
    ).toBe('hi');
  });
});
