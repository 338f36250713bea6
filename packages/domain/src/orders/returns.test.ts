import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES } from './feedback.ts';
import {
  addBusinessDays,
  AfterSalesRequestInput,
  afterSalesEligibility,
  ConversationMessageInput,
  indiaDate,
  pickupDates,
  REFUND_ESTIMATE,
  refundEstimate,
  REPLACEMENT_MESSAGES,
  RETURN_MESSAGES,
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

describe('return and replacement eligibility (spec §4)', () => {
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

describe('pickup window (spec §9)', () => {
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

describe('refund estimate (spec §9: 7 to 10 business days)', () => {
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

describe('refund box (spec §4)', () => {
  it.each([
    ['return', 'pending', 'pending', true],
    ['return', 'refund-with-reverse', 'initiated', true],
    ['return', 'refund-without-reverse', 'not_applicable', false],
    ['replace', 'initiate-replacement', 'pending', false],
    ['replace', 'reject-with-return', 'initiated', true],
    ['replace', 'reject-without-return', 'completed', true],
    ['replace', 'reject-without-return', 'not_applicable', false],
  ] as const)('%s %s with refund %s', (kind, status, refund, shows) => {
    expect(showsRefundBox(kind, status, refund)).toBe(shows);
  });
});

describe('the request form (spec §5)', () => {
  const valid = {
    kind: 'return',
    orderItemId: 5,
    quantity: 1,
    reasonIds: [1],
    images: [key(1)],
    pickupDate: '2026-11-24',
  };
  const fieldMessage = (input: unknown, field: string) => {
    const parsed = AfterSalesRequestInput.safeParse(input);
    return parsed.success ? null : parsed.error.issues.find((i) => i.path[0] === field)?.message;
  };

  it('accepts a complete request', () => expect(AfterSalesRequestInput.safeParse(valid).success).toBe(true));
  it.each([
    ['return without reasons', { ...valid, reasonIds: [] }, 'reasonIds', RETURN_MESSAGES.reasons],
    ['return without images', { ...valid, images: [] }, 'images', RETURN_MESSAGES.images],
    ['return without a pickup date', { ...valid, pickupDate: '' }, 'pickupDate', RETURN_MESSAGES.pickupDate],
    [
      'replacement without reasons',
      { ...valid, kind: 'replace', reasonIds: [] },
      'reasonIds',
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
      'images',
      FEEDBACK_MESSAGES.unknownUpload,
    ],
    [
      'the same image twice',
      { ...valid, images: [key(1), key(1)] },
      'images',
      FEEDBACK_MESSAGES.unknownUpload,
    ],
  ])('%s', (_name, input, field, message) => {
    expect(fieldMessage(input, field)).toBe(message);
  });
  it.each([
    ['a quantity of 0', { ...valid, quantity: 0 }],
    ['a fractional quantity', { ...valid, quantity: 1.5 }],
    ['a pickup date that is not a date', { ...valid, pickupDate: '2026-13-45' }],
    ['an unknown field', { ...valid, userId: 1 }],
    ['an unknown kind', { ...valid, kind: 'cancel' }],
    ['too long additional info', { ...valid, additionalInfo: 'x'.repeat(1001) }],
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
