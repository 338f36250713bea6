import { describe, expect, it } from 'vitest';
import {
  buildInv01,
  canCancelIrn,
  type EInvoiceSource,
  inv01Problems,
  irnText,
  isEInvoiceDue,
  isPastReportingLimit,
  reportingDeadline,
  portalDate,
  qrDataOf,
  readSignedQr,
} from './e-invoice.ts';

const base64Url = (text: string) => Buffer.from(text).toString('base64url');

export const B2B_INVOICE: EInvoiceSource = {
  kind: 'invoice',
  number: 'SK-I27/000001',
  issuedAt: new Date('2026-12-06T05:00:00Z'),
  seller: {
    gstin: '29AAGCS1234K1Z5',
    legalName: 'Sharma Kirana Stores Private Limited',
    address: '12 MG Road, Bengaluru, Karnataka 560001',
    pincode: '560001',
    stateCode: '29',
  },
  buyer: {
    gstin: '27AAPFU0939F1ZV',
    name: 'Patel Office Supplies LLP',
    address: '4 Linking Road, Bandra West, Mumbai, Maharashtra 400050',
    pincode: '400050',
    placeOfSupplyCode: '27',
  },
  invoice: null,
  lines: [
    {
      description: 'Office chair',
      hsnCode: '940130',
      quantity: 2,
      ratePercent: 18,
      valuePaise: 1_18_000_00,
      taxablePaise: 1_00_000_00,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_000_00,
    },
    {
      description: 'Delivery charges',
      hsnCode: '996812',
      quantity: 1,
      ratePercent: 18,
      valuePaise: 118_00,
      taxablePaise: 100_00,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_00,
    },
  ],
};

// requirements#e-invoicing
describe('who registers e-invoices', () => {
  it.each([
    ['up_to_5cr', '29AAGCS1234K1Z5', '27AAPFU0939F1ZV', false],
    ['5cr_to_10cr', '29AAGCS1234K1Z5', '27AAPFU0939F1ZV', true],
    ['above_10cr', '29AAGCS1234K1Z5', '27AAPFU0939F1ZV', true],
    ['above_10cr', '29AAGCS1234K1Z5', null, false], // B2C: a shopper without a GSTIN
    ['above_10cr', null, '27AAPFU0939F1ZV', false], // an enrolled seller issues a bill of supply
    [null, '29AAGCS1234K1Z5', '27AAPFU0939F1ZV', false], // not declared yet
  ] as const)('a seller in %s band: %s → %s, due %s', (band, sellerGstin, buyerGstin, due) => {
    expect(isEInvoiceDue({ band, sellerGstin, buyerGstin })).toBe(due);
  });

  it.each([
    // GSTN advisory of 5 Nov 2024: "if an invoice is dated 1st April 2025, it cannot be reported after
    // 30th April 2025": the document's day and the 29 days after it, no more
    ['above_10cr', '2026-11-07T05:00:00Z', false], // 29 days on: its last day
    ['above_10cr', '2026-11-06T20:00:00Z', false], // 7 Nov 01:30 in India: India's days count
    ['above_10cr', '2025-04-01T05:00:00Z', false, '2025-04-30T18:00:00Z'], // the advisory's example: 30 Apr, 23:30 IST
    ['above_10cr', '2025-04-01T05:00:00Z', true, '2025-04-30T18:30:00Z'], // 1 May 00:00 IST
    ['above_10cr', '2026-11-06T05:00:00Z', true], // 30 days on: refused
    ['above_10cr', '2026-11-05T05:00:00Z', true], // 31 days
    ['5cr_to_10cr', '2026-01-01T05:00:00Z', false], // the limit is for ₹10 crore and above
  ] as const)(
    'a %s seller’s document of %s is past the 30-day limit: %s',
    (band, date, past, at?: string) => {
      expect(isPastReportingLimit(band, new Date(date), new Date(at ?? '2026-12-06T05:00:00Z'))).toBe(past);
    },
  );

  it('names the last day a ₹10 crore seller may register a document on, in India', () => {
    expect(reportingDeadline('above_10cr', new Date('2025-04-01T05:00:00Z'))).toBe('2025-04-30');
    expect(reportingDeadline('above_10cr', new Date('2026-11-30T20:00:00Z'))).toBe('2026-12-30'); // 1 Dec IST
    expect(reportingDeadline('5cr_to_10cr', new Date('2025-04-01T05:00:00Z'))).toBeNull();
  });

  it('cancels within 24 hours of the acknowledgement only', () => {
    const ack = new Date('2026-12-06T05:00:00Z');
    expect(canCancelIrn(ack, new Date('2026-12-07T05:00:00Z'))).toBe(true);
    expect(canCancelIrn(ack, new Date('2026-12-07T05:00:01Z'))).toBe(false);
  });
});

describe('the text an IRN hashes', () => {
  it('runs GSTIN, financial year, type and number together, as NIC’s example', () => {
    expect(
      irnText({ sellerGstin: '01AAAAB1234C1Z0', financialYear: '2019-20', docType: 'INV', docNo: 'AB1234' }),
    ).toBe('01AAAAB1234C1Z02019-20INVAB1234');
  });
  it.each([
    ['00234', '234'],
    ['/A234', 'A234'],
    ['-0123/19', '123/19'],
    ['sk-i27/000001', 'SK-I27/000001'],
  ])('trims the number %s to %s', (docNo, trimmed) => {
    expect(irnText({ sellerGstin: '29AAGCS1234K1Z5', financialYear: '2026-27', docType: 'CRN', docNo })).toBe(
      `29AAGCS1234K1Z52026-27CRN${trimmed}`,
    );
  });
});

describe('INV-01 of a document', () => {
  it('is built from the document and passes the schema', () => {
    const inv = buildInv01(B2B_INVOICE, '29AABCB1234K1ZT');
    expect(inv.DocDtls).toEqual({ Typ: 'INV', No: 'SK-I27/000001', Dt: '06/12/2026' });
    expect(inv.TranDtls).toMatchObject({ SupTyp: 'B2B', EcmGstin: '29AABCB1234K1ZT', RegRev: 'N' });
    expect(inv.SellerDtls).toMatchObject({
      Gstin: '29AAGCS1234K1Z5',
      Pin: 560001,
      Stcd: '29',
      Loc: 'Bengaluru',
    });
    expect(inv.BuyerDtls).toMatchObject({ Gstin: '27AAPFU0939F1ZV', Pos: '27', Stcd: '27', Pin: 400050 });
    expect(inv.ItemList[0]).toMatchObject({
      SlNo: '1',
      HsnCd: '940130',
      IsServc: 'N',
      Qty: 2,
      UnitPrice: 50000,
      AssAmt: 100000,
      GstRt: 18,
      IgstAmt: 18000,
      TotItemVal: 118000,
    });
    expect(inv.ItemList[1]).toMatchObject({ IsServc: 'Y', HsnCd: '996812', AssAmt: 100, IgstAmt: 18 });
    expect(inv.ValDtls).toEqual({
      AssVal: 100100,
      CgstVal: 0,
      SgstVal: 0,
      IgstVal: 18018,
      Discount: 0,
      TotInvVal: 118118,
    });
    expect(inv01Problems(inv)).toEqual([]);
  });

  it('names a credit note’s invoice as its preceding document', () => {
    const inv = buildInv01(
      {
        ...B2B_INVOICE,
        kind: 'credit_note',
        number: 'SK-C27/000001',
        invoice: { number: 'SK-I27/000001', issuedAt: new Date('2026-12-01T05:00:00Z') },
      },
      null,
    );
    expect(inv.DocDtls.Typ).toBe('CRN');
    expect(inv.RefDtls).toEqual({ PrecDocDtls: [{ InvNo: 'SK-I27/000001', InvDt: '01/12/2026' }] });
    expect(inv01Problems(inv)).toEqual([]);
  });

  const valid = buildInv01(B2B_INVOICE, null);
  it.each([
    [
      'a seller GSTIN that is not one',
      { ...valid, SellerDtls: { ...valid.SellerDtls, Gstin: '29AAGCS1234K1Z' } },
      'SellerDtls.Gstin',
    ],
    ['a number with a leading 0', { ...valid, DocDtls: { ...valid.DocDtls, No: '0001' } }, 'DocDtls.No'],
    [
      'a number of 17 characters',
      { ...valid, DocDtls: { ...valid.DocDtls, No: 'A'.repeat(17) } },
      'DocDtls.No',
    ],
    ['a date not dd/mm/yyyy', { ...valid, DocDtls: { ...valid.DocDtls, Dt: '2026-12-06' } }, 'DocDtls.Dt'],
    ['a 5-digit pincode', { ...valid, BuyerDtls: { ...valid.BuyerDtls, Pin: 40005 } }, 'BuyerDtls.Pin'],
    ['no items', { ...valid, ItemList: [] }, 'ItemList'],
    [
      'an HSN of 3 digits',
      { ...valid, ItemList: [{ ...valid.ItemList[0], HsnCd: '940' }] },
      'ItemList.0.HsnCd',
    ],
    [
      'a total that does not add up',
      { ...valid, ValDtls: { ...valid.ValDtls, TotInvVal: 1 } },
      'ValDtls.TotInvVal',
    ],
    [
      'tax not at its rate',
      { ...valid, ItemList: valid.ItemList.map((i) => ({ ...i, GstRt: 5 })) },
      'ItemList.0.GstRt',
    ],
    [
      'CGST on an inter-state supply',
      { ...valid, ValDtls: { ...valid.ValDtls, CgstVal: 5 } },
      'ValDtls.CgstVal',
    ],
    [
      'the seller as its own buyer',
      { ...valid, BuyerDtls: { ...valid.BuyerDtls, Gstin: valid.SellerDtls.Gstin } },
      'BuyerDtls.Gstin',
    ],
    ['a credit note without its invoice', { ...valid, DocDtls: { ...valid.DocDtls, Typ: 'CRN' } }, 'RefDtls'],
    [
      'three decimals of a rupee',
      { ...valid, ValDtls: { ...valid.ValDtls, Discount: 0.001 } },
      'ValDtls.Discount',
    ],
    ['another schema version', { ...valid, Version: '1.0' }, 'Version'],
  ])('refuses %s', (_name, json, path) => {
    const problems = inv01Problems(json);
    expect(problems.some((p) => p.startsWith(`${path}:`))).toBe(true);
  });

  it('refuses what is not an object at all', () => {
    expect(inv01Problems(null)).not.toEqual([]);
    expect(inv01Problems('{"Version":"1.1"}')).not.toEqual([]);
  });
});

describe('the signed QR code’s data', () => {
  it('reads back what was put in', () => {
    const inv = buildInv01(B2B_INVOICE, null);
    const data = qrDataOf(inv, 'a'.repeat(64), '2026-12-06 10:30:00');
    expect(data).toMatchObject({
      DocNo: 'SK-I27/000001',
      DocTyp: 'INV',
      DocDt: '06/12/2026',
      TotInvVal: 118118,
      ItemCnt: 2,
      MainHsnCode: '940130',
    });
    const token = `${base64Url('{"alg":"RS256","typ":"JWT"}')}.${base64Url(JSON.stringify({ data: JSON.stringify(data), iss: 'NIC' }))}.c2ln`;
    expect(readSignedQr(token)).toEqual(data);
  });
  it.each(['', 'a.b', 'a.b.c', `x.${base64Url('{"data":"{}"}')}.y`, `x.${base64Url('not json')}.y`])(
    'is null for %j',
    (token) => {
      expect(readSignedQr(token)).toBeNull();
    },
  );
  it('writes dates the portal’s way, in IST', () => {
    expect(portalDate(new Date('2026-03-31T19:00:00Z'))).toBe('01/04/2026');
  });
});
