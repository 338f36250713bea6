import { describe, expect, it } from 'vitest';
import {
  PICKUP_MESSAGES,
  type PickupRequest,
  type PickupResult,
  recordPickup,
  type WaitingStep,
  waitingStep,
} from './pickup.ts';

// 20 Nov 2026, 20:00 in India (14:30 UTC); the Indian day turns at 18:30 UTC
const NOW = new Date('2026-11-20T14:30:00Z');
const request = (over: Partial<PickupRequest>): PickupRequest => ({
  kind: 'return',
  status: 'refund-with-reverse',
  pickupDate: '2026-11-20',
  pickedUpAt: null,
  quantity: 2,
  ...over,
});
const notAwaiting: PickupResult = { code: 'NOT_AWAITING_PICKUP', message: PICKUP_MESSAGES.notAwaitingPickup };

describe('recording a pickup (requirements#return-pickup)', () => {
  it.each<[string, Partial<PickupRequest>, Date, PickupResult]>([
    [
      'an accepted return on its pickup day: the refund starts for its units',
      {},
      NOW,
      { code: 'PICKED_UP', refundQuantity: 2 },
    ],
    [
      'an accepted return after its pickup day',
      { pickupDate: '2026-11-18' },
      NOW,
      { code: 'PICKED_UP', refundQuantity: 2 },
    ],
    [
      'an accepted return before its pickup day',
      { pickupDate: '2026-11-23' },
      NOW,
      { code: 'BEFORE_PICKUP_DAY', message: PICKUP_MESSAGES.beforePickupDay('2026-11-23') },
    ],
    [
      'the day before in India even when it is the same day in UTC',
      { pickupDate: '2026-11-21' },
      new Date('2026-11-20T18:29:00Z'),
      { code: 'BEFORE_PICKUP_DAY', message: PICKUP_MESSAGES.beforePickupDay('2026-11-21') },
    ],
    [
      'the pickup day in India while UTC is still on the day before',
      { pickupDate: '2026-11-21' },
      new Date('2026-11-20T18:31:00Z'),
      { code: 'PICKED_UP', refundQuantity: 2 },
    ],
    ['a return picked up already', { pickedUpAt: NOW }, NOW, { code: 'ALREADY_PICKED_UP' }],
    ['a pending return', { status: 'pending' }, NOW, notAwaiting],
    ['a rejected return', { status: 'rejected' }, NOW, notAwaiting],
    [
      'a return the shopper keeps (refunded at the decision)',
      { status: 'refund-without-reverse' },
      NOW,
      notAwaiting,
    ],
    [
      'a replacement refused for want of stock: refunded at pickup',
      { kind: 'replace', status: 'reject-with-return', quantity: 1 },
      NOW,
      { code: 'PICKED_UP', refundQuantity: 1 },
    ],
    [
      'an initiated replacement: the old unit is collected, nothing refunded',
      { kind: 'replace', status: 'initiate-replacement' },
      NOW,
      { code: 'PICKED_UP', refundQuantity: 0 },
    ],
    [
      'a refused replacement the shopper keeps',
      { kind: 'replace', status: 'reject-without-return' },
      NOW,
      notAwaiting,
    ],
    ['a cancellation', { kind: 'cancel', status: 'completed', pickupDate: null }, NOW, notAwaiting],
  ])('%s', (_, over, now, expected) => {
    expect(recordPickup(request(over), now)).toEqual(expected);
  });
});

describe('the step a request waits for', () => {
  it.each<[string, Partial<PickupRequest>, WaitingStep]>([
    ['pending: the seller', { status: 'pending' }, { step: 'seller' }],
    [
      'an accepted return: the pickup, then the refund',
      {},
      { step: 'pickup', pickupDate: '2026-11-20', isRefundAfterPickup: true },
    ],
    [
      'a refused replacement going back: the pickup, then the refund',
      { kind: 'replace', status: 'reject-with-return' },
      { step: 'pickup', pickupDate: '2026-11-20', isRefundAfterPickup: true },
    ],
    [
      'an initiated replacement: the pickup, no refund',
      { kind: 'replace', status: 'initiate-replacement' },
      { step: 'pickup', pickupDate: '2026-11-20', isRefundAfterPickup: false },
    ],
    ['picked up', { pickedUpAt: NOW }, { step: 'picked_up', pickedUpAt: NOW.toISOString() }],
    ['kept by the shopper', { status: 'refund-without-reverse' }, { step: 'none' }],
    ['rejected', { status: 'rejected' }, { step: 'none' }],
  ])('%s', (_, over, expected) => {
    expect(waitingStep(request(over))).toEqual(expected);
  });
});
