import { describe, expect, it } from 'vitest';
import { creditLines, documentTotals, type InvoiceItem, invoiceLines } from './documents.ts';
import type { RateRule } from './schedule.ts';

/** A schedule row without a threshold: one rate whatever the price. */
const flat = (rateBp: number): RateRule => ({
  rateBp,
  thresholdPaise: null,
  rateAboveBp: null,
  notification: 'test',
});

const item = (overrides: Partial<InvoiceItem> = {}): InvoiceItem => ({
  itemId: 1,
  description: 'Steel Water Bottle',
  hsnCode: '7323',
  rule: flat(1200), // as before 22 Sep 2025 (Notification 1/2017-Central Tax (Rate))
  quantity: 1,
  unitPricePaise: 49_900,
  couponDiscountPaise: 0,
  deliveryChargePaise: 0,
  paidSharePaise: 49_900,
  ...overrides,
});

// requirements#gst-invoices: worked examples, checked by hand against the rule
describe('an invoice’s lines', () => {
  it.each([
    // label, item, supply, goods line (value, taxable, cgst, sgst, igst), delivery line or null
    [
      'intra-state, no discount: ₹499 at 12 %',
      item(),
      'intra',
      { valuePaise: 49_900, taxablePaise: 44_554, cgstPaise: 2_673, sgstPaise: 2_673, igstPaise: 0 },
      null,
    ],
    [
      'inter-state, the same bottle: all IGST',
      item(),
      'inter',
      { valuePaise: 49_900, taxablePaise: 44_554, cgstPaise: 0, sgstPaise: 0, igstPaise: 5_346 },
      null,
    ],
    [
      // 2 × ₹999 = ₹1,998, coupon ₹100; paid share ₹1,888 with ₹40 delivery, so PromoJun took ₹50 off the goods
      'coupon plus promo, with delivery: ₹1,848 of goods at 18 %, its ₹40 delivery with them at 18 % (CGST Act s. 8(a))',
      item({
        quantity: 2,
        unitPricePaise: 99_900,
        rule: flat(1800),
        couponDiscountPaise: 10_000,
        deliveryChargePaise: 4_000,
        paidSharePaise: 188_800,
      }),
      'intra',
      {
        grossPaise: 199_800,
        discountPaise: 15_000,
        valuePaise: 184_800,
        taxablePaise: 156_610,
        cgstPaise: 14_095,
        sgstPaise: 14_095,
        igstPaise: 0,
      },
      {
        hsnCode: '7323',
        rateBp: 1800,
        grossPaise: 4_000,
        discountPaise: 0,
        valuePaise: 4_000,
        taxablePaise: 3_390,
        cgstPaise: 305,
        sgstPaise: 305,
        igstPaise: 0,
      },
    ],
    [
      // a promo larger than the goods left after the coupon takes the rest off the delivery
      'a promo the goods cannot bear comes off the delivery',
      item({
        unitPricePaise: 3_000,
        rule: flat(500),
        couponDiscountPaise: 1_000,
        deliveryChargePaise: 4_000,
        paidSharePaise: 1_000,
      }),
      'inter',
      { grossPaise: 3_000, discountPaise: 3_000, valuePaise: 0, taxablePaise: 0, igstPaise: 0 },
      // the delivery at the goods' 5 %, not 18 % (CGST Act s. 2(30), s. 8(a): a composite supply)
      {
        grossPaise: 4_000,
        discountPaise: 3_000,
        valuePaise: 1_000,
        taxablePaise: 952,
        igstPaise: 48,
        rateBp: 500,
      },
    ],
  ] as const)('%s', (_label, given, kind, goods, delivery) => {
    const lines = invoiceLines([given], kind);
    expect(lines[0]).toMatchObject({ kind: 'goods', ...goods });
    if (delivery) expect(lines[1]).toMatchObject({ kind: 'delivery', ...delivery });
    else expect(lines).toHaveLength(1);
    expect(documentTotals(lines).valuePaise).toBe(given.paidSharePaise);
  });

  it('makes a seller without GST registration’s lines untaxed (a bill of supply)', () => {
    const lines = invoiceLines(
      [item({ deliveryChargePaise: 4_000, paidSharePaise: 53_900 })],
      'intra',
      false,
    );
    expect(lines.map((l) => [l.rateBp, l.taxablePaise, l.cgstPaise + l.sgstPaise + l.igstPaise])).toEqual([
      [0, 49_900, 0],
      [0, 4_000, 0],
    ]);
  });

  it('refuses a paid share that does not fit the item’s price', () => {
    expect(() => invoiceLines([item({ paidSharePaise: 50_000 })], 'intra')).toThrow(RangeError);
    expect(() => invoiceLines([item({ paidSharePaise: -1 })], 'intra')).toThrow(RangeError);
  });

  it('adds up, over many mixed items, to exactly what was paid', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      const items = Array.from({ length: 1 + next(4) }, (_, i) => {
        const quantity = 1 + next(3);
        const unitPricePaise = 100 + next(500_000);
        const couponDiscountPaise = next(4) === 0 ? next(unitPricePaise * quantity) : 0;
        const deliveryChargePaise = next(3) === 0 ? 4_000 : 0;
        const max = unitPricePaise * quantity - couponDiscountPaise + deliveryChargePaise;
        return item({
          itemId: i + 1,
          quantity,
          unitPricePaise,
          couponDiscountPaise,
          deliveryChargePaise,
          rule: flat(([0, 25, 300, 500, 1200, 1800, 2800, 4000] as const)[next(8)] ?? 1800),
          paidSharePaise: max - next(Math.min(5_000, max) + 1),
        });
      });
      const lines = invoiceLines(items, next(2) === 0 ? 'intra' : 'inter');
      const totals = documentTotals(lines);
      expect(totals.valuePaise).toBe(items.reduce((sum, i) => sum + i.paidSharePaise, 0));
      expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(
        totals.valuePaise,
      );
    }
  });
});

describe('a credit note’s lines', () => {
  const invoiced = invoiceLines(
    [
      item({
        quantity: 3,
        unitPricePaise: 33_333,
        rule: flat(1800),
        deliveryChargePaise: 4_000,
        paidSharePaise: 103_999,
      }),
    ],
    'intra',
  );

  it('takes back one unit of three: a third of the taxable value and of each tax, rounded down', () => {
    // goods ₹999.99 at 18 %: taxable 84745, CGST 7627, SGST 7627; a third: 28248 + 2542 + 2542
    // delivery ₹40: taxable 3390, CGST 305, SGST 305; a third: 1130 + 101 + 101
    const lines = creditLines(invoiced, 0, 1);
    expect(invoiced.map((l) => [l.taxablePaise, l.cgstPaise, l.sgstPaise])).toEqual([
      [84_745, 7_627, 7_627],
      [3_390, 305, 305],
    ]);
    expect(
      lines.map((l) => [l.kind, l.quantity, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.valuePaise]),
    ).toEqual([
      ['goods', 1, 28_248, 2_542, 2_542, 33_332],
      ['delivery', 1, 1_130, 101, 101, 1_332],
    ]);
  });

  it('takes back, over partial returns, exactly the invoice once every unit is returned', () => {
    const first = creditLines(invoiced, 0, 1);
    const rest = creditLines(invoiced, 1, 2);
    const sum = documentTotals([...first, ...rest]);
    expect(sum).toEqual(documentTotals(invoiced));
  });

  it('refuses more units than were invoiced', () => {
    expect(() => creditLines(invoiced, 2, 2)).toThrow(RangeError);
    expect(() => creditLines(invoiced, 0, 0)).toThrow(RangeError);
  });
});
