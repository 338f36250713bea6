import { describe, expect, it } from 'vitest';
import { saleEntries } from '../settlement/ledger.ts';
import {
  creditLines,
  documentTotals,
  type InvoiceItem,
  invoiceLines,
  lineCounts,
  supplyDocumentKind,
  tcsTaxableOf,
} from './documents.ts';
import { indiaDate, rateOfPieces, type ScheduleRow, scheduleRowFor } from './schedule.ts';

// requirements#gst-tax: worked examples of the law as it stands in December 2026, each naming the
// notification it follows. The rows are those of migration 0041 for the codes used here.
const N9 = 'Notification 9/2025-Central Tax (Rate)';
const row = (
  hsnPrefix: string,
  effectiveFrom: string,
  rateBp: number,
  threshold: [number, number] | null = null,
): ScheduleRow => ({
  hsnPrefix,
  description: hsnPrefix,
  effectiveFrom,
  rateBp,
  thresholdPaise: threshold?.[0] ?? null,
  rateAboveBp: threshold?.[1] ?? null,
  notification: 'test',
});
const SCHEDULE: ScheduleRow[] = [
  row('62', '2022-01-01', 500, [1_000_00, 1200]),
  row('62', '2025-09-22', 500, [2_500_00, 1800]),
  row('64', '2022-01-01', 1200, [1_000_00, 1800]),
  row('64', '2025-09-22', 500, [2_500_00, 1800]),
  row('4901', '2022-01-01', 0),
  row('4901', '2025-09-22', 0),
  row('7117', '2022-01-01', 300),
  row('7117', '2025-09-22', 300),
  row('3305', '2022-01-01', 1800),
  row('3305', '2025-09-22', 500),
  row('9506', '2022-01-01', 1200),
  row('9506', '2025-09-22', 500),
  row('950691', '2022-01-01', 1800),
  row('950691', '2025-09-22', 1800),
  row('220210', '2022-01-01', 2800),
  row('220210', '2025-09-22', 4000),
  row('21069020', '2022-01-01', 2800),
  row('21069020', '2026-02-01', 4000),
];
const TODAY = '2026-12-06';

const rateOn = (hsn: string, date: string, valuePaise: number, quantity = 1) => {
  const rule = scheduleRowFor(SCHEDULE, hsn, date);
  if (!rule) throw new Error(`no rate for ${hsn}`);
  return rateOfPieces(rule, valuePaise, quantity);
};

const item = (hsnCode: string, date: string, overrides: Partial<InvoiceItem> = {}): InvoiceItem => {
  const rule = scheduleRowFor(SCHEDULE, hsnCode, date);
  if (!rule) throw new Error(`no rate for ${hsnCode}`);
  const base = {
    itemId: 1,
    description: 'Cotton kurta',
    hsnCode,
    rule,
    quantity: 1,
    unitPricePaise: 2_520_00,
    couponDiscountPaise: 0,
    deliveryChargePaise: 0,
    ...overrides,
  };
  const paid = base.unitPricePaise * base.quantity - base.couponDiscountPaise + base.deliveryChargePaise;
  return { paidSharePaise: paid, ...base };
};

describe('rates by HSN code, date and per-piece value', () => {
  it.each([
    // label, hsn, date, tax-inclusive value, quantity, rate
    [`${N9}: a kurta of sale value ₹2,400 a piece (₹2,520 with tax) is 5 %`, '6211', TODAY, 2_520_00, 1, 500],
    [
      `${N9}: a kurta of sale value ₹2,600 a piece (₹3,068 with tax) is 18 %`,
      '6211',
      TODAY,
      3_068_00,
      1,
      1800,
    ],
    [`${N9}: a ₹3,000 kurta is 18 %`, '6211', TODAY, 3_000_00, 1, 1800],
    [
      `${N9}: ₹2,625 with tax is ₹2,500 before it, within the threshold: 5 %`,
      '6211',
      TODAY,
      2_625_00,
      1,
      500,
    ],
    [`${N9}: ₹2,625.01 with tax is above it: 18 %`, '6211', TODAY, 2_625_01, 1, 1800],
    [`${N9}: two kurtas for ₹5,040 are ₹2,400 a piece: 5 %`, '6211', TODAY, 5_040_00, 2, 500],
    [`${N9}: ₹930.59 sneakers are 5 %`, '6404', TODAY, 930_59, 1, 500],
    [`${N9}, Sch. IV: imitation jewellery is 3 %`, '7117', TODAY, 499_00, 1, 300],
    [`${N9}: shampoo and hair oil are 5 %`, '3305', TODAY, 299_00, 1, 500],
    [
      `${N9}: a cricket bat is 5 %, exercise equipment (the longer prefix 9506 91) 18 %`,
      '950691',
      TODAY,
      999_00,
      1,
      1800,
    ],
    [`${N9}: a cricket bat is 5 %`, '9506', TODAY, 999_00, 1, 500],
    [
      `${N9}, Sch. III: aerated sugared water is 40 % from 22 Sep 2025`,
      '22021010',
      '2025-09-22',
      40_00,
      1,
      4000,
    ],
    [
      'Notification 19/2025-Central Tax (Rate): pan masala is 40 % from 1 Feb 2026',
      '21069020',
      '2026-02-01',
      10_00,
      1,
      4000,
    ],
    [
      'Notification 19/2025-Central Tax (Rate): pan masala stays 28 % until 31 Jan 2026',
      '21069020',
      '2026-01-31',
      10_00,
      1,
      2800,
    ],
    [
      'Notification 1/2017-Central Tax (Rate): a ₹1,500 kurta on 21 Sep 2025 is 12 %',
      '6211',
      '2025-09-21',
      1_500_00,
      1,
      1200,
    ],
    [
      'Notification 21/2021-Central Tax (Rate): ₹930.59 sneakers on 21 Sep 2025 are 12 %',
      '6404',
      '2025-09-21',
      930_59,
      1,
      1200,
    ],
    ['Notification 2/2017-Central Tax (Rate): a printed book is exempt', '490199', TODAY, 350_00, 1, 0],
  ] as const)('%s', (_label, hsn, date, value, quantity, rate) => {
    expect(rateOn(hsn, date, value, quantity)).toBe(rate);
  });

  it('has no rate for a code the schedule does not cover, nor before its first row', () => {
    expect(scheduleRowFor(SCHEDULE, '8703', TODAY)).toBeNull();
    expect(scheduleRowFor(SCHEDULE, '6211', '2021-12-31')).toBeNull();
  });

  it('dates a document by the day in India', () => {
    expect(indiaDate(new Date('2025-09-21T18:29:59Z'))).toBe('2025-09-21');
    expect(indiaDate(new Date('2025-09-21T18:30:00Z'))).toBe('2025-09-22');
  });
});

describe('documents as the law has them', () => {
  it(`${N9}: ₹930.59 sneakers carry ₹44.31 of tax, not ₹141.95`, () => {
    const [goods] = invoiceLines([item('6404', TODAY, { unitPricePaise: 930_59 })], 'inter');
    expect(goods).toMatchObject({ rateBp: 500, igstPaise: 44_31, taxablePaise: 886_28 });
  });

  it(`${N9}: a coupon that brings a ₹2,700 piece (₹2,835 with tax) under ₹2,500 makes it 5 %`, () => {
    const [full] = invoiceLines([item('6211', TODAY, { unitPricePaise: 2_835_00 })], 'intra');
    expect(full?.rateBp).toBe(1800);
    const [couponed] = invoiceLines(
      [item('6211', TODAY, { unitPricePaise: 2_835_00, couponDiscountPaise: 300_00 })],
      'intra',
    );
    // ₹2,535 paid: ₹2,414.29 before tax at 5 %
    expect(couponed).toMatchObject({ rateBp: 500, valuePaise: 2_535_00, taxablePaise: 2_414_28 });
    expect(couponed?.cgstPaise).toBe(couponed?.sgstPaise);
  });

  it('CGST Act s. 2(30), s. 8(a), s. 31(3)(c), rule 49, s. 52: a book with delivery is a bill of supply with no tax and no TCS', () => {
    const lines = invoiceLines(
      [item('4901', TODAY, { description: 'A novel', unitPricePaise: 350_00, deliveryChargePaise: 40_00 })],
      'intra',
    );
    expect(lines.map((l) => [l.kind, l.hsnCode, l.rateBp, l.cgstPaise + l.sgstPaise + l.igstPaise])).toEqual([
      ['goods', '4901', 0, 0],
      ['delivery', '4901', 0, 0], // was ₹6.10 at 18 % under SAC 996812
    ]);
    expect(supplyDocumentKind(lineCounts(lines), true)).toBe('bill_of_supply');
    expect(tcsTaxableOf(lines, true)).toBe(0);
    const entries = saleEntries({
      valuePaise: 390_00,
      taxablePaise: 390_00,
      tcsTaxablePaise: tcsTaxableOf(lines, true),
      fees: {
        commissionPaise: 0,
        closingFeePaise: 0,
        shippingFeePaise: 0,
        commissionGstPaise: 0,
        closingFeeGstPaise: 0,
        shippingFeeGstPaise: 0,
      },
      kind: 'intra',
      documentDate: new Date(`${TODAY}T12:00:00+05:30`),
      hasPan: true,
    });
    expect(entries.find((e) => e.kind === 'tcs')).toBeUndefined();
  });

  it('rule 46A: a book and a kurta on one document make an invoice-cum-bill of supply', () => {
    const lines = invoiceLines(
      [
        item('4901', TODAY, { itemId: 1, unitPricePaise: 350_00 }),
        item('6211', TODAY, { itemId: 2, unitPricePaise: 2_000_00, deliveryChargePaise: 40_00 }),
      ],
      'intra',
    );
    expect(supplyDocumentKind(lineCounts(lines), true)).toBe('invoice_cum_bill_of_supply');
    // the kurta's delivery at the kurta's 5 % and HSN code
    expect(lines[2]).toMatchObject({ kind: 'delivery', hsnCode: '6211', rateBp: 500 });
    // TCS only on the kurta and its delivery (Notification 15/2024-Central Tax: 0.5 %)
    expect(tcsTaxableOf(lines, true)).toBe((lines[1]?.taxablePaise ?? 0) + (lines[2]?.taxablePaise ?? 0));
  });

  it('Notification 37/2023-Central Tax: an enrolled seller’s bill of supply carries no tax and no TCS', () => {
    const lines = invoiceLines([item('6211', TODAY, { deliveryChargePaise: 40_00 })], 'intra', false);
    expect(lines.every((l) => l.rateBp === 0 && l.cgstPaise + l.sgstPaise + l.igstPaise === 0)).toBe(true);
    expect(supplyDocumentKind(lineCounts(lines), false)).toBe('bill_of_supply');
    expect(tcsTaxableOf(lines, false)).toBe(0);
  });

  it('Notification 19/2025-Central Tax (Rate): 40 % goods', () => {
    const [line] = invoiceLines([item('21069020', TODAY, { unitPricePaise: 140_00 })], 'inter');
    expect(line).toMatchObject({ rateBp: 4000, taxablePaise: 100_00, igstPaise: 40_00 });
  });

  it('Notification 1/2017-Central Tax (Rate): a credit note for an invoice of 1 Sep 2025 takes back the invoice’s 12 %', () => {
    const invoiced = invoiceLines(
      [item('6211', '2025-09-01', { quantity: 2, unitPricePaise: 1_500_00, paidSharePaise: 3_000_00 })],
      'intra',
    );
    expect(invoiced[0]?.rateBp).toBe(1200);
    // today the kurta would be 5 %; the credit note keeps the invoice's rate and tax
    expect(rateOn('6211', TODAY, 1_500_00)).toBe(500);
    const credit = creditLines(invoiced, 0, 1);
    expect(credit[0]).toMatchObject({ rateBp: 1200, cgstPaise: 80_35, sgstPaise: 80_35 });
  });
});

describe('CGST = SGST on every line', () => {
  it('on 10,000 generated intra-state orders (seeded generator)', () => {
    let seed = 20_250_922;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const codes = ['6211', '6404', '4901', '7117', '3305', '9506', '950691', '22021010', '21069020'];
    const dates = ['2025-09-01', '2025-09-22', '2026-01-31', TODAY];
    let lineCount = 0;
    for (let order = 0; order < 10_000; order++) {
      const date = dates[next(dates.length)] ?? TODAY;
      const items = Array.from({ length: 1 + next(4) }, (_, i) => {
        const quantity = 1 + next(3);
        const unitPricePaise = 100 + next(600_000);
        const couponDiscountPaise = next(4) === 0 ? next(unitPricePaise * quantity) : 0;
        const deliveryChargePaise = next(3) === 0 ? 4_000 : 0;
        const max = unitPricePaise * quantity - couponDiscountPaise + deliveryChargePaise;
        return item(codes[next(codes.length)] ?? '6211', date, {
          itemId: i + 1,
          quantity,
          unitPricePaise,
          couponDiscountPaise,
          deliveryChargePaise,
          paidSharePaise: max - next(Math.min(5_000, max) + 1),
        });
      });
      const lines = invoiceLines(items, 'intra');
      for (const l of lines) {
        expect(l.cgstPaise).toBe(l.sgstPaise);
        expect(l.taxablePaise + l.cgstPaise + l.sgstPaise).toBe(l.valuePaise);
      }
      lineCount += lines.length;
      expect(documentTotals(lines).valuePaise).toBe(items.reduce((sum, i) => sum + i.paidSharePaise, 0));
    }
    expect(lineCount).toBeGreaterThan(10_000);
  });
});
