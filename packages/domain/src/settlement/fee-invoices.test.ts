import { describe, expect, it } from 'vitest';
import { documentNumber } from './documents.ts';
import { feeFigures } from './exports-csv.ts';
import {
  creditedFigures,
  feeDocumentFileName,
  feeDocumentKindOf,
  feeDocumentLines,
  isFeeEInvoiceDue,
} from './fee-invoices.ts';

// requirements#fee-invoices

const figures = (
  commission: number,
  closing: number,
  shipping: number,
  gst: number,
  kind: 'intra' | 'inter',
) =>
  feeFigures(
    { commissionPaise: commission, closingFeePaise: closing, shippingFeePaise: shipping, gstPaise: gst },
    kind,
  );

describe('feeDocumentLines', () => {
  it.each([
    ['within the state', figures(10_001, 400, 3_000, 2_413, 'intra')],
    ['between states', figures(10_001, 400, 3_000, 2_413, 'inter')],
    ['odd paise of tax', figures(1, 1, 1, 3, 'intra')],
    ['one fee only', figures(5_000, 0, 0, 900, 'intra')],
  ])('%s: the lines add up to the document to the paisa, each tax apart', (_name, f) => {
    const lines = feeDocumentLines(f);
    const sum = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + pick(l), 0);
    expect(sum((l) => l.taxablePaise)).toBe(f.taxablePaise);
    expect(sum((l) => l.cgstPaise)).toBe(f.cgstPaise);
    expect(sum((l) => l.sgstPaise)).toBe(f.sgstPaise);
    expect(sum((l) => l.igstPaise)).toBe(f.igstPaise);
    expect(sum((l) => l.valuePaise)).toBe(f.valuePaise);
    for (const line of lines) {
      expect(line.cgstPaise).toBeGreaterThanOrEqual(0);
      expect(line.sgstPaise).toBeGreaterThanOrEqual(0);
      expect(line.ratePercent).toBe(18);
      expect(line.sac).toMatch(/^99\d{4}$/);
    }
  });

  it('leaves out a fee of nothing and names each service', () => {
    const lines = feeDocumentLines(figures(5_000, 0, 1_000, 1_080, 'inter'));
    expect(lines.map((l) => [l.description, l.sac])).toEqual([
      ['Marketplace commission', '998599'],
      ['Shipping fee', '996812'],
    ]);
    expect(lines.map((l) => l.igstPaise)).toEqual([900, 180]);
  });
});

describe('feeDocumentKindOf', () => {
  it('an invoice for fees charged, a credit note for fees given back, nothing for none', () => {
    expect(feeDocumentKindOf(figures(100, 0, 0, 18, 'intra'))).toBe('invoice');
    expect(feeDocumentKindOf(figures(-100, 0, 0, -18, 'intra'))).toBe('credit_note');
    expect(feeDocumentKindOf(figures(0, 0, 0, 0, 'intra'))).toBeNull();
  });

  it('a credit note carries what was given back as positive amounts that still add up', () => {
    const credited = creditedFigures(figures(-10_000, -400, 0, -1_872, 'intra'));
    expect(credited).toMatchObject({ taxablePaise: 10_400, valuePaise: 12_272 });
    expect(credited.cgstPaise + credited.sgstPaise).toBe(1_872);
    expect(Object.is(creditedFigures(figures(0, 0, 0, 0, 'inter')).igstPaise, -0)).toBe(false);
  });
});

describe('isFeeEInvoiceDue', () => {
  it('only above ₹5 crore of the operator’s turnover, and only to a registered seller', () => {
    expect(isFeeEInvoiceDue('up_to_5cr', '29ABCDE1234F1Z5')).toBe(false);
    expect(isFeeEInvoiceDue('5cr_to_10cr', '29ABCDE1234F1Z5')).toBe(true);
    expect(isFeeEInvoiceDue('above_10cr', '29ABCDE1234F1Z5')).toBe(true);
    expect(isFeeEInvoiceDue('above_10cr', null)).toBe(false);
  });
});

it('fee credit notes are numbered in a series of their own within rule 46’s 16 characters', () => {
  const number = documentNumber('fee_credit_note', '2026-27', 1);
  expect(number).toBe('FCN26-27/000001');
  expect(feeDocumentFileName(number)).toBe('FCN26-27-000001.pdf');
});
