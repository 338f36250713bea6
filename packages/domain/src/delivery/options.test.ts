import { describe, expect, it } from 'vitest';
import { type DeliveryType, type Zone, ZONES } from './constants.ts';
import {
  chooseDeliveryOption,
  deliveryOptions,
  type DeliveryOption,
  type RateCard,
  type RateCardEntry,
} from './options.ts';

const rate = (
  deliveryType: DeliveryType,
  zone: Zone,
  chargePaise: number,
  arrivingDays: number,
  extra: Partial<RateCardEntry> = {},
): RateCardEntry => ({
  deliveryType,
  zone,
  isAvailable: true,
  chargePaise,
  arrivingDays,
  hasCod: true,
  ...extra,
});

// Shuffled on purpose: the options come out in DELIVERY_TYPES order whatever the card's order.
const rateCard: RateCard = [
  rate('sameday', 'local', 9900, 0, { hasCod: false }),
  rate('standard', 'local', 2000, 2),
  rate('oneday', 'local', 6000, 1),
  rate('express', 'local', 4000, 1),
  rate('twodays', 'local', 5000, 2, { isAvailable: false }),
  rate('standard', 'regional', 3000, 4),
  rate('express', 'regional', 6000, 2),
  rate('sameday', 'regional', 9900, 0), // a card that says otherwise: still never same-day outside local
  rate('standard', 'national', 5000, 6),
  rate('twodays', 'national', 9000, 2, { hasCod: false }),
  rate('standard', 'remote', 8000, 9, { isAvailable: false }),
  rate('express', 'remote', 12000, 5),
];

/** A standard product from a seller who ships to every zone. */
const anywhere = { sellerZones: ZONES, handling: 'standard' };

const summary = (options: DeliveryOption[]) =>
  options.map((option) => [option.deliveryType, option.chargePaise]);

describe('deliveryOptions', () => {
  it.each<{
    zone: Zone;
    parcelType: string;
    quantity: number;
    weightGrams: number;
    expected: [DeliveryType, number][];
  }>([
    {
      zone: 'local',
      parcelType: 'unit',
      quantity: 2,
      weightGrams: 300,
      expected: [
        ['standard', 4000],
        ['express', 8000],
        ['oneday', 12000],
        ['sameday', 19800],
      ],
    },
    {
      zone: 'regional',
      parcelType: 'unit',
      quantity: 1,
      weightGrams: 300,
      expected: [
        ['standard', 3000],
        ['express', 6000],
      ],
    },
    {
      zone: 'regional',
      parcelType: 'order',
      quantity: 3,
      weightGrams: 300,
      expected: [
        ['standard', 3000],
        ['express', 6000],
      ],
    },
    {
      zone: 'national',
      parcelType: 'gram',
      quantity: 1,
      weightGrams: 200,
      expected: [
        ['standard', 5000],
        ['twodays', 9000],
      ],
    },
    {
      zone: 'national',
      parcelType: 'grams',
      quantity: 3,
      weightGrams: 400,
      expected: [
        ['standard', 12000],
        ['twodays', 21600],
      ],
    },
    { zone: 'remote', parcelType: 'unit', quantity: 1, weightGrams: 300, expected: [['express', 12000]] },
    { zone: 'local', parcelType: 'kg', quantity: 1, weightGrams: 300, expected: [] }, // unknown parcel type
    { zone: 'regional', parcelType: '', quantity: 1, weightGrams: 300, expected: [] },
  ])(
    '$zone, $parcelType x $quantity -> $expected',
    ({ zone, parcelType, quantity, weightGrams, expected }) => {
      expect(
        summary(deliveryOptions({ zone, rateCard, parcelType, quantity, weightGrams, ...anywhere })),
      ).toEqual(expected);
    },
  );

  it('carries the label, zone, normalised parcel type, arriving days and COD flag', () => {
    const options = deliveryOptions({
      zone: 'local',
      rateCard,
      parcelType: 'Grams',
      quantity: 1,
      weightGrams: 1000,
      ...anywhere,
    });
    expect(options[0]).toEqual({
      deliveryType: 'standard',
      label: 'Standard Delivery',
      zone: 'local',
      parcelType: 'gram',
      chargePaise: 4000,
      arrivingDays: 2,
      hasCod: true,
    });
    expect(options.at(-1)).toMatchObject({
      deliveryType: 'sameday',
      label: 'Same-Day Delivery',
      arrivingDays: 0,
      hasCod: false,
    });
  });

  it.each(['regional', 'national', 'remote'] as const)('never offers same-day in the %s zone', (zone) => {
    const everythingEverywhere = (['standard', 'express', 'twodays', 'oneday', 'sameday'] as const).map(
      (type) => rate(type, zone, 1000, 1),
    );
    const types = deliveryOptions({
      zone,
      rateCard: everythingEverywhere,
      parcelType: 'unit',
      quantity: 1,
      weightGrams: 0,
      ...anywhere,
    }).map((option) => option.deliveryType);
    expect(types).toEqual(['standard', 'express', 'twodays', 'oneday']);
  });

  it('offers nothing with an empty rate card', () => {
    expect(
      deliveryOptions({
        zone: 'local',
        rateCard: [],
        parcelType: 'unit',
        quantity: 1,
        weightGrams: 0,
        ...anywhere,
      }),
    ).toEqual([]);
  });
});

describe('chooseDeliveryOption', () => {
  const offered = (...types: string[]) => types.map((deliveryType) => ({ deliveryType }));

  it.each<{ options: string[]; saved?: DeliveryType | null; chosen: string | null }>([
    // the default priority: standard, express, twodays, oneday, sameday
    { options: ['express', 'standard'], chosen: 'standard' },
    { options: ['sameday', 'oneday', 'express'], chosen: 'express' },
    { options: ['sameday', 'oneday', 'twodays'], chosen: 'twodays' },
    { options: ['sameday', 'oneday'], chosen: 'oneday' },
    { options: ['sameday'], chosen: 'sameday' },
    { options: ['express', 'standard'], saved: null, chosen: 'standard' },
    // a saved choice that is still offered comes first
    { options: ['standard', 'express'], saved: 'express', chosen: 'express' },
    { options: ['standard', 'express', 'sameday'], saved: 'sameday', chosen: 'sameday' },
    // a saved choice no longer offered falls back to the priority
    { options: ['oneday', 'express'], saved: 'standard', chosen: 'express' },
    { options: ['standard', 'express'], saved: 'sameday', chosen: 'standard' },
    // none of the known types: the first option
    { options: ['pickup', 'courier'], chosen: 'pickup' },
    { options: ['pickup', 'courier'], saved: 'express', chosen: 'pickup' },
    // none at all
    { options: [], chosen: null },
    { options: [], saved: 'standard', chosen: null },
  ])('$options with saved $saved -> $chosen', ({ options, saved, chosen }) => {
    expect(chooseDeliveryOption(offered(...options), saved)?.deliveryType ?? null).toBe(chosen);
  });

  it('returns the option itself', () => {
    const options = deliveryOptions({
      zone: 'local',
      rateCard,
      parcelType: 'unit',
      quantity: 1,
      weightGrams: 0,
      ...anywhere,
    });
    expect(chooseDeliveryOption(options, 'oneday')).toBe(options[2]);
  });
});
