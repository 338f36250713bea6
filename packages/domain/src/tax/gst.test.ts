import { describe, expect, it } from 'vitest';
import { GST_RATES_BP, type GstRateBp, supplyKind, taxOfValue } from './gst.ts';

// requirements#gst-tax: prices include GST; each line's taxable value and tax, by its rate and the supply
describe('the tax inside a tax-inclusive value', () => {
  it.each([
    // value, rate (basis points), taxable, tax
    [11_800, 1800, 10_000, 1_800],
    [10_500, 500, 10_000, 500],
    [11_200, 1200, 10_000, 1_200],
    [12_800, 2800, 10_000, 2_800],
    [14_000, 4000, 10_000, 4_000],
    [10_300, 300, 10_000, 300],
    [10_025, 25, 10_000, 25],
    [10_000, 0, 10_000, 0],
    [99_900, 1800, 84_661, 15_239], // 84660.99 rounds up
    [1, 1800, 1, 0],
    [0, 2800, 0, 0],
  ] as const)('%i paise at %i bp holds %i taxable and %i tax (inter-state)', (value, rate, taxable, tax) => {
    expect(taxOfValue(value, rate, 'inter')).toMatchObject({
      taxablePaise: taxable,
      igstPaise: tax,
      cgstPaise: 0,
      sgstPaise: 0,
    });
  });

  // CGST Act s. 9(1) and the SGST Acts: each charged at half the rate on the same taxable value
  it.each([
    // value, rate, taxable, each half
    [11_800, 1800, 10_000, 900],
    [66_190, 1800, 56_094, 5_048], // was CGST 50.48 + SGST 50.47: now 50.48 each, the taxable value ₹560.94
    [99_900, 1800, 84_662, 7_619], // 7619.49 each: the taxable value takes the odd paisa
    [10_025, 25, 9_999, 13], // 0.125 % each: 12.5 paise rounds away from zero
  ] as const)('%i paise at %i bp intra-state: taxable %i, CGST = SGST = %i', (value, rate, taxable, half) => {
    expect(taxOfValue(value, rate, 'intra')).toMatchObject({
      taxablePaise: taxable,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: 0,
    });
  });

  it('always adds up to the value, with CGST equal to SGST, for every rate and every value up to ₹100', () => {
    for (const rate of GST_RATES_BP)
      for (let value = 0; value <= 10_000; value += 7) {
        const line = taxOfValue(value, rate, 'intra');
        expect(line.taxablePaise + line.cgstPaise + line.sgstPaise).toBe(value);
        expect(line.cgstPaise).toBe(line.sgstPaise);
      }
  });

  it.each([-1, 1.5, Number.NaN])('refuses a value of %s paise', (value) => {
    expect(() => taxOfValue(value, 1800, 'inter')).toThrow(RangeError);
  });

  it.each([15, 1500, 18.5])('refuses %s bp, a rate GST does not have', (rate) => {
    expect(() => taxOfValue(100, rate as GstRateBp, 'inter')).toThrow(RangeError);
  });

  it.each([
    ['27', '27', 'intra'],
    ['27', '29', 'inter'],
    ['07', '06', 'inter'],
  ] as const)('a seller in %s supplying to %s is %s-state', (seller, place, kind) => {
    expect(supplyKind(seller, place)).toBe(kind);
  });
});
