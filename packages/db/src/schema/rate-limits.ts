import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every server process (requirements#no-state-in-memory): one row
 * per key ('login-ip:1.2.3.4', 'code-send:9876543210', ...); its window starts at the first hit
 * and the count starts again once the window has passed.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('rate_limit_counters_expires_idx').on(t.expiresAt),
    check('rate_limit_counters_hits_positive', sql`${t.hits} > 0`),
  ],
);
