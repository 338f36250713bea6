import { describe, expect, it } from 'vitest';
import { refundPaise } from '../orders/refund.ts';
import { GST_RATES_BP, taxOfValue } from '../tax/gst.ts';
import { type CommissionRule, itemFees } from './fees.ts';
import {
  ENTRY_KINDS,
  type EntryKind,
  type LedgerEntry,
  balanceOf,
  reversalEntries,
  saleEntries,
} from './ledger.ts';

// a supply of today, under Notification 15/2024-Central Tax (TCS 0.5 %)
const TODAY = new Date('2026-12-06T10:00:00+05:30');

const rule = (overrides: Partial<CommissionRule> = {}): CommissionRule => ({
  id: 1,
  scope: 'default',
  scopeId: null,
  percentBasisPoints: 1200, // 12 %
  minimumPaise: 10_00, // ₹10 a unit
  closingFees: [
    { fromPaise: 0, feePaise: 0 },
    { fromPaise: 300_00, feePaise: 15_00 },
    { fromPaise: 1000_00, feePaise: 25_00 },
  ],
  shippingFeePerSlabPaise: 30_00, // ₹30 per 500 g
  effectiveFrom: new Date('2026-01-01T00:00:00Z'),
  ...overrides,
});

const amounts = (entries: readonly LedgerEntry[]) => entries.map((entry) => [entry.kind, entry.amountPaise]);
const totalOf = (entries: readonly LedgerEntry[], kind: EntryKind) =>
  balanceOf(entries.filter((entry) => entry.kind === kind));

// 2 units at ₹499, 1.2 kg each: commission 11976, closing 3000, shipping 18000; GST 2156, 540, 3240
const pair = itemFees(rule(), {
  quantity: 2,
  unitPricePaise: 499_00,
  weightGrams: 1200,
  goodsValuePaise: 998_00,
});
// the goods ₹998 and ₹40 delivery, both at 18 %: taxable 99800 / 1.18 = 84576.27 -> 84576 and
// 4000 / 1.18 = 3389.83 -> 3390, so 87966 of the invoice's 103800
const pairSale = {
  valuePaise: 1038_00,
  taxablePaise: 879_66,
  tcsTaxablePaise: 879_66,
  fees: pair,
  documentDate: TODAY,
};

// requirements#settlement: a sale is owed to the seller less the fees, their GST, TCS and TDS
describe('the entries of a sale', () => {
  it.each([
    [
      'intra-state, with a PAN',
      saleEntries({ ...pairSale, kind: 'intra', hasPan: true }),
      [
        ['sale', 1038_00],
        ['commission', -119_76],
        ['commission_gst', -21_56],
        ['closing_fee', -30_00],
        ['closing_fee_gst', -5_40],
        ['shipping_fee', -180_00],
        ['shipping_fee_gst', -32_40],
        ['tcs', -4_40], // 87966 × 0.25 % = 219.915 -> 220, twice
        ['tds', -88], // 87966 × 0.1 % = 87.966, on the taxable value: GST left out
      ],
      // 103800 - (11976 + 2156 + 3000 + 540 + 18000 + 3240 + 440 + 88) = 103800 - 39440
      643_60,
    ],
    [
      'the same sale by a seller without a PAN',
      saleEntries({ ...pairSale, kind: 'intra', hasPan: false }),
      [
        ['sale', 1038_00],
        ['commission', -119_76],
        ['commission_gst', -21_56],
        ['closing_fee', -30_00],
        ['closing_fee_gst', -5_40],
        ['shipping_fee', -180_00],
        ['shipping_fee_gst', -32_40],
        ['tcs', -4_40],
        ['tds', -43_98], // 87966 × 5 % = 4398.3
      ],
      // 103800 - (39352 + 4398)
      600_50,
    ],
    [
      'inter-state: one ₹1,299 unit at 5 %, 400 g, 8 % commission',
      saleEntries({
        valuePaise: 1299_00,
        taxablePaise: 1237_14, // 129900 / 1.05 = 123714.29
        tcsTaxablePaise: 1237_14,
        // commission 129900 × 8 % = 10392; closing 2500 (the ₹1,000 band); shipping one slab 3000;
        // GST 1870.56 -> 1871, 450, 540
        fees: itemFees(rule({ percentBasisPoints: 800, minimumPaise: 20_00 }), {
          quantity: 1,
          unitPricePaise: 1299_00,
          weightGrams: 400,
          goodsValuePaise: 1299_00,
        }),
        kind: 'inter',
        documentDate: TODAY,
        hasPan: true,
      }),
      [
        ['sale', 1299_00],
        ['commission', -103_92],
        ['commission_gst', -18_71],
        ['closing_fee', -25_00],
        ['closing_fee_gst', -4_50],
        ['shipping_fee', -30_00],
        ['shipping_fee_gst', -5_40],
        ['tcs', -6_19], // 123714 × 0.5 % = 618.57 IGST (intra-state it would be 309 + 309)
        ['tds', -1_24], // 123.714
      ],
      // 129900 - (10392 + 1871 + 2500 + 450 + 3000 + 540 + 619 + 124) = 129900 - 19496
      1104_04,
    ],
    [
      'no fees: only the taxes are taken',
      saleEntries({
        valuePaise: 118_00,
        taxablePaise: 100_00,
        tcsTaxablePaise: 100_00,
        fees: itemFees(
          rule({
            percentBasisPoints: 0,
            minimumPaise: 0,
            closingFees: [{ fromPaise: 0, feePaise: 0 }],
            shippingFeePerSlabPaise: 0,
          }),
          { quantity: 1, unitPricePaise: 118_00, weightGrams: 100, goodsValuePaise: 118_00 },
        ),
        kind: 'inter',
        documentDate: TODAY,
        hasPan: true,
      }),
      [
        ['sale', 118_00],
        ['tcs', -50], // 10000 × 0.5 %
        ['tds', -10], // 10000 × 0.1 %
      ],
      117_40,
    ],
    [
      'a free sale still has its sale entry',
      saleEntries({
        valuePaise: 0,
        taxablePaise: 0,
        tcsTaxablePaise: 0,
        fees: {
          ...pair,
          commissionPaise: 0,
          closingFeePaise: 0,
          shippingFeePaise: 0,
          commissionGstPaise: 0,
          closingFeeGstPaise: 0,
          shippingFeeGstPaise: 0,
        },
        kind: 'intra',
        documentDate: TODAY,
        hasPan: false,
      }),
      [['sale', 0]],
      0,
    ],
  ])('%s', (_, entries, expected, balance) => {
    expect(amounts(entries)).toEqual(expected);
    expect(balanceOf(entries)).toBe(balance);
  });

  // requirements#tcs-law: the rate in force on the invoice's date, not today's
  it.each([
    ['Notification 52/2018-CT: 1 % on a sale invoiced 9 Jul 2024', '2024-07-09T23:59:00+05:30', -8_80],
    ['Notification 15/2024-CT: 0.5 % on a sale invoiced 10 Jul 2024', '2024-07-10T00:00:00+05:30', -4_40],
  ])('%s', (_, day, tcs) => {
    const entries = saleEntries({ ...pairSale, documentDate: new Date(day), kind: 'intra', hasPan: true });
    expect(entries.find((e) => e.kind === 'tcs')?.amountPaise).toBe(tcs);
    // the sale's reversal gives back what was collected, at the rate it was collected at
    const back = reversalEntries(entries, {
      quantity: 2,
      reversedBefore: 0,
      units: 2,
      creditPaise: 1038_00,
      shipped: true,
    });
    expect(back.find((e) => e.kind === 'tcs')?.amountPaise).toBe(-tcs);
  });

  it.each([
    [{ valuePaise: -1 }],
    [{ valuePaise: 10.5 }],
    [{ taxablePaise: 1038_01 }], // more taxable than the value
    [{ fees: { ...pair, commissionPaise: -1 } }],
  ])('refuses %o', (overrides) => {
    expect(() => saleEntries({ ...pairSale, kind: 'intra', hasPan: true, ...overrides })).toThrow(RangeError);
  });
});

// requirements#settlement: a return or cancellation refunds the credit note's value and gives back
// each fee and tax by the units' running share; shipping too when the parcel never left
describe('the entries of a return or a cancellation', () => {
  // 3 units at ₹333, 250 g each, ₹999 paid: commission 99900 × 12 % = 11988; closing 3 × 1500 (₹333
  // is in the ₹300 band); shipping 3 × one slab of 3000; GST 2157.84 -> 2158, 810, 1620. Taxable at
  // 18 %: 99900 / 1.18 = 84661.02 -> 84661; TCS 211.65 -> 212 twice; TDS 84.661 -> 85
  const trio = saleEntries({
    valuePaise: 999_00,
    taxablePaise: 846_61,
    tcsTaxablePaise: 846_61,
    fees: itemFees(rule(), {
      quantity: 3,
      unitPricePaise: 333_00,
      weightGrams: 250,
      goodsValuePaise: 999_00,
    }),
    kind: 'intra',
    documentDate: TODAY,
    hasPan: true,
  });

  it('starts from the sale’s entries', () => {
    expect(amounts(trio)).toEqual([
      ['sale', 999_00],
      ['commission', -119_88],
      ['commission_gst', -21_58],
      ['closing_fee', -45_00],
      ['closing_fee_gst', -8_10],
      ['shipping_fee', -90_00],
      ['shipping_fee_gst', -16_20],
      ['tcs', -4_24],
      ['tds', -85],
    ]);
  });

  it('gives back 1 of 3 units, then the other 2, adding up to the sale’s fees and taxes exactly', () => {
    const first = reversalEntries(trio, {
      quantity: 3,
      reversedBefore: 0,
      units: 1,
      creditPaise: 333_00,
      shipped: true,
    });
    expect(amounts(first)).toEqual([
      ['refund', -333_00],
      ['commission', 39_96], // 11988 / 3
      ['commission_gst', 7_19], // 2158 / 3 = 719.33, toward zero
      ['closing_fee', 15_00],
      ['closing_fee_gst', 2_70],
      ['tcs', 1_41], // 424 / 3 = 141.33
      ['tds', 28], // 85 / 3 = 28.33
    ]);
    const rest = reversalEntries(trio, {
      quantity: 3,
      reversedBefore: 1,
      units: 2,
      creditPaise: 666_00,
      shipped: true,
    });
    expect(amounts(rest)).toEqual([
      ['refund', -666_00],
      ['commission', 79_92], // 11988 - 3996
      ['commission_gst', 14_39], // 2158 - 719
      ['closing_fee', 30_00],
      ['closing_fee_gst', 5_40],
      ['tcs', 2_83], // 424 - 141
      ['tds', 57], // 85 - 28
    ]);
    const all = [...trio, ...first, ...rest];
    for (const kind of [
      'commission',
      'commission_gst',
      'closing_fee',
      'closing_fee_gst',
      'tcs',
      'tds',
    ] as const)
      expect(totalOf(all, kind)).toBe(0);
    // the whole ₹999 refunded; the parcel went and came back, so the seller bears its shipping: 9000 + 1620
    expect(totalOf(all, 'sale') + totalOf(all, 'refund')).toBe(0);
    expect(balanceOf(all)).toBe(-106_20);
  });

  it('gives back everything when the order is cancelled before it ships', () => {
    const cancelled = reversalEntries(saleEntries({ ...pairSale, kind: 'intra', hasPan: true }), {
      quantity: 2,
      reversedBefore: 0,
      units: 2,
      creditPaise: 1038_00, // the goods and the delivery
      shipped: false,
    });
    expect(amounts(cancelled)).toEqual([
      ['refund', -1038_00],
      ['commission', 119_76],
      ['commission_gst', 21_56],
      ['closing_fee', 30_00],
      ['closing_fee_gst', 5_40],
      ['shipping_fee', 180_00],
      ['shipping_fee_gst', 32_40],
      ['tcs', 4_40],
      ['tds', 88],
    ]);
    expect(balanceOf([...saleEntries({ ...pairSale, kind: 'intra', hasPan: true }), ...cancelled])).toBe(0);
  });

  it.each([
    // units before, units now, the TDS given back: a 1-paisa TDS over 3 units goes back with the last
    [0, 1, []],
    [1, 1, []],
    [2, 1, [['tds', 1]]],
    [0, 3, [['tds', 1]]],
  ])('leaves out what rounds to nothing (%i before, %i now)', (reversedBefore, units, expected) => {
    const sale: LedgerEntry[] = [
      { kind: 'sale', amountPaise: 1_00 },
      { kind: 'tds', amountPaise: -1 },
    ];
    expect(
      amounts(reversalEntries(sale, { quantity: 3, reversedBefore, units, creditPaise: 0, shipped: true })),
    ).toEqual(expected);
  });

  it.each([
    [{ units: 0 }],
    [{ units: 1.5 }],
    [{ reversedBefore: -1 }],
    [{ reversedBefore: 2, units: 2 }], // 4 of 3 units
    [{ quantity: 0 }],
    [{ creditPaise: -1 }],
  ])('refuses %o', (overrides) => {
    const input = { quantity: 3, reversedBefore: 0, units: 1, creditPaise: 0, shipped: true, ...overrides };
    expect(() => reversalEntries(trio, input)).toThrow(RangeError);
  });

  it('adds up for 200 items reversed in random chunks', () => {
    // a linear congruential generator, so every run checks the same items
    let seed = 2026;
    const next = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % n;
    const feeKinds = [
      'commission',
      'commission_gst',
      'closing_fee',
      'closing_fee_gst',
      'tcs',
      'tds',
    ] as const;
    for (let run = 0; run < 200; run++) {
      const quantity = 1 + next(12);
      const unitPricePaise = 1 + next(2_00_000_00);
      const goodsValuePaise =
        unitPricePaise * quantity - next(Math.floor((unitPricePaise * quantity) / 5) + 1);
      const deliveryPaise = next(2) === 0 ? 0 : next(150_00);
      const kind = next(2) === 0 ? 'intra' : 'inter';
      const rate = GST_RATES_BP[next(GST_RATES_BP.length)] ?? 1800;
      const valuePaise = goodsValuePaise + deliveryPaise;
      // the delivery taxed with its goods (CGST Act s. 8(a))
      const taxablePaise =
        taxOfValue(goodsValuePaise, rate, kind).taxablePaise +
        taxOfValue(deliveryPaise, rate, kind).taxablePaise;
      const tcsTaxablePaise = rate > 0 ? taxablePaise : 0;
      const fees = itemFees(
        rule({
          percentBasisPoints: next(3001),
          minimumPaise: next(50_00),
          shippingFeePerSlabPaise: next(80_00),
        }),
        { quantity, unitPricePaise, weightGrams: next(25_000), goodsValuePaise },
      );
      const sale = saleEntries({
        valuePaise,
        taxablePaise,
        tcsTaxablePaise,
        fees,
        kind,
        documentDate: TODAY,
        hasPan: next(4) !== 0,
      });
      const shipped = next(3) !== 0;

      const entries = [...sale];
      let reversedBefore = 0;
      let totalCredit = 0;
      while (reversedBefore < quantity) {
        const units = 1 + next(quantity - reversedBefore);
        // the credit is the units' share of the value, less sometimes a deduction
        const share = refundPaise(valuePaise, quantity, reversedBefore, units);
        const creditPaise = share - next(Math.min(share, 100_00) + 1);
        const reversal = reversalEntries(sale, { quantity, reversedBefore, units, creditPaise, shipped });
        entries.push(...reversal);
        reversedBefore += units;
        totalCredit += creditPaise;
        // never more given back than was taken, at any step
        for (const feeKind of feeKinds) {
          const taken = -totalOf(sale, feeKind);
          const given = totalOf(entries, feeKind) + taken;
          expect(given).toBeGreaterThanOrEqual(0);
          expect(given).toBeLessThanOrEqual(taken);
        }
      }

      for (const entryKind of ENTRY_KINDS) {
        if (entryKind === 'sale' || entryKind === 'refund' || entryKind === 'payout') continue;
        if (entryKind === 'shipping_fee' || entryKind === 'shipping_fee_gst') {
          // kept when the parcel left, given back in full when it never did
          expect(totalOf(entries, entryKind)).toBe(shipped ? totalOf(sale, entryKind) : 0);
        } else expect(totalOf(entries, entryKind)).toBe(0);
      }
      expect(totalOf(entries, 'sale') + totalOf(entries, 'refund')).toBe(valuePaise - totalCredit);
    }
  });
});
