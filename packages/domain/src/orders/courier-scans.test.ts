import { describe, expect, it } from 'vitest';
import { COURIER_SCANS, type CourierScan, decideScan, SCAN_NOTES, trackingPath } from './courier-scans.ts';
import {
  courierZone,
  MAX_DELIVERY_ATTEMPTS,
  planSandboxJourney,
  sandboxQuote,
  seededRandom,
} from './sandbox-courier.ts';
import { shopperTracking } from './shopper-tracking.ts';
import type { TrackingStatus } from './tracking.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 11, 6, 0, minutes));

describe('a courier scan against the shipment’s status', () => {
  it.each<[TrackingStatus, CourierScan, ReturnType<typeof decideScan>]>([
    ['manifested', 'pickup_scheduled', { kind: 'move', path: ['not_picked'] }],
    ['manifested', 'picked_up', { kind: 'move', path: ['not_picked', 'in_transit'] }],
    ['not_picked', 'picked_up', { kind: 'move', path: ['in_transit'] }],
    ['in_transit', 'in_transit', { kind: 'same' }],
    ['in_transit', 'reached_destination_hub', { kind: 'move', path: ['pending'] }],
    ['in_transit', 'delivered', { kind: 'move', path: ['pending', 'dispatched', 'delivered'] }],
    ['pending', 'out_for_delivery', { kind: 'move', path: ['dispatched'] }],
    ['dispatched', 'delivered', { kind: 'move', path: ['delivered'] }],
    ['dispatched', 'delivery_attempted', { kind: 'move', path: ['delivery_failed'] }],
    ['delivery_failed', 'out_for_delivery', { kind: 'move', path: ['dispatched'] }],
    ['delivery_failed', 'delivered', { kind: 'move', path: ['dispatched', 'delivered'] }],
    ['delivery_failed', 'rto_initiated', { kind: 'move', path: ['return_to_origin'] }],
    ['pending', 'delivery_attempted', { kind: 'move', path: ['dispatched', 'delivery_failed'] }],
    ['manifested', 'rto_initiated', { kind: 'move', path: ['not_picked', 'in_transit', 'return_to_origin'] }],
    ['in_transit', 'lost', { kind: 'move', path: ['lost_in_transit'] }],
    // never backwards
    ['in_transit', 'pickup_scheduled', { kind: 'backward' }],
    ['dispatched', 'reached_destination_hub', { kind: 'backward' }],
    ['delivered', 'out_for_delivery', { kind: 'backward' }],
    ['delivered', 'delivery_attempted', { kind: 'backward' }],
    ['delivered', 'rto_initiated', { kind: 'backward' }],
    ['return_to_origin', 'delivered', { kind: 'backward' }],
    ['cancelled_by_seller', 'picked_up', { kind: 'backward' }],
    ['lost_in_transit', 'delivered', { kind: 'backward' }],
    ['delivered', 'delivered', { kind: 'same' }],
  ])('at %s, a %s scan: %o', (current, scan, expected) => {
    expect(decideScan({ current, scan, occurredAt: at(10), lastAppliedAt: at(5) })).toEqual(expected);
  });

  it('ignores a scan older than the last one applied, even one that would move forward', () => {
    expect(
      decideScan({
        current: 'dispatched',
        scan: 'delivery_attempted',
        occurredAt: at(4),
        lastAppliedAt: at(5),
      }),
    ).toEqual({ kind: 'stale' });
    expect(
      decideScan({ current: 'dispatched', scan: 'delivered', occurredAt: at(5), lastAppliedAt: at(5) }),
    ).toEqual({ kind: 'move', path: ['delivered'] });
  });

  it('never walks through a failed attempt or a seller’s cancellation on the way', () => {
    for (const from of ['manifested', 'in_transit', 'dispatched'] as const)
      for (const to of ['delivered', 'return_to_origin'] as const) {
        const path = trackingPath(from, to) ?? [];
        expect(path).not.toContain('delivery_failed');
        expect(path).not.toContain('cancelled_by_seller');
      }
  });

  it('gives the shopper words, never a courier code', () => {
    for (const code of COURIER_SCANS) {
      expect(SCAN_NOTES[code]).not.toContain('_');
      expect(SCAN_NOTES[code]).toMatch(/^[A-Z].*\.$/);
    }
  });
});

describe('the sandbox courier', () => {
  it.each([
    ['560001', '560034', 'local'],
    ['560001', '575001', 'regional'],
    ['560001', '110001', 'national'],
  ] as const)('puts %s → %s in the %s zone', (from, to, zone) => {
    expect(courierZone(from, to)).toBe(zone);
  });

  it.each([
    // zone, grams, mode, cod → charge
    ['560001', '560034', 400, 'prepaid', 0, 3_500],
    ['560001', '560034', 501, 'prepaid', 0, 7_000],
    ['560001', '110001', 1_200, 'prepaid', 0, 21_000],
    ['560001', '575001', 500, 'cod', 100_000, 5_000 + 3_500],
    ['560001', '575001', 500, 'cod', 1_000_000, 5_000 + 20_000],
  ] as const)('quotes %s → %s, %i g, %s %i paise at %i paise', (from, to, grams, mode, cod, charge) => {
    const quote = sandboxQuote({
      pickupPincode: from,
      deliveryPincode: to,
      weightGrams: grams,
      paymentMode: mode,
      codPaise: cod,
    });
    expect(quote).toMatchObject({ serviceable: true, chargePaise: charge });
  });

  it.each([
    [{ deliveryPincode: '012345' }, 'The delivery pincode is not valid.'],
    [{ weightGrams: 30_001 }, 'The courier carries parcels of at most 30 kg.'],
    [{ paymentMode: 'cod' as const, codPaise: 5_000_001 }, 'The courier collects at most ₹50,000 in cash.'],
  ])('refuses %o', (change, reason) => {
    const quote = sandboxQuote({
      pickupPincode: '560001',
      deliveryPincode: '110001',
      weightGrams: 500,
      paymentMode: 'prepaid',
      codPaise: 0,
      ...change,
    });
    expect(quote).toEqual({ serviceable: false, reason });
  });

  const journey = (seed: string, failedAttemptRate = 0, rtoRate = 0) =>
    planSandboxJourney({
      pickupPincode: '560001',
      deliveryPincode: '110001',
      seed,
      rates: { failedAttemptRate, rtoRate },
    });

  it('plans a national parcel through its hubs, later scans always later', () => {
    const scans = journey('AWB1');
    expect(scans.map((s) => s.code)).toEqual([
      'pickup_scheduled',
      'picked_up',
      'in_transit',
      'in_transit',
      'reached_destination_hub',
      'out_for_delivery',
      'delivered',
    ]);
    expect(scans.map((s) => s.location)).toEqual([
      'Hyderabad hub',
      'Hyderabad hub',
      'Hyderabad hub',
      'Nagpur hub',
      'Delhi hub',
      'Delhi hub',
      'Delhi hub',
    ]);
    for (let i = 1; i < scans.length; i++)
      expect(scans[i]?.afterMinutes).toBeGreaterThan(scans[i - 1]?.afterMinutes ?? Infinity);
  });

  it('plans the same journey for the same seed, and sends back every parcel at an RTO rate of 1', () => {
    expect(journey('AWB7', 0.5)).toEqual(journey('AWB7', 0.5));
    const rto = journey('AWB2', 0, 1).map((s) => s.code);
    expect(rto.filter((c) => c === 'delivery_attempted')).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    expect(rto.slice(-2)).toEqual(['rto_initiated', 'rto_delivered']);
    expect(rto).not.toContain('delivered');
  });

  it('fails attempts near the configured rate, and its journeys read as the shopper’s steps', () => {
    let failed = 0;
    for (let i = 0; i < 1000; i++)
      failed += journey(`AWB${i}`, 0.2).filter((s) => s.code === 'delivery_attempted').length > 0 ? 1 : 0;
    expect(failed).toBeGreaterThan(150);
    expect(failed).toBeLessThan(250);
    expect(seededRandom('x')()).toBe(seededRandom('x')());
  });

  it('a delivered journey reads Ordered, Shipped, Out for delivery, Delivered on the tracking page', async () => {
    const { SCAN_TRACKING_STATUS } = await import('./courier-scans.ts');
    const events = journey('AWB1').map((s) => ({
      status: SCAN_TRACKING_STATUS[s.code],
      at: at(s.afterMinutes).toISOString(),
      location: s.location,
    }));
    const view = shopperTracking({
      status: 'delivered',
      orderedAt: at(0).toISOString(),
      paidBeforeDelivery: false,
      events,
    });
    expect(view.steps.map((s) => [s.name, s.state])).toEqual([
      ['Ordered', 'done'],
      ['Shipped', 'done'],
      ['Out for delivery', 'done'],
      ['Delivered', 'current'],
    ]);
  });
});
