import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { apiError } from './errors.ts';

// PostgreSQL cannot store NUL in text, and a UTF-16 half pair has no UTF-8 form: both are refused
// where they enter rather than failing deep in a query (or being stored as U+FFFD).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text has a NUL character or half of a surrogate pair. */
export function isUnstorableText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

function decodes(part: string): boolean {
  try {
    // throws on a malformed escape, an overlong form (%C0%AE) and an encoded surrogate (%ED%A0%80)
    return !isUnstorableText(decodeURIComponent(part));
  } catch {
    return false;
  }
}

/** True when every part of the URL's path and query decodes to storable text. */
export function isWellFormedUrl(url: string): boolean {
  const { pathname, search } = new URL(url);
  if (!decodes(pathname)) return false;
  return search
    .slice(1)
    .split('&')
    .every((pair) => pair.split('=').every((part) => decodes(part.replaceAll('+', ' '))));
}

/** Deeper than this, a body is refused whole: no form of ours nests more than a few levels. */
export const MAX_JSON_DEPTH = 64;

/** Where a value sits: its key and its parent's place, so a path is built only for the field named. */
type Place = { key: string; parent: Place | null; depth: number };

function dotted(place: Place | null): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || '_';
}

export type JsonCheck = { kind: 'ok' } | { kind: 'too-deep' } | { kind: 'unstorable'; field: string };

/**
 * Walks a parsed JSON body without recursion (a hostile body nested 100,000 deep cannot overflow
 * the stack): too deep past MAX_JSON_DEPTH, else the first field (as a dotted path) holding a NUL
 * or a lone surrogate, in keys or values. Each value is visited once; no path is copied per value.
 */
export function checkJson(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonCheck {
  const stack: { value: unknown; place: Place | null }[] = [{ value, place: null }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: item, place } = next;
    if (typeof item === 'string') {
      if (isUnstorableText(item)) return { kind: 'unstorable', field: dotted(place) };
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    const depth = (place?.depth ?? 0) + 1;
    if (depth > maxDepth) return { kind: 'too-deep' };
    const entries = Array.isArray(item)
      ? item.map((child, index) => [String(index), child] as const)
      : Object.entries(item);
    // pushed last to first, so the first field is looked at first (and named when it is the bad one)
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as readonly [string, unknown];
      if (!Array.isArray(item) && isUnstorableText(key))
        return { kind: 'unstorable', field: dotted({ key: '_', parent: place, depth }) };
      stack.push({ value: child, place: { key, parent: place, depth } });
    }
  }
  return { kind: 'ok' };
}

const TOO_DEEP = 'The request body is nested too deeply.';
const UNSTORABLE_FIELD = 'This field has a character that is not allowed.';

/** A 400 naming the first JSON field of the body that cannot be stored; undefined when all can. */
export async function refuseUnstorableJson(c: Context<AppEnv>): Promise<Response | undefined> {
  // read as text first: the webhook checks its signature over the exact bytes, cached by Hono
  const text = await c.req.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined; // the route's validator answers malformed JSON
  }
  const found = checkJson(body);
  if (found.kind === 'ok') return undefined;
  if (found.kind === 'too-deep') return apiError(c, 'VALIDATION_FAILED', TOO_DEEP);
  return apiError(c, 'VALIDATION_FAILED', UNSTORABLE_FIELD, { [found.field]: UNSTORABLE_FIELD });
}

/**
 * Refuses an address that cannot be decoded or carries a NUL before any route sees it: the API
 * answers 400, a page the not-found page (`notFoundPage`), never the error screen.
 */
export function refuseMalformedUrls({
  notFoundPage,
}: {
  notFoundPage?: (c: Context<AppEnv>) => Promise<Response>;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isWellFormedUrl(c.req.url)) return next();
    if (c.req.path.startsWith('/api/'))
      return apiError(c, 'BAD_REQUEST', 'The address has a malformed escape or a NUL character.');
    return notFoundPage ? notFoundPage(c) : c.text('Not found', 404);
  };
}
