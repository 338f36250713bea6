// requirements#gst-tax: the GST inside a tax-inclusive price, worked out per invoice line in paise.
import { allocateLargestRemainder, divideRounded } from '../money/money.ts';

/** The GST rates goods are sold at, in percent. */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];

/** Delivery charges are a service of their own, taxed at the rate of courier services (SAC 9968). */
export const DELIVERY_GST_RATE: GstRate = 18;
export const DELIVERY_SAC = '996812';

export const isGstRate = (value: number): value is GstRate =>
  (GST_RATES as readonly number[]).includes(value);

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
  ratePercent: GstRate;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

/**
 * The tax inside a tax-inclusive value: taxable = value × 100 / (100 + rate), rounded to the paisa;
 * the tax is the rest, so taxable and tax always add up to the value. Intra-state tax is halved into
 * CGST and SGST, an odd paisa going to CGST.
 */
export function taxOfValue(valuePaise: number, ratePercent: GstRate, kind: SupplyKind): LineTax {
  if (!Number.isSafeInteger(valuePaise) || valuePaise < 0)
    throw new RangeError(`A line's value must be whole paise, not negative: ${valuePaise}`);
  if (!isGstRate(ratePercent)) throw new RangeError(`Not a GST rate: ${String(ratePercent)}`);
  const taxablePaise = divideRounded(valuePaise * 100, 100 + ratePercent);
  const tax = valuePaise - taxablePaise;
  const [cgstPaise = 0, sgstPaise = 0] = kind === 'intra' ? allocateLargestRemainder(tax, [1, 1]) : [0, 0];
  return {
    valuePaise,
    taxablePaise,
    ratePercent,
    cgstPaise,
    sgstPaise,
    igstPaise: kind === 'inter' ? tax : 0,
  };
}

/** A line of goods as sold: its tax-inclusive price for the quantity, before any discount. */
export type GoodsLine = { key: string; grossPaise: number; ratePercent: GstRate };

/** A discount (the PromoJun promo, a coupon) and the lines it applies to. */
export type Discount = { amountPaise: number; appliesTo: readonly string[] };

export type InvoiceTax = {
  lines: (LineTax & { key: string; discountPaise: number })[];
  /** the delivery charge's line, when one was charged */
  delivery: LineTax | null;
  totals: {
    valuePaise: number;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
  };
};

/**
 * An invoice's tax: each discount reduces the taxable value of the lines it applies to, split over
 * them by their gross (largest remainder, so the parts add up to the discount); each line is then
 * taxed at its own rate and rounded to the paisa, and the delivery charge at DELIVERY_GST_RATE. The
 * invoice's value is exactly what the shopper paid: the goods, less the discounts, plus delivery.
 */
export function invoiceTax(input: {
  lines: readonly GoodsLine[];
  discounts?: readonly Discount[];
  deliveryPaise?: number;
  kind: SupplyKind;
}): InvoiceTax {
  const { lines, kind } = input;
  const keys = new Set(lines.map((line) => line.key));
  if (keys.size !== lines.length) throw new RangeError('Each invoice line needs a key of its own');
  const discountOf = new Map(lines.map((line) => [line.key, 0]));
  for (const discount of input.discounts ?? []) {
    const applies = lines.filter((line) => discount.appliesTo.includes(line.key));
    if (discount.amountPaise === 0) continue;
    if (applies.length === 0) throw new RangeError('A discount must apply to a line of the invoice');
    const shares = allocateLargestRemainder(
      discount.amountPaise,
      applies.map((line) => line.grossPaise),
    );
    applies.forEach((line, index) =>
      discountOf.set(line.key, (discountOf.get(line.key) ?? 0) + (shares[index] ?? 0)),
    );
  }
  const taxed = lines.map((line) => {
    const discountPaise = discountOf.get(line.key) ?? 0;
    if (discountPaise > line.grossPaise)
      throw new RangeError(`Discounts on line ${line.key} exceed its price`);
    return {
      key: line.key,
      discountPaise,
      ...taxOfValue(line.grossPaise - discountPaise, line.ratePercent, kind),
    };
  });
  const deliveryPaise = input.deliveryPaise ?? 0;
  const delivery = deliveryPaise > 0 ? taxOfValue(deliveryPaise, DELIVERY_GST_RATE, kind) : null;
  const all: LineTax[] = delivery ? [...taxed, delivery] : taxed;
  const sum = (pick: (line: LineTax) => number) => all.reduce((total, line) => total + pick(line), 0);
  return {
    lines: taxed,
    delivery,
    totals: {
      valuePaise: sum((line) => line.valuePaise),
      taxablePaise: sum((line) => line.taxablePaise),
      cgstPaise: sum((line) => line.cgstPaise),
      sgstPaise: sum((line) => line.sgstPaise),
      igstPaise: sum((line) => line.igstPaise),
    },
  };
}
