import { describe, expect, it } from 'vitest';
import { readPriceStockForm } from './inventory-api.ts';
import {
  applyOfferChanges,
  csvCell,
  csvLine,
  OFFER_CSV_MESSAGES,
  paiseToRupeesText,
  parseCsvRow,
  readCsvHeader,
} from './inventory-csv.ts';
import { OFFER_MESSAGES } from './offer-rules.ts';

describe('csvCell: formula cells escaped (OWASP CSV injection), quoting as RFC 4180', () => {
  it.each([
    ['Basmati Rice 5 kg', 'Basmati Rice 5 kg'],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['=1+1', `"'=1+1"`],
    ['+91 98400', `"'+91 98400"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %s', (text, cell) => expect(csvCell(text)).toBe(cell));

  it('writes numbers and booleans as they are, lines ended by CRLF', () => {
    expect(csvLine(['SKU-1', 42, true, false])).toBe('SKU-1,42,yes,no\r\n');
    expect(paiseToRupeesText(49950)).toBe('499.50');
    expect(paiseToRupeesText(5)).toBe('0.05');
  });
});

describe('readCsvHeader', () => {
  it.each([
    [['sku', 'price'], null],
    [
      ['SKU', ' Product Name ', 'Price', 'MRP', 'Stock', 'max per order', 'dispatch-days', 'active', ''],
      null,
    ],
    [['price', 'stock'], OFFER_CSV_MESSAGES.noSku],
    [['sku', 'product_name'], OFFER_CSV_MESSAGES.noChange],
    [['sku', 'price', 'colour'], OFFER_CSV_MESSAGES.unknownColumn('colour')],
    [['sku', 'price', 'price'], OFFER_CSV_MESSAGES.repeatedColumn('price')],
    [['=cmd|calc', 'sku'], OFFER_CSV_MESSAGES.unknownColumn('=cmd|calc')],
  ])('%j → %s', (cells, message) => {
    const read = readCsvHeader(cells);
    expect(read.ok ? null : read.message).toBe(message);
  });
});

describe('parseCsvRow', () => {
  const header = (() => {
    const read = readCsvHeader([
      'sku',
      'product_name',
      'price',
      'mrp',
      'stock',
      'max_per_order',
      'dispatch_days',
      'active',
    ]);
    if (!read.ok) throw new Error('header');
    return read.header;
  })();
  const row = (cells: string[], rawLength = 40) => parseCsvRow(cells, header, rawLength);
  it.each([
    [['A-1', 'x', '499.50', '999', '12', '', '', ''], { salePricePaise: 49950, mrpPaise: 99900, stock: 12 }],
    [['A-1', '', '', '', '0', '', '', ''], { stock: 0 }],
    [['A-1', '', '', '', '', '5', '3', 'No'], { maxPerOrder: 5, dispatchDays: 3, isActive: false }],
    [['A-1', '', '1,499', '', '', '', '', 'yes'], { salePricePaise: 149900, isActive: true }],
  ])('%j → changes %j', (cells, changes) => expect(row(cells)).toEqual({ ok: true, sku: 'A-1', changes }));

  it.each([
    [['A-1', '', '-5', '', '', '', '', ''], OFFER_CSV_MESSAGES.price],
    [['A-1', '', '0', '', '', '', '', ''], OFFER_CSV_MESSAGES.price],
    [['A-1', '', '=1+1', '', '', '', '', ''], OFFER_CSV_MESSAGES.price],
    [['A-1', '', '', 'abc', '', '', '', ''], OFFER_CSV_MESSAGES.mrp],
    [['A-1', '', '', '', '-1', '', '', ''], OFFER_CSV_MESSAGES.stock],
    [['A-1', '', '', '', '2.5', '', '', ''], OFFER_CSV_MESSAGES.stock],
    [['A-1', '', '', '', '', '0', '', ''], OFFER_CSV_MESSAGES.maxPerOrder],
    [['A-1', '', '', '', '', '101', '', ''], OFFER_CSV_MESSAGES.maxPerOrder],
    [['A-1', '', '', '', '', '', '31', ''], OFFER_CSV_MESSAGES.dispatchDays],
    [['A-1', '', '', '', '', '', '', 'maybe'], OFFER_CSV_MESSAGES.active],
    [['A-1', 'name only', '', '', '', '', '', ''], OFFER_CSV_MESSAGES.nothingToChange],
    [['', '', '1', '', '', '', '', ''], OFFER_CSV_MESSAGES.missingSku],
    [['A-1', '', '1'], OFFER_CSV_MESSAGES.cellCount(3, 8)],
  ])('%j → %s', (cells, reason) => expect(row(cells)).toMatchObject({ ok: false, reason }));

  it('refuses a line over the size cap before reading it', () => {
    expect(row(['A-1', 'x'.repeat(3000), '1', '', '', '', '', ''], 3010)).toMatchObject({
      ok: false,
      reason: OFFER_CSV_MESSAGES.rowTooLong,
    });
  });
});

describe('applyOfferChanges: the row against the offer as it is', () => {
  const current = {
    salePricePaise: 50000,
    mrpPaise: 60000,
    stock: 3,
    maxPerOrder: 10,
    dispatchDays: 2,
    isActive: true,
  };
  it.each([
    [{ salePricePaise: 55000 }, null],
    [{ salePricePaise: 65000 }, OFFER_MESSAGES.priceAboveMrp],
    [{ mrpPaise: 40000 }, OFFER_MESSAGES.priceAboveMrp],
    [{ salePricePaise: 65000, mrpPaise: 70000 }, null],
    [{ stock: 2_000_000 }, OFFER_MESSAGES.stockTooHigh],
    [{ salePricePaise: 100_000_001, mrpPaise: 100_000_001 }, OFFER_MESSAGES.priceTooHigh],
  ])('%j → %s', (changes, reason) => {
    const applied = applyOfferChanges(current, changes);
    expect(applied.ok ? null : applied.reason).toBe(reason);
  });
});

describe('readPriceStockForm: the table row’s form as typed', () => {
  it.each([
    [
      { price: '499', mrp: '599.50', stock: '4' },
      { ok: true, input: { salePricePaise: 49900, mrpPaise: 59950, stock: 4 } },
    ],
    [
      { price: '700', mrp: '600', stock: '4' },
      { ok: false, fields: { price: OFFER_MESSAGES.priceAboveMrp } },
    ],
    [
      { price: 'abc', mrp: '', stock: '-1' },
      {
        ok: false,
        fields: { price: OFFER_MESSAGES.price, mrp: OFFER_MESSAGES.price, stock: OFFER_MESSAGES.stock },
      },
    ],
    [
      { price: '0', mrp: '10', stock: '1' },
      { ok: false, fields: { price: OFFER_MESSAGES.price } },
    ],
    [
      { price: '10', mrp: '20', stock: '2000000' },
      { ok: false, fields: { stock: OFFER_MESSAGES.stockTooHigh } },
    ],
  ])('%j → %j', (form, result) => expect(readPriceStockForm(form)).toEqual(result));
});
