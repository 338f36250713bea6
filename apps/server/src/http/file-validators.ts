import { stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import type { Context, MiddlewareHandler } from 'hono';

/** A weak validator from the file's size and modification time: cheap, and true of every encoding. */
export function fileEtag(stats: Pick<Stats, 'size' | 'mtimeMs'>): string {
  return `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
}

function matchesAnyTag(header: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/** RFC 9110 §13.2.2: If-None-Match decides when sent; If-Modified-Since only without it. */
export function isNotModified(
  headers: { ifNoneMatch?: string; ifModifiedSince?: string },
  etag: string,
  modified: Date,
): boolean {
  if (headers.ifNoneMatch !== undefined) return matchesAnyTag(headers.ifNoneMatch, etag);
  if (headers.ifModifiedSince === undefined) return false;
  const since = Date.parse(headers.ifModifiedSince);
  // HTTP dates have whole seconds: a file modified within the same second is not newer
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000);
}

// what a 304 leaves out: it has no body (RFC 9110 §15.4.5)
const BODY_HEADERS = ['content-length', 'content-type', 'content-encoding', 'content-range', 'accept-ranges'];

/**
 * `ETag` and `Last-Modified` on files that serveStatic serves, and 304 Not Modified when the
 * browser's copy is current. Pass `onFound` to serveStatic and put `middleware` before it.
 */
export function fileValidators(): {
  onFound: (path: string, c: Context) => Promise<void>;
  middleware: MiddlewareHandler;
} {
  const served = new WeakMap<Context, Stats>();
  return {
    onFound: async (path, c) => {
      served.set(c, await stat(path));
    },
    middleware: async (c, next) => {
      await next();
      const stats = served.get(c);
      if (!stats || c.res.status !== 200) return;
      const etag = fileEtag(stats);
      c.res.headers.set('etag', etag);
      c.res.headers.set('last-modified', stats.mtime.toUTCString());
      const conditional = {
        ifNoneMatch: c.req.header('if-none-match'),
        ifModifiedSince: c.req.header('if-modified-since'),
      };
      if (!['GET', 'HEAD'].includes(c.req.method) || !isNotModified(conditional, etag, stats.mtime)) return;
      await c.res.body?.cancel();
      c.res = new Response(null, { status: 304, headers: c.res.headers });
      for (const name of BODY_HEADERS) c.res.headers.delete(name);
    },
  };
}
