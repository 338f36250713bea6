import { describe, expect, it } from 'vitest';
import { entryLabel } from './settlement-api.ts';
import { panHolderOf, taxYearOf, TDS_LAW, tdsLawOn, tdsOn } from './tds-law.ts';

// requirements#tds-law (ADR-0043): TDS by the credit's date, each case naming the provision it follows
const ist = (day: string, time = '00:00') => new Date(`${day}T${time}:00+05:30`);
const COMPANY = 'AABCB1234K'; // fourth character C: a company
const PERSON = 'ABCPK1234L'; // P: an individual
const FAMILY = 'ABCHK1234L'; // H: a Hindu undivided family
const LAKH = 1_00_000_00;

describe('the law in force on the credit date', () => {
  const cases: [string, Date, string, number][] = [
    ['Finance Act, 2020: s. 194-O at 1 % on 30 Sep 2024', ist('2024-09-30', '23:59'), 'section 194-O', 100],
    ['Finance (No. 2) Act, 2024: s. 194-O at 0.1 % from 1 Oct 2024', ist('2024-10-01'), 'section 194-O', 10],
    ['s. 194-O (1961 Act) on 31 Mar 2026 at 23:59 IST', ist('2026-03-31', '23:59'), 'section 194-O', 10],
    [
      'Income-tax Act, 2025 s. 393(1) Table Sl. No. 8(v) from 1 Apr 2026 00:00 IST',
      ist('2026-04-01'),
      'section 393(1) Sl. No. 8(v), Income-tax Act, 2025',
      10,
    ],
    [
      'Income-tax Act, 2025 s. 393(1) Sl. No. 8(v) in December 2026',
      ist('2026-12-06'),
      'section 393(1) Sl. No. 8(v), Income-tax Act, 2025',
      10,
    ],
  ];
  it.each(cases)('%s', (_name, at, shortName, rate) => {
    const law = tdsLawOn(at);
    expect(law.shortName).toBe(shortName);
    expect(law.rateBasisPoints).toBe(rate);
    expect(law.noPanRateBasisPoints).toBe(500);
  });

  it('a moment of 31 Mar 2026 in UTC that is 1 Apr in India falls under the Income-tax Act, 2025', () => {
    expect(tdsLawOn(new Date('2026-03-31T18:30:00Z')).act).toBe('Income-tax Act, 2025');
    expect(tdsLawOn(new Date('2026-03-31T18:29:59Z')).act).toBe('Income-tax Act, 1961');
  });

  it('refuses a credit before s. 194-O began (1 Oct 2020) and an invalid date', () => {
    expect(() => tdsLawOn(ist('2020-09-30'))).toThrow(RangeError);
    expect(() => tdsLawOn(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('keeps its rows oldest first, each with its source cited', () => {
    const days = TDS_LAW.map((row) => row.from);
    expect([...days].sort()).toEqual(days);
    for (const row of TDS_LAW) expect(row.source.length).toBeGreaterThan(10);
  });
});

describe('who holds a PAN, by its fourth character', () => {
  it.each([
    [PERSON, 'individual'],
    [FAMILY, 'huf'],
    [COMPANY, 'other'],
    ['AAAFA1234B', 'other'],
    ['not a pan', 'other'],
  ] as const)('%s → %s', (pan, holder) => expect(panHolderOf(pan)).toBe(holder));
});

describe('the deduction on a credit', () => {
  const cases: [string, Parameters<typeof tdsOn>[0], number, number][] = [
    [
      's. 194-O at 0.1 % for a company on 31 Mar 2026',
      { amountPaise: 12_345_67, creditedAt: ist('2026-03-31'), pan: COMPANY, grossBeforePaise: 0 },
      1_235,
      10,
    ],
    [
      'Income-tax Act, 2025 s. 393(1) Sl. No. 8(v) at 0.1 % for a company on 1 Apr 2026',
      { amountPaise: 12_345_67, creditedAt: ist('2026-04-01'), pan: COMPANY, grossBeforePaise: 0 },
      1_235,
      10,
    ],
    [
      's. 206AA proviso: 5 % without a PAN under s. 194-O (31 Mar 2026)',
      { amountPaise: 10_000_00, creditedAt: ist('2026-03-31'), pan: null, grossBeforePaise: 0 },
      50_000,
      500,
    ],
    [
      'Income-tax Act, 2025 no-PAN rate: 5 % without a PAN (1 Apr 2026), the ₹5 lakh exemption needs a PAN',
      { amountPaise: 10_000_00, creditedAt: ist('2026-04-01'), pan: null, grossBeforePaise: 0 },
      50_000,
      500,
    ],
    [
      's. 194-O(2): an individual within ₹5 lakh in the year has nothing deducted',
      { amountPaise: 1 * LAKH, creditedAt: ist('2026-03-01'), pan: PERSON, grossBeforePaise: 3 * LAKH },
      0,
      0,
    ],
    [
      's. 393(4) Sl. No. 11 (2025 Act): an HUF reaching exactly ₹5 lakh has nothing deducted',
      { amountPaise: 1 * LAKH, creditedAt: ist('2026-05-01'), pan: FAMILY, grossBeforePaise: 4 * LAKH },
      0,
      0,
    ],
    [
      's. 393(4) Sl. No. 11 (2025 Act): the credit that crosses ₹5 lakh carries 0.1 % on the whole year so far',
      { amountPaise: 2 * LAKH, creditedAt: ist('2026-05-01'), pan: PERSON, grossBeforePaise: 4 * LAKH },
      60_000,
      10,
    ],
    [
      's. 393(1) Sl. No. 8(v): after the crossing, each credit on itself',
      { amountPaise: 2 * LAKH, creditedAt: ist('2026-06-01'), pan: PERSON, grossBeforePaise: 6 * LAKH },
      20_000,
      10,
    ],
    [
      's. 194-O: a company is never exempt, however small',
      { amountPaise: 100_00, creditedAt: ist('2026-03-01'), pan: COMPANY, grossBeforePaise: 0 },
      10,
      10,
    ],
  ];
  it.each(cases)('%s', (_name, credit, tdsPaise, rate) => {
    const deduction = tdsOn(credit);
    expect(deduction.tdsPaise).toBe(tdsPaise);
    expect(deduction.rateBasisPoints).toBe(rate);
  });

  it('s. 194-O(2) → s. 393(4): a year of an individual’s credits crosses ₹5 lakh once, and the year’s TDS is 0.1 % of it', () => {
    let gross = 0;
    let tds = 0;
    const deducted: number[] = [];
    for (let month = 4; month <= 12; month++) {
      const amount = 90_000_00;
      const d = tdsOn({
        amountPaise: amount,
        creditedAt: ist(`2026-${String(month).padStart(2, '0')}-10`),
        pan: PERSON,
        grossBeforePaise: gross,
      });
      gross += amount;
      tds += d.tdsPaise;
      deducted.push(d.tdsPaise);
    }
    // ₹90,000 a month: within ₹5 lakh for five months, the sixth takes it to ₹5.4 lakh
    expect(deducted.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(deducted[5]).toBe(54_000);
    expect(tds).toBe(gross / 1000);
  });

  it('refuses negative or broken amounts', () => {
    const at = ist('2026-04-01');
    expect(() => tdsOn({ amountPaise: -1, creditedAt: at, pan: null, grossBeforePaise: 0 })).toThrow(
      RangeError,
    );
    expect(() => tdsOn({ amountPaise: 1.5, creditedAt: at, pan: null, grossBeforePaise: 0 })).toThrow(
      RangeError,
    );
    expect(() => tdsOn({ amountPaise: 1, creditedAt: at, pan: null, grossBeforePaise: -2 })).toThrow(
      RangeError,
    );
  });

  it('names the tax year of a credit (April to March, Indian time)', () => {
    expect(taxYearOf(ist('2026-03-31', '23:59'))).toBe('2025-26');
    expect(taxYearOf(ist('2026-04-01'))).toBe('2026-27');
  });
});

describe('how a TDS entry reads on a statement', () => {
  it.each([
    ['s. 194-O on 31 Mar 2026', ist('2026-03-31', '23:59'), 'TDS (section 194-O)'],
    [
      'Income-tax Act, 2025 s. 393(1) Sl. No. 8(v) from 1 Apr 2026',
      ist('2026-04-01'),
      'TDS (section 393(1) Sl. No. 8(v), Income-tax Act, 2025)',
    ],
  ])('%s', (_name, at, label) => {
    expect(entryLabel('tds', at)).toBe(label);
    expect(entryLabel('tcs', at)).toBe('TCS (GST section 52)');
  });
});
