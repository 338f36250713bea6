import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { parse } from 'hono/utils/cookie';
import { type Executor, sessions, users } from '@marketplace/db';

export const SESSION_COOKIE = 'session';

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The user of the request's session cookie, when the session exists, is not revoked and has not expired. */
export async function findSessionUser(db: Executor, request: Request, now = new Date()) {
  const token = parse(request.headers.get('cookie') ?? '', SESSION_COOKIE)[SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, email: users.email, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}
