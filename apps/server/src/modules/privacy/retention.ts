// requirements#inactive-erasure and #log-retention (DPDP Rules 2025 rule 8 and the Third Schedule):
// an account unused for the period (3 years for an e-commerce entity with 2 crore or more users)
// is warned 48 hours before and then erased; logs with personal data live one year, then go.
import { and, eq, isNotNull, isNull, lt, lte, notExists, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Executor, oneTimeCodes, searchHistory, sellers, sessions, staff, users } from '@marketplace/db';
import type { Job } from '../../jobs.ts';
import { enqueueMessages } from '../messages/index.ts';
import { deletionBlockers, erasePersonalData } from './erase.ts';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Rule 8(2): the shopper is told at least 48 hours before the erasure. */
export const ERASURE_WARNING_MS = 48 * HOUR_MS;
/** Rule 8(3): personal data in logs of processing is kept one year, then erased. */
export const LOG_RETENTION_DAYS = 365;
/** The Third Schedule's 3 years, unless ACCOUNT_INACTIVE_ERASE_AFTER_DAYS says otherwise. */
export const DEFAULT_ERASE_AFTER_DAYS = 1095;
/** The most accounts one run warns or erases, so one run never holds the database long. */
const BATCH = 200;

export type RetentionOptions = { eraseAfterDays: number; publicUrl?: string };
export type RetentionRun = { warned: number; erased: number; skipped: number; logsDropped: number };

const formatDate = (date: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(date);

/** Shopper accounts only: a seller's or staff member's account is closed by other means. */
const isShopperAccount = () =>
  and(
    eq(users.role, 'shopper'),
    isNull(users.erasedAt),
    notExists(sql`(select 1 from ${sellers} where ${sellers.userId} = ${users.id})`),
    notExists(sql`(select 1 from ${staff} where ${staff.userId} = ${users.id})`),
  );

export async function runRetention(
  db: Executor,
  options: RetentionOptions,
  now = new Date(),
): Promise<RetentionRun> {
  const inactiveSince = new Date(now.getTime() - options.eraseAfterDays * DAY_MS);
  const warnSince = new Date(inactiveSince.getTime() + ERASURE_WARNING_MS);
  const loginUrl = `${options.publicUrl ?? ''}/login`;

  // 1. the warning, 48 hours ahead: queued with its stamp in one transaction, once per quiet spell
  const toWarn = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastActiveAt: users.lastActiveAt,
    })
    .from(users)
    .where(and(isShopperAccount(), lt(users.lastActiveAt, warnSince), isNull(users.inactivityWarnedAt)))
    .orderBy(users.lastActiveAt)
    .limit(BATCH);
  for (const user of toWarn) {
    const erasesAt = new Date(
      Math.max(
        now.getTime() + ERASURE_WARNING_MS,
        user.lastActiveAt.getTime() + options.eraseAfterDays * DAY_MS,
      ),
    );
    await db.transaction(async (tx) => {
      const stamped = await tx
        .update(users)
        .set({ inactivityWarnedAt: now })
        .where(and(eq(users.id, user.id), isNull(users.inactivityWarnedAt)))
        .returning({ id: users.id });
      if (stamped.length === 0) return;
      await enqueueMessages(tx, [
        {
          channel: 'email',
          recipient: user.email,
          template: 'account-inactive-warning',
          subject: 'Your account will be deleted in 48 hours',
          body: [
            `Hello ${user.firstName},`,
            '',
            `You have not used your account since ${formatDate(user.lastActiveAt)}. As the Digital Personal Data Protection Rules, 2025 require, we will erase your personal data on ${formatDate(erasesAt)}.`,
            `To keep your account, sign in before then: ${loginUrl}`,
            'Tax invoices and credit notes are kept for 72 months as the GST law requires.',
          ].join('\n'),
          dedupeKey: `account-inactive-warning:${user.id}:${user.lastActiveAt.toISOString()}`,
        },
      ]);
    });
  }

  // 2. the erasure: warned 48 hours ago or more and still not back
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isShopperAccount(),
        lt(users.lastActiveAt, inactiveSince),
        isNotNull(users.inactivityWarnedAt),
        lte(users.inactivityWarnedAt, new Date(now.getTime() - ERASURE_WARNING_MS)),
      ),
    )
    .orderBy(users.id)
    .limit(BATCH);
  let erased = 0;
  let skipped = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [user] = await tx
        .select({
          email: users.email,
          mobile: users.mobile,
          erasedAt: users.erasedAt,
          lastActiveAt: users.lastActiveAt,
          warnedAt: users.inactivityWarnedAt,
        })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      // a sign-in since the select cleared the warning: the account is kept
      if (!user || user.erasedAt || !user.warnedAt || user.lastActiveAt >= inactiveSince) return false;
      // an order still open (a long delivery, a refund) is the shopper's business with us: kept
      if ((await deletionBlockers(tx, id)).length > 0) return false;
      await erasePersonalData(tx, id, user, now);
      return true;
    });
    if (done) erased += 1;
    else skipped += 1;
  }

  // 3. logs of processing kept one year, then dropped: sign-ins (IP and browser), codes, searches
  const logCutoff = new Date(now.getTime() - LOG_RETENTION_DAYS * DAY_MS);
  const droppedSessions = await db
    .delete(sessions)
    .where(and(lt(sessions.lastSeenAt, logCutoff), lt(sessions.expiresAt, now)))
    .returning({ userId: sessions.userId });
  const droppedCodes = await db
    .delete(oneTimeCodes)
    .where(lt(oneTimeCodes.createdAt, logCutoff))
    .returning({ id: oneTimeCodes.id });
  const droppedSearches = await db
    .delete(searchHistory)
    .where(lt(searchHistory.searchedAt, logCutoff))
    .returning({ id: searchHistory.id });
  return {
    warned: toWarn.length,
    erased,
    skipped,
    logsDropped: droppedSessions.length + droppedCodes.length + droppedSearches.length,
  };
}

/** The daily job (ADR-0019: one process runs it at a time). */
export function privacyRetentionJob(
  db: Executor,
  logger: Logger,
  options: RetentionOptions & { intervalMs?: number },
): Job {
  return {
    name: 'privacy-retention',
    intervalMs: options.intervalMs ?? DAY_MS,
    async run() {
      const result = await runRetention(db, options);
      if (result.warned + result.erased + result.logsDropped > 0)
        logger.info(result, 'privacy retention: inactive accounts warned or erased, old logs dropped');
    },
  };
}
