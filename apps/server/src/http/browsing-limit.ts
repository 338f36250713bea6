import type { MiddlewareHandler } from 'hono';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppEnv } from './context.ts';
import { apiError } from './errors.ts';
import { clientIp, type Executor, hitLimit, type LimitState } from './rate-limit.ts';

/**
 * `perMinute`: what one address may spend a minute on pages and public lookups, a plain request
 * costing 1 (browsingCost); `expensiveAtOnce`: how many of its expensive requests may run at once.
 */
export type BrowsingLimit = { perMinute: number; expensiveAtOnce?: number };

const WINDOW_MS = 60_000;
/** From this cost up a request is expensive: an address may have only a few of them running at once. */
export const EXPENSIVE_COST = 4;
const MAX_COST = 16;

/** Where the spending of every address is counted: shared by every server process. */
export type BrowsingCounter = {
  spend(address: string, cost: number, now: Date): Promise<LimitState>;
};

/** Counted in the database's rate_limit_counters (ADR-0055): one upsert per counted request. */
export function databaseBrowsingCounter(db: Executor, perMinute: number): BrowsingCounter {
  return {
    spend: (address, cost, now) =>
      hitLimit(db, { key: `browse:${address}`, max: perMinute, windowMs: WINDOW_MS }, now, cost),
  };
}

/** Counted in Redis (REDIS_URL): one INCRBY with its expiry, atomic across processes. */
export function redisBrowsingCounter(redis: Redis, perMinute: number): BrowsingCounter {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'browse',
    points: perMinute,
    duration: WINDOW_MS / 1000,
  });
  return {
    async spend(address, cost) {
      try {
        await limiter.consume(address, cost);
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
    },
  };
}

function words(text: string | null | undefined): number {
  if (!text) return 0;
  let decoded = text;
  try {
    decoded = decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    // refused elsewhere as malformed; counted as written
  }
  return decoded.split(/\s+/).filter(Boolean).length;
}

/**
 * What a request costs an address's budget: 1 for a plain page or lookup, more for what costs the
 * server more to answer: a search of many words (each word past two is another search of the
 * catalogue), a suggestion of many words, and a deep page of a listing or of results (each five
 * pages past the first). At most 16.
 */
export function browsingCost(request: Request): number {
  const url = new URL(request.url);
  const path = url.pathname;
  let cost = 1;
  const searched = /^\/searchpage\/([^/]+?)(?:\.data)?$/.exec(path)?.[1];
  if (searched !== undefined) cost += Math.max(0, words(searched) - 2);
  else if (path === '/api/search/suggestions') cost += Math.floor(words(url.searchParams.get('q')) / 2);
  else if (path.startsWith('/api/search/')) cost += Math.max(0, words(url.searchParams.get('q')) - 2);
  const page = Number(url.searchParams.get('page') ?? 1);
  if (Number.isInteger(page) && page > 1) cost += Math.floor(page / 5);
  return Math.min(MAX_COST, cost);
}

/**
 * Anonymous browsing from one address is limited by what it costs (browsingCost): at most
 * `perMinute` a minute, counted where every server process sees it (the database, or Redis when
 * REDIS_URL is set; ADR-0055), and at most `expensiveAtOnce` expensive requests running at once
 * (counted in this process). Past either: 429 with Retry-After. When the counter cannot be
 * reached, the request is served (a browsing limit is not worth an outage) and the failure logged.
 */
export function browsingLimit(
  { expensiveAtOnce = 2 }: BrowsingLimit, // perMinute: the counter holds it
  {
    isCounted,
    counter,
    logger,
    cost = browsingCost,
    now = () => Date.now(),
  }: {
    isCounted: (request: Request) => boolean;
    counter: BrowsingCounter;
    logger?: Logger;
    cost?: (request: Request) => number;
    now?: () => number;
  },
): MiddlewareHandler<AppEnv> {
  const running = new Map<string, number>();
  const refuse = (c: Parameters<MiddlewareHandler<AppEnv>>[0], retryAfterSeconds: number) => {
    c.header('Retry-After', String(retryAfterSeconds));
    if (c.req.path.startsWith('/api/'))
      return apiError(c, 'RATE_LIMITED', 'Too many requests. Please try again in a minute.');
    c.header('Cache-Control', 'no-store');
    return c.text('Too many requests from your network. Please try again in a minute.', 429);
  };
  return async (c, next) => {
    if (!isCounted(c.req.raw)) return next();
    const address = clientIp(c);
    const weight = cost(c.req.raw);
    const expensive = weight >= EXPENSIVE_COST;
    if (expensive) {
      const already = running.get(address) ?? 0;
      if (already >= expensiveAtOnce) return refuse(c, 1);
      running.set(address, already + 1); // taken before any await, so requests sent together are counted
    }
    try {
      let state: LimitState = { allowed: true, retryAfterSeconds: 0 };
      try {
        state = await counter.spend(address, weight, new Date(now()));
      } catch (error) {
        logger?.warn({ err: error }, 'browsing limit: the counter could not be reached');
      }
      if (!state.allowed) return refuse(c, state.retryAfterSeconds);
      await next();
    } finally {
      if (expensive) {
        const left = (running.get(address) ?? 1) - 1;
        if (left > 0) running.set(address, left);
        else running.delete(address);
      }
    }
  };
}
