// How much of an order's paid total goes back when some units of an item are cancelled, not
// delivered, returned or refused a replacement.
import { z } from 'zod';
import { allocateLargestRemainder, formatInr } from '../money/money.ts';

export type PaidLine = {
  quantity: number;
  unitPricePaise: number;
  couponDiscountPaise: number;
  deliveryChargePaise: number;
};

/**
 * Each item's part of what the shopper paid: its price less its coupon plus its delivery charge,
 * with the order-level promo taken from the items in proportion (largest remainder), so the parts
 * add up to the order total exactly.
 */
export function paidShares(orderTotalPaise: number, lines: readonly PaidLine[]): number[] {
  const gross = lines.map((l) =>
    Math.max(0, l.unitPricePaise * l.quantity - l.couponDiscountPaise + l.deliveryChargePaise),
  );
  const grossTotal = gross.reduce((a, b) => a + b, 0);
  const promo = Math.max(0, grossTotal - orderTotalPaise);
  const promoParts = allocateLargestRemainder(Math.min(promo, grossTotal), gross);
  return gross.map((g, i) => g - (promoParts[i] ?? 0));
}

/**
 * The refund for `units` more units of an item whose paid share is `sharePaise`, when
 * `alreadyProcessed` units of it were refunded or settled before. Each unit takes its running share
 * (floor of share x units / quantity), so refunds of one item never add up to more than its share,
 * and equal it once every unit is refunded.
 */
export function refundPaise(
  sharePaise: number,
  quantity: number,
  alreadyProcessed: number,
  units: number,
): number {
  if (quantity <= 0 || units <= 0) return 0;
  const upTo = (n: number) => Math.floor((sharePaise * Math.min(n, quantity)) / quantity);
  return upTo(alreadyProcessed + units) - upTo(alreadyProcessed);
}

/**
 * A refund is due when money was taken: an online order once paid, or a cash-on-delivery item
 * after it was paid for at the door (a return or a refused replacement).
 */
export function isRefundDue(order: { paymentMode: string; paymentStatus: string }, wasDelivered: boolean) {
  if (order.paymentMode === 'prepaid')
    return order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded';
  return wasDelivered;
}

/** One line of how a refund is made up, in the shopper's words; the lines add up to the refund. */
export const RefundBreakdownLine = z.object({ text: z.string(), amountPaise: z.number().int() });
export const RefundBreakdown = z
  .object({
    lines: z.array(RefundBreakdownLine),
    paidPaise: z.number().int().describe('What the shopper paid for these units'),
    isPartial: z.boolean().describe('The refund is less than what the shopper paid for these units'),
  })
  .describe('How the refund is made up: the price, less each discount the item shared, plus its delivery');
export type RefundBreakdown = z.infer<typeof RefundBreakdown>;

export const REFUND_BREAKDOWN_TEXTS = {
  price: (units: number, unitPaise: number) =>
    units === 1 ? `Item price ${formatInr(unitPaise)}` : `Item price ${units} × ${formatInr(unitPaise)}`,
  coupon: 'Coupon discount on this item',
  delivery: 'Delivery charge paid for this item',
  promo: (sharePaise: number, promoPaise: number, promoName: string) =>
    `${formatInr(sharePaise)} of the ${formatInr(promoPaise)} ${promoName} discount was shared by this item`,
  rounding: 'Rounding to the paisa',
  alreadyRefunded: 'Less what was already refunded on this order',
} as const;

/**
 * requirements#refund-estimate, ours: how the refund of `units` units of the item at `index` is made
 * up, by the same split the refund is computed with (paidShares): its price, less its coupon,
 * plus its delivery charge, less its share of the order's promo, each a line a shopper can check.
 * A refund equal to what was paid for those units is not partial.
 */
export function refundBreakdown(input: {
  orderTotalPaise: number;
  promoName: string | null;
  promoDiscountPaise: number;
  lines: readonly PaidLine[];
  index: number;
  units: number;
  amountPaise: number;
}): RefundBreakdown {
  const line = input.lines[input.index];
  if (!line || line.quantity <= 0 || input.units <= 0) return { lines: [], paidPaise: 0, isPartial: false };
  const units = Math.min(input.units, line.quantity);
  const share = paidShares(input.orderTotalPaise, input.lines)[input.index] ?? 0;
  const part = (paise: number) => Math.round((paise * units) / line.quantity);
  const price = line.unitPricePaise * units;
  const coupon = part(line.couponDiscountPaise);
  const delivery = part(line.deliveryChargePaise);
  const paid = Math.floor((share * units) / line.quantity);
  const promo = price - coupon + delivery - paid;
  const lines: z.infer<typeof RefundBreakdownLine>[] = [
    { text: REFUND_BREAKDOWN_TEXTS.price(units, line.unitPricePaise), amountPaise: price },
  ];
  if (coupon > 0) lines.push({ text: REFUND_BREAKDOWN_TEXTS.coupon, amountPaise: -coupon });
  if (delivery > 0) lines.push({ text: REFUND_BREAKDOWN_TEXTS.delivery, amountPaise: delivery });
  if (promo !== 0)
    lines.push({
      text: REFUND_BREAKDOWN_TEXTS.promo(promo, input.promoDiscountPaise, input.promoName ?? 'promo'),
      amountPaise: -promo,
    });
  const difference = input.amountPaise - paid;
  // a unit's running share may differ from an even split by a paisa (refundPaise); more is a cap
  if (difference !== 0)
    lines.push({
      text:
        Math.abs(difference) <= 1 ? REFUND_BREAKDOWN_TEXTS.rounding : REFUND_BREAKDOWN_TEXTS.alreadyRefunded,
      amountPaise: difference,
    });
  return { lines, paidPaise: paid, isPartial: difference < -1 };
}
