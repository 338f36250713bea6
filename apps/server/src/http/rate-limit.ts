import type { Context } from 'hono';
import { eq, lt, sql } from 'drizzle-orm';
import { type Executor, rateLimitCounters } from '@marketplace/db';

export type { Executor };

/** At most `max` hits per `windowMs` for one key; the window starts at the key's first hit. */
export type Limit = { key: string; max: number; windowMs: number };

export type LimitState = { allowed: boolean; retryAfterSeconds: number };

const counters = rateLimitCounters;

/** Counts one hit and says whether it was within the limit (atomic across server processes). */
export async function hitLimit(db: Executor, limit: Limit, now = new Date()): Promise<LimitState> {
  const at = now.toISOString();
  const renewed = new Date(now.getTime() + limit.windowMs).toISOString();
  const windowOver = sql`${counters.expiresAt} <= ${at}::timestamptz`;
  const [row] = await db
    .insert(counters)
    .values({ key: limit.key, hits: 1, windowStartedAt: now, expiresAt: new Date(renewed) })
    .onConflictDoUpdate({
      target: counters.key,
      set: {
        hits: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${counters.hits} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${windowOver} THEN ${at}::timestamptz ELSE ${counters.windowStartedAt} END`,
        expiresAt: sql`CASE WHEN ${windowOver} THEN ${renewed}::timestamptz ELSE ${counters.expiresAt} END`,
      },
    })
    .returning({ hits: counters.hits, expiresAt: counters.expiresAt });
  return stateOf(row, limit, now);
}

/** Whether a further hit would be refused, without counting one (e.g. before checking a password). */
export async function peekLimit(db: Executor, limit: Limit, now = new Date()): Promise<LimitState> {
  const [row] = await db
    .select({ hits: counters.hits, expiresAt: counters.expiresAt })
    .from(counters)
    .where(eq(counters.key, limit.key));
  if (!row || row.expiresAt <= now) return { allowed: true, retryAfterSeconds: 0 };
  return stateOf({ hits: row.hits + 1, expiresAt: row.expiresAt }, limit, now);
}

function stateOf(row: { hits: number; expiresAt: Date } | undefined, limit: Limit, now: Date): LimitState {
  if (!row || row.hits <= limit.max) return { allowed: true, retryAfterSeconds: 0 };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

/** Forgets a key's hits (a successful login clears that account's failures). */
export async function clearLimit(db: Executor, key: string): Promise<void> {
  await db.delete(counters).where(eq(counters.key, key));
}

/** Drops counters whose window ended, so the table stays small. */
export async function pruneExpiredCounters(db: Executor, now = new Date()): Promise<void> {
  await db.delete(counters).where(lt(counters.expiresAt, new Date(now.getTime() - 60_000)));
}

const PRIVATE_PEER = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2[0-9]|3[01])\.|::1$|::ffff:127\.|fc|fd)/;

/**
 * The client's address for per-IP limits. The socket's peer, unless that peer is our own reverse
 * proxy (a private address), whose X-Forwarded-For entry it appended last is then used. Requests
 * made in-process (tests) have no socket and take X-Forwarded-For as given.
 */
export function clientIp(c: Context): string {
  const env: unknown = c.env;
  let peer: string | undefined;
  if (env && typeof env === 'object' && 'incoming' in env) {
    const incoming = env.incoming as { socket?: { remoteAddress?: string } } | undefined;
    peer = incoming?.socket?.remoteAddress;
  }
  const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim().slice(0, 64);
  if (peer === undefined) return forwarded || 'unknown';
  return PRIVATE_PEER.test(peer) && forwarded ? forwarded : peer;
}
