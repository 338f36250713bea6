import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import { chainHash, chainPosition, createdAt, id, oneOf, updatedAt } from './columns.ts';
import { sessions, users } from './users.ts';

/**
 * requirements#operator-console: the accounts that run the marketplace, one row per account, made
 * only from the command line. The TOTP secret is never sent anywhere once set up; a removed staff
 * member keeps its row (the audit log names it) with `disabledAt` set and no secret.
 */
export const staff = pgTable(
  'staff',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    role: text().notNull(),
    /** base32, set once the first code from the authenticator app was right */
    totpSecret: text(),
    /** the secret shown while setting up, until its first code is entered */
    pendingTotpSecret: text(),
    /** the last 30-second step whose code was accepted: a code is used once */
    totpLastStep: bigint({ mode: 'number' }),
    enrolledAt: timestamp({ withTimezone: true }),
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_user_key').on(t.userId),
    check('staff_role_known', sql.raw(oneOf('role', STAFF_ROLES))),
    check('staff_enrolled_has_secret', sql`(${t.enrolledAt} IS NULL) = (${t.totpSecret} IS NULL)`),
  ],
);

/**
 * A login session whose staff member entered a right code: the console trusts it until it goes
 * unused for STAFF_IDLE_MINUTES. Ends with its session.
 */
export const staffVerifications = pgTable(
  'staff_verifications',
  {
    sessionTokenHash: text()
      .primaryKey()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    verifiedAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
  },
  // removing a staff member ends its verified sessions
  (t) => [index('staff_verifications_staff_idx').on(t.staffId)],
);

/**
 * requirements#operator-console: every change made by staff or from the command line, written in
 * the change's own transaction. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, and
 * each row is chained to the one before by hash (ADR-0045).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** the staff member who made the change; null for the command line */
    actorStaffId: integer().references(() => staff.id),
    /** the staff member's email at the time, or 'cli' */
    actor: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    /** requirements#staff-security-events: the client's address and browser (null from the command line) */
    ipAddress: text(),
    userAgent: text(),
    chainPosition: chainPosition(),
    chainHash: chainHash(),
  },
  (t) => [
    uniqueIndex('audit_log_chain_key').on(t.chainPosition),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_at_idx').on(t.actor, t.at),
    index('audit_log_action_at_idx').on(t.action, t.at),
    // requirements#operator-sellers: one target's history (a seller's page)
    index('audit_log_target_at_idx').on(t.targetType, t.targetId, t.at),
  ],
);
