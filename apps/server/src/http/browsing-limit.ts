import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { apiError } from './errors.ts';
import { clientIp } from './rate-limit.ts';

export type BrowsingLimit = { perMinute: number };

const WINDOW_MS = 60_000;

/**
 * At most `perMinute` requests a minute from one address to what anyone may ask without logging
 * in (pages, search, suggestions, product cards, pincodes, the API document): 429 with
 * Retry-After past it. Counted in this process's memory, not the database, so counting costs
 * nothing next to the request (ADR-0018); the counts start afresh each minute.
 */
export function browsingLimit(
  { perMinute }: BrowsingLimit,
  { isCounted, now = () => Date.now() }: { isCounted: (request: Request) => boolean; now?: () => number },
): MiddlewareHandler<AppEnv> {
  let counts = new Map<string, number>();
  let windowEndsAt = 0;
  return async (c, next) => {
    if (!isCounted(c.req.raw)) return next();
    const at = now();
    if (at >= windowEndsAt) {
      counts = new Map(); // forgets every address seen: the map never outgrows one minute's visitors
      windowEndsAt = at + WINDOW_MS;
    }
    const address = clientIp(c);
    const count = (counts.get(address) ?? 0) + 1;
    counts.set(address, count);
    if (count <= perMinute) return next();
    c.header('Retry-After', String(Math.max(1, Math.ceil((windowEndsAt - at) / 1000))));
    if (c.req.path.startsWith('/api/'))
      return apiError(c, 'RATE_LIMITED', 'Too many requests. Please try again in a minute.');
    c.header('Cache-Control', 'no-store');
    return c.text('Too many requests from your network. Please try again in a minute.', 429);
  };
}
