// ADR-0051: shipments booked with a courier, the scans the courier reported, and the built-in
// sandbox courier's own books (its parcels and the scans it will make on its clock).
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { COURIER_SCANS } from '@marketplace/domain/orders/courier-scans';
import { sellers } from './catalog.ts';
import { createdAt, id, oneOf } from './columns.ts';
import { itemRequests, shipments } from './orders.ts';

export const COURIER_PROVIDERS = ['sandbox', 'shiprocket'] as const;
/** What became of a courier event: applied, or kept for the record and ignored. */
export const COURIER_EVENT_OUTCOMES = ['applied', 'same', 'stale', 'backward', 'refused'] as const;

export const courierShipments = pgTable(
  'courier_shipments',
  {
    id: id(),
    shipmentId: integer()
      .notNull()
      .references(() => shipments.id),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    provider: text().notNull(),
    awbNo: text().notNull(),
    courierName: text().notNull(),
    chargePaise: integer().notNull(),
    /** the courier's time of the last scan that was applied: an older one is out of order */
    lastEventAt: timestamp({ withTimezone: true }),
    /** ADR-0058: failed delivery attempts so far (the NDR queue's count) */
    failedAttempts: integer().notNull().default(0),
    /** ADR-0058: when a parcel sent back reached the seller: its stock came back, once */
    rtoReceivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('courier_shipments_shipment_key').on(t.shipmentId),
    uniqueIndex('courier_shipments_awb_key').on(t.provider, t.awbNo),
    index('courier_shipments_seller_idx').on(t.sellerId),
    check('courier_shipments_provider_known', sql.raw(oneOf('provider', COURIER_PROVIDERS))),
    check('courier_shipments_charge_positive', sql`${t.chargePaise} >= 0`),
  ],
);

export const courierEvents = pgTable(
  'courier_events',
  {
    id: id(),
    courierShipmentId: integer()
      .notNull()
      .references(() => courierShipments.id),
    /** the courier's own id of the event: the same event twice is recorded once */
    eventKey: text().notNull(),
    scan: text().notNull(),
    location: text(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    outcome: text().notNull(),
  },
  (t) => [
    uniqueIndex('courier_events_key').on(t.courierShipmentId, t.eventKey),
    check('courier_events_scan_known', sql.raw(oneOf('scan', COURIER_SCANS))),
    check('courier_events_outcome_known', sql.raw(oneOf('outcome', COURIER_EVENT_OUTCOMES))),
  ],
);

/** The sandbox courier's parcels: what its label prints. */
export const sandboxCourierParcels = pgTable(
  'sandbox_courier_parcels',
  {
    id: id(),
    awbNo: text().notNull(),
    reference: text().notNull(),
    zone: text().notNull(),
    weightGrams: integer().notNull(),
    paymentMode: text().notNull(),
    codPaise: integer().notNull(),
    pickup: jsonb().$type<SandboxAddress>().notNull(),
    delivery: jsonb().$type<SandboxAddress>().notNull(),
    contents: text().notNull(),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_courier_parcels_awb_key').on(t.awbNo),
    uniqueIndex('sandbox_courier_parcels_reference_key').on(t.reference),
  ],
);
export type SandboxAddress = {
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string | null;
};

/** The scans the sandbox will make, each at its time on the sandbox's clock; sent once. */
export const sandboxCourierScans = pgTable(
  'sandbox_courier_scans',
  {
    id: id(),
    parcelId: integer()
      .notNull()
      .references(() => sandboxCourierParcels.id),
    sequence: integer().notNull(),
    scan: text().notNull(),
    location: text().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_courier_scans_key').on(t.parcelId, t.sequence),
    index('sandbox_courier_scans_due_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} IS NULL`),
    check('sandbox_courier_scans_scan_known', sql.raw(oneOf('scan', COURIER_SCANS))),
  ],
);

export const NDR_ACTION_KINDS = ['re_attempt', 'change_address', 'change_phone', 'return_to_origin'] as const;
export const NDR_CHOOSERS = ['shopper', 'seller'] as const;

/**
 * ADR-0058: what the shopper or the seller chose after a failed delivery attempt, sent to the
 * courier. One choice per attempt: two at once record one.
 */
export const courierNdrActions = pgTable(
  'courier_ndr_actions',
  {
    id: id(),
    courierShipmentId: integer()
      .notNull()
      .references(() => courierShipments.id),
    /** the failed attempt (1, 2, …) this choice answers */
    attempt: integer().notNull(),
    action: text().notNull(),
    /** the choice as sent: the day, the corrected address or phone */
    details: jsonb().$type<Record<string, string | null>>().notNull(),
    chosenBy: text().notNull(),
    /** set once the courier took it; a refused or unreachable courier leaves the attempt open */
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('courier_ndr_actions_attempt_key').on(t.courierShipmentId, t.attempt),
    check('courier_ndr_actions_action_known', sql.raw(oneOf('action', NDR_ACTION_KINDS))),
    check('courier_ndr_actions_chosen_by_known', sql.raw(oneOf('chosen_by', NDR_CHOOSERS))),
  ],
);

export const REVERSE_PICKUP_STATUSES = ['booked', 'picked_up', 'delivered', 'qc_failed'] as const;

/**
 * ADR-0058: a reverse pickup booked with the courier for an accepted return or replacement whose
 * product went out with the courier. Its pickup scan records the request's pickup (and so starts
 * the refund); a failed quality check holds the refund and is a dispute for the seller and support.
 */
export const courierReversePickups = pgTable(
  'courier_reverse_pickups',
  {
    id: id(),
    requestId: integer()
      .notNull()
      .references(() => itemRequests.id),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    provider: text().notNull(),
    awbNo: text().notNull(),
    courierName: text().notNull(),
    chargePaise: integer().notNull(),
    status: text().notNull().default('booked'),
    qualityCheckNotes: jsonb().$type<string[]>().notNull(),
    lastEventAt: timestamp({ withTimezone: true }),
    pickedUpAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    qcFailedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('courier_reverse_pickups_request_key').on(t.requestId),
    uniqueIndex('courier_reverse_pickups_awb_key').on(t.provider, t.awbNo),
    index('courier_reverse_pickups_seller_idx').on(t.sellerId),
    check('courier_reverse_pickups_status_known', sql.raw(oneOf('status', REVERSE_PICKUP_STATUSES))),
  ],
);

/** What became of a webhook's scan once applied (ADR-0069): a courier event's outcome, or why it was not one. */
export const COURIER_INBOX_OUTCOMES = [
  ...COURIER_EVENT_OUTCOMES,
  'duplicate',
  'unknown_awb',
  'failed',
] as const;

/**
 * ADR-0069: a courier's tracking webhooks as they arrived, kept before they are answered and
 * applied afterwards in arrival order. A row without `appliedAt` is still to apply; the worker
 * that claims it holds it until `claimedUntil`, so a worker that stopped mid-way leaves it to another.
 */
export const courierInbox = pgTable(
  'courier_inbox',
  {
    id: id(),
    provider: text().notNull(),
    awbNo: text().notNull(),
    /** the courier's own id of the event: the same webhook twice is kept once */
    eventKey: text().notNull(),
    scan: text().notNull(),
    location: text(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    claimedUntil: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    appliedAt: timestamp({ withTimezone: true }),
    outcome: text(),
    /** the last failure to apply it, for support (never shown to shoppers) */
    lastError: text(),
  },
  (t) => [
    uniqueIndex('courier_inbox_event_key').on(t.provider, t.eventKey),
    index('courier_inbox_waiting_idx')
      .on(t.id)
      .where(sql`${t.appliedAt} IS NULL`),
    check('courier_inbox_provider_known', sql.raw(oneOf('provider', COURIER_PROVIDERS))),
    check('courier_inbox_scan_known', sql.raw(oneOf('scan', COURIER_SCANS))),
    check('courier_inbox_outcome_known', sql.raw(oneOf('outcome', COURIER_INBOX_OUTCOMES))),
  ],
);
