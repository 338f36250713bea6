// requirements#gst-invoices: the lines of a seller's tax invoice for a shipment, and of the credit
// notes that take back some of its units. Pure: the server reads the order items and writes these.
import { type SupplyKind, taxOfValue } from './gst.ts';
import type { GstRateBp } from './rates.ts';
import { type RateRule, rateOfPieces } from './schedule.ts';

/** An order item as shipped: its goods, its coupon and delivery charge, and its part of what was paid. */
export type InvoiceItem = {
  itemId: number;
  description: string;
  hsnCode: string;
  /** the schedule row in force for its HSN code on the invoice's date */
  rule: RateRule;
  quantity: number;
  unitPricePaise: number;
  couponDiscountPaise: number;
  deliveryChargePaise: number;
  /** the item's part of what the shopper paid (refund.ts `paidShares`): PromoJun comes off here */
  paidSharePaise: number;
};

export type DocumentLine = {
  itemId: number;
  kind: 'goods' | 'delivery';
  description: string;
  hsnCode: string;
  quantity: number;
  grossPaise: number;
  discountPaise: number;
  valuePaise: number;
  taxablePaise: number;
  rateBp: GstRateBp;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

export type DocumentTotals = {
  valuePaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

/** The delivery line's description on every document. */
export const DELIVERY_LINE_TEXT = 'Delivery charges';

function line(
  base: Omit<DocumentLine, 'valuePaise' | 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise'>,
  kind: SupplyKind,
): DocumentLine {
  const tax = taxOfValue(base.grossPaise - base.discountPaise, base.rateBp, kind);
  return { ...base, ...tax };
}

/**
 * An invoice's lines: each item's goods, with its coupon and its part of the PromoJun discount taken
 * off (the promo is the difference between what the item cost and its paid share; it comes off the
 * goods, and only what the goods cannot bear comes off the delivery), taxed at the rate its schedule
 * row gives the pieces' own value after those discounts (a coupon can move a piece across a
 * threshold); then its delivery charge. Delivery by the seller with the goods is a composite supply
 * whose principal supply is the goods (CGST Act s. 2(30), s. 8(a)): its line takes the goods' rate
 * and HSN code. The lines' values add up to the items' paid shares: what the shopper paid for them.
 * `registered` false (a seller without a GSTIN) issues a bill of supply: the same lines at rate 0,
 * no tax charged.
 */
export function invoiceLines(
  items: readonly InvoiceItem[],
  kind: SupplyKind,
  registered = true,
): DocumentLine[] {
  const lines: DocumentLine[] = [];
  for (const item of items) {
    const goodsGross = item.unitPricePaise * item.quantity;
    const goodsAfterCoupon = goodsGross - item.couponDiscountPaise;
    const promo = goodsAfterCoupon + item.deliveryChargePaise - item.paidSharePaise;
    if (goodsAfterCoupon < 0 || promo < 0 || promo > goodsAfterCoupon + item.deliveryChargePaise)
      throw new RangeError(`Item ${item.itemId}'s paid share does not fit its price`);
    const promoOnGoods = Math.min(promo, goodsAfterCoupon);
    const goodsValue = goodsAfterCoupon - promoOnGoods;
    const rateBp = registered ? rateOfPieces(item.rule, goodsValue, item.quantity) : 0;
    lines.push(
      line(
        {
          itemId: item.itemId,
          kind: 'goods',
          description: item.description,
          hsnCode: item.hsnCode,
          quantity: item.quantity,
          grossPaise: goodsGross,
          discountPaise: item.couponDiscountPaise + promoOnGoods,
          rateBp,
        },
        kind,
      ),
    );
    if (item.deliveryChargePaise > 0)
      lines.push(
        line(
          {
            itemId: item.itemId,
            kind: 'delivery',
            description: `${DELIVERY_LINE_TEXT}: ${item.description}`,
            hsnCode: item.hsnCode,
            quantity: item.quantity,
            grossPaise: item.deliveryChargePaise,
            discountPaise: promo - promoOnGoods,
            rateBp,
          },
          kind,
        ),
      );
  }
  return lines;
}

/**
 * What a document is, by its lines (CGST Act s. 31(3)(c), rule 49, rule 46A): a bill of supply when
 * no line is taxed (nil-rated or exempt goods only, or a seller without GST registration), an
 * invoice-cum-bill of supply when taxed and untaxed lines are mixed, a tax invoice otherwise.
 */
export type SupplyDocumentKind = 'tax_invoice' | 'bill_of_supply' | 'invoice_cum_bill_of_supply';
export function supplyDocumentKind(
  lines: { taxedLines: number; untaxedLines: number },
  registered: boolean,
): SupplyDocumentKind {
  if (!registered || lines.taxedLines === 0) return 'bill_of_supply';
  return lines.untaxedLines === 0 ? 'tax_invoice' : 'invoice_cum_bill_of_supply';
}

/** How many of the lines are taxed and how many are not. */
export const lineCounts = (lines: readonly { rateBp: number }[]) => {
  const taxedLines = lines.filter((l) => l.rateBp > 0).length;
  return { taxedLines, untaxedLines: lines.length - taxedLines };
};

/**
 * The value TCS is collected on (CGST Act s. 52(1)): the net taxable value of taxable supplies. None
 * for a seller without GST registration (Notification 37/2023-Central Tax: enrolled suppliers make
 * no supplies on which tax is collected), none on nil-rated or exempt lines.
 */
export function tcsTaxableOf(
  lines: readonly { rateBp: number; taxablePaise: number }[],
  registered: boolean,
) {
  if (!registered) return 0;
  return lines.reduce((total, l) => total + (l.rateBp > 0 ? l.taxablePaise : 0), 0);
}

/** `amount`'s running share for the first n of `quantity` units, rounded down: shares never overshoot. */
const runningShare = (amount: number, quantity: number, n: number) =>
  Math.floor((amount * Math.min(n, quantity)) / quantity);

/**
 * A credit note's lines for `units` more units of an item whose invoice lines are `invoiced`, when
 * `creditedBefore` of its units were credited already. Each line takes back its running share of
 * the invoice line: its taxable value and each tax rounded down for the units credited so far, so
 * the credit notes of an item never take back more than its invoice and, once every unit is
 * credited, take back exactly its taxable value and each of its taxes.
 */
export function creditLines(
  invoiced: readonly DocumentLine[],
  creditedBefore: number,
  units: number,
): DocumentLine[] {
  if (!Number.isInteger(units) || units < 1) throw new RangeError(`Units to credit must be whole: ${units}`);
  return invoiced.map((invoiceLine) => {
    const { quantity } = invoiceLine;
    if (creditedBefore + units > quantity)
      throw new RangeError(`Cannot credit ${units} more of ${quantity} units (${creditedBefore} credited)`);
    const part = (amount: number) =>
      runningShare(amount, quantity, creditedBefore + units) - runningShare(amount, quantity, creditedBefore);
    const taxablePaise = part(invoiceLine.taxablePaise);
    const cgstPaise = part(invoiceLine.cgstPaise);
    const sgstPaise = part(invoiceLine.sgstPaise);
    const igstPaise = part(invoiceLine.igstPaise);
    const valuePaise = taxablePaise + cgstPaise + sgstPaise + igstPaise;
    const grossPaise = Math.max(part(invoiceLine.grossPaise), valuePaise);
    return {
      itemId: invoiceLine.itemId,
      kind: invoiceLine.kind,
      description: invoiceLine.description,
      hsnCode: invoiceLine.hsnCode,
      quantity: units,
      grossPaise,
      discountPaise: grossPaise - valuePaise,
      valuePaise,
      taxablePaise,
      rateBp: invoiceLine.rateBp,
      cgstPaise,
      sgstPaise,
      igstPaise,
    };
  });
}

/** A document's totals: the sums of its lines. */
export function documentTotals(lines: readonly DocumentLine[]): DocumentTotals {
  const sum = (pick: (l: DocumentLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
  return {
    valuePaise: sum((l) => l.valuePaise),
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
  };
}
