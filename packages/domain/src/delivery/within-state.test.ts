import { describe, expect, it } from 'vitest';
import { ZONES } from './constants.ts';
import { deliveryOptions, type RateCardEntry } from './options.ts';
import { servesZone, sellsWithinStateOnly, withinStateLimit } from './serviceability.ts';

// requirements#seller-within-state: an unregistered seller's offers never cross its state line
const rateCard: RateCardEntry[] = ZONES.flatMap((zone) =>
  (['standard', 'express'] as const).map((deliveryType) => ({
    deliveryType,
    zone,
    isAvailable: true,
    chargePaise: 4000,
    arrivingDays: 3,
    hasCod: true,
  })),
);
const UNREGISTERED = { gstin: null, enrolmentNo: '29AAPFU0939F1AB' };
const REGISTERED = { gstin: '29AAPFU0939F1ZV', enrolmentNo: null };

describe('sellsWithinStateOnly', () => {
  it.each([
    [UNREGISTERED, true],
    [REGISTERED, false],
    // a seeded seller with neither ships as it always did
    [{ gstin: null, enrolmentNo: null }, false],
    [{ gstin: '29AAPFU0939F1ZV', enrolmentNo: '29AAPFU0939F1AB' }, false],
  ])('%o → %s', (seller, expected) => {
    expect(sellsWithinStateOnly(seller)).toBe(expected);
  });
});

describe('servesZone and deliveryOptions with a state limit', () => {
  it.each([
    // seller,       seller state, buyer state,        zone,       serviceable
    [UNREGISTERED, 'Karnataka', 'Karnataka', 'local', true],
    [UNREGISTERED, 'Karnataka', 'Karnataka', 'regional', true],
    // Hosur (Tamil Nadu) is within 300 km of Bengaluru: regional, yet across the state line
    [UNREGISTERED, 'Karnataka', 'Tamil Nadu', 'regional', false],
    [UNREGISTERED, 'Karnataka', 'Delhi', 'national', false],
    [UNREGISTERED, 'Andaman & Nicobar Islands', 'Andaman and Nicobar Islands', 'local', true],
    [REGISTERED, 'Karnataka', 'Tamil Nadu', 'regional', true],
    [REGISTERED, 'Karnataka', 'Delhi', 'national', true],
  ] as const)('%o from %s to %s (%s) → %s', (seller, sellerState, buyerState, zone, expected) => {
    const withinState = withinStateLimit(seller, sellerState, buyerState);
    expect(servesZone({ zone, sellerZones: ZONES, handling: 'standard', withinState })).toBe(expected);
    const options = deliveryOptions({
      zone,
      rateCard,
      parcelType: 'unit',
      weightGrams: 500,
      quantity: 1,
      sellerZones: ZONES,
      handling: 'standard',
      withinState,
    });
    expect(options.length > 0).toBe(expected);
  });

  it('leaves every caller without a limit as before', () => {
    expect(servesZone({ zone: 'national', sellerZones: ZONES, handling: 'standard' })).toBe(true);
    expect(
      servesZone({ zone: 'national', sellerZones: ZONES, handling: 'standard', withinState: null }),
    ).toBe(true);
  });
});
