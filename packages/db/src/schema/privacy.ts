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
    summary: text().notNull(),
    discoveredAt: timestamp({ withTimezone: true }).notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    recordedByStaffId: integer()
      .notNull()
      .references(() => staff.id),
    /** what kinds of personal data were exposed, from BREACH_DATA_CATEGORIES */
    categories: jsonb().$type<string[]>().notNull(),
    /** how the affected shoppers were chosen, as the owner asked */
    audience: jsonb().$type<Record<string, unknown>>().notNull(),
    measures: text().notNull(),
    safetySteps: text().notNull(),
    affectedCount: integer().notNull(),
  },
  (t) => [check('privacy_breaches_affected_not_negative', sql`${t.affectedCount} >= 0`)],
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
