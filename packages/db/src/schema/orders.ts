import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DELIVERY_TYPES, ZONES } from '@marketplace/domain';
import { FEEDBACK_KINDS } from '@marketplace/domain/orders/feedback';
import { REFUND_METHODS, REFUND_STATUSES } from '@marketplace/domain/orders/refund-life';
import {
  ORDER_ITEM_STATUSES,
  REQUEST_DECISIONS,
  REQUEST_KINDS,
  SPLIT_MODES,
} from '@marketplace/domain/orders/state-machine';
import { TRACKING_STATUSES } from '@marketplace/domain/orders/tracking';
import { offers, PARCEL_TYPES, products, reviews, sellers } from './catalog.ts';
import { createdAt, id, oneOf, updatedAt } from './columns.ts';
import { bankAccounts, users } from './users.ts';

export const PAYMENT_MODES = ['cod', 'prepaid'] as const;
export const ORDER_STATUSES = ['awaiting_payment', 'placed', 'payment_failed'] as const;
export const PAYMENT_STATUSES = [
  'pending',
  'awaiting_payment',
  'paid',
  'failed',
  'refunded',
  'partially_refunded',
] as const;
// the statuses the domain's rules move between: one list each, kept in the domain
export { ORDER_ITEM_STATUSES, REQUEST_KINDS, SPLIT_MODES } from '@marketplace/domain/orders/state-machine';
export {
  TRACKING_SPECIAL_STATUSES,
  TRACKING_STATUSES,
  TRACKING_STEPS,
} from '@marketplace/domain/orders/tracking';
/** A request waits as 'pending' until the seller takes one of its kind's decisions. */
export const CANCEL_STATUSES = ['pending', ...REQUEST_DECISIONS.cancel] as const;
export const RETURN_STATUSES = ['pending', ...REQUEST_DECISIONS.return] as const;
export const REPLACE_STATUSES = ['pending', ...REQUEST_DECISIONS.replace] as const;
export { REFUND_METHODS, REFUND_STATUSES } from '@marketplace/domain/orders/refund-life';
export const PAYMENT_RECORD_STATUSES = ['created', 'paid', 'failed'] as const;
export { FEEDBACK_KINDS } from '@marketplace/domain/orders/feedback';
export const MEDIA_KINDS = ['image', 'video'] as const;

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNo: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    status: text().notNull(),
    paymentMode: text().notNull(),
    paymentStatus: text().notNull(),
    itemsTotalPaise: integer().notNull(), // sale prices x quantities
    couponDiscountPaise: integer().notNull().default(0),
    deliveryChargePaise: integer().notNull().default(0),
    promoName: text(), // PromoJun (requirements#platform-promo)
    promoDiscountPaise: integer().notNull().default(0),
    totalPaise: integer().notNull(), // what the shopper pays
    // the delivery address as it was when the order was placed
    deliveryName: text().notNull(),
    deliveryPhone: text().notNull(),
    deliveryEmail: text().notNull(),
    deliveryAddress: text().notNull(),
    deliveryPincode: text().notNull(),
    deliveryCity: text().notNull(),
    deliveryState: text().notNull(),
    // requirements#gst-invoices: a business buying for its trade names itself on its invoices (B2B)
    buyerGstin: text(),
    buyerBusinessName: text(),
    idempotencyKey: text(),
    // what the order asked for (hash): the same key with another order is refused, not answered with this one
    idempotencyFingerprint: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    check('orders_status_known', sql.raw(oneOf('status', ORDER_STATUSES))),
    check('orders_payment_mode_known', sql.raw(oneOf('payment_mode', PAYMENT_MODES))),
    check('orders_payment_status_known', sql.raw(oneOf('payment_status', PAYMENT_STATUSES))),
    check(
      'orders_money_not_negative',
      sql`${t.itemsTotalPaise} >= 0 AND ${t.couponDiscountPaise} >= 0 AND ${t.deliveryChargePaise} >= 0 AND ${t.promoDiscountPaise} >= 0 AND ${t.totalPaise} >= 0`,
    ),
    check('orders_business_buyer_named', sql`(${t.buyerGstin} IS NULL) = (${t.buyerBusinessName} IS NULL)`),
    check(
      'orders_total_adds_up',
      sql`${t.totalPaise} = ${t.itemsTotalPaise} - ${t.couponDiscountPaise} + ${t.deliveryChargePaise} - ${t.promoDiscountPaise}`,
    ),
  ],
);

/** Payment attempts with the provider (sandbox or Razorpay). */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    provider: text().notNull(),
    providerOrderId: text().notNull(),
    providerPaymentId: text(),
    amountPaise: integer().notNull(),
    status: text().notNull(),
    failureReason: text(),
    /** requirements#gateway-settlements: the gateway's transfer that brought this payment to the bank */
    gatewaySettlementId: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_unsettled_idx')
      .on(t.provider, t.status)
      .where(sql`${t.gatewaySettlementId} IS NULL`),
    uniqueIndex('payments_provider_order_key').on(t.provider, t.providerOrderId),
    index('payments_order_idx').on(t.orderId),
    check('payments_status_known', sql.raw(oneOf('status', PAYMENT_RECORD_STATUSES))),
    check('payments_amount_not_negative', sql`${t.amountPaise} >= 0`),
  ],
);

/**
 * Webhook events acted on, so a delivery seen before (the provider's retry, or a signed body
 * replayed) is acknowledged without acting again: by the provider's event id, and by the hash of
 * the signed body, since the event id header is not covered by the signature.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    provider: text().notNull(),
    eventId: text(),
    bodySha256: text().notNull(),
    event: text().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_events_provider_event_key').on(t.provider, t.eventId),
    uniqueIndex('webhook_events_provider_body_key').on(t.provider, t.bodySha256),
  ],
);

/** Invoices and shipments: one per seller's parcel of an order. */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    invoiceNo: text().notNull(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    status: text().notNull().default('manifested'),
    carrier: text(),
    awbNo: text(),
    // set on the shipment of a replacement unit: the initiated replacement request it carries
    replacementRequestId: integer().references((): AnyPgColumn => itemRequests.id),
    // ADR-0051: the courier whose scans move this shipment ('sandbox', 'shiprocket'); null when the
    // seller ships it and moves its tracking by hand
    courierProvider: text(),
    createdAt: createdAt(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shipments_invoice_no_key').on(t.invoiceNo),
    uniqueIndex('shipments_replacement_request_key').on(t.replacementRequestId),
    index('shipments_order_seller_idx').on(t.orderId, t.sellerId),
    check('shipments_status_known', sql.raw(oneOf('status', TRACKING_STATUSES))),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    parentItemId: integer().references((): AnyPgColumn => orderItems.id), // set when a seller splits an item
    productId: integer()
      .notNull()
      .references(() => products.id),
    offerId: integer()
      .notNull()
      .references(() => offers.id),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    shipmentId: integer().references(() => shipments.id),
    productName: text().notNull(),
    productImage: text().notNull(),
    sku: text().notNull(),
    quantity: integer().notNull(),
    unitPricePaise: integer().notNull(),
    mrpPaise: integer().notNull(),
    couponId: integer(),
    couponDiscountPaise: integer().notNull().default(0),
    deliveryType: text().notNull(),
    deliveryDays: integer().notNull(),
    // requirements#seller-orders: the offer's dispatch days when ordered; the item is late past them
    dispatchDays: integer().notNull().default(2),
    deliveryChargePaise: integer().notNull(),
    parcelType: text().notNull(),
    weightGrams: integer().notNull(),
    zone: text().notNull(),
    status: text().notNull().default('pending'),
    splitMode: text().notNull().default('nochange'), // product_cmode
    cancelledQuantity: integer().notNull().default(0),
    returnedQuantity: integer().notNull().default(0),
    replacedQuantity: integer().notNull().default(0),
    returnWindowDays: integer().notNull(),
    replaceWindowDays: integer().notNull(),
    deliveredAt: timestamp({ withTimezone: true }),
    // requirements#settlement: when its seller may be paid for it: its return and replacement windows
    // closed after delivery, or at once when it ends undelivered
    payableAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_seller_status_idx').on(t.sellerId, t.status, t.createdAt),
    index('order_items_shipment_idx').on(t.shipmentId),
    // ADR-0050: a seller's items still in their windows (or on their way), whose entries wait
    index('order_items_seller_payable_idx').on(t.sellerId, t.payableAt),
    index('order_items_product_idx').on(t.productId),
    // requirements#operator-promotions: a coupon's uses today, against its per-day limit
    index('order_items_coupon_idx')
      .on(t.couponId, t.createdAt)
      .where(sql`${t.couponId} IS NOT NULL`),
    check('order_items_status_known', sql.raw(oneOf('status', ORDER_ITEM_STATUSES))),
    check('order_items_split_mode_known', sql.raw(oneOf('split_mode', SPLIT_MODES))),
    check('order_items_delivery_type_known', sql.raw(oneOf('delivery_type', DELIVERY_TYPES))),
    check('order_items_zone_known', sql.raw(oneOf('zone', ZONES))),
    check('order_items_parcel_type_known', sql.raw(oneOf('parcel_type', PARCEL_TYPES))),
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'order_items_money_not_negative',
      sql`${t.unitPricePaise} >= 0 AND ${t.mrpPaise} >= 0 AND ${t.couponDiscountPaise} >= 0 AND ${t.deliveryChargePaise} >= 0`,
    ),
    check(
      'order_items_processed_within_quantity',
      sql`${t.cancelledQuantity} >= 0 AND ${t.returnedQuantity} >= 0 AND ${t.replacedQuantity} >= 0 AND ${t.cancelledQuantity} + ${t.returnedQuantity} + ${t.replacedQuantity} <= ${t.quantity}`,
    ),
    check(
      'order_items_windows_not_negative',
      sql`${t.returnWindowDays} >= 0 AND ${t.replaceWindowDays} >= 0`,
    ),
  ],
);

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: id(),
    shipmentId: integer()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    location: text(),
    note: text(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tracking_events_shipment_idx').on(t.shipmentId, t.occurredAt),
    check('tracking_events_status_known', sql.raw(oneOf('status', TRACKING_STATUSES))),
  ],
);

/** The reason questions offered for a cancellation, return or replacement. */
export const reasonQuestions = pgTable(
  'reason_questions',
  {
    id: id(),
    kind: text().notNull(),
    text: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    index('reason_questions_kind_idx').on(t.kind, t.position),
    check('reason_questions_kind_known', sql.raw(oneOf('kind', REQUEST_KINDS))),
  ],
);

/** Cancellation, return and replacement requests on an order item. */
export const itemRequests = pgTable(
  'item_requests',
  {
    id: id(),
    refNo: text().notNull(),
    kind: text().notNull(),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    quantity: integer().notNull(),
    status: text().notNull().default('pending'),
    requestedBy: text().notNull().default('customer'), // cancelled_by: customer or seller
    additionalInfo: text(),
    pickupDate: date(),
    decidedAt: timestamp({ withTimezone: true }),
    // when the product went back to the courier (requirements#return-pickup): its refund starts then
    pickedUpAt: timestamp({ withTimezone: true }),
    // requirements#seller-returns: the reason the seller gave with its decision
    decisionReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('item_requests_ref_no_key').on(t.refNo),
    index('item_requests_item_idx').on(t.orderItemId, t.kind),
    index('item_requests_user_idx').on(t.userId, t.createdAt),
    check('item_requests_kind_known', sql.raw(oneOf('kind', REQUEST_KINDS))),
    check('item_requests_requested_by_known', sql`${t.requestedBy} IN ('customer', 'seller')`),
    check('item_requests_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'item_requests_status_fits_kind',
      sql.raw(
        `(kind = 'cancel' AND ${oneOf('status', CANCEL_STATUSES)}) OR (kind = 'return' AND ${oneOf('status', RETURN_STATUSES)}) OR (kind = 'replace' AND ${oneOf('status', REPLACE_STATUSES)})`,
      ),
    ),
    check(
      'item_requests_pickup_only_for_return_or_replace',
      sql`${t.kind} <> 'cancel' OR ${t.pickupDate} IS NULL`,
    ),
    check(
      'item_requests_picked_up_only_after_decision',
      sql`${t.pickedUpAt} IS NULL OR (${t.kind} <> 'cancel' AND ${t.decidedAt} IS NOT NULL)`,
    ),
    // the courier's daily round: accepted requests whose product waits for its pickup
    index('item_requests_awaiting_pickup_idx')
      .on(t.pickupDate)
      .where(sql`${t.pickedUpAt} IS NULL AND ${t.decidedAt} IS NOT NULL AND ${t.kind} <> 'cancel'`),
  ],
);

export const itemRequestReasons = pgTable(
  'item_request_reasons',
  {
    requestId: integer()
      .notNull()
      .references(() => itemRequests.id, { onDelete: 'cascade' }),
    reasonId: integer()
      .notNull()
      .references(() => reasonQuestions.id),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.reasonId] })],
);

/** Photos and unpacking videos attached to a return or replacement request. */
export const itemRequestMedia = pgTable(
  'item_request_media',
  {
    id: id(),
    requestId: integer()
      .notNull()
      .references(() => itemRequests.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    path: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('item_request_media_request_idx').on(t.requestId),
    check('item_request_media_kind_known', sql.raw(oneOf('kind', MEDIA_KINDS))),
  ],
);

/**
 * Money going back to a shopper (packages/domain/src/orders/refund-life.ts): initiated, then
 * processed once the payment or payout provider took it (its id kept), then completed when the
 * provider reports it settled; failed after the last attempt the provider could not deliver.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    requestId: integer().references(() => itemRequests.id),
    amountPaise: integer().notNull(),
    status: text().notNull().default('initiated'),
    method: text().notNull().default('original_payment'), // or bank_account
    bankAccountLast4: text(),
    // the account a cash refund is paid to, fixed when an attempt is first sent so a retry sends the same payout
    bankAccountId: integer().references(() => bankAccounts.id, { onDelete: 'set null' }),
    // each provider failure sends the refund again as the next attempt, under a fresh idempotency key
    attempt: integer().notNull().default(1),
    provider: text(), // the payment provider (original payment) or payout provider (bank account) that took it
    providerRefundId: text(), // Razorpay's rfnd_… or the payout's id
    failureReason: text(), // the provider's last failure, for an operator
    /** requirements#gateway-settlements: the gateway's transfer this refund was taken out of */
    gatewaySettlementId: integer(),
    processedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_request_key').on(t.requestId),
    uniqueIndex('refunds_provider_refund_key').on(t.provider, t.providerRefundId),
    index('refunds_status_idx').on(t.status, t.method, t.id),
    check('refunds_status_known', sql.raw(oneOf('status', REFUND_STATUSES))),
    check('refunds_method_known', sql.raw(oneOf('method', REFUND_METHODS))),
    check('refunds_amount_not_negative', sql`${t.amountPaise} >= 0`),
    check('refunds_attempt_positive', sql`${t.attempt} >= 1`),
    check(
      'refunds_taken_has_reference',
      sql`${t.status} NOT IN ('processed', 'completed') OR (${t.provider} IS NOT NULL AND ${t.providerRefundId} IS NOT NULL AND ${t.processedAt} IS NOT NULL)`,
    ),
    check('refunds_completed_has_date', sql`${t.status} <> 'completed' OR ${t.completedAt} IS NOT NULL`),
  ],
);

/** Seller, delivery and product feedback on an order. */
export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    kind: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    productId: integer().references(() => products.id),
    stars: integer().notNull(),
    body: text().notNull().default(''),
    media: jsonb().$type<{ kind: 'image' | 'video'; path: string }[]>().notNull().default([]),
    // the product review a product feedback is published as (edited with it)
    reviewId: integer().references(() => reviews.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('feedback_order_idx').on(t.orderId),
    index('feedback_seller_idx').on(t.sellerId, t.kind),
    uniqueIndex('feedback_one_per_subject_key').on(
      t.userId,
      t.orderId,
      t.sellerId,
      t.kind,
      sql`coalesce(${t.productId}, 0)`,
    ),
    check('feedback_kind_known', sql.raw(oneOf('kind', FEEDBACK_KINDS))),
    check('feedback_stars_range', sql`${t.stars} BETWEEN 1 AND 5`),
    check('feedback_product_for_product_kind', sql`(${t.kind} = 'product') = (${t.productId} IS NOT NULL)`),
  ],
);

/** Messages between a shopper and a seller about an order item. */
export const sellerMessages = pgTable(
  'seller_messages',
  {
    id: id(),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    author: text().notNull(),
    // the return-in-process page's two conversations: contact seller and privilege claim
    topic: text().notNull().default('seller'),
    body: text().notNull(),
    readAt: timestamp({ withTimezone: true }), // when the other party read it: unread counts
    createdAt: createdAt(),
  },
  (t) => [
    index('seller_messages_unread_idx')
      .on(t.sellerId, t.author)
      .where(sql`${t.readAt} IS NULL`),
    index('seller_messages_item_idx').on(t.orderItemId, t.createdAt),
    check('seller_messages_topic_known', sql`${t.topic} IN ('seller', 'privilege_claim')`),
    index('seller_messages_seller_idx').on(t.sellerId, t.createdAt),
    check('seller_messages_author_known', sql`${t.author} IN ('shopper', 'seller')`),
    check('seller_messages_body_length', sql`length(${t.body}) BETWEEN 1 AND 2000`),
  ],
);
