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

/** The first JSON field (as a dotted path) holding a NUL or a lone surrogate, in keys or values. */
export function unstorableField(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isUnstorableText(value) ? path.join('.') || '_' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableField(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (isUnstorableText(key)) return [...path, '_'].join('.');
      const found = unstorableField(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

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
  const field = unstorableField(body);
  if (field === null) return undefined;
  return apiError(c, 'VALIDATION_FAILED', UNSTORABLE_FIELD, { [field]: UNSTORABLE_FIELD });
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
