// The checkout steps (requirements#checkout-steps, requirements#buy-now,
// requirements#delivery-choice, requirements#checkout-lines, requirements#payment-buttons): the quote request shared by the pages and the
// server, the shape of its answer, and the pages' texts.
import { z } from 'zod';
import { DELIVERY_TYPES } from '../delivery/constants.ts';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES, type PlaceOrderLine } from './place-order.ts';
import { ORDER_MESSAGES } from './messages.ts';

const id = z.number().int().positive().max(2_147_483_647);

/** One line to quote: the offer, how many, the coupon applied and the delivery type picked (if any). */
export const QuoteLine = z.object({
  productId: id,
  sellerId: id,
  quantity: z
    .number({ message: ORDER_MESSAGES.quantity })
    .int(ORDER_MESSAGES.quantity)
    .min(1, ORDER_MESSAGES.quantity)
    .max(MAX_LINE_QUANTITY, ORDER_MESSAGES.quantity),
  couponId: id.nullish(),
  /** the shopper's saved choice; without it the spec's default order decides */
  deliveryType: z.enum(DELIVERY_TYPES).nullish(),
});
export type QuoteLine = z.infer<typeof QuoteLine>;

/** The body of POST /api/checkout/quote. Amounts are never sent: the server prices everything. */
/** The lines of a quote or an estimate: one to the most an order may hold. */
const quoteLines = z
  .array(QuoteLine)
  .min(1, ORDER_MESSAGES.noValidProducts)
  .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} products.`);

export const QuoteInput = z.object({
  addressId: id,
  lines: quoteLines,
});
export type QuoteInput = z.infer<typeof QuoteInput>;

/** Why a line cannot be ordered now; AVAILABLE when it can. */
export const QUOTE_LINE_STATUSES = [
  'AVAILABLE',
  'UNAVAILABLE',
  'OUT_OF_STOCK',
  'QUANTITY_TOO_HIGH',
  'NOT_DELIVERABLE',
] as const;
export type QuoteLineStatus = (typeof QUOTE_LINE_STATUSES)[number];

const int = () => z.number().int();

/** A delivery option of a quoted line. */
export const QuotedOption = z.object({
  deliveryType: z.enum(DELIVERY_TYPES),
  label: z.string(),
  /** the charge of this option for the line's quantity */
  chargePaise: int(),
  arrivingDays: int(),
  /** requirements#arrival-date: today plus arriving days in the en-IN short format */
  arrival: z.string().meta({ example: 'Wed, 25 Nov' }),
  hasCod: z.boolean(),
});
export type QuotedOption = z.infer<typeof QuotedOption>;

export const QuotedLine = z.object({
  productId: int(),
  sellerId: int(),
  quantity: int(),
  status: z.enum(QUOTE_LINE_STATUSES),
  /** the spec's text for a line that cannot be ordered */
  message: z.string().nullable(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  unitPricePaise: int().nullable(),
  mrpPaise: int().nullable(),
  /** the coupon the order will apply; null when none was sent or it no longer applies */
  couponId: int().nullable(),
  couponDropped: z.boolean(),
  options: z.array(QuotedOption),
  chosen: z.enum(DELIVERY_TYPES).nullable(),
  amounts: z.object({ itemsPaise: int(), couponDiscountPaise: int(), deliveryChargePaise: int() }).nullable(),
});
export type QuotedLine = z.infer<typeof QuotedLine>;

export const QuoteSummary = z.object({
  itemsTotalPaise: int(),
  couponDiscountPaise: int(),
  deliveryChargePaise: int(),
  promoName: z.string(),
  promoDiscountPaise: int(),
  totalPaise: int(),
  /** requirements#cod-eligibility: no chosen option forbids COD, the total is at most ₹15,000, and COD reaches the pincode */
  isCodAllowed: z.boolean(),
  /** requirements#operator-delivery: the cash-on-delivery limit in force */
  codLimitPaise: int(),
  /** every line can be ordered as quoted */
  isPlaceable: z.boolean(),
});
export type QuoteSummary = z.infer<typeof QuoteSummary>;

/** The answer of `POST /api/checkout/quote`. */
export const CheckoutQuote = z
  .object({
    address: z.object({
      id: int(),
      pincode: z.string(),
      city: z.string(),
      state: z.string(),
      hasCod: z.boolean(),
    }),
    lines: z.array(QuotedLine),
    /** over the lines that can be ordered; null when none can */
    summary: QuoteSummary.nullable(),
    /** false when the shop has no payment provider: only Cash on Delivery is offered */
    isOnlinePaymentOffered: z.boolean(),
  })
  .meta({ id: 'CheckoutQuote' });
export type CheckoutQuote = z.infer<typeof CheckoutQuote>;

/**
 * `POST /api/checkout/estimate`: the cart's lines quoted for a pincode (visitors too), before an
 * address is chosen. The same pricing as the checkout quote and the order.
 */
export const DeliveryEstimateInput = z.object({
  pincode: z.string().regex(/^[1-9][0-9]{5}$/, 'Please enter a valid 6-digit pincode.'),
  lines: quoteLines,
});
export type DeliveryEstimateInput = z.infer<typeof DeliveryEstimateInput>;

export const DeliveryEstimate = z
  .object({
    place: z.object({ pincode: z.string(), city: z.string(), state: z.string(), hasCod: z.boolean() }),
    lines: z.array(QuotedLine),
    /** over the lines that can be ordered; null when none can */
    summary: QuoteSummary.nullable(),
  })
  .meta({ id: 'DeliveryEstimate' });
export type DeliveryEstimate = z.infer<typeof DeliveryEstimate>;

/** The checkout pages' texts: requirements#checkout-lines and requirements#buy-now, and ours where it shows none. */
export const CHECKOUT_MESSAGES = {
  selectAddress: 'Select Address',
  addNewAddress: 'Add New Address',
  proceed: 'Proceed',
  deliveryTitle: 'Choose Delivery Options',
  finalTitle: 'Review and Confirm Order',
  payNow: 'Pay Now',
  payCod: 'Pay COD',
  payOnline: 'Pay Online',
  cashOnDelivery: 'Cash on Delivery',
  changeAddress: 'Change Address',
  delete: 'Delete',
  /** requirements#checkout-lines */
  deliveryNotAvailable: 'Delivery not available for this pincode.',
  /** requirements#checkout-lines */
  itemUnavailable: 'SORRY! This item is currently unavailable.',
  /** requirements#buy-now (buy-now) */
  selectDeliveryAddress: 'Please select a delivery address.',
  /** requirements#buy-now */
  invalidBuyNow: 'Invalid Buy Now Data',
  empty: 'Your cart is empty.',
  noAddresses: 'You have no saved addresses yet. Add one to continue.',
  codUnavailable: 'Cash on Delivery is not available for this order.',
  quoteFailed: 'We could not load the delivery details. Please try again.',
  couponDropped: 'This coupon is no longer available and was removed.',
} as const;

/** requirements#delivery-choice: a pick is finalised this long after it is made. */
export const DELIVERY_PICK_DELAY_MS = 1_000;
/** requirements#success-messages: success popups show this long before the next page. */
export const SUCCESS_POPUP_MS = 1_500;

/**
 * requirements#payment-buttons: Pay Now and Pay COD are disabled while any item lacks delivery data or the charges
 * are loading; Pay COD also when COD is not offered, Pay Now when the shop takes no online payment.
 */
export function paymentButtons(quote: CheckoutQuote | null, isLoading: boolean) {
  const ready =
    !isLoading &&
    quote !== null &&
    quote.summary?.isPlaceable === true &&
    quote.lines.every((line) => line.status === 'AVAILABLE' && line.chosen !== null);
  return {
    canPayOnline: ready && quote.isOnlinePaymentOffered,
    canPayCod: ready && quote.summary?.isCodAllowed === true,
  };
}

/**
 * How many items the summary's "Items (n)" counts: the quantities of the lines the quote can order
 * (the amounts beside it price only those); before any quote, every line the shopper has.
 */
export function summaryItemCount(
  quote: Pick<CheckoutQuote, 'lines'> | null,
  items: readonly { quantity: number }[],
): number {
  if (quote === null) return items.reduce((n, item) => n + item.quantity, 0);
  return quote.lines.reduce((n, line) => n + (line.status === 'AVAILABLE' ? line.quantity : 0), 0);
}

/** The order's lines exactly as quoted: the chosen delivery type and the coupon still applied. */
export function orderLinesOf(quote: CheckoutQuote): PlaceOrderLine[] {
  return quote.lines.flatMap((line) =>
    line.status === 'AVAILABLE' && line.chosen !== null
      ? [
          {
            productId: line.productId,
            sellerId: line.sellerId,
            quantity: line.quantity,
            deliveryType: line.chosen,
            couponId: line.couponId,
          },
        ]
      : [],
  );
}

/**
 * What makes two pay clicks the same attempt: the address, the mode and the lines. The same
 * attempt reuses its idempotency key, so a double click or a retry never places two orders.
 */
export function attemptFingerprint(args: {
  addressId: number;
  paymentMode: 'cod' | 'online';
  lines: readonly PlaceOrderLine[];
  business?: { gstin: string; name: string } | null;
}): string {
  const lines = args.lines
    .map((l) => [l.productId, l.sellerId, l.quantity, l.deliveryType, l.couponId ?? 0].join(':'))
    .sort();
  const business = args.business ? [`${args.business.gstin}:${args.business.name}`] : [];
  return [args.addressId, args.paymentMode, ...lines, ...business].join('|');
}
