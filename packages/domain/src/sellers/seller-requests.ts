// requirements#seller-returns: the contract of Seller Central's returns queue and request page,
// shared by the API and the web.
import { z } from 'zod';
import { REQUEST_DECISIONS, REQUEST_KINDS, type RequestKind } from '../orders/state-machine.ts';
import { needsPickup } from '../orders/pickup.ts';
import { TRACKING_STATUSES } from '../orders/tracking.ts';

export const SELLER_REQUESTS_PAGE_SIZE = 20;

/**
 * The queue's views: `open` waits for the seller's decision; `pickup` was accepted with a pickup
 * that is not recorded yet; `decided` is everything else decided (closed).
 */
export const SELLER_REQUEST_STATES = ['open', 'pickup', 'decided'] as const;
export type SellerRequestState = (typeof SELLER_REQUEST_STATES)[number];
export const SELLER_REQUEST_STATE_LABELS: Record<SellerRequestState, string> = {
  open: 'To decide',
  pickup: 'Awaiting pickup',
  decided: 'Decided',
};
export const SELLER_REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  cancel: 'Cancellation',
  return: 'Return',
  replace: 'Replacement',
};

/** What each decision means to the seller who takes it (the request page's choices). */
export const SELLER_DECISION_LABELS: Record<string, string> = {
  completed: 'Accept: cancel the item and refund',
  'refund-with-reverse': 'Accept: refund after the product is picked up',
  'refund-without-reverse': 'Accept: refund now, the shopper keeps the product',
  rejected: 'Reject',
  'initiate-replacement': 'Accept: send a replacement',
  'reject-with-return': 'Reject the replacement: take the product back and refund',
  'reject-without-return': 'Reject the replacement: no pickup, no refund',
};

/** A rejection says why (requirements#seller-returns); an acceptance may. */
export const isRejection = (decision: string) => decision.startsWith('reject');

export const SELLER_REQUEST_MESSAGES = {
  reasonNeeded: 'Say why you reject this request.',
  chooseDecision: 'Choose a decision.',
  badKind: `The kind must be one of: ${REQUEST_KINDS.join(', ')}.`,
  badState: `The state must be one of: ${SELLER_REQUEST_STATES.join(', ')}.`,
  badPage: 'The page must be a whole number from 1.',
  empty: 'No requests here.',
} as const;

/** The decisions a seller may take on a request of a kind (requirements#seller-fulfilment). */
export const decisionsFor = (kind: RequestKind) => REQUEST_DECISIONS[kind];

/** Whether a decided request still waits for its pickup to be recorded. */
export const awaitsPickup = (request: { kind: string; status: string; pickedUpAt: string | Date | null }) =>
  request.kind !== 'cancel' && needsPickup(request.status) && request.pickedUpAt === null;

export const SellerRequestsQuery = z.object({
  state: z.enum(SELLER_REQUEST_STATES, { message: SELLER_REQUEST_MESSAGES.badState }).default('open'),
  kind: z.enum(REQUEST_KINDS, { message: SELLER_REQUEST_MESSAGES.badKind }).optional(),
  page: z.coerce
    .number({ message: SELLER_REQUEST_MESSAGES.badPage })
    .int(SELLER_REQUEST_MESSAGES.badPage)
    .min(1, SELLER_REQUEST_MESSAGES.badPage)
    .max(100_000, SELLER_REQUEST_MESSAGES.badPage)
    .default(1),
});
export type SellerRequestsQuery = z.infer<typeof SellerRequestsQuery>;

const countsShape = Object.fromEntries(
  SELLER_REQUEST_STATES.map((state) => [state, z.number().int()]),
) as Record<SellerRequestState, z.ZodNumber>;
const kindCountsShape = Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, z.number().int()])) as Record<
  RequestKind,
  z.ZodNumber
>;

export const SellerRequestRow = z
  .object({
    refNo: z.string(),
    kind: z.enum(REQUEST_KINDS),
    status: z.string(),
    quantity: z.number().int(),
    orderNo: z.string(),
    itemId: z.number().int(),
    productName: z.string(),
    productImage: z.string(),
    requestedBy: z.string(),
    createdAt: z.string(),
    pickupDate: z.string().nullable(),
    pickedUpAt: z.string().nullable(),
    reasons: z.array(z.string()),
    mediaCount: z.number().int(),
  })
  .meta({ id: 'SellerRequestRow' });
export type SellerRequestRow = z.infer<typeof SellerRequestRow>;

export const SellerRequestsPage = z
  .object({
    state: z.enum(SELLER_REQUEST_STATES),
    kind: z.enum(REQUEST_KINDS).nullable(),
    counts: z.object(countsShape).meta({ description: 'Requests in each state, of every kind' }),
    kindCounts: z.object(kindCountsShape).meta({ description: 'Requests of each kind in the chosen state' }),
    requests: z.array(SellerRequestRow),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'SellerRequestsPage' });
export type SellerRequestsPage = z.infer<typeof SellerRequestsPage>;

export const SellerRequestDetail = z
  .object({
    refNo: z.string(),
    kind: z.enum(REQUEST_KINDS),
    status: z.string(),
    quantity: z.number().int(),
    requestedBy: z.string(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
    decisionReason: z.string().nullable(),
    pickupDate: z.string().nullable(),
    pickedUpAt: z.string().nullable(),
    reasons: z.array(z.string()),
    comments: z.string().nullable(),
    images: z
      .array(z.string())
      .meta({ description: 'Upload URLs: only the shopper and this seller may fetch them' }),
    video: z.string().nullable(),
    item: z.object({
      id: z.number().int(),
      orderNo: z.string(),
      productName: z.string(),
      productImage: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      unitPricePaise: z.number().int(),
      status: z.string(),
      paymentMode: z.enum(['cod', 'prepaid']),
    }),
    shipTo: z.object({ name: z.string(), phone: z.string(), address: z.string() }),
    refund: z.object({ amountPaise: z.number().int(), status: z.string() }).nullable(),
    decisions: z
      .array(z.string())
      .meta({ description: 'The decisions open to the seller; empty once decided' }),
    canRecordPickup: z.boolean(),
    canShipReplacement: z.boolean(),
    replacementShipment: z
      .object({
        invoiceNo: z.string(),
        status: z.enum(TRACKING_STATUSES),
        carrier: z.string().nullable(),
        awbNo: z.string().nullable(),
        nextStatuses: z.array(z.enum(TRACKING_STATUSES)),
        events: z.array(
          z.object({
            status: z.string(),
            location: z.string().nullable(),
            note: z.string().nullable(),
            at: z.string(),
          }),
        ),
      })
      .nullable(),
  })
  .meta({ id: 'SellerRequestDetail' });
export type SellerRequestDetail = z.infer<typeof SellerRequestDetail>;
