import { describe, expect, it } from 'vitest';
import {
  consignmentValuePaise,
  ewayValidityDays,
  ewayValidUntil,
  isEwayBillDue,
  roadDistanceKm,
} from './eway-bill.ts';

// requirements#eway-bill: CGST rule 138(1), and 138(10) as amended by Notification 94/2020-CT
describe('whether a consignment needs an e-way bill', () => {
  it.each([
    [49_999_99, false],
    [50_000_00, false],
    [50_000_01, true],
    [1_00_000_00, true],
    [0, false],
  ])('%d paise: %s', (value, due) => {
    expect(isEwayBillDue(value)).toBe(due);
  });

  it('counts taxed lines with their tax and leaves nil-rated ones out', () => {
    const lines = [
      { valuePaise: 40_000_00, ratePercent: 18 },
      { valuePaise: 15_000_00, ratePercent: 0 },
      { valuePaise: 10_100_00, ratePercent: 5 },
    ];
    expect(consignmentValuePaise(lines)).toBe(50_100_00);
    expect(isEwayBillDue(consignmentValuePaise(lines))).toBe(true);
  });
});

describe('how long an e-way bill is valid', () => {
  it.each([
    [1, 1],
    [200, 1],
    [201, 2],
    [400, 2],
    [401, 3],
    [2150, 11],
    [4000, 20],
  ])('%d km: %d days', (km, days) => {
    expect(ewayValidityDays(km)).toBe(days);
  });

  it.each([0, -5, 4001, 1.5, Number.NaN])('refuses a distance of %d km', (km) => {
    expect(() => ewayValidityDays(km)).toThrow(RangeError);
  });

  it('ends at midnight IST of the day after its last day', () => {
    // generated 10:00 IST on 6 Dec 2026, 150 km: valid until the end of 7 Dec IST
    expect(ewayValidUntil(new Date('2026-12-06T04:30:00Z'), 150).toISOString()).toBe(
      '2026-12-07T18:29:59.000Z',
    );
    // generated 23:30 IST on 6 Dec, 250 km: two days, until the end of 8 Dec IST
    expect(ewayValidUntil(new Date('2026-12-06T18:00:00Z'), 250).toISOString()).toBe(
      '2026-12-08T18:29:59.000Z',
    );
  });

  it('measures a road distance between pincodes, at least 1 km', () => {
    const bengaluru = { lat: 12.9716, lng: 77.5946 };
    const chennai = { lat: 13.0827, lng: 80.2707 };
    expect(roadDistanceKm(bengaluru, bengaluru)).toBe(1);
    const km = roadDistanceKm(bengaluru, chennai);
    expect(km).toBeGreaterThan(330);
    expect(km).toBeLessThan(400);
  });
});
