// The callbacks the shop owes buyer apps (on_search, on_select, …): queued in the transaction that
// acknowledged the request, then signed and posted by a job, retried with backoff until the buyer
// app acknowledges, and kept as failed for staff after the last try (ADR-0062).
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Executor, ondcCallbacks, ondcRequests } from '@marketplace/db';
import type { Job } from '../../jobs.ts';
import type { OndcConfig } from './config.ts';
import { authorizationHeader } from './signing.ts';

export const CALLBACK_ATTEMPTS = 8;
export const ONDC_CALLBACK_JOB = 'ondc-callbacks';
const CALLBACK_TIMEOUT_MS = 10_000;
/** a claimed callback is someone's for this long; a process that died leaves it to the next one */
const LEASE_MS = 60_000;
const BATCH = 20;

/** 15 s, 30 s, 1 min, … up to an hour between tries. */
export const backoffMs = (attempts: number) => Math.min(15_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);

export async function queueCallback(
  tx: Executor,
  row: {
    action: string;
    bapUri: string;
    bapId: string;
    messageId: string;
    transactionId: string;
    body: unknown;
  },
  now: Date,
) {
  const url = `${row.bapUri.replace(/\/+$/, '')}/${row.action}`;
  await tx
    .insert(ondcCallbacks)
    .values({
      action: row.action,
      url,
      bapId: row.bapId,
      messageId: row.messageId,
      transactionId: row.transactionId,
      body: row.body,
      createdAt: now,
      nextAttemptAt: now,
    })
    .onConflictDoNothing();
}

/** Posts the due callbacks once; answers how many were taken by their buyer apps. */
/** Builds a callback's body when it is sent (on_search's catalog is read then, not at the ACK). */
export type CallbackBuilder = (body: unknown) => Promise<unknown>;

export async function deliverDueCallbacks(
  db: Executor,
  config: OndcConfig,
  logger: Logger,
  build: CallbackBuilder,
  now = new Date(),
) {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: ondcCallbacks.id })
      .from(ondcCallbacks)
      .where(and(eq(ondcCallbacks.status, 'pending'), lte(ondcCallbacks.nextAttemptAt, now)))
      .orderBy(asc(ondcCallbacks.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(ondcCallbacks)
      .set({
        nextAttemptAt: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${ondcCallbacks.attempts} + 1`,
      })
      .where(
        sql`${ondcCallbacks.id} IN (${sql.join(
          due.map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
      )
      .returning();
  });
  let sent = 0;
  for (const row of claimed) {
    let failure: string | null = null;
    try {
      let payload = row.body;
      if (typeof payload === 'object' && payload !== null && 'build' in payload) {
        payload = await build(payload);
        await db.update(ondcCallbacks).set({ body: payload }).where(eq(ondcCallbacks.id, row.id));
      }
      const body = JSON.stringify(payload);
      const response = await fetch(row.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: authorizationHeader(
            body,
            {
              subscriberId: config.subscriberId,
              uniqueKeyId: config.uniqueKeyId,
              privateKey: config.keys.signingPrivateKey,
            },
            Math.floor(Date.now() / 1000),
          ),
        },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      });
      const text = (await response.text()).slice(0, 2000);
      const status = /"status"\s*:\s*"(N?ACK)"/.exec(text)?.[1];
      if (!response.ok || status !== 'ACK')
        failure = `${response.status} ${status ?? 'no ACK'}: ${text.slice(0, 300)}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    if (failure === null) {
      sent++;
      await db
        .update(ondcCallbacks)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(ondcCallbacks.id, row.id));
    } else {
      const last = row.attempts >= CALLBACK_ATTEMPTS;
      logger.warn(
        { callback: row.id, action: row.action, attempts: row.attempts, failure },
        'ONDC callback not taken',
      );
      await db
        .update(ondcCallbacks)
        .set({
          status: last ? 'failed' : 'pending',
          lastError: failure.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
        })
        .where(eq(ondcCallbacks.id, row.id));
    }
  }
  return sent;
}

/** A message_id is remembered for a week: a replay older than that is stale by its timestamp anyway. */
export const REQUEST_MEMORY_MS = 7 * 86_400_000;

export async function pruneRequests(db: Executor, now = new Date()) {
  await db
    .delete(ondcRequests)
    .where(lte(ondcRequests.receivedAt, new Date(now.getTime() - REQUEST_MEMORY_MS)));
}

/** Every server process delivers: callbacks are claimed with SKIP LOCKED. */
export function ondcCallbackJob(
  db: Executor,
  config: OndcConfig,
  logger: Logger,
  build: CallbackBuilder,
  intervalMs = 2_000,
): Job {
  return {
    name: ONDC_CALLBACK_JOB,
    intervalMs,
    sharing: 'rows',
    run: async () => {
      await deliverDueCallbacks(db, config, logger, build);
      await pruneRequests(db);
    },
  };
}
