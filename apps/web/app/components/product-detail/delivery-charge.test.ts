import { deliveryOptions, type RateCardEntry, ZONES } from '@marketplace/domain';
import { describe, expect, it } from 'vitest';
import { chargeForQuantity } from './delivery-charge.ts';

// The page's figure must be the checkout's: both come from the domain's delivery rule.
const rateCard: RateCardEntry[] = [
  {
    deliveryType: 'standard',
    zone: 'local',
    chargePaise: 4000,
    arrivingDays: 3,
    isAvailable: true,
    hasCod: true,
  },
];

/** A standard product from a seller in the buyer's district who ships everywhere. */
const local = { zone: 'local' as const, rateCard, sellerZones: ZONES, handling: 'standard' };

describe('chargeForQuantity', () => {
  it.each([
    ['unit', 250, 1],
    ['unit', 250, 3],
    ['order', 250, 4],
    ['gram', 200, 1],
    ['gram', 200, 2],
    ['gram', 200, 3],
    ['gram', 1234, 5],
  ])('a %s parcel of %i g, %i of them, costs what the quote charges', (parcelType, weightGrams, quantity) => {
    const [quantityOne] = deliveryOptions({ ...local, parcelType, weightGrams, quantity: 1 });
    const [quoted] = deliveryOptions({ ...local, parcelType, weightGrams, quantity });
    if (!quantityOne || !quoted) throw new Error('an option expected');
    const option = { chargePaise: quantityOne.chargePaise, ratePaise: 4000 };
    expect(chargeForQuantity(option, { parcelType, weightGrams }, quantity)).toBe(quoted.chargePaise);
  });

  it("keeps the server's figure for a parcel type it cannot read", () => {
    const parcel = { parcelType: 'pallet', weightGrams: 100 };
    expect(chargeForQuantity({ chargePaise: 900, ratePaise: 4000 }, parcel, 3)).toBe(900);
  });
});
