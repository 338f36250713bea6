import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CONSENT_PURPOSES, NOTICE_LANGUAGES } from '@marketplace/domain/privacy/notice';
import { id, oneOf } from './columns.ts';
import { staff } from './staff.ts';
import { users } from './users.ts';

/**
 * requirements#privacy-consent: every consent given or withdrawn, per purpose, with the notice
 * version the shopper read (DPDP Act s. 6). Never updated: the newest row per purpose is the choice.
 */
export const privacyConsents = pgTable(
  'privacy_consents',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().notNull(),
    isGranted: boolean().notNull(),
    noticeVersion: text().notNull(),
    language: text().notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('privacy_consents_user_purpose_idx').on(t.userId, t.purpose, t.recordedAt),
    check('privacy_consents_purpose_known', sql.raw(oneOf('purpose', CONSENT_PURPOSES))),
    check('privacy_consents_language_known', sql.raw(oneOf('language', NOTICE_LANGUAGES))),
  ],
);

/** requirements#privacy-breach: a personal data breach an owner recorded (DPDP Act s. 8(6), rule 7). */
export const privacyBreaches = pgTable(
  'privacy_breaches',
  {
    id: id(),
    /** what happened, in the words each affected person reads (rule 7(1)(i)) */
    summary: text().notNull(),
    /** its nature and extent */
    nature: text().notNull(),
    discoveredAt: timestamp({ withTimezone: true }).notNull(),
    /** where it happened: the system, service or place */
    location: text().notNull(),
    /** the likely consequences for the people affected (rule 7(1)(ii)) */
    consequences: text().notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    recordedByStaffId: integer()
      .notNull()
      .references(() => staff.id),
    /** what kinds of personal data were exposed, from BREACH_DATA_CATEGORIES */
    categories: jsonb().$type<string[]>().notNull(),
    /** how the affected shoppers were chosen, as the owner asked */
    audience: jsonb().$type<Record<string, unknown>>().notNull(),
    /** the mitigation done and being done (rule 7(1)(iii)) */
    measures: text().notNull(),
    /** what the people affected can do to protect themselves (rule 7(1)(iv)) */
    safetySteps: text().notNull(),
    /** whom they ask: the Grievance Officer's contact (rule 7(1)(v)) */
    contact: text().notNull(),
    affectedCount: integer().notNull(),
    /** rule 7(2)(b): facts, circumstances and reasons; findings about who caused it; remedial measures */
    circumstances: text().notNull().default(''),
    causeFindings: text().notNull().default(''),
    remedialMeasures: text().notNull().default(''),
    /** the opened form's key: a second submit of it records and sends nothing more */
    submissionKey: text().notNull(),
    /** when the owner marked the Board's first intimation (rule 7(2)(a)) and detailed report (7(2)(b)) sent */
    boardIntimatedAt: timestamp({ withTimezone: true }),
    boardReportedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('privacy_breaches_affected_not_negative', sql`${t.affectedCount} >= 0`),
    uniqueIndex('privacy_breaches_submission_key').on(t.submissionKey),
  ],
);

/** The shoppers a breach touched, each told through the outbox. */
export const privacyBreachSubjects = pgTable(
  'privacy_breach_subjects',
  {
    breachId: integer()
      .notNull()
      .references(() => privacyBreaches.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.breachId, t.userId] }),
    index('privacy_breach_subjects_user_idx').on(t.userId),
  ],
);
