import { describe, expect, it } from 'vitest';
import { DELIVERY_TYPES, ZONES, deliveryChargePaise, deliveryOptions } from '@marketplace/domain';
import { DEFAULT_RATE_CARD } from './rate-card.ts';

describe('the default rate card', () => {
  it('has one entry per delivery type and zone', () => {
    expect(DEFAULT_RATE_CARD).toHaveLength(DELIVERY_TYPES.length * ZONES.length);
    for (const type of DELIVERY_TYPES)
      for (const zone of ZONES)
        expect(DEFAULT_RATE_CARD.filter((e) => e.deliveryType === type && e.zone === zone)).toHaveLength(1);
  });

  it.each(ZONES)('in the %s zone, a faster option arrives sooner and never costs less', (zone) => {
    const offered = deliveryOptions({
      zone,
      rateCard: DEFAULT_RATE_CARD,
      parcelType: 'order',
      weightGrams: 500,
      quantity: 1,
      sellerZones: ZONES,
      handling: 'standard',
    });
    expect(offered.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < offered.length; i++) {
      const [slower, faster] = [offered[i - 1], offered[i]];
      expect(faster?.arrivingDays, `${faster?.deliveryType} vs ${slower?.deliveryType}`).toBeLessThan(
        slower?.arrivingDays ?? 0,
      );
      expect(faster?.chargePaise, `${faster?.deliveryType} vs ${slower?.deliveryType}`).toBeGreaterThan(
        slower?.chargePaise ?? 0,
      );
    }
  });

  it('costs farther more than nearer for the same type', () => {
    for (const type of DELIVERY_TYPES) {
      const available = ZONES.map((zone) =>
        DEFAULT_RATE_CARD.find((e) => e.deliveryType === type && e.zone === zone && e.isAvailable),
      ).filter((e) => e !== undefined);
      for (let i = 1; i < available.length; i++)
        expect(available[i]?.chargePaise).toBeGreaterThan(available[i - 1]?.chargePaise ?? 0);
    }
  });

  it('charges weighed parcels what a courier would: a 20 kg dumbbell set under ₹1,000 by standard delivery', () => {
    const standard = DEFAULT_RATE_CARD.filter((e) => e.deliveryType === 'standard');
    for (const entry of standard) {
      const charge = deliveryChargePaise({
        parcelType: 'gram',
        chargePaise: entry.chargePaise,
        quantity: 1,
        weightGrams: 20_000,
      });
      expect(charge, entry.zone).toBeLessThan(entry.zone === 'remote' ? 150_000 : 100_000);
    }
    // and a phone charger's order charge is still a real charge
    for (const entry of DEFAULT_RATE_CARD.filter((e) => e.isAvailable))
      expect(entry.chargePaise).toBeGreaterThanOrEqual(1_000);
  });
});
