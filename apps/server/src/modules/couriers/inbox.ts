// ADR-0069: a courier's tracking webhook is kept, then answered, then applied. Keeping is one
// statement (is the AWB ours, was the event seen, keep it), so the courier hears back in
// milliseconds however busy the orders' tables are; a worker applies what was kept in arrival
// order through applyScanOfAnyParcel, the same path as polling and the sandbox's clock. Nothing
// answered is lost: the row is committed before the answer, and a worker that stops mid-way leaves
// its rows to the next one once their claim runs out.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Database, type Executor, queryRows } from '@marketplace/db';
import type { CourierScan } from '@marketplace/domain/orders/courier-scans';
import type { Job } from '../../jobs.ts';
import type { CourierTrackingEvent } from './provider.ts';
import { applyScanOfAnyParcel } from './route-event.ts';

/** what the webhook answers: kept to apply, already kept or applied, or not a parcel booked with that courier */
export type KeepOutcome = 'queued' | 'duplicate' | 'unknown_awb';

/** a claimed row is another worker's for this long; past it, the row is free to claim again */
export const INBOX_CLAIM_MS = 120_000;
/** a row that failed this many times is set aside as failed (logged for support), never retried */
export const INBOX_MAX_ATTEMPTS = 5;
/** rows claimed at once by a worker */
const INBOX_BATCH = 100;
/** applied rows are kept this long, for support and against late replays; courier_events keeps the scans */
export const INBOX_KEPT_DAYS = 30;

type Keeping = { provider: string; event: CourierTrackingEvent; receivedAt: Date };

/**
 * Keeps webhooks' events, in one statement for all of them: is each AWB the courier's, was the
 * event applied already (a scan polling brought), keep it unless kept before. The same event twice
 * in one batch is kept once, for the first.
 */
export async function keepCourierEvents(db: Executor, batch: readonly Keeping[]): Promise<KeepOutcome[]> {
  if (batch.length === 0) return [];
  const values = sql.join(
    batch.map(
      (k, n) =>
        sql`(${n}::int, ${k.provider}::text, ${k.event.awbNo}::text, ${k.event.eventKey}::text, ${k.event.scan}::text,
             ${k.event.location}::text, ${k.event.occurredAt.toISOString()}::timestamptz,
             ${k.receivedAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{ n: number; known: boolean; kept: boolean }>(
    db,
    sql`WITH input (n, provider, awb_no, event_key, scan, location, occurred_at, received_at) AS (
          VALUES ${values}
        ), checked AS (
          SELECT i.*,
            (EXISTS (SELECT 1 FROM courier_shipments s WHERE s.provider = i.provider AND s.awb_no = i.awb_no)
              OR EXISTS (SELECT 1 FROM courier_reverse_pickups r
                         WHERE r.provider = i.provider AND r.awb_no = i.awb_no)) AS known,
            EXISTS (SELECT 1 FROM courier_events e JOIN courier_shipments s ON s.id = e.courier_shipment_id
                    WHERE s.provider = i.provider AND s.awb_no = i.awb_no AND e.event_key = i.event_key) AS seen,
            i.n = min(i.n) OVER (PARTITION BY i.provider, i.event_key) AS first
          FROM input i
        ), kept AS (
          INSERT INTO courier_inbox (provider, awb_no, event_key, scan, location, occurred_at, received_at)
          SELECT provider, awb_no, event_key, scan, location, occurred_at, received_at
          FROM checked WHERE known AND NOT seen AND first ORDER BY n
          ON CONFLICT (provider, event_key) DO NOTHING
          RETURNING provider, event_key
        )
        SELECT c.n, c.known,
               c.first AND EXISTS (SELECT 1 FROM kept k WHERE k.provider = c.provider AND k.event_key = c.event_key) AS kept
        FROM checked c`,
  );
  const byN = new Map(rows.map((r) => [Number(r.n), r]));
  return batch.map((_, n) => {
    const row = byN.get(n);
    if (!row?.known) return 'unknown_awb';
    return row.kept ? 'queued' : 'duplicate';
  });
}

/** Keeps one webhook's event; a replay, or a scan polling already brought, is a duplicate. */
export async function keepCourierEvent(
  db: Executor,
  provider: string,
  event: CourierTrackingEvent,
  now: Date = new Date(),
): Promise<KeepOutcome> {
  const [outcome] = await keepCourierEvents(db, [{ provider, event, receivedAt: now }]);
  return outcome ?? 'unknown_awb';
}

/** at most this many webhooks are kept by one statement */
const KEEP_BATCH = 200;

/**
 * Group keeping: a webhook that arrives while a statement is on its way waits for the next one,
 * with every other that arrived meanwhile, so a burst takes a few statements, not one each, and a
 * lone webhook goes at once. Each is answered only once its statement committed. A statement that
 * fails is tried one webhook at a time, so one bad event fails only its own webhook.
 */
export function courierEventKeeper(db: Executor) {
  let waiting: { keeping: Keeping; settle: (outcome: Promise<KeepOutcome>) => void }[] = [];
  let writing = false;
  const flush = async () => {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, KEEP_BATCH);
      waiting = waiting.slice(batch.length);
      try {
        const outcomes = await keepCourierEvents(
          db,
          batch.map((b) => b.keeping),
        );
        batch.forEach((b, i) => b.settle(Promise.resolve(outcomes[i] ?? 'unknown_awb')));
      } catch {
        for (const b of batch) {
          const one = keepCourierEvents(db, [b.keeping]).then(([outcome]) => outcome ?? 'unknown_awb');
          await one.catch(() => undefined);
          b.settle(one);
        }
      }
    }
    writing = false;
  };
  return (provider: string, event: CourierTrackingEvent, now: Date = new Date()): Promise<KeepOutcome> =>
    new Promise<KeepOutcome>((resolve, reject) => {
      lastArrival = performance.now();
      waiting.push({
        keeping: { provider, event, receivedAt: now },
        settle: (outcome) => {
          outcome.then(resolve, reject);
        },
      });
      if (!writing) void flush();
    });
}

type InboxRow = {
  id: number;
  provider: string;
  awb_no: string;
  event_key: string;
  scan: CourierScan;
  location: string | null;
  occurred_at: string | Date;
  attempts: number;
};

/**
 * This process's webhooks come first: while they are arriving (one in the last WEBHOOK_BUSY_MS),
 * the worker waits BUSY_PAUSE_MS between two events rather than taking the event loop from them;
 * it catches up at full speed once the burst is over.
 */
const WEBHOOK_BUSY_MS = 25;
const BUSY_PAUSE_MS = 20;
let lastArrival = Number.NEGATIVE_INFINITY;
const webhooksArriving = () => performance.now() - lastArrival < WEBHOOK_BUSY_MS;
export const yieldToWebhooks = () =>
  new Promise<void>((resolve) =>
    webhooksArriving() ? setTimeout(resolve, BUSY_PAUSE_MS) : setImmediate(resolve),
  );

/** the wait before a failed row is tried again: 10 s, 20 s, 40 s … */
export const inboxRetryDelayMs = (attempts: number) => 10_000 * 2 ** Math.max(0, attempts - 1);

/**
 * Applies the kept events, oldest first, until none is waiting; returns how many were applied.
 * Between two events the event loop serves what came in meanwhile (`pause`: yieldToWebhooks), so
 * applying never holds up the webhooks' own answers.
 */
export async function applyCourierInbox(
  db: Database,
  logger: Logger,
  {
    now = () => new Date(),
    pause = yieldToWebhooks,
    apply = applyScanOfAnyParcel,
  }: { now?: () => Date; pause?: () => Promise<void>; apply?: typeof applyScanOfAnyParcel } = {},
): Promise<number> {
  let applied = 0;
  for (;;) {
    const at = now();
    const claimed = await queryRows<InboxRow>(
      db,
      sql`UPDATE courier_inbox
          SET claimed_until = ${new Date(at.getTime() + INBOX_CLAIM_MS).toISOString()}::timestamptz,
              attempts = attempts + 1
          WHERE id IN (
            SELECT id FROM courier_inbox
            WHERE applied_at IS NULL
              AND (claimed_until IS NULL OR claimed_until <= ${at.toISOString()}::timestamptz)
            ORDER BY id LIMIT ${INBOX_BATCH}
            FOR UPDATE SKIP LOCKED
          )
          RETURNING id, provider, awb_no, event_key, scan, location, occurred_at, attempts`,
    );
    if (claimed.length === 0) return applied;
    claimed.sort((a, b) => a.id - b.id);
    for (const row of claimed) {
      await applyOne(db, logger, row, now(), apply);
      applied += 1;
      await pause();
    }
  }
}

async function applyOne(
  db: Database,
  logger: Logger,
  row: InboxRow,
  at: Date,
  apply: typeof applyScanOfAnyParcel,
) {
  const event: CourierTrackingEvent = {
    awbNo: row.awb_no,
    eventKey: row.event_key,
    scan: row.scan,
    location: row.location,
    occurredAt: new Date(row.occurred_at),
  };
  try {
    const result = await apply(db, row.provider, event, at);
    const outcome =
      result.code === 'APPLIED' ? 'applied' : result.code === 'UNKNOWN_AWB' ? 'unknown_awb' : result.reason;
    if (result.code === 'IGNORED')
      logger.info(
        { awbNo: event.awbNo, scan: event.scan, reason: result.reason },
        'courier scan kept, state unchanged',
      );
    await db.execute(
      sql`UPDATE courier_inbox SET applied_at = ${at.toISOString()}::timestamptz, outcome = ${outcome},
            claimed_until = NULL WHERE id = ${row.id}`,
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const last = row.attempts >= INBOX_MAX_ATTEMPTS;
    logger[last ? 'error' : 'warn'](
      { err: error, awbNo: event.awbNo, scan: event.scan, attempts: row.attempts },
      last
        ? 'courier scan could not be applied and is set aside; the parcel’s tracking needs a look'
        : 'courier scan could not be applied; it is tried again',
    );
    await db.execute(
      last
        ? sql`UPDATE courier_inbox SET applied_at = ${at.toISOString()}::timestamptz, outcome = 'failed',
                claimed_until = NULL, last_error = ${message.slice(0, 1000)} WHERE id = ${row.id}`
        : sql`UPDATE courier_inbox
              SET claimed_until = ${new Date(at.getTime() + inboxRetryDelayMs(row.attempts)).toISOString()}::timestamptz,
                  last_error = ${message.slice(0, 1000)}
              WHERE id = ${row.id}`,
    );
  }
}

/** Drops applied rows past INBOX_KEPT_DAYS; returns how many went. */
export async function pruneCourierInbox(db: Executor, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - INBOX_KEPT_DAYS * 86_400_000).toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM courier_inbox WHERE applied_at < ${before}::timestamptz RETURNING id`,
  );
  return rows.length;
}

/**
 * One process's worker over the inbox: `kick` applies soon (a run in progress runs once more
 * after), `idle` settles when no run is in progress (tests wait on it).
 */
export type CourierInboxWorker = { kick(): void; idle(): Promise<void> };

export function courierInboxWorker(db: Database, logger: Logger): CourierInboxWorker {
  let running: Promise<void> | null = null;
  let again = false;
  const start = () => {
    running = (async () => {
      try {
        do {
          again = false;
          await applyCourierInbox(db, logger).catch((error: unknown) =>
            logger.warn(
              { err: error },
              'courier inbox could not be applied; it is tried again at the next webhook',
            ),
          );
        } while (again);
      } finally {
        running = null;
      }
    })();
  };
  return {
    kick() {
      if (running) again = true;
      else setImmediate(() => (running ? (again = true) : start()));
    },
    async idle() {
      // a kick waits for the next turn of the event loop before it starts
      await new Promise((resolve) => setImmediate(resolve));
      while (running) await running;
    },
  };
}

/**
 * The inbox as a background job: every process runs it (rows are claimed with SKIP LOCKED), soon
 * after each webhook (the runner's runSoon) and every few seconds for rows whose retry came due or
 * whose worker stopped; applied rows past their keeping time go.
 */
export function courierInboxJob(db: Database, logger: Logger, intervalMs = 5_000): Job {
  let prunedAt = 0;
  return {
    name: 'courier-inbox',
    intervalMs,
    sharing: 'rows',
    run: async () => {
      await applyCourierInbox(db, logger);
      if (Date.now() - prunedAt > 3_600_000) {
        prunedAt = Date.now();
        const pruned = await pruneCourierInbox(db);
        if (pruned > 0) logger.info({ pruned }, 'applied courier webhooks past their keeping time removed');
      }
    },
  };
}
