import { describe, expect, it } from 'vitest';
import {
  isReplacementInitiated,
  REPLACEMENT_SHIPMENT_TEXTS,
  replacementLine,
  trackReplacement,
} from './replacement.ts';
import { SHOPPER_TRACKING } from './shopper-tracking.ts';
import { TRANSITION_MESSAGES } from './state-machine.ts';
import { TRACKING_NEXT, TRACKING_STATUSES, type TrackingStatus } from './tracking.ts';

describe('shipping a replacement unit', () => {
  it.each([
    ['replace', 'initiate-replacement', true],
    ['replace', 'pending', false],
    ['replace', 'reject-with-return', false],
    ['replace', 'reject-without-return', false],
    ['return', 'refund-with-reverse', false],
    ['cancel', 'completed', false],
  ])('a %s request in %s: %s', (kind, status, allowed) => {
    expect(isReplacementInitiated({ kind, status })).toBe(allowed);
  });
});

describe('replacement shipment transitions (the parcel rules)', () => {
  it.each([
    // [from, to, restock, refund, delivered] for a replacement of 2 units
    ['manifested', 'not_picked', 0, 0, false],
    ['not_picked', 'in_transit', 0, 0, false],
    ['in_transit', 'pending', 0, 0, false],
    ['pending', 'dispatched', 0, 0, false],
    ['dispatched', 'delivered', 0, 0, true],
    ['dispatched', 'delivery_failed', 0, 0, false],
    ['delivery_failed', 'dispatched', 0, 0, false],
    // never sent: back in stock and the shopper is refunded instead
    ['manifested', 'cancelled_by_seller', 2, 2, false],
    ['not_picked', 'cancelled_by_seller', 2, 2, false],
    // back at the seller: sellable again, refund instead
    ['in_transit', 'return_to_origin', 2, 2, false],
    ['delivery_failed', 'return_to_origin', 2, 2, false],
    // gone: nothing to restock, refund instead
    ['in_transit', 'lost_in_transit', 0, 2, false],
    ['dispatched', 'lost_in_transit', 0, 2, false],
  ] as const)('%s → %s', (from, to, restock, refund, delivered) => {
    expect(trackReplacement(2, from, to)).toEqual({
      ok: true,
      restockQuantity: restock,
      refundQuantity: refund,
      isDelivered: delivered,
    });
  });

  it.each([
    ['manifested', 'delivered'],
    ['manifested', 'in_transit'],
    ['in_transit', 'cancelled_by_seller'],
    ['pending', 'delivery_failed'],
    ['not_picked', 'lost_in_transit'],
  ] as const)('refuses %s → %s with the next allowed steps', (from, to) => {
    expect(trackReplacement(1, from, to)).toEqual({
      ok: false,
      message: TRANSITION_MESSAGES.trackingStep(from, to, TRACKING_NEXT[from]),
    });
  });

  it.each(['delivered', 'cancelled_by_seller', 'return_to_origin', 'lost_in_transit'] as const)(
    'a replacement %s moves no more',
    (from) => {
      for (const to of TRACKING_STATUSES.filter((s) => s !== from))
        expect(trackReplacement(1, from, to)).toEqual({
          ok: false,
          message: TRANSITION_MESSAGES.trackingFinished,
        });
    },
  );

  it('allows exactly the parcel steps from every status', () => {
    for (const from of TRACKING_STATUSES)
      for (const to of TRACKING_STATUSES)
        if (from !== to)
          expect(trackReplacement(1, from, to).ok, `${from} → ${to}`).toBe(TRACKING_NEXT[from].includes(to));
  });
});

describe('the replacement line shoppers read', () => {
  it.each([
    [null, REPLACEMENT_SHIPMENT_TEXTS.preparing, 'wait'],
    ['manifested', REPLACEMENT_SHIPMENT_TEXTS.preparing, 'wait'],
    ['in_transit', REPLACEMENT_SHIPMENT_TEXTS.shipped, 'ok'],
    ['dispatched', REPLACEMENT_SHIPMENT_TEXTS.shipped, 'ok'],
    ['delivered', REPLACEMENT_SHIPMENT_TEXTS.delivered, 'ok'],
    ['delivery_failed', REPLACEMENT_SHIPMENT_TEXTS.delivery_failed, 'wait'],
    ['lost_in_transit', REPLACEMENT_SHIPMENT_TEXTS.lost_in_transit, 'bad'],
    ['return_to_origin', REPLACEMENT_SHIPMENT_TEXTS.return_to_origin, 'bad'],
    ['cancelled_by_seller', REPLACEMENT_SHIPMENT_TEXTS.cancelled_by_seller, 'bad'],
  ] as const)('%s: %s', (status: TrackingStatus | null, title, tone) => {
    expect(replacementLine(status)).toMatchObject({ title, tone });
  });
  it('names the step of a replacement on its way and the refund of a lost one', () => {
    expect(replacementLine('dispatched').detail).toBe(SHOPPER_TRACKING.dispatched.detail);
    expect(replacementLine('lost_in_transit').detail).toBe(REPLACEMENT_SHIPMENT_TEXTS.refunded);
  });
});
