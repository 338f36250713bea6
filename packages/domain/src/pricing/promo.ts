/** requirements#platform-promo: the ₹50 platform promo applies to every order, COD and online. */
export const PLATFORM_PROMO = { name: 'PromoJun', amountPaise: 5000 } as const;

/**
 * requirements#platform-promo: amount = total - ₹50, never below 0. `promoPaise` is what was actually taken off
 * (less than ₹50 on an order under ₹50), shown as its own line in the order summary.
 */
export function applyPlatformPromo(totalPaise: number): { promoPaise: number; payablePaise: number } {
  const total = Math.max(totalPaise, 0);
  const promoPaise = Math.min(PLATFORM_PROMO.amountPaise, total);
  return { promoPaise, payablePaise: total - promoPaise };
}
