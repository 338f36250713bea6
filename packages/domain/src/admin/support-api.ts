// requirements#operator-support: support in the console: finding an order, its whole life, and the
// actions staff take on the shopper's behalf. One contract for the server's routes and the console's pages.
import { z } from 'zod';
import { FREE_TEXT_PATTERN } from '../orders/free-text.ts';
import { ORDER_NO_PATTERN } from '../orders/place-order.ts';
import { TRANSITION_MESSAGES } from '../orders/state-machine.ts';
import { isTrackingStatus, TRACKING_NEXT } from '../orders/tracking.ts';
import { MOBILE_PATTERN } from '../validation/common.ts';
import { optionalIndianDay } from './staff-api.ts';

export const SUPPORT_MESSAGES = {
  queryTooLong: 'The search is at most 254 characters.',
  queryControl: 'The search cannot hold control characters.',
  pageShape: 'page must be a whole number from 1.',
  orderNotFound: 'No order has this number.',
  itemNotInOrder: 'A chosen item is not part of this order.',
  orderNotPlaced: 'This order is not placed: it is waiting for its payment, or its payment failed.',
  refundNotFound: 'This refund was not found.',
  shipmentNotFound: 'This shipment was not found.',
  selectItem: 'Choose at least one item to cancel.',
  duplicateItem: 'Each item can be chosen only once.',
  quantity: 'The quantity must be a whole number from 1.',
  reasonRequired: 'Choose the shopper’s reason for cancelling.',
  unknownReason: 'Choose the reason from the list.',
  noteTooLong: 'The note is at most 500 characters.',
  noteControl: 'Write the note without control characters.',
  cancelled: (units: number) => `${units === 1 ? '1 unit' : `${units} units`} cancelled for the shopper.`,
  refundStarted: (amount: string) => `A refund of ${amount} has started.`,
  refundRetried: (attempt: number) => `The refund will be sent again (attempt ${attempt}).`,
  shipmentLost: 'The shipment is marked lost in transit.',
  /** the email the shopper receives when support cancels for them */
  cancelledEmailSubject: (orderNo: string) => `Items of your order ${orderNo} were cancelled`,
} as const;

/** What one search box looks for: decided from the text, as a support agent types it. */
export type OrderSearch =
  | { kind: 'order'; orderNo: string }
  | { kind: 'email'; email: string }
  | { kind: 'mobile'; mobile: string }
  | { kind: 'seller'; name: string };

/**
 * requirements#operator-support: an order number (OD…), an email (the shopper's, or a seller's
 * contact or account email), an Indian mobile (spaces, dashes, +91 or a leading 0 allowed), or else
 * part of a seller's name.
 */
export function classifyOrderSearch(text: string): OrderSearch {
  const q = text.trim();
  if (ORDER_NO_PATTERN.test(q.toUpperCase())) return { kind: 'order', orderNo: q.toUpperCase() };
  if (q.includes('@')) return { kind: 'email', email: q.toLowerCase() };
  const digits = q.replace(/[\s-]/g, '').replace(/^(\+91|91(?=\d{10}$)|0(?=\d{10}$))/, '');
  if (MOBILE_PATTERN.test(digits)) return { kind: 'mobile', mobile: digits };
  return { kind: 'seller', name: q };
}

/**
 * Whether support may mark a shipment at `status` lost in transit: the tracking table's own rule
 * (only once the courier has it and before delivery), refused with the state machine's message.
 */
export function lostRefusal(status: string): string | null {
  if (!isTrackingStatus(status)) return TRANSITION_MESSAGES.trackingFinished;
  const allowed = TRACKING_NEXT[status];
  if (allowed.length === 0) return TRANSITION_MESSAGES.trackingFinished;
  if (!allowed.includes('lost_in_transit'))
    return TRANSITION_MESSAGES.trackingStep(status, 'lost_in_transit', allowed);
  return null;
}

const page = z
  .string()
  .regex(/^[1-9]\d{0,5}$/, SUPPORT_MESSAGES.pageShape)
  .default('1')
  .transform(Number);

/** requirements#operator-support: the order list's tabs, each a state of the order's items. */
export const ORDER_TABS = ['all', 'unpaid', 'to_ship', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
export const ORDER_TAB_LABELS: Record<OrderTab, string> = {
  all: 'All',
  unpaid: 'Awaiting payment',
  to_ship: 'To ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
export const ORDER_PAYMENT_MODES = ['cod', 'prepaid'] as const;

export const ORDER_LIST_MESSAGES = {
  status: 'Choose a status from the tabs.',
  payment: 'Choose cash on delivery or prepaid.',
  seller: 'Choose a seller from the list.',
  order: 'The first day must not be after the last day.',
} as const;

const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/**
 * The order list: the latest orders, or those one search box finds, narrowed by tab, Indian days,
 * seller and payment mode, a page at a time.
 */
export const OrderSearchQuery = z
  .object({
    q: z
      .string()
      .max(254, SUPPORT_MESSAGES.queryTooLong)
      .regex(/^\P{Cc}*$/u, SUPPORT_MESSAGES.queryControl)
      .transform((q) => q.trim())
      .default(''),
    status: z.preprocess(
      blankAsMissing,
      z.enum(ORDER_TABS, { error: ORDER_LIST_MESSAGES.status }).default('all'),
    ),
    from: optionalIndianDay('from'),
    to: optionalIndianDay('to'),
    seller: z.preprocess(
      blankAsMissing,
      z
        .string()
        .regex(/^[1-9]\d{0,8}$/, ORDER_LIST_MESSAGES.seller)
        .transform(Number)
        .optional(),
    ),
    payment: z.preprocess(
      blankAsMissing,
      z.enum(ORDER_PAYMENT_MODES, { error: ORDER_LIST_MESSAGES.payment }).optional(),
    ),
    page,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: ORDER_LIST_MESSAGES.order, path: ['to'] });
export type OrderSearchQuery = z.infer<typeof OrderSearchQuery>;

export const SUPPORT_PAGE_SIZE = 25;

export const ItemStatusCount = z.object({ status: z.string(), count: z.number().int() });

export const OrderSearchRow = z.object({
  orderNo: z.string(),
  placedAt: z.string(),
  shopper: z.object({ name: z.string(), email: z.string(), mobile: z.string().nullable() }),
  sellers: z.array(z.string()),
  totalPaise: z.number().int(),
  paymentMode: z.string().describe('cod or prepaid'),
  paymentStatus: z.string(),
  itemStatuses: z.array(ItemStatusCount).describe('how many items are in each status'),
});
export type OrderSearchRow = z.infer<typeof OrderSearchRow>;

export const OrderSearchPage = z.object({
  /** how the search box's text was read; null without a search */
  searchedAs: z.enum(['order', 'email', 'mobile', 'seller']).nullable(),
  /** how many orders each tab holds under the other filters */
  counts: z.record(z.enum(ORDER_TABS), z.number().int()),
  /** the sellers to filter by */
  sellers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  orders: z.array(OrderSearchRow),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type OrderSearchPage = z.infer<typeof OrderSearchPage>;

const moment = z.string();
const maybeMoment = z.string().nullable();

export const SupportItem = z.object({
  id: z.number().int(),
  productName: z.string(),
  sku: z.string(),
  seller: z.string(),
  quantity: z.number().int(),
  cancelledQuantity: z.number().int(),
  returnedQuantity: z.number().int(),
  replacedQuantity: z.number().int(),
  unitPricePaise: z.number().int(),
  status: z.string(),
  splitMode: z.string(),
  invoiceNo: z.string().nullable(),
  tracking: z.string().nullable(),
  /** units staff may cancel for the shopper now (0: the state machine refuses, `cancelRefusal` says why) */
  cancellableQuantity: z.number().int(),
  cancelRefusal: z.string().nullable(),
});
export type SupportItem = z.infer<typeof SupportItem>;

export const SupportPayment = z.object({
  provider: z.string(),
  providerOrderId: z.string(),
  providerPaymentId: z.string().nullable(),
  amountPaise: z.number().int(),
  status: z.string(),
  failureReason: z.string().nullable(),
  createdAt: moment,
});

export const SupportShipment = z.object({
  invoiceNo: z.string(),
  seller: z.string(),
  carrier: z.string().nullable(),
  awbNo: z.string().nullable(),
  status: z.string(),
  isReplacement: z.boolean(),
  createdAt: moment,
  deliveredAt: maybeMoment,
  events: z.array(
    z.object({
      status: z.string(),
      location: z.string().nullable(),
      note: z.string().nullable(),
      at: moment,
    }),
  ),
  /** null when the state machine lets staff mark it lost; otherwise its reason */
  lostRefusal: z.string().nullable(),
});
export type SupportShipment = z.infer<typeof SupportShipment>;

export const SupportRequest = z.object({
  refNo: z.string(),
  kind: z.string().describe('cancel, return or replace'),
  itemId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  status: z.string(),
  requestedBy: z.string().describe('customer or seller'),
  reasons: z.array(z.string()),
  additionalInfo: z.string().nullable(),
  decisionReason: z.string().nullable(),
  pickupDate: z.string().nullable(),
  pickedUpAt: maybeMoment,
  decidedAt: maybeMoment,
  createdAt: moment,
  media: z.array(z.object({ kind: z.string(), url: z.string() })),
});
export type SupportRequest = z.infer<typeof SupportRequest>;

export const SupportRefund = z.object({
  id: z.number().int(),
  requestRefNo: z.string().nullable(),
  amountPaise: z.number().int(),
  status: z.string(),
  method: z.string(),
  /** where it goes, as the shopper reads it: a bank account only by its last 4 digits */
  destination: z.string(),
  attempt: z.number().int(),
  provider: z.string().nullable(),
  providerRefundId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: moment,
  processedAt: maybeMoment,
  completedAt: maybeMoment,
  canRetry: z.boolean(),
});
export type SupportRefund = z.infer<typeof SupportRefund>;

export const SupportSellerMessage = z.object({
  productName: z.string(),
  seller: z.string(),
  author: z.string().describe('shopper or seller'),
  topic: z.string(),
  body: z.string(),
  at: moment,
});

export const SupportSentMessage = z.object({
  channel: z.string(),
  recipient: z.string(),
  template: z.string(),
  /** what it was, in words; its text is never shown (a code in it stays the shopper's) */
  label: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  createdAt: moment,
  sentAt: maybeMoment,
});

export const SupportOrder = z.object({
  orderNo: z.string(),
  placedAt: moment,
  status: z.string(),
  paymentMode: z.string(),
  paymentStatus: z.string(),
  itemsTotalPaise: z.number().int(),
  couponDiscountPaise: z.number().int(),
  deliveryChargePaise: z.number().int(),
  promoDiscountPaise: z.number().int(),
  totalPaise: z.number().int(),
  shopper: z.object({ name: z.string(), email: z.string(), mobile: z.string().nullable() }),
  deliverTo: z.object({
    name: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
  }),
  items: z.array(SupportItem),
  payments: z.array(SupportPayment),
  shipments: z.array(SupportShipment),
  requests: z.array(SupportRequest),
  refunds: z.array(SupportRefund),
  sellerMessages: z.array(SupportSellerMessage),
  sentMessages: z.array(SupportSentMessage),
  /** the reasons a cancellation is given with (the shopper's own list) */
  cancelReasons: z.array(z.object({ id: z.number().int(), text: z.string() })),
});
export type SupportOrder = z.infer<typeof SupportOrder>;

const note = z
  .string()
  .max(500, SUPPORT_MESSAGES.noteTooLong)
  .regex(FREE_TEXT_PATTERN, SUPPORT_MESSAGES.noteControl)
  .transform((text) => text.trim())
  .optional();

const recordId = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

/** Staff cancel items for the shopper: no code (the shopper is not at the keyboard), a reason instead. */
export const SupportCancelInput = z.object({
  items: z
    .array(
      z.object({
        itemId: recordId(SUPPORT_MESSAGES.itemNotInOrder),
        quantity: z
          .number({ error: SUPPORT_MESSAGES.quantity })
          .int(SUPPORT_MESSAGES.quantity)
          .min(1, SUPPORT_MESSAGES.quantity)
          .max(10_000, SUPPORT_MESSAGES.quantity),
      }),
      { error: SUPPORT_MESSAGES.selectItem },
    )
    .min(1, SUPPORT_MESSAGES.selectItem)
    .max(50, SUPPORT_MESSAGES.selectItem)
    .refine(
      (items) => new Set(items.map((i) => i.itemId)).size === items.length,
      SUPPORT_MESSAGES.duplicateItem,
    ),
  reasonId: recordId(SUPPORT_MESSAGES.reasonRequired),
  note,
});
export type SupportCancelInput = z.infer<typeof SupportCancelInput>;

export const ShipmentLostInput = z.object({ note });
export type ShipmentLostInput = z.infer<typeof ShipmentLostInput>;

/** Every action's answer: what happened, for the page's notice. */
export const SupportDone = z.object({ success: z.literal(true), message: z.string() });
export type SupportDone = z.infer<typeof SupportDone>;

export const FailedRefundsQuery = z.object({ page });

export const FailedRefundRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  shopper: z.object({ name: z.string(), email: z.string() }),
  amountPaise: z.number().int(),
  method: z.string(),
  destination: z.string(),
  attempt: z.number().int(),
  provider: z.string().nullable(),
  providerRefundId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: moment,
  failedAt: moment,
});
export type FailedRefundRow = z.infer<typeof FailedRefundRow>;

export const FailedRefundsPage = z.object({
  refunds: z.array(FailedRefundRow),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type FailedRefundsPage = z.infer<typeof FailedRefundsPage>;

/** Words for the kinds of message the shopper was sent about an order. */
export const SENT_MESSAGE_LABELS: Record<string, string> = {
  'order-cancel-code': 'Cancellation code (OTP)',
  'order-cancelled-by-support': 'Items cancelled by support',
};
export const sentMessageLabel = (template: string) => SENT_MESSAGE_LABELS[template] ?? template;
