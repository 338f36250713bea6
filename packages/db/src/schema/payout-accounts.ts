import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sellers } from './catalog.ts';
import { createdAt, id, oneOf, updatedAt } from './columns.ts';
import { staff } from './staff.ts';
import { users } from './users.ts';

/** Who asked for a change of a seller's payout bank account (ADR-0049). */
export const BANK_CHANGE_SOURCES = ['seller', 'staff'] as const;
/**
 * A change's life: a seller's waits for its codes, a staff member's for a second staff member's
 * approval; then it is applied, or rejected, or it lapses when its codes expire unused.
 */
export const BANK_CHANGE_STATUSES = ['awaiting_code', 'awaiting_approval', 'applied', 'rejected'] as const;
/** The penny-drop check of an account: asked, the bank answered, or the provider could not tell. */
export const BANK_VALIDATION_STATES = ['pending', 'active', 'invalid', 'failed'] as const;
/** A seller's payout account: being checked, checked and able to receive money, or refused by its bank. */
export const BANK_VERIFICATIONS = ['pending', 'verified', 'invalid'] as const;

/**
 * requirements#payout-account: every change of a seller's payout bank account, asked for by the
 * seller (confirmed by codes to its registered email and mobile) or by staff (approved by another
 * staff member), with the payout provider's penny-drop answer: the name the bank holds.
 */
export const sellerBankChanges = pgTable(
  'seller_bank_changes',
  {
    id: id(),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    source: text().notNull(),
    status: text().notNull(),
    accountName: text().notNull(),
    accountNumber: text().notNull(),
    ifsc: text().notNull(),
    /** the seller's account, or the staff member who proposed the change */
    proposedByUserId: integer()
      .notNull()
      .references(() => users.id),
    proposedByStaffId: integer().references(() => staff.id),
    /** staff changes: why (the seller's letter, a ticket) */
    reason: text(),
    decidedByStaffId: integer().references(() => staff.id),
    decidedAt: timestamp({ withTimezone: true }),
    appliedAt: timestamp({ withTimezone: true }),
    /** the last 4 digits of the account it replaced, for the notice and the history */
    previousLast4: text(),
    validationProvider: text(),
    validationId: text(),
    validationState: text(),
    /** the account holder's name as the bank holds it (penny-drop) */
    verifiedName: text(),
    nameMatches: boolean(),
    validationReason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('seller_bank_changes_seller_idx').on(t.sellerId, t.id),
    index('seller_bank_changes_validation_idx').on(t.validationState),
    check('seller_bank_changes_source_known', sql.raw(oneOf('source', BANK_CHANGE_SOURCES))),
    check('seller_bank_changes_status_known', sql.raw(oneOf('status', BANK_CHANGE_STATUSES))),
    check(
      'seller_bank_changes_validation_known',
      sql`${t.validationState} IS NULL OR ${sql.raw(oneOf('validation_state', BANK_VALIDATION_STATES))}`,
    ),
    check('seller_bank_changes_number_digits', sql`${t.accountNumber} ~ '^[0-9]{9,18}$'`),
    check('seller_bank_changes_ifsc_shape', sql`${t.ifsc} ~ '^[A-Z]{4}0[A-Z0-9]{6}$'`),
    // maker-checker: a staff change names its proposer, and whoever proposed it never approves it
    check(
      'seller_bank_changes_staff_proposer',
      sql`${t.source} <> 'staff' OR ${t.proposedByStaffId} IS NOT NULL`,
    ),
    check(
      'seller_bank_changes_two_people',
      sql`${t.decidedByStaffId} IS NULL OR ${t.decidedByStaffId} IS DISTINCT FROM ${t.proposedByStaffId}`,
    ),
  ],
);

/**
 * requirements#payout-account: the state of a seller's payout account after a change: whether the
 * penny-drop found it able to receive money, and until when payouts are held. A seller without a
 * row still has the account it joined with, reviewed with its cancelled cheque at approval.
 */
export const sellerBankStatus = pgTable(
  'seller_bank_status',
  {
    sellerId: integer()
      .primaryKey()
      .references(() => sellers.id),
    changeId: integer()
      .notNull()
      .references(() => sellerBankChanges.id),
    verification: text().notNull(),
    verifiedName: text(),
    nameMatches: boolean(),
    /** no payout is made or sent to the account before this moment */
    heldUntil: timestamp({ withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('seller_bank_status_change_key').on(t.changeId),
    check('seller_bank_status_verification_known', sql.raw(oneOf('verification', BANK_VERIFICATIONS))),
  ],
);
