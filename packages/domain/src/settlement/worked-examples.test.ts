import { describe, expect, it } from 'vitest';
import { paidShares } from '../orders/refund.ts';
import { creditLines, documentTotals, invoiceLines } from '../tax/documents.ts';
import type { RateRule } from '../tax/schedule.ts';
import { type CommissionRule, itemFees } from './fees.ts';
import { balanceOf, reversalEntries, saleEntries } from './ledger.ts';

// a supply of today, under Notification 15/2024-Central Tax (TCS 0.5 %)
const TODAY = new Date('2026-12-06T10:00:00+05:30');

// requirements#gst-invoices and requirements#settlement: whole orders worked by hand, from what the
// shopper pays to what the seller is paid. Every figure in the comments was worked out on paper
// from the rules (CGST rule 46, GST s. 52, income tax s. 194-O) before the code ran.

const rule = (percent: number): CommissionRule => ({
  id: 1,
  scope: 'default',
  scopeId: null,
  percentBasisPoints: percent * 100,
  minimumPaise: 500,
  closingFees: [
    { fromPaise: 0, feePaise: 500 },
    { fromPaise: 50_000, feePaise: 1_000 },
    { fromPaise: 100_000, feePaise: 2_000 },
  ],
  shippingFeePerSlabPaise: 3_500,
  effectiveFrom: new Date('2020-01-01T00:00:00Z'),
});

/** A schedule row without a threshold. */
const flat = (rateBp: number): RateRule => ({
  rateBp,
  thresholdPaise: null,
  rateAboveBp: null,
  notification: 'Notification 9/2025-Central Tax (Rate)',
});

/**
 * Seller A, in Karnataka (29), sells one ₹1,180 kettle at 18 % with ₹40 delivery; the delivery is
 * taxed with the kettle at 18 % (CGST Act s. 8(a)).
 */
const kettle = {
  itemId: 1,
  description: 'Electric Kettle 1.5 L',
  hsnCode: '8516',
  rule: flat(1800),
  quantity: 1,
  unitPricePaise: 118_000,
  couponDiscountPaise: 0,
  deliveryChargePaise: 4_000,
  paidSharePaise: 122_000,
};
/**
 * Seller B, in Maharashtra (27), sells two ₹499 kurtas with a ₹100 coupon and ₹50 of PromoJun, here
 * at a flat 12 % to keep the figures worked on paper (the retired slab: kurtas are 5 % today, see
 * tax/law.test.ts, Notification 9/2025-Central Tax (Rate)).
 */
const kurtas = {
  itemId: 2,
  description: 'Cotton Kurta',
  hsnCode: '6211',
  rule: flat(1200),
  quantity: 2,
  unitPricePaise: 49_900,
  couponDiscountPaise: 10_000,
  deliveryChargePaise: 0,
  paidSharePaise: 84_800,
};

describe('intra-state, prepaid: seller A’s kettle to a shopper in Karnataka', () => {
  const lines = invoiceLines([kettle], 'intra');
  const totals = documentTotals(lines);

  it('invoices ₹1,220: goods 1,000.00 + 90.00 CGST + 90.00 SGST, delivery 33.90 + 3.05 + 3.05', () => {
    // 118000 × 100/118 = 100000 taxable, 18000 tax, halved; delivery 4000 × 100/118 = 3389.83 → 3390
    expect(lines.map((l) => [l.kind, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      ['goods', 100_000, 9_000, 9_000, 0],
      ['delivery', 3_390, 305, 305, 0],
    ]);
    expect(totals).toEqual({
      valuePaise: 122_000,
      taxablePaise: 103_390,
      cgstPaise: 9_305,
      sgstPaise: 9_305,
      igstPaise: 0,
    });
  });

  it('owes the seller ₹1,009.67: sale less commission, fees, their GST, TCS and TDS', () => {
    // commission 10 % of 118000 = 11800 (over the ₹5 minimum); closing fee ₹20 (unit ≥ ₹1,000);
    // shipping ₹35 (400 g: one slab); GST 18 %: 2124, 360, 630
    const fees = itemFees(rule(10), {
      quantity: 1,
      unitPricePaise: 118_000,
      weightGrams: 400,
      goodsValuePaise: 118_000,
    });
    expect(fees).toEqual({
      commissionPaise: 11_800,
      commissionGstPaise: 2_124,
      closingFeePaise: 2_000,
      closingFeeGstPaise: 360,
      shippingFeePaise: 3_500,
      shippingFeeGstPaise: 630,
    });
    // TCS 0.25 % + 0.25 % of 103390 = 258.475 → 258 each; TDS 0.1 % = 103.39 → 103
    const entries = saleEntries({
      valuePaise: 122_000,
      taxablePaise: 103_390,
      tcsTaxablePaise: 103_390,
      fees,
      kind: 'intra',
      documentDate: TODAY,
      hasPan: true,
    });
    expect(entries.find((e) => e.kind === 'tcs')?.amountPaise).toBe(-516);
    expect(entries.find((e) => e.kind === 'tds')?.amountPaise).toBe(-103);
    // 122000 − (11800 + 2124 + 2000 + 360 + 3500 + 630 + 516 + 103) = 122000 − 21033
    expect(balanceOf(entries)).toBe(100_967);
  });

  it('deducts TDS at 5 % from a seller without a PAN', () => {
    const fees = itemFees(rule(10), {
      quantity: 1,
      unitPricePaise: 118_000,
      weightGrams: 400,
      goodsValuePaise: 118_000,
    });
    const entries = saleEntries({
      valuePaise: 122_000,
      taxablePaise: 103_390,
      tcsTaxablePaise: 103_390,
      fees,
      kind: 'intra',
      documentDate: TODAY,
      hasPan: false,
    });
    // 5 % of 103390 = 5169.5 → 5170
    expect(entries.find((e) => e.kind === 'tds')?.amountPaise).toBe(-5_170);
    expect(balanceOf(entries)).toBe(100_967 + 103 - 5_170);
  });
});

describe('inter-state, coupon plus promo: seller B’s kurtas to the same shopper', () => {
  const lines = invoiceLines([kurtas], 'inter');

  it('invoices ₹848: the ₹100 coupon and ₹50 promo off the goods, all IGST', () => {
    // 99800 gross − 15000 discounts = 84800; × 100/112 = 75714.29 → 75714; IGST 9086
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      grossPaise: 99_800,
      discountPaise: 15_000,
      valuePaise: 84_800,
      taxablePaise: 75_714,
      igstPaise: 9_086,
      cgstPaise: 0,
    });
  });

  const fees = itemFees(rule(15), {
    quantity: 2,
    unitPricePaise: 49_900,
    weightGrams: 300,
    goodsValuePaise: 84_800,
  });
  const sale = saleEntries({
    valuePaise: 84_800,
    taxablePaise: 75_714,
    tcsTaxablePaise: 75_714,
    fees,
    kind: 'inter',
    documentDate: TODAY,
    hasPan: true,
  });

  it('owes the seller ₹598.95', () => {
    // commission 15 % of 84800 = 12720; closing ₹5 × 2 (unit under ₹500); shipping ₹35 × 2;
    // GST 2289.6 → 2290, 180, 1260; TCS IGST 0.5 % of 75714 = 378.57 → 379; TDS 75.71 → 76
    expect(fees).toEqual({
      commissionPaise: 12_720,
      commissionGstPaise: 2_290,
      closingFeePaise: 1_000,
      closingFeeGstPaise: 180,
      shippingFeePaise: 7_000,
      shippingFeeGstPaise: 1_260,
    });
    expect(sale.find((e) => e.kind === 'tcs')?.amountPaise).toBe(-379);
    expect(sale.find((e) => e.kind === 'tds')?.amountPaise).toBe(-76);
    // 84800 − 24905
    expect(balanceOf(sale)).toBe(59_895);
  });

  it('partial return of one kurta: a credit note of ₹424 and half the fees and taxes back, the shipping fee kept', () => {
    // half of taxable 75714 and IGST 9086, rounded down: 37857 + 4543 = 42400
    const credit = documentTotals(creditLines(lines, 0, 1));
    expect(credit).toMatchObject({ valuePaise: 42_400, taxablePaise: 37_857, igstPaise: 4_543 });
    const back = reversalEntries(sale, {
      quantity: 2,
      reversedBefore: 0,
      units: 1,
      creditPaise: 42_400,
      shipped: true,
    });
    // commission 6360, its GST 1145, closing 500, its GST 90, TCS 189 (379/2 rounded down), TDS 38
    expect(Object.fromEntries(back.map((e) => [e.kind, e.amountPaise]))).toEqual({
      refund: -42_400,
      commission: 6_360,
      commission_gst: 1_145,
      closing_fee: 500,
      closing_fee_gst: 90,
      tcs: 189,
      tds: 38,
    });
    // 59895 − 42400 + 8322
    expect(balanceOf([...sale, ...back])).toBe(25_817);
    // the second kurta back too: everything but the shipping fee and its GST nets to zero
    const rest = reversalEntries(sale, {
      quantity: 2,
      reversedBefore: 1,
      units: 1,
      creditPaise: 84_800 - 42_400,
      shipped: true,
    });
    expect(balanceOf([...sale, ...back, ...rest])).toBe(-(7_000 + 1_260));
  });

  it('cancellation after invoicing, before the courier took it: everything back, the shipping fee too', () => {
    const back = reversalEntries(sale, {
      quantity: 2,
      reversedBefore: 0,
      units: 2,
      creditPaise: 84_800,
      shipped: false,
    });
    expect(balanceOf([...sale, ...back])).toBe(0);
    expect(documentTotals(creditLines(lines, 0, 2))).toEqual(documentTotals(lines));
  });
});

describe('multi-seller, one order: the promo split over both sellers’ items', () => {
  it('invoices each seller its items’ part of what the shopper paid, adding up to the order total', () => {
    // items: the kettle (1180 + 40 delivery) and the kurtas (998 − 100 coupon); PromoJun ₹50 off the
    // order, split in proportion 122000 : 89800: 2880.07 and 2119.93 paise → 2880 and 2120 (largest remainder)
    const order = [
      { quantity: 1, unitPricePaise: 118_000, couponDiscountPaise: 0, deliveryChargePaise: 4_000 },
      { quantity: 2, unitPricePaise: 49_900, couponDiscountPaise: 10_000, deliveryChargePaise: 0 },
    ];
    const total = 122_000 + 89_800 - 5_000;
    const shares = paidShares(total, order);
    expect(shares).toEqual([122_000 - 2_880, 89_800 - 2_120]);
    const a = documentTotals(invoiceLines([{ ...kettle, paidSharePaise: shares[0] ?? 0 }], 'intra'));
    const b = documentTotals(
      invoiceLines([{ ...kurtas, couponDiscountPaise: 10_000, paidSharePaise: shares[1] ?? 0 }], 'inter'),
    );
    expect(a.valuePaise + b.valuePaise).toBe(total);
    // seller A's invoice is all CGST + SGST, seller B's all IGST
    expect([a.igstPaise, b.cgstPaise + b.sgstPaise]).toEqual([0, 0]);
  });
});

describe('COD and prepaid', () => {
  it('owe the seller the same for the same sale: how the shopper paid is the marketplace’s concern', () => {
    const fees = itemFees(rule(10), {
      quantity: 1,
      unitPricePaise: 118_000,
      weightGrams: 400,
      goodsValuePaise: 118_000,
    });
    const entries = saleEntries({
      valuePaise: 122_000,
      taxablePaise: 103_390,
      tcsTaxablePaise: 103_390,
      fees,
      kind: 'intra',
      documentDate: TODAY,
      hasPan: true,
    });
    // the ledger has no payment mode: a COD sale is paid out once the courier remitted the cash,
    // a prepaid one once its windows closed, for the same 100967
    expect(balanceOf(entries)).toBe(100_967);
  });
});
