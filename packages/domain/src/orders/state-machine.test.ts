import { describe, expect, it } from 'vitest';
import {
  afterSalesWindow,
  type ItemEvent,
  type ItemState,
  itemStatusForTracking,
  REQUEST_DECISIONS,
  TRANSITION_MESSAGES,
  transitionItem,
} from './state-machine.ts';
import {
  TRACKING_SPECIAL_LABELS,
  TRACKING_STATUSES,
  TRACKING_STEP_LABELS,
  TRACKING_STEPS,
  type TrackingStatus,
  trackingProgress,
} from './tracking.ts';

const NOW = new Date('2026-11-20T10:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

const base: ItemState = {
  status: 'pending',
  splitMode: 'nochange',
  quantity: 3,
  cancelledQuantity: 0,
  returnedQuantity: 0,
  replacedQuantity: 0,
  tracking: null,
  openRequest: null,
  deliveredAt: null,
  returnWindowDays: 10,
  replaceWindowDays: 7,
};
const shippedAt = (tracking: TrackingStatus): ItemState => ({
  ...base,
  tracking,
  status: itemStatusForTracking(tracking),
  deliveredAt: tracking === 'delivered' ? daysAgo(2) : null,
});
const delivered = shippedAt('delivered');

describe('tracking steps and labels (requirements#tracking)', () => {
  it('has six steps with the spec names and labels in order', () => {
    expect(TRACKING_STEPS.map((s) => [TRACKING_STEP_LABELS[s].name, TRACKING_STEP_LABELS[s].label])).toEqual([
      ['Manifested', 'Order Received'],
      ['Not Picked', 'Waiting for Picked Up'],
      ['In Transit', 'In Transit'],
      ['Pending', 'Waiting for Dispatch'],
      ['Dispatched', 'Out for Delivery'],
      ['Delivered', 'Delivered'],
    ]);
  });
  it('numbers the special statuses 7 to 10 after the steps and labels each', () => {
    expect(TRACKING_STATUSES.indexOf('cancelled_by_seller') + 1).toBe(7);
    expect(TRACKING_STATUSES.indexOf('delivery_failed') + 1).toBe(10);
    for (const label of Object.values(TRACKING_SPECIAL_LABELS)) expect(label.name.length).toBeGreaterThan(3);
  });
  it.each([
    ['manifested', { kind: 'step', stepIndex: 0, stepCount: 6 }],
    ['dispatched', { kind: 'step', stepIndex: 4, stepCount: 6 }],
    ['delivered', { kind: 'step', stepIndex: 5, stepCount: 6 }],
    ['lost_in_transit', { kind: 'special', status: 'lost_in_transit' }],
  ] as const)('progress of %s', (status, expected) => {
    expect(trackingProgress(status)).toEqual(expected);
  });
});

// Every (from, to) pair of shipment statuses; written out, not derived from the rules under test.
const LEGAL_TRACKING: Record<TrackingStatus, TrackingStatus[]> = {
  manifested: ['not_picked', 'cancelled_by_seller'],
  not_picked: ['in_transit', 'cancelled_by_seller'],
  in_transit: ['pending', 'lost_in_transit', 'return_to_origin'],
  pending: ['dispatched', 'lost_in_transit', 'return_to_origin'],
  dispatched: ['delivered', 'delivery_failed', 'lost_in_transit', 'return_to_origin'],
  delivery_failed: ['dispatched', 'return_to_origin'],
  delivered: [],
  cancelled_by_seller: [],
  return_to_origin: [],
  lost_in_transit: [],
};
const trackingPairs = TRACKING_STATUSES.flatMap((from) =>
  TRACKING_STATUSES.map((to) => ({ from, to, legal: LEGAL_TRACKING[from].includes(to) })),
);

describe('shipment tracking transitions: all 100 pairs', () => {
  it.each(trackingPairs)('$from -> $to: legal $legal', ({ from, to, legal }) => {
    const result = transitionItem(shippedAt(from), { type: 'track', to }, NOW);
    expect(result.ok).toBe(legal);
    if (result.ok) {
      expect(result.next.tracking).toBe(to);
      expect(result.next.status).toBe(itemStatusForTracking(to));
    } else {
      expect(result.error.code).toBe('ILLEGAL_TRANSITION');
      expect(result.error.message).toBe(
        LEGAL_TRACKING[from].length === 0
          ? TRANSITION_MESSAGES.trackingFinished
          : TRANSITION_MESSAGES.trackingStep(from, to, LEGAL_TRACKING[from]),
      );
    }
  });

  it('refuses tracking an item with no invoice', () => {
    const result = transitionItem(base, { type: 'track', to: 'not_picked' }, NOW);
    expect(result).toMatchObject({ ok: false, error: { message: TRANSITION_MESSAGES.noShipment } });
  });
});

describe('what each special status and delivery does to the item', () => {
  const partlyCancelled: ItemState = { ...shippedAt('manifested'), cancelledQuantity: 1 };
  it.each([
    // [from, to, item status, effects]
    ['dispatched', 'delivered', 'delivered', { isDelivered: true, restockQuantity: 0, refundQuantity: 0 }],
    ['manifested', 'cancelled_by_seller', 'cancelled', { restockQuantity: 3, refundQuantity: 3 }],
    ['in_transit', 'return_to_origin', 'undelivered', { restockQuantity: 3, refundQuantity: 3 }],
    ['pending', 'lost_in_transit', 'undelivered', { restockQuantity: 0, refundQuantity: 3 }],
    ['dispatched', 'delivery_failed', 'undelivered', { restockQuantity: 0, refundQuantity: 0 }],
    ['delivery_failed', 'dispatched', 'shipped', { restockQuantity: 0, refundQuantity: 0 }],
    ['not_picked', 'in_transit', 'shipped', { restockQuantity: 0, refundQuantity: 0, isDelivered: false }],
  ] as const)('%s -> %s leaves the item %s', (from, to, status, effects) => {
    const result = transitionItem(shippedAt(from), { type: 'track', to }, NOW);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.next.status).toBe(status);
    expect(result.effects).toMatchObject(effects);
  });

  it('a seller cancelling the shipment cancels only the units still open', () => {
    const result = transitionItem(partlyCancelled, { type: 'track', to: 'cancelled_by_seller' }, NOW);
    expect(result).toMatchObject({
      ok: true,
      next: { status: 'cancelled', cancelledQuantity: 3 },
      effects: { restockQuantity: 2, refundQuantity: 2 },
    });
  });
});

describe('shipping (invoice and shipment)', () => {
  it.each([
    [
      'all of a pending item',
      base,
      3,
      true,
      { status: 'shipped', tracking: 'manifested', quantity: 3, splitMode: 'nochange' },
      0,
    ],
    ['part of it: the rest is split off', base, 2, true, { quantity: 2, splitMode: 'splitted' }, 1],
    [
      'the open units of a partly cancelled item',
      { ...base, cancelledQuantity: 1 },
      2,
      true,
      { quantity: 3 },
      0,
    ],
    ['more than open', { ...base, cancelledQuantity: 1 }, 3, false, TRANSITION_MESSAGES.shipQuantity, 0],
    ['zero units', base, 0, false, TRANSITION_MESSAGES.shipQuantity, 0],
    ['a fraction', base, 1.5, false, TRANSITION_MESSAGES.shipQuantity, 0],
    ['an item already invoiced', shippedAt('manifested'), 1, false, TRANSITION_MESSAGES.alreadyShipped, 0],
    [
      'a cancelled item',
      { ...base, status: 'cancelled', cancelledQuantity: 3 },
      1,
      false,
      TRANSITION_MESSAGES.notPending,
      0,
    ],
    [
      'an item with a cancellation request waiting',
      { ...base, openRequest: { kind: 'cancel', quantity: 1 } },
      3,
      false,
      TRANSITION_MESSAGES.openCancelRequest,
      0,
    ],
  ] as const)('%s', (_label, item, quantity, legal, expected, split) => {
    const result = transitionItem(item, { type: 'ship', quantity }, NOW);
    expect(result.ok).toBe(legal);
    if (result.ok) {
      expect(result.next).toMatchObject(expected as object);
      expect(result.effects.splitQuantity).toBe(split);
    } else expect(result.error.message).toBe(expected);
  });
});

describe('a seller cancelling an item it cannot fulfil', () => {
  it.each([
    ['a pending item', base, true, ''],
    ['a pending split item', { ...base, splitMode: 'splitted' as const }, true, ''],
    ['a partly cancelled item', { ...base, cancelledQuantity: 2 }, true, ''],
    [
      'an item whose shopper asked to cancel',
      { ...base, openRequest: { kind: 'cancel' as const, quantity: 1 } },
      false,
      TRANSITION_MESSAGES.openCancelRequest,
    ],
    ['an invoiced item', shippedAt('manifested'), false, TRANSITION_MESSAGES.sellerCancelShipped],
    ['a delivered item', delivered, false, TRANSITION_MESSAGES.sellerCancelShipped],
    [
      'a cancelled item',
      { ...base, status: 'cancelled' as const, cancelledQuantity: 3 },
      false,
      TRANSITION_MESSAGES.sellerCancelNotPending,
    ],
  ])('%s: legal %s', (_label, item, legal, message) => {
    const result = transitionItem(item, { type: 'seller_cancel' }, NOW);
    expect(result.ok).toBe(legal);
    if (result.ok) {
      const open = item.quantity - item.cancelledQuantity;
      expect(result.next).toMatchObject({ status: 'cancelled', cancelledQuantity: 3, openRequest: null });
      expect(result.effects).toMatchObject({ restockQuantity: open, refundQuantity: open });
    } else expect(result.error.message).toBe(message);
  });
});

const request = (kind: 'cancel' | 'return' | 'replace', quantity = 1): ItemEvent => ({
  type: 'request',
  kind,
  quantity,
});

describe('an online order left unpaid', () => {
  it.each([
    // item → ok, status, cancelled quantity (and restocked)
    [base, true, 'cancelled', 3],
    [{ ...base, quantity: 5 }, true, 'cancelled', 5],
    [shippedAt('manifested'), false, 'shipped', 0],
    [shippedAt('delivered'), false, 'delivered', 0],
  ] as const)('%#: %j', (item, ok, status, cancelled) => {
    const result = transitionItem(item, { type: 'payment_expired' }, NOW);
    expect(result.ok).toBe(ok);
    if (!result.ok) {
      expect(result.error.message).toBe(TRANSITION_MESSAGES.paymentExpiredNotPending);
      return;
    }
    expect(result.next).toMatchObject({ status, cancelledQuantity: cancelled, openRequest: null });
    // its stock goes back; nothing was paid, so nothing is refunded
    expect(result.effects).toEqual({
      restockQuantity: cancelled,
      takeStockQuantity: 0,
      refundQuantity: 0,
      splitQuantity: 0,
      isDelivered: false,
    });
  });
});

describe('shopper requests', () => {
  const closedWindow: ItemState = { ...delivered, deliveredAt: daysAgo(30) };
  const allProcessed: ItemState = { ...delivered, returnedQuantity: 2, replacedQuantity: 1 };
  it.each([
    ['cancel a pending nochange item', base, request('cancel', 2), true, ''],
    [
      'cancel a split item',
      { ...base, splitMode: 'splitted' as const },
      request('cancel'),
      false,
      TRANSITION_MESSAGES.cancelRequest,
    ],
    [
      'cancel a shipped item',
      shippedAt('in_transit'),
      request('cancel'),
      false,
      TRANSITION_MESSAGES.cancelRequest,
    ],
    ['cancel a delivered item', delivered, request('cancel'), false, TRANSITION_MESSAGES.cancelRequest],
    [
      'cancel more than open',
      { ...base, cancelledQuantity: 2 },
      request('cancel', 2),
      false,
      TRANSITION_MESSAGES.requestQuantity,
    ],
    [
      'cancel twice',
      { ...base, openRequest: { kind: 'cancel' as const, quantity: 1 } },
      request('cancel'),
      false,
      TRANSITION_MESSAGES.requestOpen,
    ],
    ['return a delivered item in its window', delivered, request('return', 3), true, ''],
    [
      'return a shipped item',
      shippedAt('dispatched'),
      request('return'),
      false,
      TRANSITION_MESSAGES.returnWindow.not_delivered,
    ],
    [
      'return after the window',
      closedWindow,
      request('return'),
      false,
      TRANSITION_MESSAGES.returnWindow.closed,
    ],
    [
      'return with no return option',
      { ...delivered, returnWindowDays: 0 },
      request('return'),
      false,
      TRANSITION_MESSAGES.returnWindow.none,
    ],
    [
      'return when all processed',
      allProcessed,
      request('return'),
      false,
      TRANSITION_MESSAGES.returnWindow.all_processed,
    ],
    [
      'return more than remains',
      { ...delivered, returnedQuantity: 2 },
      request('return', 2),
      false,
      TRANSITION_MESSAGES.requestQuantity,
    ],
    ['replace a delivered item in its window', delivered, request('replace'), true, ''],
    [
      'replace after its window (7 days)',
      { ...delivered, deliveredAt: daysAgo(8) },
      request('replace'),
      false,
      TRANSITION_MESSAGES.replaceWindow.closed,
    ],
    [
      'replace with no replacement option',
      { ...delivered, replaceWindowDays: 0 },
      request('replace'),
      false,
      TRANSITION_MESSAGES.replaceWindow.none,
    ],
    [
      'replace when all processed',
      allProcessed,
      request('replace'),
      false,
      TRANSITION_MESSAGES.replaceWindow.all_processed,
    ],
    [
      'replace while a return waits',
      { ...delivered, openRequest: { kind: 'return' as const, quantity: 1 } },
      request('replace'),
      false,
      TRANSITION_MESSAGES.requestOpen,
    ],
  ])('%s: legal %s', (_label, item, event, legal, message) => {
    const result = transitionItem(item, event, NOW);
    expect(result.ok).toBe(legal);
    if (result.ok && event.type === 'request')
      expect(result.next.openRequest).toEqual({ kind: event.kind, quantity: event.quantity });
    if (!result.ok) expect(result.error.message).toBe(message);
  });

  it.each([
    [daysAgo(9), 'open'],
    [daysAgo(10), 'open'], // the last day still counts
    [daysAgo(11), 'closed'],
  ] as const)('return window delivered %s -> %s', (deliveredAt, expected) => {
    expect(afterSalesWindow({ ...delivered, deliveredAt }, 'return', NOW)).toBe(expected);
  });
});

const withRequest = (
  item: ItemState,
  kind: 'cancel' | 'return' | 'replace',
  quantity: number,
): ItemState => ({
  ...item,
  openRequest: { kind, quantity },
});

describe('seller decisions on requests: every kind x decision', () => {
  // [kind, decision, item before, legal, next fields, effects]
  const cases = [
    [
      'cancel',
      'completed',
      withRequest(base, 'cancel', 1),
      true,
      { status: 'pending', cancelledQuantity: 1 },
      { restockQuantity: 1, refundQuantity: 1 },
    ],
    [
      'cancel',
      'completed',
      withRequest(base, 'cancel', 3),
      true,
      { status: 'cancelled', cancelledQuantity: 3 },
      { restockQuantity: 3, refundQuantity: 3 },
    ],
    [
      'cancel',
      'rejected',
      withRequest(base, 'cancel', 1),
      true,
      { status: 'pending', cancelledQuantity: 0 },
      { restockQuantity: 0, refundQuantity: 0 },
    ],
    [
      'cancel',
      'completed',
      withRequest(shippedAt('manifested'), 'cancel', 1),
      false,
      TRANSITION_MESSAGES.cancelAfterShipping,
      null,
    ],
    [
      'cancel',
      'rejected',
      withRequest(shippedAt('manifested'), 'cancel', 1),
      true,
      { status: 'shipped' },
      { refundQuantity: 0 },
    ],
    [
      'return',
      'refund-with-reverse',
      withRequest(delivered, 'return', 2),
      true,
      { returnedQuantity: 2 },
      // refunded once the pickup is recorded (pickup.ts), not now
      { refundQuantity: 0, restockQuantity: 0 },
    ],
    [
      'return',
      'refund-without-reverse',
      withRequest(delivered, 'return', 1),
      true,
      { returnedQuantity: 1 },
      { refundQuantity: 1 },
    ],
    [
      'return',
      'rejected',
      withRequest(delivered, 'return', 1),
      true,
      { returnedQuantity: 0 },
      { refundQuantity: 0 },
    ],
    [
      'replace',
      'initiate-replacement',
      withRequest(delivered, 'replace', 1),
      true,
      { replacedQuantity: 1 },
      { takeStockQuantity: 1, refundQuantity: 0 },
    ],
    [
      'replace',
      'reject-with-return',
      withRequest(delivered, 'replace', 1),
      true,
      { replacedQuantity: 1 },
      // refunded once the pickup is recorded (pickup.ts), not now
      { refundQuantity: 0 },
    ],
    [
      'replace',
      'reject-without-return',
      withRequest(delivered, 'replace', 2),
      true,
      { replacedQuantity: 2 },
      { refundQuantity: 2, takeStockQuantity: 0 },
    ],
  ] as const;
  it.each(cases)('%s %s', (kind, decision, item, legal, expected, effects) => {
    const result = transitionItem(item, { type: 'decide', kind, decision }, NOW);
    expect(result.ok).toBe(legal);
    if (result.ok) {
      expect(result.next).toMatchObject({ ...(expected as object), openRequest: null });
      expect(result.effects).toMatchObject(effects ?? {});
    } else expect(result.error.message).toBe(expected);
  });

  it('covers every decision of every kind', () => {
    for (const [kind, decisions] of Object.entries(REQUEST_DECISIONS))
      for (const decision of decisions)
        expect(
          cases.some(([k, d]) => k === kind && d === decision),
          `${kind} ${decision}`,
        ).toBe(true);
  });

  it.each([
    [
      'no open request',
      delivered,
      'return',
      'refund-with-reverse',
      TRANSITION_MESSAGES.noOpenRequest('return'),
    ],
    [
      'a request of another kind',
      withRequest(delivered, 'return', 1),
      'replace',
      'initiate-replacement',
      TRANSITION_MESSAGES.noOpenRequest('replace'),
    ],
    [
      'a decision of another kind',
      withRequest(delivered, 'return', 1),
      'return',
      'initiate-replacement',
      TRANSITION_MESSAGES.unknownDecision('return'),
    ],
    [
      'an unknown decision',
      withRequest(base, 'cancel', 1),
      'cancel',
      'maybe',
      TRANSITION_MESSAGES.unknownDecision('cancel'),
    ],
    [
      'a replacement rejected like a return',
      withRequest(delivered, 'replace', 1),
      'replace',
      'rejected',
      TRANSITION_MESSAGES.unknownDecision('replace'),
    ],
  ] as const)('refuses %s', (_label, item, kind, decision, message) => {
    const result = transitionItem(item, { type: 'decide', kind, decision }, NOW);
    expect(result).toMatchObject({ ok: false, error: { code: 'ILLEGAL_TRANSITION', message } });
  });
});

describe('final states accept nothing that changes them', () => {
  const finals: ItemState[] = [
    { ...base, status: 'cancelled', cancelledQuantity: 3 },
    { ...shippedAt('cancelled_by_seller'), cancelledQuantity: 3 },
    shippedAt('lost_in_transit'),
    shippedAt('return_to_origin'),
  ];
  const events: ItemEvent[] = [
    { type: 'ship', quantity: 1 },
    { type: 'seller_cancel' },
    { type: 'payment_expired' },
    { type: 'request', kind: 'cancel', quantity: 1 },
    { type: 'request', kind: 'return', quantity: 1 },
    { type: 'request', kind: 'replace', quantity: 1 },
    { type: 'decide', kind: 'cancel', decision: 'completed' },
    ...TRACKING_STATUSES.map((to): ItemEvent => ({ type: 'track', to })),
  ];
  it.each(finals.flatMap((item) => events.map((event) => ({ item, event }))))(
    '$item.status/$item.tracking refuses $event.type',
    ({ item, event }) => {
      expect(transitionItem(item, event, NOW).ok).toBe(false);
    },
  );
});
