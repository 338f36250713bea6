import { describe, expect, it } from 'vitest';
import { DELIVERY_GST_RATE, GST_RATES, type GstRate, invoiceTax, supplyKind, taxOfValue } from './gst.ts';

// requirements#gst-tax: prices include GST; each line's taxable value and tax, by its rate and the supply
describe('the tax inside a tax-inclusive value', () => {
  it.each([
    // value, rate, taxable, tax
    [11_800, 18, 10_000, 1_800],
    [10_500, 5, 10_000, 500],
    [11_200, 12, 10_000, 1_200],
    [12_800, 28, 10_000, 2_800],
    [10_000, 0, 10_000, 0],
    [99_900, 18, 84_661, 15_239], // 84660.99 rounds up
    [1, 18, 1, 0],
    [0, 28, 0, 0],
  ] as const)('%i paise at %i %% holds %i taxable and %i tax', (value, rate, taxable, tax) => {
    const inter = taxOfValue(value, rate, 'inter');
    expect(inter).toMatchObject({ taxablePaise: taxable, igstPaise: tax, cgstPaise: 0, sgstPaise: 0 });
    const intra = taxOfValue(value, rate, 'intra');
    expect(intra.igstPaise).toBe(0);
    expect(intra.cgstPaise + intra.sgstPaise).toBe(tax);
    // halves: an odd paisa goes to CGST
    expect(intra.cgstPaise - intra.sgstPaise).toBe(tax % 2);
  });

  it('always adds up to the value, for every rate and every value up to ₹100', () => {
    for (const rate of GST_RATES)
      for (let value = 0; value <= 10_000; value += 7) {
        const line = taxOfValue(value, rate, 'intra');
        expect(line.taxablePaise + line.cgstPaise + line.sgstPaise).toBe(value);
      }
  });

  it.each([-1, 1.5, Number.NaN])('refuses a value of %s paise', (value) => {
    expect(() => taxOfValue(value, 18, 'inter')).toThrow(RangeError);
  });

  it('refuses a rate GST does not have', () => {
    expect(() => taxOfValue(100, 15 as GstRate, 'inter')).toThrow(RangeError);
  });

  it.each([
    ['27', '27', 'intra'],
    ['27', '29', 'inter'],
    ['07', '06', 'inter'],
  ] as const)('a seller in %s supplying to %s is %s-state', (seller, place, kind) => {
    expect(supplyKind(seller, place)).toBe(kind);
  });
});

describe('an invoice’s tax', () => {
  const lines = [
    { key: 'phone', grossPaise: 1_49_999_00, ratePercent: 18 as const },
    { key: 'cover', grossPaise: 499_00, ratePercent: 18 as const },
    { key: 'rice', grossPaise: 350_00, ratePercent: 5 as const },
  ];

  it('takes each discount off the lines it applies to, by their gross, to the paisa', () => {
    const tax = invoiceTax({
      lines,
      discounts: [
        { amountPaise: 50_00, appliesTo: ['phone', 'cover', 'rice'] }, // PromoJun
        { amountPaise: 100_01, appliesTo: ['cover', 'rice'] }, // a seller's coupon
      ],
      kind: 'inter',
    });
    const discounts = tax.lines.map((line) => line.discountPaise);
    expect(discounts.reduce((a, b) => a + b, 0)).toBe(150_01);
    // the phone takes almost all of PromoJun and none of the coupon
    expect(tax.lines[0]?.discountPaise).toBe(49_72);
    expect((tax.lines[1]?.discountPaise ?? 0) + (tax.lines[2]?.discountPaise ?? 0)).toBe(100_29);
  });

  it.each(['intra', 'inter'] as const)(
    'comes to exactly what the shopper paid, delivery included (%s-state)',
    (kind) => {
      const tax = invoiceTax({
        lines,
        discounts: [{ amountPaise: 50_00, appliesTo: ['phone', 'cover', 'rice'] }],
        deliveryPaise: 40_00,
        kind,
      });
      const paid = 1_49_999_00 + 499_00 + 350_00 - 50_00 + 40_00;
      expect(tax.totals.valuePaise).toBe(paid);
      expect(
        tax.totals.taxablePaise + tax.totals.cgstPaise + tax.totals.sgstPaise + tax.totals.igstPaise,
      ).toBe(paid);
      expect(tax.delivery).toMatchObject({
        valuePaise: 40_00,
        ratePercent: DELIVERY_GST_RATE,
        taxablePaise: 33_90,
      });
      if (kind === 'intra') expect(tax.totals.igstPaise).toBe(0);
      else expect(tax.totals.cgstPaise + tax.totals.sgstPaise).toBe(0);
    },
  );

  it('adds up for many mixed invoices', () => {
    let seed = 42;
    const next = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % n;
    for (let run = 0; run < 300; run++) {
      const count = 1 + next(5);
      const mixed = Array.from({ length: count }, (_, index) => ({
        key: `l${index}`,
        grossPaise: 1 + next(5_00_000_00),
        ratePercent: GST_RATES[next(GST_RATES.length)] ?? 18,
      }));
      const goods = mixed.reduce((sum, line) => sum + line.grossPaise, 0);
      const discount = Math.min(next(200_00), goods);
      const delivery = next(3) === 0 ? 0 : next(150_00);
      const tax = invoiceTax({
        lines: mixed,
        discounts: [{ amountPaise: discount, appliesTo: mixed.map((line) => line.key) }],
        deliveryPaise: delivery,
        kind: next(2) === 0 ? 'intra' : 'inter',
      });
      const { totals } = tax;
      expect(totals.valuePaise).toBe(goods - discount + delivery);
      expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(
        totals.valuePaise,
      );
    }
  });

  it('refuses a discount on no line of the invoice, more discount than a line’s price, and two lines of one key', () => {
    expect(() =>
      invoiceTax({ lines, discounts: [{ amountPaise: 1, appliesTo: ['tv'] }], kind: 'inter' }),
    ).toThrow(RangeError);
    expect(() =>
      invoiceTax({ lines, discounts: [{ amountPaise: 400_00, appliesTo: ['rice'] }], kind: 'inter' }),
    ).toThrow(/exceed/);
    expect(() =>
      invoiceTax({ lines: [...lines, { key: 'phone', grossPaise: 100, ratePercent: 5 }], kind: 'inter' }),
    ).toThrow(/key/);
  });
});
