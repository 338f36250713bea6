// What a shipment's label and packing slip say in words (requirements#seller-orders): its weight
// with its unit and the cash the courier collects, explained.
import { formatInr } from '../money/money.ts';

/** A parcel's weight as a courier reads it: "450 g" under a kilogram, "1.25 kg" from one up. */
export function formatParcelWeight(grams: number): string {
  const whole = Math.max(0, Math.round(grams));
  if (whole < 1000) return `${whole} g`;
  return `${(whole / 1000).toFixed(2).replace(/\.?0+$/, '')} kg`;
}

/** How a cash-on-delivery parcel's amount is made up from its items' parts of the order. */
export type CollectParts = {
  itemsPaise: number;
  couponPaise: number;
  deliveryPaise: number;
  promoPaise: number;
  promoName: string | null;
  collectPaise: number;
};

export const COLLECT_TEXTS = {
  prepaid: 'Prepaid: collect nothing',
  cash: (paise: number) => `Collect ${formatInr(paise)} in cash`,
} as const;

/**
 * requirements#seller-orders: the packing slip's sentence on the money at the door, and the lines
 * that add up to it (items, less coupons, plus delivery, less the platform promo's share).
 */
export function collectExplanation(
  paymentMode: 'cod' | 'prepaid',
  parts: CollectParts,
): { headline: string; lines: { label: string; amount: string }[] } {
  if (paymentMode === 'prepaid') return { headline: COLLECT_TEXTS.prepaid, lines: [] };
  const lines = [{ label: 'Items', amount: formatInr(parts.itemsPaise) }];
  if (parts.couponPaise > 0) lines.push({ label: 'Less coupon', amount: `−${formatInr(parts.couponPaise)}` });
  lines.push({
    label: 'Plus delivery',
    amount: parts.deliveryPaise > 0 ? formatInr(parts.deliveryPaise) : 'FREE',
  });
  if (parts.promoPaise > 0)
    lines.push({
      label: `Less ${parts.promoName ?? 'promo'} (this parcel’s share)`,
      amount: `−${formatInr(parts.promoPaise)}`,
    });
  lines.push({ label: 'To collect', amount: formatInr(parts.collectPaise) });
  return { headline: COLLECT_TEXTS.cash(parts.collectPaise), lines };
}
