import { z } from 'zod';
import { DELIVERY_TYPES } from '../delivery/constants.ts';
import { gstinProblem, normaliseTaxId } from '../sellers/tax-identity.ts';
import { ORDER_MESSAGES } from './messages.ts';

/** How many units one line may ask for at most, whatever the offer allows (a sanity bound). */
export const MAX_LINE_QUANTITY = 1000;
/** How many lines one order may have. */
export const MAX_ORDER_LINES = 50;
/** How long an online order may wait for its payment before it is cancelled and its stock released. */
export const PAYMENT_WINDOW_MS = 30 * 60 * 1000;

/** An order number as placed orders get it: OD and its digits (the date, then random digits). */
export const ORDER_NO_PATTERN = /^OD[0-9]{6,24}$/;

const id = z.number().int().positive().max(2_147_483_647);

/**
 * The body of POST /api/orders. Only what the shopper chooses: the server prices everything, so
 * amounts sent along (price, total, charges) are not part of the schema and are dropped.
 */
export const PlaceOrderLine = z.object({
  productId: id,
  sellerId: id,
  quantity: z
    .number({ message: ORDER_MESSAGES.quantity })
    .int(ORDER_MESSAGES.quantity)
    .min(1, ORDER_MESSAGES.quantity)
    .max(MAX_LINE_QUANTITY, ORDER_MESSAGES.quantity),
  deliveryType: z.enum(DELIVERY_TYPES),
  couponId: id.nullish(),
});
export type PlaceOrderLine = z.infer<typeof PlaceOrderLine>;

/** The longest business name an invoice prints. */
export const MAX_BUSINESS_NAME = 100;

/**
 * requirements#gst-invoices: a business buying for its trade gives its GSTIN and registered name at
 * checkout, and its invoices name it (B2B), so it can claim the input tax.
 */
export const BusinessBuyer = z.object({
  gstin: z
    .string({ error: ORDER_MESSAGES.businessGstin })
    .max(40, ORDER_MESSAGES.businessGstin)
    .transform(normaliseTaxId)
    .refine((gstin) => gstinProblem(gstin) === null, ORDER_MESSAGES.businessGstin),
  name: z
    .string({ error: ORDER_MESSAGES.businessName })
    .trim()
    .min(2, ORDER_MESSAGES.businessName)
    .max(MAX_BUSINESS_NAME, ORDER_MESSAGES.businessName)
    // printed on a tax document: letters, digits and the punctuation of company names only
    .regex(/^[\p{L}\p{M}\p{N} .,&'()/-]+$/u, ORDER_MESSAGES.businessName),
});
export type BusinessBuyer = z.infer<typeof BusinessBuyer>;

export const PlaceOrderInput = z.object({
  /** a retry or double click with the same key returns the same order */
  idempotencyKey: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'The idempotency key may hold letters, digits, _ and - only.'),
  addressId: id,
  paymentMode: z.enum(['cod', 'online']),
  lines: z
    .array(PlaceOrderLine)
    .min(1, ORDER_MESSAGES.noValidProducts)
    .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} products.`),
  business: BusinessBuyer.nullish(),
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderInput>;

/** The answer of `POST /api/orders`: the order and where the shopper goes now. */
export const PlacedOrder = z
  .object({
    orderNo: z.string(),
    totalPaise: z.number().int(),
    paymentMode: z.enum(['cod', 'prepaid']),
    next: z.string().describe('Where the shopper goes now: the payment page or /myorder'),
    message: z.string().optional().describe('The spec’s COD success text'),
  })
  .meta({ id: 'PlacedOrder' });
export type PlacedOrder = z.infer<typeof PlacedOrder>;

/** `GET /api/orders/{orderNo}`: one order of the shopper, as the thank-you page shows it. */
export const OrderDetails = z
  .object({
    orderNo: z.string(),
    status: z.string(),
    paymentMode: z.enum(['cod', 'prepaid']),
    paymentStatus: z.string(),
    itemsTotalPaise: z.number().int(),
    couponDiscountPaise: z.number().int(),
    deliveryChargePaise: z.number().int(),
    promoName: z.string().nullable(),
    promoDiscountPaise: z.number().int(),
    totalPaise: z.number().int(),
    placedAt: z.string(),
    deliveryName: z.string(),
    deliveryAddress: z.string(),
    items: z.array(
      z.object({
        productId: z.number().int(),
        productName: z.string(),
        quantity: z.number().int(),
        unitPricePaise: z.number().int(),
        sellerId: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'Order' });
export type OrderDetails = z.infer<typeof OrderDetails>;

/** `GET /api/payments/{orderNo}`: the payment page of an online order. */
export const PaymentPage = z
  .object({
    orderNo: z.string(),
    amountPaise: z.number().int(),
    status: z.enum(['awaiting_payment', 'paid', 'cancelled']),
    providerOrderId: z.string().nullable(),
    checkout: z
      .discriminatedUnion('provider', [
        z.object({ provider: z.literal('sandbox'), checkoutUrl: z.string() }),
        z.object({ provider: z.literal('razorpay'), keyId: z.string(), scriptUrl: z.string() }),
      ])
      .nullable(),
    prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  })
  .meta({ id: 'PaymentPage' });
export type PaymentPage = z.infer<typeof PaymentPage>;

/** `POST /api/payments/verify`: paid, now or before. */
export const PaymentVerified = z
  .object({ success: z.literal(true), orderNo: z.string(), message: z.string() })
  .meta({ id: 'PaymentVerified' });
export type PaymentVerified = z.infer<typeof PaymentVerified>;

/** The signed result of a checkout (Razorpay's handler fields, or the sandbox's). */
export const VerifyPaymentInput = z.object({
  orderNo: z.string().min(1).max(40),
  providerOrderId: z.string().min(1).max(100),
  paymentId: z.string().min(1).max(100),
  signature: z
    .string()
    .max(200)
    .regex(/^[0-9a-f]+$/i, ORDER_MESSAGES.paymentNotVerified),
});
export type VerifyPaymentInput = z.infer<typeof VerifyPaymentInput>;
