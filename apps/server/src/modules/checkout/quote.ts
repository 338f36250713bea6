import type { Executor } from '@marketplace/db';
import {
  arrivalDate,
  chooseDeliveryOption,
  type DeliveryOption,
  formatArrivalDate,
  orderSummary,
  type RateCardEntry,
} from '@marketplace/domain';
import type {
  CheckoutQuote,
  DeliveryEstimate,
  DeliveryEstimateInput,
  QuotedLine,
  QuoteInput,
  QuoteLine,
} from '@marketplace/domain/orders/checkout';
import { eq } from 'drizzle-orm';
import { pincodes } from '@marketplace/db';
import { codLimitOf } from '../delivery-settings/index.ts';
import {
  courierNotDeliverable,
  notDeliverable,
  ORDER_MESSAGES,
  productUnavailable,
} from '@marketplace/domain/orders/messages';
import {
  courierRefusals,
  type CourierReach,
  loadAddress,
  type BuyerPlace,
  type LinePricing,
  loadPricingRows,
  offerOf,
  type PricedLine,
  type PricingRows,
  priceLine,
} from '../orders/index.ts';
import { platformPromoSetting } from '../promotions/index.ts';

/** The quote of the lines; which payments the shop takes is added by the route. */
export type QuoteResult =
  { code: 'QUOTED'; quote: Omit<CheckoutQuote, 'isOnlinePaymentOffered'> } | { code: 'ADDRESS_NOT_FOUND' };

const quotedOptions = (options: readonly DeliveryOption[], now: Date) =>
  options.map((option) => ({
    deliveryType: option.deliveryType,
    label: option.label,
    chargePaise: option.chargePaise,
    arrivingDays: option.arrivingDays,
    arrival: formatArrivalDate(arrivalDate(now, option.arrivingDays)),
    hasCod: option.hasCod,
  }));

function refusalMessage(pricing: Exclude<LinePricing, { code: 'PRICED' }>): string {
  switch (pricing.code) {
    case 'NOT_DELIVERABLE':
      return notDeliverable(pricing.name);
    case 'QUANTITY_TOO_HIGH':
      return ORDER_MESSAGES.quantity;
    case 'UNAVAILABLE':
    case 'OUT_OF_STOCK':
    case 'COUPON_NOT_APPLICABLE':
      return productUnavailable(pricing.productId);
    default: {
      const unknown: never = pricing;
      throw new Error(`unmapped line result ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Prices one line for the delivery pages with the order's own pricing: the saved delivery type
 * when it is still offered, else the spec's default order. A coupon that no longer applies is
 * left out (and said so), so the line is quoted as the order would take it without the coupon.
 */
function quoteLine(
  loaded: PricingRows,
  request: QuoteLine,
  buyer: BuyerPlace,
  rateCard: readonly RateCardEntry[],
  wanted: Map<number, number>,
  now: Date,
): { line: Omit<QuotedLine, 'amounts'>; priced: PricedLine | null } {
  const pick = (options: readonly DeliveryOption[]) => chooseDeliveryOption(options, request.deliveryType);
  const before = new Map(wanted);
  let couponDropped = false;
  let pricing = priceLine(loaded, request, pick, buyer, rateCard, wanted);
  if (pricing.code === 'COUPON_NOT_APPLICABLE') {
    couponDropped = true;
    wanted.clear();
    for (const [key, value] of before) wanted.set(key, value);
    pricing = priceLine(loaded, { ...request, couponId: null }, pick, buyer, rateCard, wanted);
  }
  const row = offerOf(loaded, request);
  const priced = pricing.code === 'PRICED' ? pricing.line : null;
  const status = pricing.code === 'PRICED' || pricing.code === 'COUPON_NOT_APPLICABLE' ? null : pricing.code;
  return {
    priced,
    line: {
      productId: request.productId,
      sellerId: request.sellerId,
      quantity: request.quantity,
      status: priced ? 'AVAILABLE' : (status ?? 'UNAVAILABLE'),
      message: pricing.code === 'PRICED' ? null : refusalMessage(pricing),
      name: row?.name ?? null,
      image: row?.image ?? null,
      unitPricePaise: row?.offer.salePricePaise ?? null,
      mrpPaise: row?.offer.mrpPaise ?? null,
      couponId: priced?.request.couponId ?? null,
      couponDropped,
      options: quotedOptions(pricing.options, now),
      chosen: priced?.option.deliveryType ?? null,
    },
  };
}

/** The lines quoted for a place, with the summary over those that can be ordered. */
async function quoteAt(
  db: Executor,
  place: BuyerPlace & { hasCod: boolean },
  requests: readonly QuoteLine[],
  rateCard: readonly RateCardEntry[],
  now: Date,
  courier: CourierReach | undefined,
): Promise<Pick<DeliveryEstimate, 'lines' | 'summary'>> {
  const [loaded, promo, refusals] = await Promise.all([
    loadPricingRows(db, [...requests], now, false),
    platformPromoSetting(db),
    courierRefusals(db, courier, requests, place.pincode, { askCod: place.hasCod }),
  ]);
  const wanted = new Map<number, number>();
  const quoted = requests.map((request) => {
    const line = quoteLine(loaded, request, place, rateCard, wanted, now);
    // requirements#courier-opt-in: the seller's courier does not reach the pincode: refused here, with its reason
    const reason = line.priced ? refusals.sellers.get(request.sellerId) : undefined;
    if (reason === undefined || !line.line.name) return line;
    return {
      priced: null,
      line: {
        ...line.line,
        status: 'NOT_DELIVERABLE' as const,
        message: courierNotDeliverable(line.line.name, reason),
        chosen: null,
      },
    };
  });
  const priced = quoted.flatMap((q) => (q.priced ? [q.priced] : []));
  const codLimitPaise = await codLimitOf(db);
  const result = priced.length
    ? orderSummary(
        priced.map((line) => line.input),
        { pincodeHasCod: place.hasCod, codLimitPaise },
        promo,
      )
    : null;
  const summary = result?.ok ? result.summary : null;

  let pricedIndex = 0;
  const lines: QuotedLine[] = quoted.map(({ line, priced: pricedLine }) => {
    const amounts = pricedLine ? (summary?.lines[pricedIndex++] ?? null) : null;
    return { ...line, amounts };
  });
  const isPlaceable = summary !== null && priced.length === requests.length;
  return {
    lines,
    summary: summary && {
      itemsTotalPaise: summary.itemsTotalPaise,
      couponDiscountPaise: summary.couponDiscountPaise,
      deliveryChargePaise: summary.deliveryChargePaise,
      promoName: summary.promoName,
      promoDiscountPaise: summary.promoDiscountPaise,
      totalPaise: summary.totalPaise,
      // requirements#cod-eligibility, as placing checks it
      isCodAllowed: isPlaceable && summary.isCodAllowed && refusals.cod === null,
      codLimitPaise,
      isPlaceable,
    },
  };
}

/**
 * The checkout quote (delivery review, final review, buy-now): per line its availability, the
 * delivery options with the chosen one and its amounts; and the order summary with the PromoJun
 * line and whether COD is offered. Everything comes from the same pricing as order placement, so
 * the quote and the order cannot disagree. Reads only; nothing is locked or taken.
 */
export async function quoteCheckout(
  db: Executor,
  userId: number,
  input: QuoteInput,
  rateCard: readonly RateCardEntry[],
  now: Date = new Date(),
  courier?: CourierReach,
): Promise<QuoteResult> {
  const found = await loadAddress(db, userId, input.addressId);
  if (!found) return { code: 'ADDRESS_NOT_FOUND' };
  const { address, place } = found;
  return {
    code: 'QUOTED',
    quote: {
      address: {
        id: address.id,
        pincode: address.pincode,
        city: address.city,
        state: address.state,
        hasCod: place.hasCod,
      },
      ...(await quoteAt(db, place, input.lines, rateCard, now, courier)),
    },
  };
}

/**
 * The cart's estimate for the shopper's pincode (requirements#cart-estimate): the quote the order
 * will use, before an address is chosen. Null for a pincode the shop does not know.
 */
export async function estimateDelivery(
  db: Executor,
  input: DeliveryEstimateInput,
  rateCard: readonly RateCardEntry[],
  now: Date = new Date(),
  courier?: CourierReach,
): Promise<DeliveryEstimate | null> {
  const [place] = await db.select().from(pincodes).where(eq(pincodes.pincode, input.pincode));
  if (!place) return null;
  return {
    place: { pincode: place.pincode, city: place.city, state: place.state, hasCod: place.hasCod },
    ...(await quoteAt(db, place, input.lines, rateCard, now, courier)),
  };
}
