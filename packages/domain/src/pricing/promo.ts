/** requirements#platform-promo: the ₹50 platform promo applies to every order, COD and online. */
export const PLATFORM_PROMO = { name: 'PromoJun', amountPaise: 5000 } as const;

/**
 * The platform promo as the checkout applies it. requirements#operator-promotions: staff set its
 * amount and switch it on or off in the console; untouched, it is the standing (requirements#platform-promo) ₹50 on every order.
 */
export type PlatformPromoSetting = { name: string; amountPaise: number; isEnabled: boolean };
export const DEFAULT_PLATFORM_PROMO: PlatformPromoSetting = { ...PLATFORM_PROMO, isEnabled: true };

/**
 * requirements#platform-promo: amount = total - ₹50, never below 0. `promoPaise` is what was actually taken off
 * (less than ₹50 on an order under ₹50), shown as its own line in the order summary. A promo switched
 * off takes nothing.
 */
export function applyPlatformPromo(
  totalPaise: number,
  promo: PlatformPromoSetting = DEFAULT_PLATFORM_PROMO,
): { promoPaise: number; payablePaise: number } {
  const total = Math.max(totalPaise, 0);
  const promoPaise = promo.isEnabled ? Math.min(Math.max(promo.amountPaise, 0), total) : 0;
  return { promoPaise, payablePaise: total - promoPaise };
}
