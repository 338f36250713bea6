import { z } from 'zod';
import { FREE_TEXT_PATTERN } from './free-text.ts';
import { ORDER_MESSAGES } from './messages.ts';
import { ShopperRefund } from './refund-life.ts';

// requirements#cancellation, requirements#cancel-form and requirements#cancel-status (with the
// prepaid transaction-fee warning).

/** Texts the cancel pages and the cancellation API share. */
export const CANCEL_MESSAGES = {
  /** requirements#cancel-form */
  selectProduct: 'Please select at least one product to proceed with cancellation.',
  selectQuantity: 'Please select the Qty',
  otpRequired: 'OTP is required',
  invalidOtp: 'Invalid OTP',
  failed: 'Something went wrong. Please try again.',
  /**
   * requirements#cancellation: what a prepaid cancellation gives back. The whole paid share comes
   * back; the earlier app's warning of a 4.27% to 7% fee was not true here (docs/dark-patterns-audit.md).
   */
  prepaidRefund:
    'This order was paid online. What you paid for the cancelled items is refunded in full to the way you paid.',
  /** requirements#cancel-status */
  noneFound: 'No cancelled items found.',
  unknownReason: 'Please choose the reasons from the list.',
  additionalInfoTooLong: 'Additional information can be at most 500 characters.',
  additionalInfoInvalid: 'Please write the additional information without control characters.',
  orderNotFound: ORDER_MESSAGES.orderNotFound,
  itemNotInOrder: 'A selected product is not part of this order.',
  duplicateItem: 'Each product can be selected only once.',
  tooManyItems: 'Too many products selected.',
  codeSent: (to: string) => `We have sent an OTP to ${to}. Enter it to confirm the cancellation.`,
  noPendingCancellation: 'There is no cancellation waiting for an OTP. Please select the products again.',
  codeUsed: 'This OTP has already been used.',
  cancelled: 'Your cancellation is confirmed.',
  refundFollows: 'The refund will reach your original payment method in 7 to 10 business days.',
} as const;

/** requirements#cancel-status: who cancelled, as the cancelled item page shows it. */
export const CANCELLED_BY_LABELS = { customer: 'Cancelled by: You', seller: 'Cancelled by: Seller' } as const;
export type CancelledBy = keyof typeof CANCELLED_BY_LABELS;

/** requirements#cancel-status */
export const CANCEL_STATUS_TEXTS = {
  pending: 'Cancellation requested: waiting for the seller.',
  completed: 'Cancelled: approved, refund to follow.',
  rejected: 'Cancellation rejected by the seller.',
  /** a cash-on-delivery item cancelled before delivery: nothing was paid, so nothing is refunded */
  completedUnpaid: 'Cancelled: nothing was charged for this item.',
} as const;

export const REFUND_STATUS_LABELS = {
  initiated: 'Refund initiated',
  processed: 'Refund processed',
  completed: 'Refund completed',
  failed: 'Refund failed',
} as const;

/** requirements#cancel-status: the refund shows when its status is initiated, processed or completed. */
export const isRefundShown = (status: string) =>
  status === 'initiated' || status === 'processed' || status === 'completed';

export const CANCEL_LIMITS = {
  /** an order item's id in the database */
  maxId: 2_147_483_647,
  /** items of one seller's group on one order */
  items: 50,
  reasons: 20,
  additionalInfo: 500,
  /** the cancellation code (same length as the other six-digit account codes) */
  codeLength: 6,
} as const;

const Id = z.number().int().min(1).max(CANCEL_LIMITS.maxId);

export const CancelLine = z.strictObject({
  itemId: Id,
  quantity: z
    .number({ error: CANCEL_MESSAGES.selectQuantity })
    .int({ error: CANCEL_MESSAGES.selectQuantity })
    .min(1, { error: CANCEL_MESSAGES.selectQuantity })
    .max(100_000, { error: CANCEL_MESSAGES.selectQuantity }),
  // requirements#cancel-form: reasons are optional; a cancellation never waits for one (docs/dark-patterns-audit.md)
  reasonIds: z
    .array(Id, { error: CANCEL_MESSAGES.unknownReason })
    .max(CANCEL_LIMITS.reasons, { error: CANCEL_MESSAGES.unknownReason }),
});
export type CancelLine = z.infer<typeof CancelLine>;

/** The cancellation a shopper asks for: some items of one order, each with a quantity and reasons. */
export const CancelRequestInput = z
  .strictObject({
    orderNo: z.string().trim().min(1, { error: CANCEL_MESSAGES.orderNotFound }).max(40),
    items: z
      .array(CancelLine, { error: CANCEL_MESSAGES.selectProduct })
      .min(1, { error: CANCEL_MESSAGES.selectProduct })
      .max(CANCEL_LIMITS.items, { error: CANCEL_MESSAGES.tooManyItems }),
    additionalInfo: z
      .string()
      .trim()
      .max(CANCEL_LIMITS.additionalInfo, { error: CANCEL_MESSAGES.additionalInfoTooLong })
      .regex(FREE_TEXT_PATTERN, { error: CANCEL_MESSAGES.additionalInfoInvalid })
      .optional(),
  })
  .refine((input) => new Set(input.items.map((i) => i.itemId)).size === input.items.length, {
    error: CANCEL_MESSAGES.duplicateItem,
    path: ['items'],
  });
export type CancelRequestInput = z.infer<typeof CancelRequestInput>;

export const CancelVerifyInput = z.strictObject({
  code: z
    .string({ error: CANCEL_MESSAGES.otpRequired })
    .trim()
    .min(1, { error: CANCEL_MESSAGES.otpRequired })
    .regex(new RegExp(`^[0-9]{${CANCEL_LIMITS.codeLength}}$`), { error: CANCEL_MESSAGES.invalidOtp }),
});
export type CancelVerifyInput = z.infer<typeof CancelVerifyInput>;

/** A cancel reason the form offers (requirements#cancel-form). */
export const CancelReason = z.object({ id: z.number().int(), text: z.string() }).meta({ id: 'CancelReason' });
export type CancelReason = z.infer<typeof CancelReason>;

/** `GET /api/cancellations/form`: the order's items (one seller's group when asked) and the reasons. */
export const CancelForm = z
  .object({
    orderNo: z.string(),
    placedAt: z.string(),
    paymentMode: z.string(),
    isPrepaid: z
      .boolean()
      .describe('Paid online: the cancellation warns of the payment provider’s transaction fee'),
    items: z.array(
      z.object({
        id: z.number().int(),
        productId: z.number().int(),
        productName: z.string(),
        productImage: z.string(),
        sellerId: z.number().int(),
        sellerName: z.string(),
        quantity: z.number().int(),
        openQuantity: z.number().int().describe('Units not cancelled, returned or replaced'),
        unitPricePaise: z.number().int(),
        status: z.string(),
        isCancellable: z.boolean(),
      }),
    ),
    reasons: z.array(CancelReason),
  })
  .meta({ id: 'CancelForm' });
export type CancelForm = z.infer<typeof CancelForm>;
export type CancelFormItem = CancelForm['items'][number];

/** `POST /api/cancellations`: the OTP went to the shopper (masked). */
export const CancelCodeSent = z
  .object({ message: z.string(), sentTo: z.string() })
  .meta({ id: 'CancelCodeSent' });
export type CancelCodeSent = z.infer<typeof CancelCodeSent>;

/** `POST /api/cancellations/verify`: the items cancelled, and the refund they start. */
export const CancelConfirmed = z
  .object({
    message: z.string(),
    orderNo: z.string(),
    refundPaise: z.number().int(),
    cancelled: z.array(
      z.object({
        itemId: z.number().int(),
        refNo: z.string(),
        quantity: z.number().int(),
        refundPaise: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'CancelConfirmed' });
export type CancelConfirmed = z.infer<typeof CancelConfirmed>;

/** `GET /api/cancellations/items/{id}`: an item and its cancellations (requirements#cancel-status). */
export const CancelledItem = z
  .object({
    item: z.object({
      id: z.number().int(),
      orderNo: z.string(),
      invoiceNo: z.string().nullable(),
      productId: z.number().int(),
      productName: z.string(),
      productImage: z.string(),
      quantity: z.number().int(),
      cancelledQuantity: z.number().int(),
      unitPricePaise: z.number().int(),
      paymentMode: z.string(),
    }),
    cancellations: z.array(
      z.object({
        refNo: z.string(),
        quantity: z.number().int(),
        cancelledBy: z.enum(['customer', 'seller']),
        status: z.string().describe('pending, completed or rejected'),
        reasons: z.array(z.string()),
        additionalInfo: z.string().nullable(),
        requestedAt: z.string(),
        decidedAt: z.string().nullable(),
        decisionReason: z
          .string()
          .nullable()
          .describe('What the seller said when deciding; null when nothing'),
        refund: ShopperRefund.nullable(),
      }),
    ),
  })
  .meta({ id: 'CancelledItem' });
export type CancelledItem = z.infer<typeof CancelledItem>;

/**
 * requirements#cancel-form: the quantity choices of a ticked item (1 to what is still open); the select appears
 * only when more than one unit is open.
 */
export const quantityChoices = (open: number) => Array.from({ length: Math.max(0, open) }, (_, i) => i + 1);
export const needsQuantitySelect = (open: number) => open > 1;
