import { describe, expect, it } from 'vitest';
import {
  SHOPPER_MONEY_AFTER_STOP,
  SHOPPER_STAGE_NAMES,
  SHOPPER_TRACKING,
  shopperTracking,
  shopperTrackingDetail,
  shopperTrackingWord,
} from './shopper-tracking.ts';
import { SCAN_NOTES } from './courier-scans.ts';
import { TRACKING_NEXT, TRACKING_STATUSES, TRACKING_STEPS, type TrackingStatus } from './tracking.ts';

const ORDERED = '2026-11-10T04:00:00.000Z';
/** A parcel's updates through `path`, one day apart from the 11th. */
const through = (path: TrackingStatus[]) =>
  path.map((status, i) => ({ status, at: `2026-11-${String(11 + i).padStart(2, '0')}T06:00:00.000Z` }));

describe('courier statuses in the shopper’s words (requirements#tracking)', () => {
  // every status the courier can report, and the word and stage a shopper reads for it
  it.each([
    ['manifested', 'Ordered', 'ordered'],
    ['not_picked', 'Ordered', 'ordered'],
    ['in_transit', 'Shipped', 'shipped'],
    ['pending', 'Shipped', 'shipped'],
    ['dispatched', 'Out for delivery', 'out_for_delivery'],
    ['delivered', 'Delivered', 'delivered'],
    ['delivery_failed', 'Delivery attempted', 'out_for_delivery'],
    ['return_to_origin', 'Returning to seller', 'shipped'],
    ['cancelled_by_seller', 'Cancelled by seller', 'ordered'],
    ['lost_in_transit', 'Lost in transit', 'shipped'],
  ] as const)('%s reads “%s”', (status, word, stage) => {
    expect(shopperTrackingWord(status)).toBe(word);
    expect(SHOPPER_TRACKING[status].stage).toBe(stage);
  });

  it('covers every courier status, and never shows a courier’s word to a shopper', () => {
    expect(Object.keys(SHOPPER_TRACKING).sort()).toEqual([...TRACKING_STATUSES].sort());
    for (const status of TRACKING_STATUSES)
      expect(shopperTrackingWord(status)).not.toMatch(/Manifested|Not Picked|In Transit|Pending|Dispatched/);
  });

  it.each([
    ['manifested', [], ['current', 'upcoming', 'upcoming', 'upcoming'], 1],
    ['not_picked', ['not_picked'], ['current', 'upcoming', 'upcoming', 'upcoming'], 1],
    ['in_transit', ['not_picked', 'in_transit'], ['done', 'current', 'upcoming', 'upcoming'], 2],
    ['pending', ['not_picked', 'in_transit', 'pending'], ['done', 'current', 'upcoming', 'upcoming'], 2],
    [
      'dispatched',
      ['not_picked', 'in_transit', 'pending', 'dispatched'],
      ['done', 'done', 'current', 'upcoming'],
      3,
    ],
    [
      'delivered',
      ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered'],
      ['done', 'done', 'done', 'current'],
      4,
    ],
  ] as const)('%s: the four stages in order, marked', (status, path, states, currentIndex) => {
    const view = shopperTracking({
      status,
      orderedAt: ORDERED,
      paidBeforeDelivery: true,
      events: through([...path]),
    });
    expect(view.steps.map((s) => s.name)).toEqual(Object.values(SHOPPER_STAGE_NAMES));
    expect(view.steps.map((s) => s.state)).toEqual(states);
    expect(view.currentIndex).toBe(currentIndex);
    // a stage not reached has no day; Ordered has the order's
    expect(view.steps[0]?.at).toBe(ORDERED);
    for (const step of view.steps) if (step.state === 'upcoming') expect(step.at).toBeNull();
  });

  it('dates each stage by its first update: Shipped by the pickup, not the hub', () => {
    const view = shopperTracking({
      status: 'dispatched',
      orderedAt: ORDERED,
      paidBeforeDelivery: true,
      events: through(['not_picked', 'in_transit', 'pending', 'dispatched']),
    });
    expect(view.steps.map((s) => s.at)).toEqual([
      ORDERED,
      '2026-11-12T06:00:00.000Z',
      '2026-11-14T06:00:00.000Z',
      null,
    ]);
    expect(view.events.map((e) => e.word)).toEqual(['Ordered', 'Shipped', 'Shipped', 'Out for delivery']);
  });

  it('shows a failed attempt beside the stages, Delivered still to come, and the next attempt as out for delivery again', () => {
    const failed = shopperTracking({
      status: 'delivery_failed',
      orderedAt: ORDERED,
      paidBeforeDelivery: true,
      events: through(['not_picked', 'in_transit', 'pending', 'dispatched', 'delivery_failed']),
    });
    expect(failed.word).toBe('Delivery attempted');
    expect(failed.steps.map((s) => [s.name, s.state])).toEqual([
      ['Ordered', 'done'],
      ['Shipped', 'done'],
      ['Out for delivery', 'done'],
      ['Delivery attempted', 'problem'],
      ['Delivered', 'upcoming'],
    ]);
    expect(failed.steps[3]?.at).toBe('2026-11-15T06:00:00.000Z');
    const again = shopperTracking({
      status: 'dispatched',
      orderedAt: ORDERED,
      paidBeforeDelivery: true,
      events: through(['not_picked', 'in_transit', 'pending', 'dispatched', 'delivery_failed', 'dispatched']),
    });
    expect(again.word).toBe('Out for delivery');
    expect(again.steps.map((s) => s.state)).toEqual(['done', 'done', 'current', 'upcoming']);
  });

  it.each([
    ['cancelled_by_seller', ['not_picked', 'cancelled_by_seller'], ['Ordered', 'Cancelled by seller']],
    [
      'lost_in_transit',
      ['not_picked', 'in_transit', 'lost_in_transit'],
      ['Ordered', 'Shipped', 'Lost in transit'],
    ],
    [
      'return_to_origin',
      ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivery_failed', 'return_to_origin'],
      ['Ordered', 'Shipped', 'Out for delivery', 'Returning to seller'],
    ],
  ] as const)('%s stops the parcel: the stages reached, then the outcome', (status, path, names) => {
    const view = shopperTracking({
      status,
      orderedAt: ORDERED,
      paidBeforeDelivery: true,
      events: through([...path]),
    });
    expect(view.steps.map((s) => s.name)).toEqual(names);
    expect(view.steps.at(-1)?.state).toBe('problem');
    expect(view.currentIndex).toBe(names.length);
  });

  it('gives every reachable status a view whose current step is its word', () => {
    // walk every path the courier may take (TRACKING_NEXT) from the first step
    const seen = new Set<TrackingStatus>();
    const walk = (path: TrackingStatus[]) => {
      const status = path.at(-1) ?? 'manifested';
      const view = shopperTracking({
        status,
        orderedAt: ORDERED,
        paidBeforeDelivery: true,
        events: through(path.slice(1)),
      });
      const current = view.steps[view.currentIndex - 1];
      expect(current?.name, path.join(' > ')).toBe(view.word === 'Ordered' ? 'Ordered' : view.word);
      seen.add(status);
      for (const next of TRACKING_NEXT[status])
        if (path.filter((s) => s === next).length < 2) walk([...path, next]);
    };
    walk([TRACKING_STEPS[0]]);
    expect([...seen].sort()).toEqual([...TRACKING_STATUSES].sort());
  });
});

describe('a courier’s scans read once in the shopper’s updates', () => {
  it('says “Delivered to you.” once, not again as the courier’s “Delivered.”', () => {
    const view = shopperTracking({
      status: 'delivered',
      orderedAt: ORDERED,
      paidBeforeDelivery: true,
      events: [
        { status: 'not_picked', at: '2026-11-10T05:00:00.000Z', note: SCAN_NOTES.pickup_scheduled },
        { status: 'in_transit', at: '2026-11-10T09:00:00.000Z', note: SCAN_NOTES.picked_up },
        { status: 'in_transit', at: '2026-11-11T09:00:00.000Z', note: SCAN_NOTES.in_transit },
        { status: 'pending', at: '2026-11-12T09:00:00.000Z', note: SCAN_NOTES.reached_destination_hub },
        { status: 'dispatched', at: '2026-11-13T04:00:00.000Z', note: SCAN_NOTES.out_for_delivery },
        { status: 'delivered', at: '2026-11-13T09:00:00.000Z', note: SCAN_NOTES.delivered },
      ],
    });
    const delivered = view.events.at(-1);
    expect(delivered).toMatchObject({ word: 'Delivered', detail: 'Delivered to you.', note: null });
    // no update says the same thing twice
    for (const event of view.events) expect(event.note).not.toBe(event.detail);
    expect(view.events.filter((e) => e.note !== null).map((e) => e.note)).toEqual([
      // a further hub on the way is news the status’s sentence does not carry
      SCAN_NOTES.in_transit,
    ]);
  });

  it('keeps what a seller typed', () => {
    const view = shopperTracking({
      status: 'delivered',
      orderedAt: ORDERED,
      paidBeforeDelivery: true,
      events: [{ status: 'delivered', at: '2026-11-13T09:00:00.000Z', note: 'Left with the neighbour.' }],
    });
    expect(view.events[0]?.note).toBe('Left with the neighbour.');
  });
});

describe('what a stopped parcel means for the shopper’s money', () => {
  const { refunded, nothingPaid } = SHOPPER_MONEY_AFTER_STOP;
  it.each([
    ['return_to_origin', true, refunded],
    ['return_to_origin', false, nothingPaid],
    ['lost_in_transit', true, refunded],
    ['lost_in_transit', false, nothingPaid],
    ['cancelled_by_seller', true, refunded],
    ['cancelled_by_seller', false, nothingPaid],
  ] as const)('%s, paid before delivery %s: “%s”', (status, paid, money) => {
    expect(shopperTrackingDetail(status, paid)).toBe(`${SHOPPER_TRACKING[status].detail} ${money}`);
    const view = shopperTracking({
      status,
      orderedAt: ORDERED,
      paidBeforeDelivery: paid,
      events: through(['manifested', status]),
    });
    expect(view.detail).toBe(`${SHOPPER_TRACKING[status].detail} ${money}`);
    expect(view.events.at(-1)?.detail).toBe(view.detail);
  });

  it('says nothing of money while the parcel is on its way, or once it is delivered', () => {
    for (const status of TRACKING_STATUSES.filter(
      (s) => !['return_to_origin', 'lost_in_transit', 'cancelled_by_seller'].includes(s),
    )) {
      expect(shopperTrackingDetail(status, true)).toBe(SHOPPER_TRACKING[status].detail);
      expect(shopperTrackingDetail(status, false)).not.toMatch(/refund|pay/i);
    }
  });
});
