// requirements#gst-tax: the GST inside a tax-inclusive price, worked out per document line in paise.
import { divideRounded } from '../money/money.ts';
import { type GstRateBp, isGstRateBp } from './rates.ts';

export { GST_RATES_BP, type GstRateBp, isGstRateBp } from './rates.ts';

/**
 * Intra-state when the seller's state is the place of supply (the delivery address's state): CGST
 * and SGST, half each; inter-state otherwise: IGST. States by their two-digit GST codes.
 */
export type SupplyKind = 'intra' | 'inter';
export const supplyKind = (sellerStateCode: string, placeOfSupplyStateCode: string): SupplyKind =>
  sellerStateCode === placeOfSupplyStateCode ? 'intra' : 'inter';

/** A line's value split into its taxable value and its tax, in paise; the parts add up to the value. */
export type LineTax = {
  /** what the shopper pays for the line: tax included, discounts taken off */
  valuePaise: number;
  taxablePaise: number;
  rateBp: GstRateBp;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

/**
 * The tax inside a tax-inclusive value. Inter-state: IGST = value × rate / (1 + rate), rounded to
 * the paisa. Intra-state: CGST and SGST are each charged at half the rate on the same taxable value
 * (CGST Act s. 9(1), SGST Acts), so each is worked out once, value × (rate / 2) / (1 + rate), and
 * they are equal on every line; the taxable value is the rest, so it absorbs the odd paisa and the
 * parts always add up to the value.
 */
export function taxOfValue(valuePaise: number, rateBp: GstRateBp, kind: SupplyKind): LineTax {
  if (!Number.isSafeInteger(valuePaise) || valuePaise < 0)
    throw new RangeError(`A line's value must be whole paise, not negative: ${valuePaise}`);
  if (!isGstRateBp(rateBp)) throw new RangeError(`Not a GST rate: ${String(rateBp)}`);
  if (kind === 'inter') {
    const igstPaise = divideRounded(valuePaise * rateBp, 10_000 + rateBp);
    return {
      valuePaise,
      taxablePaise: valuePaise - igstPaise,
      rateBp,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise,
    };
  }
  const half = divideRounded(valuePaise * rateBp, 2 * (10_000 + rateBp));
  return {
    valuePaise,
    taxablePaise: valuePaise - 2 * half,
    rateBp,
    cgstPaise: half,
    sgstPaise: half,
    igstPaise: 0,
  };
}
