import { describe, expect, it } from 'vitest';
import { TCS_LAW, tcsLawOn, tcsOf } from './tcs-law.ts';

// requirements#tcs-law (ADR-0043): TCS under CGST Act s. 52(1) by the supply's document date, each case
// naming the notification it follows
const ist = (day: string, time = '00:00') => new Date(`${day}T${time}:00+05:30`);

describe('the TCS rate in force on the document date', () => {
  const cases: [string, Date, number][] = [
    [
      'Notification 52/2018-CT + 02/2018-IT: 1 % from 1 Oct 2018 (Notification 51/2018-CT)',
      ist('2018-10-01'),
      100,
    ],
    ['Notification 52/2018-CT: still 1 % on 9 Jul 2024 at 23:59 IST', ist('2024-07-09', '23:59'), 100],
    ['Notification 15/2024-CT + 01/2024-IT: 0.5 % from 10 Jul 2024 00:00 IST', ist('2024-07-10'), 50],
    ['Notification 15/2024-CT: 0.5 % in December 2026', ist('2026-12-06', '14:00'), 50],
  ];
  it.each(cases)('%s', (_name, at, rate) => {
    expect(tcsLawOn(at).rateBasisPoints).toBe(rate);
  });

  it('a moment of 9 Jul 2024 in UTC that is 10 Jul in India takes Notification 15/2024-CT', () => {
    expect(tcsLawOn(new Date('2024-07-09T18:30:00Z')).rateBasisPoints).toBe(50);
    expect(tcsLawOn(new Date('2024-07-09T18:29:59Z')).rateBasisPoints).toBe(100);
  });

  it('has no rate before s. 52 came into force on 1 Oct 2018, nor for an invalid date', () => {
    expect(() => tcsLawOn(ist('2018-09-30', '23:59'))).toThrow(RangeError);
    expect(() => tcsLawOn(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('each row cites its notification, oldest first', () => {
    for (const row of TCS_LAW) expect(row.source).toMatch(/Notification \d+\/\d{4}-Central Tax/);
    expect(TCS_LAW.map((r) => r.from)).toEqual([...TCS_LAW.map((r) => r.from)].sort());
  });
});

// s. 52(1): intra-state half CGST and half SGST, each rounded on its own; inter-state the whole as IGST
describe('tax collected at source', () => {
  const today = ist('2026-12-06');
  const before = ist('2024-07-01');
  it.each([
    // net taxable, kind, CGST, SGST, IGST, total: Notification 15/2024-CT (0.25 % + 0.25 % or 0.5 %)
    [87_966, 'intra', 220, 220, 0, 440], // 87966 × 0.25 % = 219.915 each
    [87_966, 'inter', 0, 0, 440, 440], // 87966 × 0.5 % = 439.83
    [123_714, 'intra', 309, 309, 0, 618], // 309.285 each: two roundings down
    [123_714, 'inter', 0, 0, 619, 619], // 618.57: one rounding up
    [200, 'intra', 1, 1, 0, 2], // 0.5 each, each rounded up
    [200, 'inter', 0, 0, 1, 1],
    [100, 'intra', 0, 0, 0, 0], // 0.25 each
    [100, 'inter', 0, 0, 1, 1], // 0.5
    [-200, 'intra', -1, -1, 0, -2], // a return: half away from zero, the mirror of 200
    [-87_966, 'inter', 0, 0, -440, -440],
    [0, 'intra', 0, 0, 0, 0],
    [1_00_000_00, 'intra', 250_00, 250_00, 0, 500_00], // ₹1 lakh: ₹250 each
  ] as const)(
    'Notification 15/2024-CT, today: %i paise %s-state: %i + %i + %i = %i',
    (taxable, kind, cgst, sgst, igst, total) => {
      expect(tcsOf(taxable, kind, today)).toEqual({
        cgstPaise: cgst,
        sgstPaise: sgst,
        igstPaise: igst,
        totalPaise: total,
      });
    },
  );

  it.each([
    // Notification 52/2018-CT + 02/2018-IT: 0.5 % + 0.5 % or 1 %, for a supply dated before 10 Jul 2024
    [87_966, 'intra', 440, 440, 0, 880], // 439.83 each
    [87_966, 'inter', 0, 0, 880, 880], // 879.66
    [100, 'intra', 1, 1, 0, 2], // 0.5 each, rounded up
    [-100, 'inter', 0, 0, -1, -1],
    [1_00_000_00, 'inter', 0, 0, 1000_00, 1000_00], // ₹1 lakh: ₹1,000
  ] as const)(
    'Notification 52/2018-CT, 1 Jul 2024: %i paise %s-state: %i + %i + %i = %i',
    (taxable, kind, cgst, sgst, igst, total) => {
      expect(tcsOf(taxable, kind, before)).toEqual({
        cgstPaise: cgst,
        sgstPaise: sgst,
        igstPaise: igst,
        totalPaise: total,
      });
    },
  );

  it.each([0.5, Number.NaN])('refuses %s paise', (taxable) => {
    expect(() => tcsOf(taxable, 'inter', today)).toThrow(RangeError);
  });
});
