// How much of an order's paid total goes back when some units of an item are cancelled, not
// delivered, returned or refused a replacement.
import { allocateLargestRemainder } from '../money/money.ts';

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
