import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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
import { COD_DEDUCTION_KINDS } from '@marketplace/domain/settlement/cod-remittance';
import { COMMISSION_SCOPES } from '@marketplace/domain/settlement/fees';
import { ENTRY_KINDS } from '@marketplace/domain/settlement/ledger';
import { sellers } from './catalog.ts';
import { chainHash, chainPosition, createdAt, id, oneOf } from './columns.ts';
import { orderItems, orders, shipments } from './orders.ts';
import { users } from './users.ts';
import { taxDocuments } from './tax.ts';

export { COMMISSION_SCOPES } from '@marketplace/domain/settlement/fees';
export { ENTRY_KINDS } from '@marketplace/domain/settlement/ledger';
/**
 * ADR-0048: initiated (made, not yet taken by the rail), processed (taken, on its way), completed (the
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
/** ADR-0045: the columns of a payout its state changes set; the database refuses changes to any other. */
export const PAYOUT_STATE_COLUMNS = [
  'status',
  'provider',
  'provider_payout_id',
  'utr',
  'failure_reason',
  'processed_at',
  'completed_at',
  // ADR-0048: a refused or returned payout's return, its release, the rail's last look, its retry
  'returned_at',
  'released_at',
  'checked_at',
  'retried_by_id',
] as const;

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
 * after a lost answer pays once), its UTR kept once the bank reports it. ADR-0045: never deleted;
 * only its state and the provider's answers change (PAYOUT_STATE_COLUMNS), never whom, when or how much.
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
    // where the money was sent, as sent: a send retried under its key carries the same body (ADR-0048)
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
    // ADR-0048: a seller's held payouts (returned, not yet released) are few; the cycle looks them up
    index('seller_payouts_held_idx')
      .on(t.sellerId)
      .where(sql`${t.returnedAt} IS NOT NULL AND ${t.releasedAt} IS NULL`),
  ],
);

/**
 * requirements#settlement: the seller's ledger. Signed from the seller's side (+ owed to it, − owed
 * by it); an entry is never edited, only reversed by another. Sales and their fees, TCS and TDS are
 * written with the invoice, reversals with the credit note, payouts with the payout. ADR-0045: a
 * trigger refuses UPDATE, DELETE and TRUNCATE, and each entry is chained to the one before by hash.
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
    chainPosition: chainPosition(),
    chainHash: chainHash(),
  },
  (t) => [
    index('settlement_entries_seller_idx').on(t.sellerId, t.createdAt),
    // ADR-0050: Seller Central's Payments pages through a seller's sales, newest first
    index('settlement_entries_sales_idx')
      .on(t.sellerId, t.createdAt, t.id)
      .where(sql`${t.kind} = 'sale'`),
    uniqueIndex('settlement_entries_chain_key').on(t.chainPosition),
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
 * ADR-0050: each seller's ledger added up by kind, kept by a statement trigger on the ledger's
 * inserts (in the same transaction), so a balance is this less the few entries not yet payable
 * instead of a sum over every entry the seller ever had. Derived: the application never writes it.
 */
export const sellerLedgerTotals = pgTable(
  'seller_ledger_totals',
  {
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    kind: text().notNull(),
    amountPaise: bigint({ mode: 'number' }).notNull(),
    entries: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.kind] })],
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
    // ADR-0050: a seller's cash still with couriers, whose items are not payable yet
    index('cod_collections_seller_idx').on(t.sellerId, t.remittedAt),
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

const money = () => bigint({ mode: 'number' }).notNull();

/**
 * requirements#cod-remittance: one bank transfer from a courier for the cash of some delivered COD
 * parcels: its UTR (once), the bank day, what the parcels owed, what arrived, and what stays owed by
 * the courier (short payments and the unexplained rest). Its own rows, never edited, so a ledger
 * can post them: owed = remitted + accepted deductions + receivable.
 */
export const codRemittances = pgTable(
  'cod_remittances',
  {
    id: id(),
    carrier: text().notNull(),
    reference: text().notNull(), // the bank transfer's UTR, upper case
    remittedOn: date({ mode: 'string' }).notNull(),
    owedPaise: money(),
    remittedPaise: money(),
    acceptedPaise: money(),
    receivablePaise: money(),
    recordedBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cod_remittances_reference_key').on(t.reference),
    index('cod_remittances_open_idx')
      .on(t.carrier)
      .where(sql`${t.receivablePaise} > 0`),
    check(
      'cod_remittances_amounts',
      sql`${t.remittedPaise} >= 0 AND ${t.acceptedPaise} >= 0 AND ${t.receivablePaise} >= 0 AND ${t.owedPaise} = ${t.remittedPaise} + ${t.acceptedPaise} + ${t.receivablePaise}`,
    ),
  ],
);

/** requirements#cod-remittance: what the courier deducted from a remittance, by kind. */
export const codRemittanceDeductions = pgTable(
  'cod_remittance_deductions',
  {
    id: id(),
    remittanceId: integer()
      .notNull()
      .references(() => codRemittances.id),
    kind: text().notNull(),
    amountPaise: money(),
  },
  (t) => [
    index('cod_remittance_deductions_remittance_idx').on(t.remittanceId),
    check('cod_remittance_deductions_kind_known', sql.raw(oneOf('kind', COD_DEDUCTION_KINDS))),
    check('cod_remittance_deductions_positive', sql`${t.amountPaise} > 0`),
  ],
);

/** requirements#cod-remittance: the parcels a remittance covers, each once, with the cash each owed. */
export const codRemittanceParcels = pgTable(
  'cod_remittance_parcels',
  {
    remittanceId: integer()
      .notNull()
      .references(() => codRemittances.id),
    codCollectionId: integer()
      .notNull()
      .references(() => codCollections.id),
    amountPaise: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.remittanceId, t.codCollectionId] }),
    uniqueIndex('cod_remittance_parcels_collection_key').on(t.codCollectionId),
  ],
);

export const COD_SETTLEMENT_KINDS = ['remittance', 'write-off'] as const;

/**
 * requirements#cod-remittance: what settles a remittance's receivable: a later transfer (its UTR,
 * once) or a write-off (its reason). Never more than is open (checked in one transaction).
 */
export const codReceivableSettlements = pgTable(
  'cod_receivable_settlements',
  {
    id: id(),
    remittanceId: integer()
      .notNull()
      .references(() => codRemittances.id),
    kind: text().notNull(),
    amountPaise: money(),
    reference: text(),
    reason: text(),
    settledOn: date({ mode: 'string' }).notNull(),
    recordedBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('cod_receivable_settlements_remittance_idx').on(t.remittanceId),
    uniqueIndex('cod_receivable_settlements_reference_key')
      .on(t.reference)
      .where(sql`${t.reference} IS NOT NULL`),
    check('cod_receivable_settlements_kind_known', sql.raw(oneOf('kind', COD_SETTLEMENT_KINDS))),
    check('cod_receivable_settlements_positive', sql`${t.amountPaise} > 0`),
    check(
      'cod_receivable_settlements_source',
      sql`(${t.kind} = 'remittance') = (${t.reference} IS NOT NULL) AND (${t.kind} = 'write-off') = (${t.reason} IS NOT NULL)`,
    ),
  ],
);
