import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import type { Executor } from '@marketplace/db';
import type { AppEnv } from '../../http/context.ts';
import { clientIp, isHttps } from '../../http/client-address.ts';
import { createSession, revokeSession, SESSION_COOKIE } from '../sessions/index.ts';

/**
 * Logs the browser in as a user: the session it had (if any) ends, and a brand-new token goes in
 * an httpOnly, SameSite=Lax cookie (Secure over https), so a planted session id is worth nothing.
 */
export async function startSession(c: Context<AppEnv>, db: Executor, userId: number): Promise<void> {
  await revokeSession(db, c.req.raw);
  const { token, expiresAt } = await createSession(db, userId, {
    userAgent: c.req.header('user-agent'),
    ipAddress: clientIp(c),
  });
  setCookie(c, SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    expires: expiresAt,
  });
  c.header('Cache-Control', 'no-store');
}
