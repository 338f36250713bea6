import { describe, expect, it } from 'vitest';
import {
  BULK_SAVE_LIMITS,
  bulkSummary,
  checkBulkRow,
  duplicateOfferIds,
  formRowToApi,
  isEdited,
  readBulkForm,
  refusalMessage,
  shownText,
} from './inventory-bulk.ts';
import { OFFER_MESSAGES } from './offer-rules.ts';

describe('checkBulkRow: one row of a save, whole or not at all', () => {
  const ok = { salePricePaise: 49_900, mrpPaise: 59_900, stock: 12 };
  it.each([
    ['a good row', ok, {}],
    ['price equal to the M.R.P.', { ...ok, salePricePaise: 59_900 }, {}],
    ['stock 0', { ...ok, stock: 0 }, {}],
    [
      'price above the M.R.P.',
      { ...ok, salePricePaise: 69_900 },
      { salePricePaise: OFFER_MESSAGES.priceAboveMrp },
    ],
    ['a negative price', { ...ok, salePricePaise: -100 }, { salePricePaise: OFFER_MESSAGES.price }],
    ['a zero M.R.P.', { ...ok, mrpPaise: 0 }, { mrpPaise: OFFER_MESSAGES.price }],
    ['a fraction of a paisa', { ...ok, salePricePaise: 499.5 }, { salePricePaise: OFFER_MESSAGES.price }],
    [
      'a huge price',
      { ...ok, salePricePaise: 1e20, mrpPaise: 1e20 },
      { salePricePaise: OFFER_MESSAGES.price },
    ],
    [
      'a price over ₹10,00,000',
      { ...ok, salePricePaise: 100_000_001, mrpPaise: 100_000_001 },
      { salePricePaise: OFFER_MESSAGES.priceTooHigh },
    ],
    ['negative stock', { ...ok, stock: -1 }, { stock: OFFER_MESSAGES.stock }],
    ['stock over the limit', { ...ok, stock: 1_000_001 }, { stock: OFFER_MESSAGES.stockTooHigh }],
    ['a fraction of a unit', { ...ok, stock: 1.5 }, { stock: OFFER_MESSAGES.stock }],
  ])('%s', (_name, row, fields) => {
    const checked = checkBulkRow(row);
    if (Object.keys(fields).length === 0) expect(checked).toEqual({ ok: true, input: row });
    else expect(checked).toMatchObject({ ok: false, fields });
  });
});

describe('duplicateOfferIds', () => {
  it.each([
    [[], []],
    [[1, 2, 3], []],
    [
      [1, 2, 1, 3, 1, 2],
      [1, 2],
    ],
  ])('%j → %j', (ids, twice) => {
    expect([...duplicateOfferIds(ids.map((offerId) => ({ offerId })))]).toEqual(twice);
  });
});

describe('readBulkForm: the table’s one form to its rows', () => {
  const row = (
    id: number,
    price: string,
    mrp: string,
    stock: string,
    shown = '499|599|12',
    version = '3',
  ) => [
    [`price.${id}`, price],
    [`mrp.${id}`, mrp],
    [`stock.${id}`, stock],
    [`version.${id}`, version],
    [`shown.${id}`, shown],
  ];
  it('reads each row with what the page showed', () => {
    const read = readBulkForm([
      ['intent', 'save-all'],
      ...row(7, '450', '599', '12'),
      ...row(9, '499', '599', '12'),
    ] as [string, string][]);
    expect(read.tooMany).toBe(false);
    expect(read.rows.map((r) => [r.offerId, r.version, isEdited(r)])).toEqual([
      [7, 3, true],
      [9, 3, false],
    ]);
  });
  it.each([
    [
      'a row without a version',
      [
        ['price.5', '1'],
        ['mrp.5', '1'],
        ['stock.5', '1'],
      ],
    ],
    ['a version that is not a number', row(5, '1', '1', '1', '1|1|1', 'x')],
    ['an id of zero', row(0, '1', '1', '1')],
    ['an id past a safe number', [['price.99999999999', '1']]],
    [
      'names that are not a row’s',
      [
        ['price', '1'],
        ['price.5.6', '1'],
        ['offerId', '5'],
      ],
    ],
    ['a file where a value goes', [['price.5', new Blob(['1'])]]],
  ])('drops %s', (_name, entries) => {
    expect(readBulkForm(entries as [string, unknown][]).rows).toEqual([]);
  });
  it(`refuses more than ${BULK_SAVE_LIMITS.maxRows} rows`, () => {
    const many = Array.from({ length: BULK_SAVE_LIMITS.maxRows + 1 }, (_, i) =>
      row(i + 1, '1', '1', '1'),
    ).flat();
    expect(readBulkForm(many as [string, string][]).tooMany).toBe(true);
    const enough = Array.from({ length: BULK_SAVE_LIMITS.maxRows }, (_, i) =>
      row(i + 1, '1', '1', '1'),
    ).flat();
    expect(readBulkForm(enough as [string, string][]).rows).toHaveLength(BULK_SAVE_LIMITS.maxRows);
  });
  it.each([
    ['the same values', { price: '499', mrp: '599', stock: '12' }, false],
    ['the same with spaces and commas', { price: ' 499 ', mrp: '5,99', stock: '12' }, false],
    ['a new price', { price: '450', mrp: '599', stock: '12' }, true],
    ['a new stock', { price: '499', mrp: '599', stock: '11' }, true],
  ])('isEdited: %s', (_name, typed, edited) => {
    expect(
      isEdited({ offerId: 1, version: 1, typed, shown: { price: '499', mrp: '599', stock: '12' } }),
    ).toBe(edited);
  });
  it('shows a row’s values as the page writes them', () => {
    expect(shownText({ salePricePaise: 49_950, mrpPaise: 59_900, stock: 0 })).toBe('499.50|599.00|0');
  });
});

describe('formRowToApi: typed text to paise, or the form’s messages', () => {
  const typed = (price: string, mrp: string, stock: string) => ({
    offerId: 4,
    version: 2,
    typed: { price, mrp, stock },
    shown: null,
  });
  it.each([
    [
      'rupees to paise',
      typed('499.5', '1,599', '3'),
      { ok: true, row: { offerId: 4, version: 2, salePricePaise: 49_950, mrpPaise: 159_900, stock: 3 } },
    ],
    ['not a number', typed('abc', '599', '3'), { ok: false, fields: { price: OFFER_MESSAGES.price } }],
    ['a NUL byte', typed('49\u00009', '599', '3'), { ok: false, fields: { price: OFFER_MESSAGES.price } }],
    ['negative stock', typed('499', '599', '-3'), { ok: false, fields: { stock: OFFER_MESSAGES.stock } }],
    [
      'a huge number',
      typed('99999999999999', '599', '3'),
      { ok: false, fields: { price: OFFER_MESSAGES.price } },
    ],
    [
      'price above M.R.P.',
      typed('699', '599', '3'),
      { ok: false, fields: { price: OFFER_MESSAGES.priceAboveMrp } },
    ],
    [
      'every field bad',
      typed('', 'x', '1e3'),
      {
        ok: false,
        fields: { price: OFFER_MESSAGES.price, mrp: OFFER_MESSAGES.price, stock: OFFER_MESSAGES.stock },
      },
    ],
  ])('%s', (_name, row, expected) => {
    expect(formRowToApi(row)).toEqual(expected);
  });
});

describe('the words of a save', () => {
  it.each([
    [3, 0, '3 saved'],
    [3, 1, '3 saved, 1 needs attention'],
    [0, 2, '0 saved, 2 need attention'],
  ])('%i saved, %i refused → %s', (saved, refused, text) => {
    expect(bulkSummary(saved, refused)).toBe(text);
  });
  it('says what a changed row holds now', () => {
    const current = {
      offerId: 1,
      productId: 1,
      productName: 'Lamp',
      imageUrl: null,
      sku: 'L-1',
      salePricePaise: 49_900,
      mrpPaise: 59_900,
      stock: 7,
      maxPerOrder: 5,
      dispatchDays: 2,
      isActive: true,
      updatedAt: '2026-12-06T00:00:00.000Z',
      version: 4,
    };
    expect(refusalMessage({ offerId: 1, code: 'STALE', message: 'Changed.', fields: {}, current })).toBe(
      'Changed. It now has price ₹499.00, M.R.P. ₹599.00 and stock 7. Check your change and save again.',
    );
  });
});
