import { z } from 'zod';
import { formatInr } from '../money/money.ts';
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES, UploadKey } from './feedback.ts';
import { FREE_TEXT_PATTERN } from './free-text.ts';
import { ShopperRefund } from './refund-life.ts';
import { TRACKING_STATUSES } from './tracking.ts';
import {
  afterSalesWindow,
  type ItemState,
  openQuantity,
  TRANSITION_MESSAGES,
  windowEnd,
} from './state-machine.ts';

// requirements#return-eligibility, requirements#return-form, requirements#replacement-form,
// requirements#return-status, requirements#item-details, requirements#pickup-window (uploads, pickup window,
// refund estimate): the rules and texts shared by the return and replacement API and pages.

export const AFTER_SALES_KINDS = ['return', 'replace'] as const;
export type AfterSalesKind = (typeof AFTER_SALES_KINDS)[number];

export const RETURN_MESSAGES = {
  noProducts: 'No products selected for return.',
  reasons: 'Please select at least one reason for return.',
  images: 'Please upload at least one image of the product.',
  pickupDate: 'Please select a pickup date.',
  submitted: 'Return request submitted successfully.',
  failed: 'Error submitting return request. Please try again.',
  noReturns: 'No return orders found.',
} as const;

export const REPLACEMENT_MESSAGES = {
  // ours: the spec says an item must be selected but shows no text
  noProduct: 'Please select a product to replace.',
  reasons: 'Please select a reason for Replacement.',
  images: 'Please upload images of the product.',
  pickupDate: 'Please select a pickup date.',
  // ours: the spec shows only the return texts for success and failure
  submitted: 'Replacement request submitted successfully.',
  failed: 'Error submitting replacement request. Please try again.',
  noReplacements: 'No replacement orders found.',
} as const;

/** Texts of both forms and the API that the spec leaves to us. */
export const AFTER_SALES_MESSAGES = {
  notFound: 'This order item was not found.',
  requestNotFound: 'No request was found for this item.',
  quantity: 'Please select a quantity up to the items not yet returned or replaced.',
  pickupOutsideWindow: 'Please select a pickup date from the dates offered.',
  unknownReason: 'Please select reasons from the list.',
  unknownUpload: FEEDBACK_MESSAGES.unknownUpload,
  requestOpen: TRANSITION_MESSAGES.requestOpen,
  infoTooLong: 'Additional info can be at most 1000 characters.',
  infoInvalid: 'Please write the additional info without control characters.',
  messageBlank: 'Please type a message.',
  messageTooLong: 'A message can be at most 2000 characters.',
  messageInvalid: 'Please write the message without control characters.',
  tooManyItems: 'Too many products selected.',
  duplicateItem: 'Each product can be selected only once.',
  oneReplacement: 'Only one product can be replaced at a time.',
  oneOrderAndSeller: 'Select products of one order from one seller.',
  notLoggedIn: 'Please log in to manage your returns and replacements.',
} as const;

export const AFTER_SALES_LIMITS = {
  images: FEEDBACK_LIMITS.images,
  infoLength: 1000,
  messageLength: 2000,
  /** products in one return: far more than one seller's part of an order holds */
  items: 50,
  reasons: 50,
  /** requirements#pickup-window: the pickup window starts 3 days after today and ends 3 days after the by-date */
  pickupStartDays: 3,
  pickupEndDays: 3,
} as const;

/** requirements#refund-estimate: the refund estimate text. */
export const REFUND_ESTIMATE = {
  fromBusinessDays: 7,
  toBusinessDays: 10,
  text: '7 to 10 business days',
} as const;

/** The texts of the eligibility outcomes (requirements#return-eligibility, requirements#replacement-eligibility). */
export const WINDOW_MESSAGES = {
  return: TRANSITION_MESSAGES.returnWindow,
  replace: TRANSITION_MESSAGES.replaceWindow,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
// India has one time zone and no daylight saving: UTC+05:30
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The calendar day (YYYY-MM-DD) of an instant for a shopper in India. */
export function indiaDate(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** A calendar day plus `days` days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Texts of the return form beside its fields, before the shopper submits (ours). */
export const RETURN_FORM_TEXTS = {
  photoRequired: 'required',
  photoHint: 'Add at least one photo of the product showing the problem.',
  refundLabel: 'Refund:',
  noBankAccount: 'Add a bank account before the pickup to receive it.',
} as const;

/**
 * requirements#refund-estimate: the refund a return will make and where it goes, as the form shows
 * it before the shopper confirms: '₹3,167.00 to your original payment method', or to the default
 * bank account for cash on delivery.
 */
export function refundPreviewText(amountPaise: number, method: string, bankAccountLast4: string | null) {
  const where =
    method === 'bank_account'
      ? bankAccountLast4
        ? `your bank account ending ${bankAccountLast4}`
        : 'your default bank account'
      : 'your original payment method';
  return `${formatInr(amountPaise)} to ${where}`;
}

/** Whether an item can be asked for now: the units left and the pickup days, or why not (requirements#return-eligibility). */
export const Eligibility = z.union([
  z.object({
    isEligible: z.literal(true),
    remaining: z.number().int(),
    byDate: z.string(),
    pickupDates: z.array(z.string()),
  }),
  z.object({
    isEligible: z.literal(false),
    reason: z.enum(['not_delivered', 'none', 'closed', 'all_processed']),
    message: z.string(),
  }),
]);
export type Eligibility = z.infer<typeof Eligibility>;

/**
 * requirements#return-eligibility and requirements#pickup-window: whether the item can be returned (or replaced) now, how many units are left
 * (ordered less returned, replaced and cancelled), and the pickup days offered: from 3 days after
 * today through 3 days after the return (or replace) by-date.
 */
export function afterSalesEligibility(item: ItemState, kind: AfterSalesKind, now: Date): Eligibility {
  const window = afterSalesWindow(item, kind, now);
  if (window !== 'open') return { isEligible: false, reason: window, message: WINDOW_MESSAGES[kind][window] };
  const end = windowEnd(item.deliveredAt, kind === 'return' ? item.returnWindowDays : item.replaceWindowDays);
  // afterSalesWindow is open only with an end date; the guard keeps the types honest
  if (!end) return { isEligible: false, reason: 'closed', message: WINDOW_MESSAGES[kind].closed };
  const byDate = indiaDate(end);
  return { isEligible: true, remaining: openQuantity(item), byDate, pickupDates: pickupDates(now, byDate) };
}

/** requirements#pickup-window: pickup days from today + 3 through by-date + 3, both ends included. */
export function pickupDates(now: Date, byDate: string): string[] {
  const first = addDays(indiaDate(now), AFTER_SALES_LIMITS.pickupStartDays);
  const last = addDays(byDate, AFTER_SALES_LIMITS.pickupEndDays);
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Whether a business day: Monday to Saturday are, Sunday is not (banks in India work alternate Saturdays; we count them). */
const isBusinessDay = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() !== 0;

/** A calendar day plus `count` business days. */
export function addBusinessDays(day: string, count: number): string {
  let current = day;
  let left = count;
  while (left > 0) {
    current = addDays(current, 1);
    if (isBusinessDay(current)) left -= 1;
  }
  return current;
}

/** requirements#refund-estimate: the refund reaches the shopper 7 to 10 business days after it is initiated. */
export function refundEstimate(initiatedAt: Date): { from: string; to: string; text: string } {
  const day = indiaDate(initiatedAt);
  return {
    from: addBusinessDays(day, REFUND_ESTIMATE.fromBusinessDays),
    to: addBusinessDays(day, REFUND_ESTIMATE.toBusinessDays),
    text: REFUND_ESTIMATE.text,
  };
}

/** The status banner of a return (requirements#return-status). */
export const RETURN_STATUS_TEXTS: Record<string, { title: string; detail: string }> = {
  pending: {
    title: 'Return requested',
    detail: 'Your return request is under review by the seller.',
  },
  'refund-with-reverse': {
    title: 'Return approved',
    detail: 'The item will be picked up on your pickup date; your refund starts once it is picked up.',
  },
  'refund-without-reverse': {
    title: 'Return approved',
    detail: 'You can keep the product. Your refund is on its way.',
  },
  rejected: {
    title: 'Return rejected',
    detail: 'The seller did not accept this return.',
  },
};

/** The status banner of a replacement (requirements#replacement-status). */
export const REPLACE_STATUS_TEXTS: Record<string, { title: string; detail: string }> = {
  pending: {
    title: 'Replacement requested',
    detail: 'Your replacement request is under review by the seller.',
  },
  'initiate-replacement': {
    title: 'Replacement initiated',
    detail: 'The seller has started your replacement. The item will be picked up and a new one sent.',
  },
  'reject-with-return': {
    title: 'Replacement not possible',
    detail: 'The product is out of stock. It will be picked up and your money refunded once it is.',
  },
  'reject-without-return': {
    title: 'Replacement not possible',
    detail: 'Your money will be refunded. You can keep the product.',
  },
};

export const REFUND_STATUS_LABELS: Record<string, string> = {
  not_applicable: 'Not applicable',
  pending: 'Refund pending',
  initiated: 'Refund initiated',
  processed: 'Refund processed',
  completed: 'Refund completed',
  failed: 'Refund failed',
};

/**
 * requirements#refund-box: a refund box shows unless the refund status is not_applicable (for replacements, on the
 * two reject states; ours: also on an initiated replacement whose new unit never arrived and was
 * refunded instead, see docs/decisions/0012).
 */
export function showsRefundBox(kind: AfterSalesKind, status: string, refundStatus: string): boolean {
  if (refundStatus === 'not_applicable') return false;
  if (kind === 'replace') {
    if (status === 'initiate-replacement') return refundStatus !== 'pending';
    return status === 'reject-with-return' || status === 'reject-without-return';
  }
  return true;
}

const messages = (kind: AfterSalesKind) => (kind === 'return' ? RETURN_MESSAGES : REPLACEMENT_MESSAGES);

/**
 * requirements#pickup-window for several products at once: the pickup day must fit every ticked item's window, so
 * the days offered are those every item offers (from today + 3 through the earliest by-date + 3).
 */
export function sharedPickupDates(lists: readonly (readonly string[])[]): string[] {
  const [first, ...rest] = lists;
  if (!first) return [];
  return first.filter((day) => rest.every((list) => list.includes(day)));
}

/** A refusal of a whole submission because of one of its products names that product. */
export const namedRefusal = (productName: string, message: string) => `${productName}: ${message}`;

const RequestId = z.number().int().positive().max(2_147_483_647);

/** One product of a request: its own quantity, reasons and additional info (requirements#return-form: selectedItems). */
export const AfterSalesLine = z.strictObject({
  orderItemId: RequestId,
  quantity: z
    .number({ error: AFTER_SALES_MESSAGES.quantity })
    .int({ error: AFTER_SALES_MESSAGES.quantity })
    .min(1, { error: AFTER_SALES_MESSAGES.quantity })
    .max(1000, { error: AFTER_SALES_MESSAGES.quantity }),
  reasonIds: z.array(RequestId).max(AFTER_SALES_LIMITS.reasons).default([]),
  additionalInfo: z
    .string()
    .trim()
    .max(AFTER_SALES_LIMITS.infoLength, { error: AFTER_SALES_MESSAGES.infoTooLong })
    .regex(FREE_TEXT_PATTERN, { error: AFTER_SALES_MESSAGES.infoInvalid })
    .default(''),
});
export type AfterSalesLine = z.infer<typeof AfterSalesLine>;

/**
 * The return and replacement forms and `POST /api/item-requests`: the products (a return takes
 * several of one seller's part of an order, a replacement one), each with its quantity, reasons and
 * info; the photos, video and pickup day shared by all of them.
 */
export const AfterSalesRequestInput = z
  .strictObject({
    kind: z.enum(AFTER_SALES_KINDS),
    items: z
      .array(AfterSalesLine, { error: RETURN_MESSAGES.noProducts })
      .max(AFTER_SALES_LIMITS.items, { error: AFTER_SALES_MESSAGES.tooManyItems })
      .default([]),
    images: z
      .array(UploadKey)
      .max(AFTER_SALES_LIMITS.images, { error: FEEDBACK_MESSAGES.tooManyImages })
      .default([]),
    video: UploadKey.nullable().default(null),
    pickupDate: z.string().max(10).default(''),
  })
  .superRefine((input, ctx) => {
    const texts = messages(input.kind);
    if (input.items.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['items'],
        message: input.kind === 'return' ? RETURN_MESSAGES.noProducts : REPLACEMENT_MESSAGES.noProduct,
      });
    // requirements#replacement-form: only one item can be selected at a time for a replacement
    else if (input.kind === 'replace' && input.items.length > 1)
      ctx.addIssue({ code: 'custom', path: ['items'], message: AFTER_SALES_MESSAGES.oneReplacement });
    else if (new Set(input.items.map((i) => i.orderItemId)).size !== input.items.length)
      ctx.addIssue({ code: 'custom', path: ['items'], message: AFTER_SALES_MESSAGES.duplicateItem });
    input.items.forEach((line, index) => {
      if (line.reasonIds.length === 0)
        ctx.addIssue({ code: 'custom', path: ['items', index, 'reasonIds'], message: texts.reasons });
      else if (new Set(line.reasonIds).size !== line.reasonIds.length)
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'reasonIds'],
          message: AFTER_SALES_MESSAGES.unknownReason,
        });
    });
    if (input.images.length === 0) ctx.addIssue({ code: 'custom', path: ['images'], message: texts.images });
    else if (new Set(input.images).size !== input.images.length)
      ctx.addIssue({ code: 'custom', path: ['images'], message: FEEDBACK_MESSAGES.unknownUpload });
    if (input.pickupDate === '')
      ctx.addIssue({ code: 'custom', path: ['pickupDate'], message: texts.pickupDate });
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(input.pickupDate) || Number.isNaN(Date.parse(input.pickupDate)))
      ctx.addIssue({
        code: 'custom',
        path: ['pickupDate'],
        message: AFTER_SALES_MESSAGES.pickupOutsideWindow,
      });
  });
export type AfterSalesRequestInput = z.infer<typeof AfterSalesRequestInput>;

export const CONVERSATION_TOPICS = ['seller', 'privilege_claim'] as const;
export type ConversationTopic = (typeof CONVERSATION_TOPICS)[number];

/** requirements#return-in-process: both chat boxes start with a greeting from the seller. */
export const CONVERSATION_GREETINGS: Record<ConversationTopic, string> = {
  seller: 'Hello! This is the seller. How can we help you with this item?',
  privilege_claim: 'Hello! Tell us about your privilege claim for this item and we will look into it.',
};

/** A shopper's message in the contact-seller and privilege-claim conversations. */
export const ConversationMessageInput = z.strictObject({
  orderItemId: z.number().int().positive().max(2_147_483_647),
  topic: z.enum(CONVERSATION_TOPICS),
  body: z
    .string({ error: AFTER_SALES_MESSAGES.messageBlank })
    .trim()
    .min(1, { error: AFTER_SALES_MESSAGES.messageBlank })
    .max(AFTER_SALES_LIMITS.messageLength, { error: AFTER_SALES_MESSAGES.messageTooLong })
    .regex(FREE_TEXT_PATTERN, { error: AFTER_SALES_MESSAGES.messageInvalid }),
});
export type ConversationMessageInput = z.infer<typeof ConversationMessageInput>;

const OpenRequest = z.object({ refNo: z.string(), kind: z.string(), quantity: z.number().int() });

/**
 * `GET /api/item-requests/options`: the return or replacement form of one seller's part of an
 * order: each item with its eligibility, the reason questions, and the requests already made.
 */
export const AfterSalesForm = z
  .object({
    kind: z.enum(AFTER_SALES_KINDS),
    orderNo: z.string(),
    sellerId: z.number().int(),
    sellerName: z.string(),
    reasons: z.array(z.object({ id: z.number().int(), name: z.string() })),
    items: z.array(
      z.object({
        id: z.number().int(),
        productName: z.string(),
        productImage: z.string(),
        invoiceNo: z.string().nullable(),
        quantity: z.number().int(),
        unitPricePaise: z.number().int(),
        returnedQuantity: z.number().int(),
        replacedQuantity: z.number().int(),
        openRequest: OpenRequest.nullable(),
        eligibility: Eligibility,
        refund: z
          .object({
            amounts: z
              .array(z.number().int())
              .describe('The refund for 1, 2, … units, as the refund itself will be computed'),
            method: z.enum(['original_payment', 'bank_account']),
            bankAccountLast4: z.string().nullable(),
          })
          .nullable()
          .describe('What a return of this item refunds and where it goes; null when nothing would be'),
      }),
    ),
    requests: z.array(
      z.object({
        id: z.number().int(),
        refNo: z.string(),
        itemId: z.number().int(),
        productName: z.string(),
        invoiceNo: z.string().nullable(),
        quantity: z.number().int(),
        status: z.string(),
        addedAt: z.string(),
        detailHref: z.string(),
      }),
    ),
  })
  .meta({ id: 'AfterSalesForm' });
export type AfterSalesForm = z.infer<typeof AfterSalesForm>;
export type AfterSalesFormItem = AfterSalesForm['items'][number];

/** `POST /api/item-requests`: one request per product, in the order sent. */
export const AfterSalesRequestCreated = z
  .object({
    success: z.literal(true),
    message: z.string(),
    kind: z.string(),
    pickupDate: z.string(),
    requests: z
      .array(z.object({ refNo: z.string(), itemId: z.number().int(), quantity: z.number().int() }))
      .describe('One request per product, in the order sent'),
  })
  .meta({ id: 'AfterSalesRequestCreated' });
export type AfterSalesRequestCreated = z.infer<typeof AfterSalesRequestCreated>;

/** What a request waits for now (requirements#return-pickup; the rules are in pickup.ts). */
export const WaitingStep = z
  .discriminatedUnion('step', [
    z.object({ step: z.literal('seller') }),
    z.object({
      step: z.literal('pickup'),
      pickupDate: z.string().nullable(),
      isRefundAfterPickup: z.boolean(),
    }),
    z.object({ step: z.literal('picked_up'), pickedUpAt: z.string() }),
    z.object({ step: z.literal('none') }),
  ])
  .describe(
    'seller: the seller’s decision; pickup: the pickup on pickupDate (and the refund after it when isRefundAfterPickup); picked_up: done at pickedUpAt; none: nothing waits',
  );
export type WaitingStep = z.infer<typeof WaitingStep>;

/** `GET /api/item-requests`: an item and its requests of a kind, newest first (the detail pages). */
export const ItemRequestDetails = z
  .object({
    item: z.object({
      id: z.number().int(),
      orderNo: z.string(),
      invoiceNo: z.string().nullable(),
      productName: z.string(),
      productImage: z.string(),
      sellerName: z.string(),
      quantity: z.number().int(),
      unitPricePaise: z.number().int(),
      paymentMode: z.string(),
      newReplies: z
        .object({ seller: z.number().int().nonnegative(), privilege_claim: z.number().int().nonnegative() })
        .describe(
          'The seller’s messages in each conversation about the item that the shopper has not opened yet',
        ),
    }),
    requests: z.array(
      z.object({
        refNo: z.string(),
        quantity: z.number().int(),
        status: z.string(),
        reasons: z.array(z.string()),
        additionalInfo: z.string(),
        pickupDate: z.string().nullable(),
        images: z.array(z.string()),
        video: z.string().nullable(),
        requestedAt: z.string(),
        decidedAt: z.string().nullable(),
        decisionReason: z
          .string()
          .nullable()
          .describe('What the seller said when deciding (a rejection always says why); null when nothing'),
        waiting: WaitingStep,
        refund: ShopperRefund.extend({
          status: z
            .string()
            .describe(
              'not_applicable, pending (a return waiting for the seller or for its pickup: the amount it would refund), initiated, processed, completed or failed',
            ),
          estimate: z.object({ from: z.string(), to: z.string(), text: z.string() }).nullable(),
        }),
        replacement: z
          .object({
            title: z.string(),
            detail: z.string(),
            tone: z.enum(['ok', 'wait', 'bad']),
            invoiceNo: z.string().nullable(),
            status: z.enum(TRACKING_STATUSES).nullable(),
            deliveredAt: z.string().nullable(),
            trackHref: z.string().nullable(),
          })
          .nullable()
          .describe(
            'An initiated replacement’s new unit: being prepared (no shipment yet), then its shipment (invoiceNo, status, the /trackitem link); null otherwise',
          ),
      }),
    ),
  })
  .meta({ id: 'ItemRequestDetails' });
export type ItemRequestDetails = z.infer<typeof ItemRequestDetails>;
export type ItemRequest = ItemRequestDetails['requests'][number];

/** The contact-seller or privilege-claim conversation about an item, oldest first. */
export const ItemConversation = z
  .object({
    sellerName: z.string(),
    messages: z.array(
      z.object({
        id: z.number().int(),
        author: z.enum(['shopper', 'seller']),
        topic: z.enum(CONVERSATION_TOPICS),
        body: z.string(),
        sentAt: z.string(),
        isNew: z
          .boolean()
          .describe('A seller’s message the shopper had not seen until this opening (opening marks it read)'),
      }),
    ),
  })
  .meta({ id: 'ItemConversation' });
export type ItemConversation = z.infer<typeof ItemConversation>;
