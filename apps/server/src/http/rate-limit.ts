import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { type Executor, rateLimitCounters } from '@marketplace/db';

export type { Executor };

/** At most `max` hits per `windowMs` for one key; the window starts at the key's first hit. */
export type Limit = { key: string; max: number; windowMs: number };

export type LimitState = { allowed: boolean; retryAfterSeconds: number };
/** A counted hit's state, with the key's hits so far in its window. */
export type CountedState = LimitState & { hits: number };

const counters = rateLimitCounters;

/**
 * Counts one hit of `cost` (1 unless a request costs more) and says whether the key is still
 * within the limit (atomic across server processes).
 */
export async function hitLimit(
  db: Executor,
  limit: Limit,
  now = new Date(),
  cost = 1,
): Promise<CountedState> {
  const at = now.toISOString();
  const renewed = new Date(now.getTime() + limit.windowMs).toISOString();
  const windowOver = sql`${counters.expiresAt} <= ${at}::timestamptz`;
  const [row] = await db
    .insert(counters)
    .values({ key: limit.key, hits: cost, windowStartedAt: now, expiresAt: new Date(renewed) })
    .onConflictDoUpdate({
      target: counters.key,
      set: {
        hits: sql`CASE WHEN ${windowOver} THEN ${cost}::int ELSE ${counters.hits} + ${cost}::int END`,
        windowStartedAt: sql`CASE WHEN ${windowOver} THEN ${at}::timestamptz ELSE ${counters.windowStartedAt} END`,
        expiresAt: sql`CASE WHEN ${windowOver} THEN ${renewed}::timestamptz ELSE ${counters.expiresAt} END`,
      },
    })
    .returning({ hits: counters.hits, expiresAt: counters.expiresAt });
  return stateOf(row, limit, now);
}

function stateOf(row: { hits: number; expiresAt: Date } | undefined, limit: Limit, now: Date): CountedState {
  const hits = row?.hits ?? 0;
  if (!row || row.hits <= limit.max) return { allowed: true, retryAfterSeconds: 0, hits };
  return {
    hits,
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

/**
 * Keeps a key's window open until at least `until` (ADR-0061: a pause runs its whole length from
 * the failure that started it, however the failures before it were spread).
 */
export async function holdLimit(db: Executor, key: string, until: Date): Promise<void> {
  await db
    .update(counters)
    .set({ expiresAt: sql`greatest(${counters.expiresAt}, ${until.toISOString()}::timestamptz)` })
    .where(eq(counters.key, key));
}

/** Forgets a key's hits (a successful login clears that account's failures). */
export async function clearLimit(db: Executor, key: string): Promise<void> {
  await db.delete(counters).where(eq(counters.key, key));
}

/** Takes one hit back (an attempt counted before it was checked, that turned out right). */
export async function refundHit(db: Executor, key: string): Promise<void> {
  const taken = await db
    .update(counters)
    .set({ hits: sql`${counters.hits} - 1` })
    .where(and(eq(counters.key, key), gt(counters.hits, 1)))
    .returning({ key: counters.key });
  if (taken.length === 0) await db.delete(counters).where(and(eq(counters.key, key), eq(counters.hits, 1)));
}

/** Drops counters whose window ended, so the table stays small. */
export async function pruneExpiredCounters(db: Executor, now = new Date()): Promise<void> {
  await db.delete(counters).where(lt(counters.expiresAt, new Date(now.getTime() - 60_000)));
}

// the client's address moved beside the other forwarding rules (TRUST_PROXY)
export { clientIp } from './client-address.ts';
