import { describe, expect, it } from 'vitest';
import { TRANSITION_MESSAGES } from '../orders/state-machine.ts';
import {
  classifyOrderSearch,
  lostRefusal,
  ORDER_LIST_MESSAGES,
  OrderSearchQuery,
  SUPPORT_MESSAGES,
  SupportCancelInput,
} from './support-api.ts';

// requirements#operator-support: one search box, read the way a support agent types into it
describe('what an order search looks for', () => {
  it.each([
    ['OD202611280123456789', { kind: 'order', orderNo: 'OD202611280123456789' }],
    ['  od202611280123456789 ', { kind: 'order', orderNo: 'OD202611280123456789' }],
    ['Priya@Example.com', { kind: 'email', email: 'priya@example.com' }],
    ['orders@sharma-traders.in', { kind: 'email', email: 'orders@sharma-traders.in' }],
    ['9876543210', { kind: 'mobile', mobile: '9876543210' }],
    ['+91 98765 43210', { kind: 'mobile', mobile: '9876543210' }],
    ['919876543210', { kind: 'mobile', mobile: '9876543210' }],
    ['09876543210', { kind: 'mobile', mobile: '9876543210' }],
    ['98765-43210', { kind: 'mobile', mobile: '9876543210' }],
    // not an Indian mobile (starts with 5): a seller's name then
    ['5876543210', { kind: 'seller', name: '5876543210' }],
    ['Sharma Traders', { kind: 'seller', name: 'Sharma Traders' }],
    ['OD12', { kind: 'seller', name: 'OD12' }],
  ] as const)('%j', (text, expected) => {
    expect(classifyOrderSearch(text)).toEqual(expected);
  });
});

describe('the search query', () => {
  it.each([
    [{ status: 'open' }, ORDER_LIST_MESSAGES.status],
    [{ payment: 'upi' }, ORDER_LIST_MESSAGES.payment],
    [{ seller: '0' }, ORDER_LIST_MESSAGES.seller],
    [{ seller: '12a' }, ORDER_LIST_MESSAGES.seller],
    [{ from: '2026-12-05', to: '2026-12-04' }, ORDER_LIST_MESSAGES.order],
    [{ from: '2026-02-30' }, 'from must be a real date.'],
    [{ q: 'a'.repeat(255) }, SUPPORT_MESSAGES.queryTooLong],
    [{ q: 'priya\u0000@example.com' }, SUPPORT_MESSAGES.queryControl],
    [{ q: 'priya', page: '0' }, SUPPORT_MESSAGES.pageShape],
    [{ q: 'priya', page: 'two' }, SUPPORT_MESSAGES.pageShape],
  ])('%j is refused', (input, message) => {
    const parsed = OrderSearchQuery.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('trims the text and starts on page 1 of all orders', () => {
    expect(OrderSearchQuery.parse({ q: ' priya@example.com ' })).toEqual({
      q: 'priya@example.com',
      status: 'all',
      page: 1,
    });
  });

  it('lists the latest orders without a search, blank filters left out', () => {
    expect(OrderSearchQuery.parse({ q: '  ', status: '', seller: '', payment: '', from: '' })).toEqual({
      q: '',
      status: 'all',
      page: 1,
    });
    expect(
      OrderSearchQuery.parse({
        status: 'to_ship',
        seller: '12',
        payment: 'cod',
        from: '2026-12-01',
        to: '2026-12-06',
      }),
    ).toEqual({
      q: '',
      status: 'to_ship',
      seller: 12,
      payment: 'cod',
      from: '2026-12-01',
      to: '2026-12-06',
      page: 1,
    });
  });
});

describe('a cancellation for the shopper', () => {
  it.each([
    [{ items: [], reasonId: 1 }, SUPPORT_MESSAGES.selectItem],
    [{ reasonId: 1 }, SUPPORT_MESSAGES.selectItem],
    [{ items: [{ itemId: 1, quantity: 1 }] }, SUPPORT_MESSAGES.reasonRequired],
    [{ items: [{ itemId: 1, quantity: 0 }], reasonId: 1 }, SUPPORT_MESSAGES.quantity],
    [{ items: [{ itemId: 1, quantity: 1.5 }], reasonId: 1 }, SUPPORT_MESSAGES.quantity],
    [
      {
        items: [
          { itemId: 1, quantity: 1 },
          { itemId: 1, quantity: 1 },
        ],
        reasonId: 1,
      },
      SUPPORT_MESSAGES.duplicateItem,
    ],
    [
      { items: [{ itemId: 1, quantity: 1 }], reasonId: 1, note: 'x'.repeat(501) },
      SUPPORT_MESSAGES.noteTooLong,
    ],
    [{ items: [{ itemId: 1, quantity: 1 }], reasonId: 1, note: 'bad\u0000' }, SUPPORT_MESSAGES.noteControl],
  ])('%j is refused', (input, message) => {
    const parsed = SupportCancelInput.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('takes items, a reason and a note', () => {
    expect(
      SupportCancelInput.parse({ items: [{ itemId: 7, quantity: 2 }], reasonId: 3, note: ' Called in. ' }),
    ).toEqual({ items: [{ itemId: 7, quantity: 2 }], reasonId: 3, note: 'Called in.' });
  });
});

describe('when support may mark a shipment lost in transit', () => {
  it.each([
    [
      'manifested',
      TRANSITION_MESSAGES.trackingStep('manifested', 'lost_in_transit', [
        'not_picked',
        'cancelled_by_seller',
      ]),
    ],
    [
      'not_picked',
      TRANSITION_MESSAGES.trackingStep('not_picked', 'lost_in_transit', [
        'in_transit',
        'cancelled_by_seller',
      ]),
    ],
    ['in_transit', null],
    ['pending', null],
    ['dispatched', null],
    [
      'delivery_failed',
      TRANSITION_MESSAGES.trackingStep('delivery_failed', 'lost_in_transit', [
        'dispatched',
        'return_to_origin',
      ]),
    ],
    ['delivered', TRANSITION_MESSAGES.trackingFinished],
    ['lost_in_transit', TRANSITION_MESSAGES.trackingFinished],
    ['return_to_origin', TRANSITION_MESSAGES.trackingFinished],
    ['cancelled_by_seller', TRANSITION_MESSAGES.trackingFinished],
    ['teleported', TRANSITION_MESSAGES.trackingFinished],
  ])('a shipment at %s: %s', (status, refusal) => {
    expect(lostRefusal(status)).toBe(refusal);
  });
});
