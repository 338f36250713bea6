import { describe, expect, it } from 'vitest';
import { deliveryChargePaise } from './charge.ts';

describe('deliveryChargePaise', () => {
  it.each([
    // requirements#delivery-charge: unit = charge x quantity
    { parcelType: 'unit', chargePaise: 4000, quantity: 1, weightGrams: 300, expected: 4000 },
    { parcelType: 'unit', chargePaise: 4000, quantity: 3, weightGrams: 300, expected: 12000 },
    { parcelType: 'Unit', chargePaise: 2550, quantity: 2, weightGrams: 0, expected: 5100 },
    // requirements#delivery-charge: order = the charge once
    { parcelType: 'order', chargePaise: 4000, quantity: 1, weightGrams: 300, expected: 4000 },
    { parcelType: 'order', chargePaise: 4000, quantity: 5, weightGrams: 9000, expected: 4000 },
    // gram = charge x max(weight x quantity, 500) / 500; requirements#delivery-charge: the 500 g floor on every path
    { parcelType: 'gram', chargePaise: 4000, quantity: 1, weightGrams: 200, expected: 4000 },
    { parcelType: 'gram', chargePaise: 4000, quantity: 1, weightGrams: 0, expected: 4000 },
    { parcelType: 'gram', chargePaise: 4000, quantity: 2, weightGrams: 200, expected: 4000 }, // 400 g total
    { parcelType: 'gram', chargePaise: 4000, quantity: 1, weightGrams: 500, expected: 4000 },
    { parcelType: 'gram', chargePaise: 4000, quantity: 3, weightGrams: 200, expected: 4800 }, // 600 g total
    { parcelType: 'gram', chargePaise: 4000, quantity: 1, weightGrams: 1250, expected: 10000 },
    { parcelType: 'grams', chargePaise: 4000, quantity: 1, weightGrams: 750, expected: 6000 },
    // rounded to 2 decimals of a rupee, i.e. the nearest paisa
    { parcelType: 'gram', chargePaise: 3333, quantity: 1, weightGrams: 777, expected: 5179 }, // 5179.482
    { parcelType: 'gram', chargePaise: 1001, quantity: 1, weightGrams: 750, expected: 1502 }, // 1501.5
    { parcelType: 'gram', chargePaise: 4999, quantity: 1, weightGrams: 501, expected: 5009 }, // 5008.998
    { parcelType: 'gram', chargePaise: 1999, quantity: 3, weightGrams: 333.3, expected: 3998 }, // 999.9 g: 3997.6002
    { parcelType: 'gram', chargePaise: 0, quantity: 4, weightGrams: 2000, expected: 0 },
  ])(
    '$parcelType: $chargePaise paise, $quantity x $weightGrams g -> $expected',
    ({ parcelType, chargePaise, quantity, weightGrams, expected }) => {
      expect(deliveryChargePaise({ parcelType, chargePaise, quantity, weightGrams })).toBe(expected);
    },
  );

  it.each(['kg', 'box', 'weight', ''])(
    'an unknown parcel type %j has no charge: the item is unavailable',
    (parcelType) => {
      expect(
        deliveryChargePaise({ parcelType, chargePaise: 4000, quantity: 1, weightGrams: 500 }),
      ).toBeNull();
    },
  );

  it.each([
    { chargePaise: -1, quantity: 1, weightGrams: 500 },
    { chargePaise: 4000, quantity: -1, weightGrams: 500 },
    { chargePaise: 4000, quantity: 1.5, weightGrams: 500 },
    { chargePaise: 4000, quantity: 1, weightGrams: -10 },
    { chargePaise: Number.NaN, quantity: 1, weightGrams: 500 },
  ])('rejects $chargePaise paise, $quantity x $weightGrams g', (args) => {
    expect(() => deliveryChargePaise({ parcelType: 'gram', ...args })).toThrow(RangeError);
  });
});
