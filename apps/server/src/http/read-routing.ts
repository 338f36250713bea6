// requirements#read-replica (ADR-0068): with DATABASE_READ_URL each browser request decides once
// where its lag-tolerant reads go. A browser that has just written (any POST, PUT, PATCH or DELETE
// answered below 500) is given the writer's WAL position in a cookie; until the replica has replayed
// past it, that browser's reads come from the writer, so a shopper or seller always sees their own
// change. Everyone else, and that browser once the replica has caught up, reads from the replica; a
// replica that is down or does not answer sends every read to the writer.
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { type ReadReplica, readsDecided, readsFrom, walPosition } from '@marketplace/db';
import type { AppEnv } from './context.ts';
import { isHttps } from './client-address.ts';

export const READ_AFTER_COOKIE = 'read_after';
// longer than any lag worth reading around: a replica further behind than this is a failure to fix
const READ_AFTER_MAX_AGE_S = 600;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Decides where the request's lag-tolerant reads go, and hands a browser that wrote the writer's
 * position. `isInProcess` tells a page's own call of the API, which follows its page's decision.
 */
export function readRouting(
  replica: ReadReplica | null,
  isInProcess: (request: Request) => boolean,
): MiddlewareHandler<AppEnv> {
  if (!replica) return (_c, next) => next();
  return async (c, next) => {
    if (isInProcess(c.req.raw) || readsDecided()) return next();
    const cookie = getCookie(c, READ_AFTER_COOKIE);
    // a value that is not a position is ignored, as if the browser had not written
    const after = cookie !== undefined && walPosition(cookie) !== null ? cookie : null;
    await readsFrom(await replica.serves(after), next);
    if (!WRITES.has(c.req.method) || c.res.status >= 500) return;
    const position = await replica.writerPosition().catch((error: unknown) => {
      c.get('logger').warn({ err: error }, 'the writer’s position could not be read: reads may lag');
      return null;
    });
    if (position === null) return;
    setCookie(c, READ_AFTER_COOKIE, position, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c),
      maxAge: READ_AFTER_MAX_AGE_S,
    });
  };
}
