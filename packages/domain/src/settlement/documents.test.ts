import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_KINDS,
  DOCUMENT_NUMBER_MAX_LENGTH,
  type DocumentKind,
  documentNumber,
  financialYearOf,
  itemPayableAt,
  payableFrom,
} from './documents.ts';

// requirements#settlement: India's financial year runs 1 April to 31 March, counted in IST (UTC+05:30)
describe('the financial year of an instant', () => {
  it.each([
    ['2027-03-31T18:29:59.999Z', '2026-27'], // 23:59:59.999 IST on 31 March 2027
    ['2027-03-31T18:30:00.000Z', '2027-28'], // 00:00 IST on 1 April 2027
    ['2026-04-01T00:00:00.000Z', '2026-27'], // 05:30 IST on 1 April 2026
    ['2026-03-31T18:29:59.000Z', '2025-26'], // 23:59:59 IST on 31 March 2026
    ['2026-03-31T18:30:00.000Z', '2026-27'], // 00:00 IST on 1 April 2026
    ['2026-12-31T20:00:00.000Z', '2026-27'], // 01:30 IST on 1 January 2027: still the year from April 2026
    ['2099-06-01T00:00:00.000Z', '2099-00'], // the century turns in the second year
  ])('%s falls in %s', (at, year) => {
    expect(financialYearOf(new Date(at))).toBe(year);
  });

  it('refuses an invalid date', () => {
    expect(() => financialYearOf(new Date('not a date'))).toThrow(RangeError);
  });
});

// CGST rule 46(b): a consecutive serial number, unique for a financial year, of at most 16
// characters: letters, digits, '-' and '/'
describe('a document number', () => {
  it.each([
    ['invoice', '2026-27', 1, 'INV26-27/000001'],
    ['credit_note', '2026-27', 42, 'CN26-27/000042'],
    ['fee_invoice', '2026-27', 3, 'FEE26-27/000003'],
    ['invoice', '2099-00', 999_999, 'INV99-00/999999'],
    ['invoice', '2026-27', 1_000_000, 'INV26-27/1000000'], // a seventh digit once the six are used up
    ['fee_invoice', '2026-27', 9_999_999, 'FEE26-27/9999999'], // 3 + 5 + 1 + 7 = 16 characters
  ] as const)('%s of %s number %i is %s', (kind, year, serial, number) => {
    expect(documentNumber(kind, year, serial)).toBe(number);
  });

  it.each(DOCUMENT_KINDS)('%s numbers stay within 16 characters up to serial 9,999,999', (kind) => {
    const number = documentNumber(kind, '2026-27', 9_999_999);
    expect(number.length).toBeLessThanOrEqual(DOCUMENT_NUMBER_MAX_LENGTH);
    expect(number).toMatch(/^[A-Z0-9/-]+$/);
    // FEE is the longest prefix: its series runs out at 10,000,000, where it would take 17
    if (kind === 'fee_invoice') expect(() => documentNumber(kind, '2026-27', 10_000_000)).toThrow(RangeError);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses serial %s', (serial) => {
    expect(() => documentNumber('invoice', '2026-27', serial)).toThrow(RangeError);
  });

  it.each(['2026-28', '26-27', '2026-2027', '2026/27', '', ' 2026-27'])(
    'refuses %j as a financial year',
    (year) => {
      expect(() => documentNumber('invoice', year, 1)).toThrow(RangeError);
    },
  );

  it('refuses a kind of document it does not number', () => {
    expect(() => documentNumber('receipt' as DocumentKind, '2026-27', 1)).toThrow(RangeError);
  });
});

// requirements#settlement: an item is payable once its return window has closed, from midnight IST
// after the window's last day (the IST date of delivery plus the window's days)
describe('when an item becomes payable', () => {
  it.each([
    // delivered at, window days, payable from
    ['2026-11-10T09:30:00Z', 7, '2026-11-17T18:30:00.000Z'], // 15:00 IST 10 Nov; 10 + 7 = 17 Nov; 00:00 IST 18 Nov
    ['2026-11-10T09:30:00Z', 0, '2026-11-10T18:30:00.000Z'], // no window: 00:00 IST 11 Nov
    ['2026-11-10T19:00:00Z', 7, '2026-11-18T18:30:00.000Z'], // 00:30 IST 11 Nov; 11 + 7 = 18 Nov; 00:00 IST 19 Nov
    ['2026-11-10T18:29:59Z', 7, '2026-11-17T18:30:00.000Z'], // 23:59:59 IST 10 Nov: still the 10th
    ['2026-11-10T18:30:00Z', 7, '2026-11-18T18:30:00.000Z'], // 00:00 IST 11 Nov: the 11th
    ['2027-02-25T06:00:00Z', 10, '2027-03-07T18:30:00.000Z'], // 25 Feb + 10 = 7 Mar (2027 has no 29 Feb); 00:00 IST 8 Mar
    ['2026-12-30T12:00:00Z', 30, '2027-01-29T18:30:00.000Z'], // 30 Dec + 30 = 29 Jan; 00:00 IST 30 Jan
  ] as const)('delivered %s with a %i-day window: from %s', (delivered, days, payable) => {
    expect(payableFrom(new Date(delivered), days).toISOString()).toBe(payable);
  });

  it.each([-1, 1.5, Number.NaN])('refuses a window of %s days', (days) => {
    expect(() => payableFrom(new Date('2026-11-10T09:30:00Z'), days)).toThrow(RangeError);
  });

  it('refuses an invalid delivery date', () => {
    expect(() => payableFrom(new Date(Number.NaN), 7)).toThrow(RangeError);
  });
});

describe('when an order item becomes payable', () => {
  const ended = new Date('2026-11-20T10:00:00Z');
  it.each([
    // delivered 15:00 IST on 10 Nov, windows 7 and 10 days: the longer closes at the end of 20 Nov IST
    [
      {
        deliveredAt: new Date('2026-11-10T09:30:00Z'),
        returnWindowDays: 7,
        replaceWindowDays: 10,
        status: 'delivered',
      },
      '2026-11-20T18:30:00.000Z',
    ],
    [
      { deliveredAt: null, returnWindowDays: 7, replaceWindowDays: 7, status: 'cancelled' },
      ended.toISOString(),
    ],
    [
      { deliveredAt: null, returnWindowDays: 7, replaceWindowDays: 7, status: 'undelivered' },
      ended.toISOString(),
    ],
    [{ deliveredAt: null, returnWindowDays: 7, replaceWindowDays: 7, status: 'shipped' }, null],
  ])('%j is payable from %s', (item, expected) => {
    expect(itemPayableAt(item, ended)?.toISOString() ?? null).toBe(expected);
  });
});
