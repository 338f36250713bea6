import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { VOUCHER_TYPES } from '@marketplace/domain/settlement/journal';
import { chainHash, chainPosition, createdAt, id, oneOf } from './columns.ts';
import { codCollections, codReceivableSettlements, codRemittances, settlementEntries } from './settlement.ts';

export { VOUCHER_TYPES } from '@marketplace/domain/settlement/journal';

/**
 * requirements#gateway-settlements: the payment gateway's transfers of shoppers' online payments to
 * the operator's bank, less its fees and the GST on them. Each is posted to the journal by the
 * database (bank and gateway charges debited, gateway clearing credited) and written once.
 */
export const gatewaySettlements = pgTable(
  'gateway_settlements',
  {
    id: id(),
    /** the payment provider that sent it: `sandbox` or `razorpay` */
    provider: text().notNull(),
    /** the provider's id of the settlement (Razorpay's `setl_…`) */
    providerSettlementId: text().notNull(),
    /** the bank's reference of the transfer */
    utr: text().notNull(),
    /** the Indian calendar day the money reached the bank */
    settledOn: date().notNull(),
    /** what reached the bank */
    amountPaise: bigint({ mode: 'number' }).notNull(),
    /** the gateway's fees, and the GST on them (input tax credit) */
    feesPaise: bigint({ mode: 'number' }).notNull(),
    taxPaise: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gateway_settlements_provider_key').on(t.provider, t.providerSettlementId),
    check(
      'gateway_settlements_amounts',
      sql`${t.amountPaise} >= 0 AND ${t.feesPaise} >= 0 AND ${t.taxPaise} >= 0 AND ${t.amountPaise} + ${t.feesPaise} + ${t.taxPaise} > 0`,
    ),
  ],
);

/**
 * ADR-0053, requirements#journal: the operator's double-entry books. Each line debits (+) or credits
 * (−) one named account; the lines of a journal (one settlement entry, COD collection, remittance or
 * receivable settlement) add up to zero, which a statement trigger checks. The lines are posted by
 * the database from the row they come from, in its transaction, so no writer can forget them. Like
 * the seller ledger they are written once and chained by hash (ADR-0045).
 */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: id(),
    /** what the lines balance within: `entry:<id>`, `cod-collection:<id>`, `cod-remittance:<id>`, `cod-settlement:<id>` */
    journal: text().notNull(),
    /** the voucher finance sees (an invoice's or credit note's journals together, a payout, a remittance) */
    voucher: text().notNull(),
    voucherType: text().notNull(),
    postedAt: timestamp({ withTimezone: true }).notNull(),
    account: text().notNull(),
    /** + debit, − credit */
    amountPaise: bigint({ mode: 'number' }).notNull(),
    narration: text().notNull(),
    settlementEntryId: integer().references(() => settlementEntries.id),
    codCollectionId: integer().references(() => codCollections.id),
    codRemittanceId: integer().references(() => codRemittances.id),
    codSettlementId: integer().references(() => codReceivableSettlements.id),
    gatewaySettlementId: integer().references(() => gatewaySettlements.id),
    createdAt: createdAt(),
    chainPosition: chainPosition(),
    chainHash: chainHash(),
  },
  (t) => [
    uniqueIndex('journal_lines_chain_key').on(t.chainPosition),
    index('journal_lines_posted_idx').on(t.postedAt),
    index('journal_lines_account_idx').on(t.account, t.postedAt),
    index('journal_lines_journal_idx').on(t.journal),
    index('journal_lines_entry_idx').on(t.settlementEntryId),
    check('journal_lines_amount_not_zero', sql`${t.amountPaise} <> 0`),
    check('journal_lines_voucher_type_known', sql.raw(oneOf('voucher_type', VOUCHER_TYPES))),
    check(
      'journal_lines_account_format',
      sql`${t.account} ~ '^[a-z]+(-[a-z]+)*(:[A-Za-z0-9][A-Za-z0-9 ._-]{0,63})?$'`,
    ),
    check(
      'journal_lines_one_source',
      sql`num_nonnulls(${t.settlementEntryId}, ${t.codCollectionId}, ${t.codRemittanceId}, ${t.codSettlementId}, ${t.gatewaySettlementId}) = 1`,
    ),
  ],
);
