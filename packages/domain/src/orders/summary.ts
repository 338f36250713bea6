import { type CouponOffer, couponDiscountPaise } from '../pricing/coupon.ts';
import { applyPlatformPromo, DEFAULT_PLATFORM_PROMO, type PlatformPromoSetting } from '../pricing/promo.ts';
import { deliveryChargePaise } from '../delivery/charge.ts';
import { isCodAllowed } from './cod.ts';

/** One line of an order as the server priced it: all amounts in paise, from the database. */
export type OrderLineInput = {
  sellerId: number;
  salePricePaise: number;
  quantity: number;
  coupon: CouponOffer | null;
  /** the chosen delivery option: the rate card's charge, and how the seller charges it */
  delivery: { parcelType: string; ratePaise: number; weightGrams: number; hasCod: boolean };
};

export type LineAmounts = {
  itemsPaise: number;
  couponDiscountPaise: number;
  deliveryChargePaise: number;
};

export type OrderSummary = {
  lines: LineAmounts[];
  itemsTotalPaise: number;
  couponDiscountPaise: number;
  deliveryChargePaise: number;
  promoName: string;
  promoDiscountPaise: number;
  totalPaise: number;
  /** requirements#cod-eligibility, the delivery pincode included */
  isCodAllowed: boolean;
};

export type SummaryResult =
  | { ok: true; summary: OrderSummary }
  | { ok: false; code: 'NO_LINES' }
  | { ok: false; code: 'UNKNOWN_PARCEL_TYPE'; lineIndex: number };

const sum = (values: readonly number[]) => values.reduce((acc, value) => acc + value, 0);

/** The amounts of one line: sale price x quantity, the coupon on each unit, the delivery charge. */
export function lineAmounts(line: OrderLineInput): LineAmounts | null {
  const unitPrice = Math.max(line.salePricePaise, 0);
  const charge = deliveryChargePaise({
    parcelType: line.delivery.parcelType,
    chargePaise: line.delivery.ratePaise,
    quantity: line.quantity,
    weightGrams: line.delivery.weightGrams,
  });
  if (charge === null) return null;
  return {
    itemsPaise: unitPrice * line.quantity,
    // requirements#coupons: the coupon comes off each unit's sale price, never below 0
    couponDiscountPaise: line.coupon ? couponDiscountPaise(unitPrice, line.coupon) * line.quantity : 0,
    deliveryChargePaise: charge,
  };
}

/**
 * The order summary (requirements#order-summary, requirements#platform-promo,
 * requirements#delivery-charge): items, coupons, delivery charges, the ₹50 PromoJun line and the
 * total (never below 0). How the promo falls on each item, and so on each seller's shipment, is
 * `paidShares` (orders/refund.ts), the one split refunds give back by. `promo` is the platform promo
 * as staff set it (requirements#operator-promotions), the standing (requirements#platform-promo) ₹50 when untouched.
 */
export function orderSummary(
  input: readonly OrderLineInput[],
  place: { pincodeHasCod: boolean; codLimitPaise?: number },
  promo: PlatformPromoSetting = DEFAULT_PLATFORM_PROMO,
): SummaryResult {
  if (input.length === 0) return { ok: false, code: 'NO_LINES' };
  const lines: LineAmounts[] = [];
  for (const [lineIndex, line] of input.entries()) {
    const amounts = lineAmounts(line);
    if (amounts === null) return { ok: false, code: 'UNKNOWN_PARCEL_TYPE', lineIndex };
    lines.push(amounts);
  }
  const itemsTotalPaise = sum(lines.map((l) => l.itemsPaise));
  const couponTotal = sum(lines.map((l) => l.couponDiscountPaise));
  const deliveryTotal = sum(lines.map((l) => l.deliveryChargePaise));
  const { promoPaise, payablePaise } = applyPlatformPromo(
    itemsTotalPaise - couponTotal + deliveryTotal,
    promo,
  );

  return {
    ok: true,
    summary: {
      lines,
      itemsTotalPaise,
      couponDiscountPaise: couponTotal,
      deliveryChargePaise: deliveryTotal,
      promoName: promo.name,
      promoDiscountPaise: promoPaise,
      totalPaise: payablePaise,
      isCodAllowed: isCodAllowed({
        totalPaise: payablePaise,
        chosenOptions: input.map((line) => ({ hasCod: line.delivery.hasCod })),
        pincodeHasCod: place.pincodeHasCod,
        limitPaise: place.codLimitPaise,
      }),
    },
  };
}
