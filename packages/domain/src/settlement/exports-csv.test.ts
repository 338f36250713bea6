import { describe, expect, it } from 'vitest';
import type { SupplyKind } from '../tax/gst.ts';
import {
  exportLine,
  feeFigures,
  type RegisterLine,
  reversedTcs,
  saleTcs,
  salesRegisterCsv,
  splitIntra,
  tcsSummary,
  tdsCsv,
  tdsSummary,
} from './exports-csv.ts';
import { reversalEntries, saleEntries } from './ledger.ts';
import { tdsLawOn } from './tds-law.ts';

// a supply of today, under Notification 15/2024-Central Tax (TCS 0.5 %)
const TODAY = new Date('2026-12-06T10:00:00+05:30');

const NO_FEES = {
  commissionPaise: 0,
  closingFeePaise: 0,
  shippingFeePaise: 0,
  commissionGstPaise: 0,
  closingFeeGstPaise: 0,
  shippingFeeGstPaise: 0,
};

// requirements#settlement (ADR-0036): the exports work TCS out as the ledger does, to the paisa
describe('TCS item by item, as the ledger collects and gives it back', () => {
  const cases: [number, SupplyKind, number][] = [
    [1_99_999, 'intra', 3],
    [3_345_76, 'inter', 2],
    [1_01, 'intra', 7],
    [99_999_99, 'intra', 9],
    [12_345, 'inter', 5],
  ];
  it.each(cases)(
    'taxable %i (%s, %i units): each unit given back matches the ledger’s reversal',
    (taxable, kind, quantity) => {
      const sale = saleEntries({
        valuePaise: taxable * 2,
        taxablePaise: taxable,
        tcsTaxablePaise: taxable,
        fees: NO_FEES,
        kind,
        documentDate: TODAY,
        hasPan: true,
      });
      const collected = saleTcs(taxable, kind, TODAY);
      expect(-(sale.find((e) => e.kind === 'tcs')?.amountPaise ?? 0) + 0).toBe(collected.totalPaise);
      let back = 0;
      for (let before = 0; before < quantity; before++) {
        const ledger = reversalEntries(sale, {
          quantity,
          reversedBefore: before,
          units: 1,
          creditPaise: 0,
          shipped: true,
        });
        const ours = reversedTcs(taxable, kind, { quantity, before, units: 1 }, TODAY);
        expect(ours.totalPaise, `unit ${before + 1}`).toBe(
          ledger.find((e) => e.kind === 'tcs')?.amountPaise ?? 0,
        );
        expect(ours.cgstPaise + ours.sgstPaise + ours.igstPaise).toBe(ours.totalPaise);
        if (kind === 'inter') expect(ours.cgstPaise + ours.sgstPaise).toBe(0);
        else expect(ours.igstPaise).toBe(0);
        back += ours.totalPaise;
      }
      // every unit back: exactly what was collected
      expect(back).toBe(collected.totalPaise);
    },
  );

  it('splits a tax within a state in halves, the odd paisa to CGST, signs kept', () => {
    expect(splitIntra(9)).toEqual({ cgstPaise: 5, sgstPaise: 4 });
    expect(splitIntra(-9)).toEqual({ cgstPaise: -5, sgstPaise: -4 });
    expect(splitIntra(0)).toEqual({ cgstPaise: 0, sgstPaise: 0 });
  });

  it('sums a month per seller and supply: collected less given back, with the rate on the net beside it', () => {
    const seller = { sellerId: 1, sellerGstin: '29AAAAA0000A1Z5', sellerLegalName: 'A' };
    const { rows, totals } = tcsSummary([
      {
        ...seller,
        kind: 'invoice',
        supplyKind: 'intra',
        taxablePaise: 301,
        supplyDate: TODAY,
        tcs: [saleTcs(101, 'intra', TODAY), saleTcs(200, 'intra', TODAY)],
      },
      {
        ...seller,
        kind: 'credit_note',
        supplyKind: 'intra',
        taxablePaise: 101,
        supplyDate: TODAY,
        tcs: [reversedTcs(101, 'intra', { quantity: 1, before: 0, units: 1 }, TODAY)],
      },
      {
        ...seller,
        kind: 'invoice',
        supplyKind: 'inter',
        taxablePaise: 1000,
        supplyDate: TODAY,
        tcs: [saleTcs(1000, 'inter', TODAY)],
      },
    ]);
    expect(rows.map((r) => r.supplyKind)).toEqual(['inter', 'intra']);
    const intra = rows[1];
    expect(intra).toMatchObject({ grossTaxablePaise: 301, returnedTaxablePaise: 101, netTaxablePaise: 200 });
    // 101 → 0.25 % rounds to 0 each; 200 → 1 + 1
    expect(intra?.totalPaise).toBe(2);
    expect(totals.totalPaise).toBe(2 + 5);
    expect(totals.netTaxablePaise).toBe(1200);
  });
});

// requirements#tcs-law: July 2024 straddles Notification 15/2024-CT: each supply keeps its own rate
describe('a month with two TCS rates', () => {
  it('collects 1 % before 10 Jul 2024 and 0.5 % from it, and compares each part at its own rate', () => {
    const seller = { sellerId: 1, sellerGstin: '29AAAAA0000A1Z5', sellerLegalName: 'A' };
    const early = new Date('2024-07-05T12:00:00+05:30');
    const late = new Date('2024-07-20T12:00:00+05:30');
    const { rows } = tcsSummary([
      {
        ...seller,
        kind: 'invoice',
        supplyKind: 'inter',
        taxablePaise: 10_000_00,
        supplyDate: early,
        tcs: [saleTcs(10_000_00, 'inter', early)],
      },
      {
        ...seller,
        kind: 'invoice',
        supplyKind: 'inter',
        taxablePaise: 10_000_00,
        supplyDate: late,
        tcs: [saleTcs(10_000_00, 'inter', late)],
      },
      // a return in late July of an early-July invoice gives back at the early rate
      {
        ...seller,
        kind: 'credit_note',
        supplyKind: 'inter',
        taxablePaise: 2_000_00,
        supplyDate: early,
        tcs: [reversedTcs(10_000_00, 'inter', { quantity: 5, before: 0, units: 1 }, early)],
      },
    ]);
    // ₹100 + ₹50 − ₹20
    expect(rows[0]).toMatchObject({
      totalPaise: 130_00,
      igstPaise: 130_00,
      onNetPaise: 130_00,
      netTaxablePaise: 18_000_00,
    });
  });
});

describe('the files', () => {
  it('writes amounts as signed rupees and makes text safe for spreadsheets', () => {
    expect(exportLine(['=SUM(A1)', 'a,b', -3, { amount: -1250 }, { amount: 5 }])).toBe(
      `"'=SUM(A1)","a,b",-3,-12.50,0.05\r\n`,
    );
  });

  it('puts a credit note’s lines in the register as negatives, and totals invoices less credit notes', () => {
    const line: RegisterLine = {
      documentKind: 'invoice',
      billOfSupply: false,
      number: 'INV26-27/000001',
      issuedAt: new Date('2026-11-30T20:00:00Z'), // 1 December in India
      invoiceNumber: null,
      sellerGstin: '29AAAAA0000A1Z5',
      sellerEnrolmentNo: null,
      sellerLegalName: 'A',
      buyerGstin: null,
      placeOfSupplyCode: '33',
      supplyKind: 'inter',
      lineKind: 'goods',
      description: 'Kettle',
      hsnCode: '851610',
      quantity: 2,
      taxablePaise: 2000,
      ratePercent: 18,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 360,
      valuePaise: 2360,
    };
    const credit: RegisterLine = {
      ...line,
      documentKind: 'credit_note',
      number: 'CN26-27/000001',
      invoiceNumber: 'INV26-27/000001',
      quantity: 1,
      taxablePaise: 1000,
      igstPaise: 180,
      valuePaise: 1180,
    };
    const rows = salesRegisterCsv([line, credit]).trimEnd().split('\r\n');
    expect(rows[1]).toBe(
      'Tax Invoice,INV26-27/000001,2026-12-01,,29AAAAA0000A1Z5,A,,33-Tamil Nadu,inter,goods,Kettle,851610,2,20.00,18,0.00,0.00,3.60,23.60',
    );
    expect(rows[2]).toContain('Credit Note,CN26-27/000001,2026-12-01,INV26-27/000001,');
    expect(rows[2]).toMatch(/,-1,-10\.00,18,0\.00,0\.00,-1\.80,-11\.80$/);
    expect(rows[3]).toBe('Total,,,,,,,,,,,,,10.00,,0.00,0.00,1.80,11.80');
  });

  it('groups TDS by PAN, and names a seller without one as the returns do', () => {
    const summary = tdsSummary([
      {
        sellerId: 1,
        legalName: 'A',
        pan: 'AAAPA1234A',
        grossTaxablePaise: 1000,
        returnedTaxablePaise: 0,
        tdsPaise: 1,
      },
      {
        sellerId: 2,
        legalName: 'A Karnataka',
        pan: 'AAAPA1234A',
        grossTaxablePaise: 2000,
        returnedTaxablePaise: 500,
        tdsPaise: 2,
      },
      {
        sellerId: 3,
        legalName: 'B',
        pan: null,
        grossTaxablePaise: 1000,
        returnedTaxablePaise: 0,
        tdsPaise: 50,
      },
    ]);
    expect(summary.rows).toHaveLength(2);
    expect(summary.rows[0]).toMatchObject({
      names: 'A; A Karnataka',
      netTaxablePaise: 2500,
      tdsPaise: 3,
      ratePercent: '0.1',
    });
    expect(summary.rows[1]).toMatchObject({ pan: null, ratePercent: '5', tdsPaise: 50 });
    const lines = tdsCsv(summary).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^section,pan,pan_holder,seller_legal_names,/);
    expect(lines[1]).toMatch(/^section 194-O,AAAPA1234A,individual,A; A Karnataka,/);
    expect(lines[2]).toBe('section 194-O,PANNOTAVBL,,B,10.00,0.00,10.00,5,0.50');
    expect(lines[3]).toBe('Total,,,,40.00,5.00,35.00,,0.53');
  });

  it('Income-tax Act, 2025 s. 393(1) Sl. No. 8(v): a month from April 2026 names the 2025 Act’s provision', () => {
    const law = tdsLawOn(new Date('2026-04-15T00:00:00+05:30'));
    const summary = tdsSummary([
      {
        law,
        sellerId: 1,
        legalName: 'C',
        pan: 'AABCC1234D',
        grossTaxablePaise: 1000,
        returnedTaxablePaise: 0,
        tdsPaise: 1,
      },
      {
        law,
        sellerId: 2,
        legalName: 'D',
        pan: null,
        grossTaxablePaise: 1000,
        returnedTaxablePaise: 0,
        tdsPaise: 50,
      },
    ]);
    const lines = tdsCsv(summary).trimEnd().split('\r\n');
    expect(lines[1]).toBe(
      '"section 393(1) Sl. No. 8(v), Income-tax Act, 2025",AABCC1234D,other,C,10.00,0.00,10.00,0.1,0.01',
    );
    expect(lines[2]).toMatch(/,PANNOTAVBL,,D,10\.00,0\.00,10\.00,5,0\.50$/);
  });

  it('charges fee GST as CGST and SGST within the operator’s state, IGST from another', () => {
    const fees = { commissionPaise: 1000, closingFeePaise: 500, shippingFeePaise: 3500, gstPaise: 901 };
    expect(feeFigures(fees, 'intra')).toMatchObject({
      taxablePaise: 5000,
      cgstPaise: 451,
      sgstPaise: 450,
      igstPaise: 0,
      valuePaise: 5901,
    });
    expect(feeFigures(fees, 'inter')).toMatchObject({
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 901,
      valuePaise: 5901,
    });
  });
});
