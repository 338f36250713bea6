import { describe, expect, it } from 'vitest';
import { isCodAllowed } from '../orders/cod.ts';
import { type DeliveryType, type Zone, ZONES } from './constants.ts';
import { deliveryOptions, type RateCardEntry } from './options.ts';
import {
  allowsDeliveryType,
  HANDLING_CLASSES,
  type HandlingClass,
  isCodFreeState,
  isHandlingClass,
  normaliseSellerZones,
  servesZone,
} from './serviceability.ts';

// every type available in every zone (same-day still local only), so only the rules remove options
const rateCard: RateCardEntry[] = ZONES.flatMap((zone) =>
  (['standard', 'express', 'twodays', 'oneday', 'sameday'] as const).map((deliveryType, i) => ({
    deliveryType,
    zone,
    isAvailable: true,
    chargePaise: 1000 * (i + 1),
    arrivingDays: 5 - i,
    hasCod: true,
  })),
);

const types = (zone: Zone, sellerZones: readonly string[], handling: string) =>
  deliveryOptions({
    zone,
    rateCard,
    parcelType: 'unit',
    weightGrams: 500,
    quantity: 1,
    sellerZones,
    handling,
  }).map((option) => option.deliveryType);

const EVERY_TYPE: DeliveryType[] = ['standard', 'express', 'twodays', 'oneday'];
const BY_ROAD: DeliveryType[] = ['standard', 'twodays', 'oneday'];
const LOCAL_ONLY = ['local'];
const LOCAL_AND_REGIONAL = ['local', 'regional'];

describe('which options a (seller zones, product class, destination zone) gets', () => {
  it.each<{ zone: Zone; sellerZones: readonly string[]; handling: HandlingClass; expected: DeliveryType[] }>([
    // a standard product from a seller shipping everywhere: the whole card
    { zone: 'local', sellerZones: ZONES, handling: 'standard', expected: [...EVERY_TYPE, 'sameday'] },
    { zone: 'national', sellerZones: ZONES, handling: 'standard', expected: EVERY_TYPE },
    { zone: 'remote', sellerZones: ZONES, handling: 'standard', expected: EVERY_TYPE },
    // a seller who ships locally or regionally only reaches nothing farther
    { zone: 'local', sellerZones: LOCAL_ONLY, handling: 'standard', expected: [...EVERY_TYPE, 'sameday'] },
    { zone: 'regional', sellerZones: LOCAL_ONLY, handling: 'standard', expected: [] },
    { zone: 'regional', sellerZones: LOCAL_AND_REGIONAL, handling: 'standard', expected: EVERY_TYPE },
    { zone: 'national', sellerZones: LOCAL_AND_REGIONAL, handling: 'standard', expected: [] },
    { zone: 'remote', sellerZones: LOCAL_AND_REGIONAL, handling: 'standard', expected: [] },
    // express is air-only: bulky and hazardous goods never get it, fragile ones may fly
    { zone: 'local', sellerZones: ZONES, handling: 'bulky', expected: [...BY_ROAD, 'sameday'] },
    { zone: 'national', sellerZones: ZONES, handling: 'bulky', expected: BY_ROAD },
    { zone: 'regional', sellerZones: ZONES, handling: 'hazardous', expected: BY_ROAD },
    { zone: 'national', sellerZones: ZONES, handling: 'fragile', expected: EVERY_TYPE },
    // remote zones take no bulky, fragile or hazardous goods, whatever the seller ships to
    { zone: 'remote', sellerZones: ZONES, handling: 'bulky', expected: [] },
    { zone: 'remote', sellerZones: ZONES, handling: 'fragile', expected: [] },
    { zone: 'remote', sellerZones: ZONES, handling: 'hazardous', expected: [] },
    // both rules at once: a local-only seller of a bulky product
    { zone: 'local', sellerZones: LOCAL_ONLY, handling: 'bulky', expected: [...BY_ROAD, 'sameday'] },
    { zone: 'national', sellerZones: LOCAL_ONLY, handling: 'bulky', expected: [] },
  ])(
    '$handling to $zone from a seller shipping to $sellerZones: $expected',
    ({ zone, sellerZones, handling, expected }) => {
      expect(types(zone, sellerZones, handling)).toEqual(expected);
    },
  );

  it('gives nothing for an unknown handling class or a seller who ships nowhere', () => {
    expect(types('local', ZONES, 'radioactive')).toEqual([]);
    expect(types('local', ZONES, '')).toEqual([]);
    expect(types('local', [], 'standard')).toEqual([]);
  });
});

describe('servesZone and allowsDeliveryType', () => {
  it.each<[Zone, readonly string[], string, boolean]>([
    ['remote', ZONES, 'standard', true],
    ['remote', ZONES, 'fragile', false],
    ['national', ['local', 'regional'], 'standard', false],
    ['national', ['national'], 'hazardous', true],
    ['local', ZONES, 'Bulky', false], // classes are exact words
  ])('%s, seller zones %j, %s: %s', (zone, sellerZones, handling, expected) => {
    expect(servesZone({ zone, sellerZones, handling })).toBe(expected);
  });

  it.each<[HandlingClass, DeliveryType, boolean]>([
    ['standard', 'express', true],
    ['fragile', 'express', true],
    ['bulky', 'express', false],
    ['hazardous', 'express', false],
    ['bulky', 'standard', true],
    ['hazardous', 'oneday', true],
  ])('%s by %s: %s', (handling, deliveryType, expected) => {
    expect(allowsDeliveryType(handling, deliveryType)).toBe(expected);
  });

  it('knows exactly the four handling classes', () => {
    expect(HANDLING_CLASSES.every(isHandlingClass)).toBe(true);
    expect(isHandlingClass('heavy')).toBe(false);
    expect(isHandlingClass(null)).toBe(false);
  });
});

describe('normaliseSellerZones', () => {
  it.each<[string[], Zone[]]>([
    [[], ['local']],
    [['regional'], ['local', 'regional']],
    [
      ['remote', 'national', 'local', 'national'],
      ['local', 'national', 'remote'],
    ],
    [
      ['regional', 'mars'],
      ['local', 'regional'],
    ],
  ])('%j becomes %j', (asked, expected) => {
    expect(normaliseSellerZones(asked)).toEqual(expected);
  });
});

describe('COD-free places', () => {
  it.each<[string, boolean]>([
    ['Andaman & Nicobar Islands', true],
    ['Andaman and Nicobar Islands', true],
    ['Lakshadweep', true],
    ['Ladakh', false],
    ['Sikkim', false],
    ['Tamil Nadu', false],
  ])('%s is COD-free: %s', (state, expected) => {
    expect(isCodFreeState(state)).toBe(expected);
  });

  it('takes no COD at a COD-free pincode, whatever the total and the options', () => {
    const chosenOptions = [{ hasCod: true }];
    expect(isCodAllowed({ totalPaise: 10_000, chosenOptions, pincodeHasCod: false })).toBe(false);
    expect(isCodAllowed({ totalPaise: 10_000, chosenOptions, pincodeHasCod: true })).toBe(true);
  });
});
