import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { COMMISSION_SCOPES } from '@marketplace/domain/settlement/fees';
import { ENTRY_KINDS } from '@marketplace/domain/settlement/ledger';
import { sellers } from './catalog.ts';
import { createdAt, id, oneOf } from './columns.ts';
import { orderItems, orders, shipments } from './orders.ts';
import { users } from './users.ts';
import { taxDocuments } from './tax.ts';

export { COMMISSION_SCOPES } from '@marketplace/domain/settlement/fees';
export { ENTRY_KINDS } from '@marketplace/domain/settlement/ledger';
/**
 * ADR-0044: initiated (made, not yet taken by the rail), processed (taken, on its way), completed (the
 * bank credited it, UTR kept); refused (the rail would not take it), failed (it came back before the
 * bank credited it), reversed (the bank returned it after crediting). The last three gave the amount
 * back to the seller's balance and hold the seller's payouts until a fix.
 */
export const PAYOUT_STATUSES = [
  'initiated',
  'processed',
  'completed',
  'refused',
  'failed',
  'reversed',
] as const;
export const RETURNED_PAYOUT_STATUSES = ['refused', 'failed', 'reversed'] as const;

/**
 * requirements#settlement: what the marketplace charges sellers, by the most specific rule in force
 * on the day of the sale. A rule is never edited: a new rule with a later start replaces it.
 */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: id(),
    scope: text().notNull(),
    scopeId: integer(), // the category, seller or product; null for the default
    percentBasisPoints: integer().notNull(),
    minimumPaise: integer().notNull(),
    closingFees: jsonb().$type<{ fromPaise: number; feePaise: number }[]>().notNull(),
    shippingFeePerSlabPaise: integer().notNull(),
    effectiveFrom: timestamp({ withTimezone: true }).notNull(),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('commission_rules_scope_idx').on(t.scope, t.scopeId, t.effectiveFrom),
    check('commission_rules_scope_known', sql.raw(oneOf('scope', COMMISSION_SCOPES))),
    check('commission_rules_scope_target', sql`(${t.scope} = 'default') = (${t.scopeId} IS NULL)`),
    check(
      'commission_rules_amounts',
      sql`${t.percentBasisPoints} BETWEEN 0 AND 10000 AND ${t.minimumPaise} >= 0 AND ${t.shippingFeePerSlabPaise} >= 0`,
    ),
  ],
);

/**
 * Money reaching a seller: its bank transfer for a payout cycle, sent with an idempotency key (a retry
 * after a lost answer pays once), its UTR kept once the bank reports it.
 */
export const sellerPayouts = pgTable(
  'seller_payouts',
  {
    id: id(),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    periodEnd: timestamp({ withTimezone: true }).notNull(), // the cycle's cut-off: items payable by then
    amountPaise: integer().notNull(),
    status: text().notNull().default('initiated'),
    idempotencyKey: text().notNull(),
    provider: text(),
    providerPayoutId: text(),
    utr: text(),
    bankAccountLast4: text(),
    failureReason: text(),
    createdAt: createdAt(),
    processedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    // where the money was sent, as sent: a send retried under its key carries the same body (ADR-0044)
    bankAccountName: text(),
    bankAccountNumber: text(),
    bankIfsc: text(),
    /** when the amount came back to the seller's balance (refused, failed or reversed) */
    returnedAt: timestamp({ withTimezone: true }),
    /** when the hold of a returned payout was lifted: the seller's bank account changed, or finance retried */
    releasedAt: timestamp({ withTimezone: true }),
    /** when the job last asked the rail about it: the check takes the longest unasked first */
    checkedAt: timestamp({ withTimezone: true }),
    /** the payout that paid the returned amount again, if the balance was positive when released */
    retriedById: integer().references((): AnyPgColumn => sellerPayouts.id),
  },
  (t) => [
    uniqueIndex('seller_payouts_cycle_key').on(t.sellerId, t.periodEnd),
    uniqueIndex('seller_payouts_idempotency_key').on(t.idempotencyKey),
    index('seller_payouts_status_idx').on(t.status, t.id),
    check('seller_payouts_status_known', sql.raw(oneOf('status', PAYOUT_STATUSES))),
    check('seller_payouts_amount_positive', sql`${t.amountPaise} > 0`),
    check('seller_payouts_completed_has_utr', sql`${t.status} <> 'completed' OR ${t.utr} IS NOT NULL`),
    check(
      'seller_payouts_returned_when',
      sql.raw(`(${oneOf('status', RETURNED_PAYOUT_STATUSES)}) = (returned_at IS NOT NULL)`),
    ),
    check('seller_payouts_released_returned', sql`${t.releasedAt} IS NULL OR ${t.returnedAt} IS NOT NULL`),
    // ADR-0044: a seller's held payouts (returned, not yet released) are few; the cycle looks them up
    index('seller_payouts_held_idx')
      .on(t.sellerId)
      .where(sql`${t.returnedAt} IS NOT NULL AND ${t.releasedAt} IS NULL`),
  ],
);

/**
 * requirements#settlement: the seller's ledger. Signed from the seller's side (+ owed to it, − owed
 * by it); an entry is never edited, only reversed by another. Sales and their fees, TCS and TDS are
 * written with the invoice, reversals with the credit note, payouts with the payout.
 */
export const settlementEntries = pgTable(
  'settlement_entries',
  {
    id: id(),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    kind: text().notNull(),
    amountPaise: integer().notNull(),
    orderItemId: integer().references(() => orderItems.id),
    documentId: integer().references(() => taxDocuments.id),
    payoutId: integer().references(() => sellerPayouts.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('settlement_entries_seller_idx').on(t.sellerId, t.createdAt),
    index('settlement_entries_item_idx').on(t.orderItemId),
    index('settlement_entries_payout_idx').on(t.payoutId),
    check('settlement_entries_kind_known', sql.raw(oneOf('kind', ENTRY_KINDS))),
    check(
      'settlement_entries_source',
      sql`(${t.kind} = 'payout') = (${t.payoutId} IS NOT NULL) AND (${t.kind} = 'payout' OR ${t.orderItemId} IS NOT NULL)`,
    ),
  ],
);

/**
 * requirements#settlement: cash a courier collected at the door for a COD shipment: the marketplace's
 * receivable from the courier until it remits it. The shipment's items are payable to their seller
 * only once the cash is remitted.
 */
export const codCollections = pgTable(
  'cod_collections',
  {
    id: id(),
    shipmentId: integer()
      .notNull()
      .references(() => shipments.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    carrier: text(),
    amountPaise: integer().notNull(),
    collectedAt: timestamp({ withTimezone: true }).notNull(),
    remittedAt: timestamp({ withTimezone: true }),
    remittanceReference: text(), // the courier's bank transfer reference (UTR)
    remittedBy: integer().references(() => users.id),
  },
  (t) => [
    uniqueIndex('cod_collections_shipment_key').on(t.shipmentId),
    index('cod_collections_outstanding_idx')
      .on(t.collectedAt)
      .where(sql`${t.remittedAt} IS NULL`),
    check('cod_collections_amount_not_negative', sql`${t.amountPaise} >= 0`),
    check(
      'cod_collections_remittance_has_reference',
      sql`(${t.remittedAt} IS NULL) = (${t.remittanceReference} IS NULL)`,
    ),
  ],
);
