import { describe, expect, it } from 'vitest';
import { signedRupeesText, statementCsv } from './statement-csv.ts';

describe('the payout statement as CSV', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-1250, '-12.50'],
    [12_345_678, '123456.78'],
  ])('writes %i paise as %s', (paise, text) => {
    expect(signedRupeesText(paise)).toBe(text);
  });

  it('lists each entry, the carried balance and the payout, and keeps spreadsheet formulas out', () => {
    const csv = statementCsv({
      openingPaise: 0,
      payoutPaise: 84_650,
      lines: [
        {
          createdAt: '2026-11-20T06:30:00.000Z',
          orderNo: 'OD2026112012',
          productName: '=HYPERLINK("x")',
          documentNumber: 'INV26-27/000001',
          label: 'Sale',
          amountPaise: 99_900,
        },
        {
          createdAt: '2026-11-20T06:30:00.000Z',
          orderNo: 'OD2026112012',
          productName: 'Bottle, steel',
          documentNumber: 'INV26-27/000001',
          label: 'Commission',
          amountPaise: -15_250,
        },
      ],
    });
    expect(csv.split('\r\n')).toEqual([
      'date,order,product,document,entry,amount_inr',
      `2026-11-20,OD2026112012,"'=HYPERLINK(""x"")",INV26-27/000001,Sale,999.00`,
      '2026-11-20,OD2026112012,"Bottle, steel",INV26-27/000001,Commission,-152.50',
      ',,,,Balance carried from before,0.00',
      ',,,,Payout,846.50',
      '',
    ]);
  });

  it('dates each line by the day in India, not the UTC day', () => {
    const csv = statementCsv({
      openingPaise: 0,
      payoutPaise: 100,
      lines: [
        // 20 Nov, 20:00 UTC is 21 Nov, 01:30 in India
        {
          createdAt: '2026-11-20T20:00:00.000Z',
          orderNo: 'OD1',
          productName: 'Lamp',
          documentNumber: null,
          label: 'Sale',
          amountPaise: 100,
        },
        // 31 Mar, 18:29 UTC is 23:59 on 31 Mar in India: still the old financial year
        {
          createdAt: '2026-03-31T18:29:00.000Z',
          orderNo: 'OD2',
          productName: 'Lamp',
          documentNumber: null,
          label: 'Sale',
          amountPaise: 0,
        },
      ],
    });
    expect(csv.split('\r\n').slice(1, 3)).toEqual([
      '2026-11-21,OD1,Lamp,,Sale,1.00',
      '2026-03-31,OD2,Lamp,,Sale,0.00',
    ]);
  });
});
