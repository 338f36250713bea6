import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Executor } from '@marketplace/db';
import type { AppEnv } from '../../http/context.ts';
import { ErrorResponse } from '../../http/errors.ts';
import { findSessionUser, hashSessionToken, SESSION_COOKIE } from '../accounts/sessions.ts';

/**
 * The shopper of the request's session cookie, for account endpoints. Identity never comes from
 * the body; the answers hold personal data, so no cache keeps them.
 */
export async function sessionShopper(db: Executor, c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  const user = await findSessionUser(db, c.req.raw);
  if (!user) return null;
  const token = getCookie(c, SESSION_COOKIE) ?? '';
  return { id: user.id, email: user.email, sessionTokenHash: hashSessionToken(token) };
}
export type SessionShopper = NonNullable<Awaited<ReturnType<typeof sessionShopper>>>;

/** An error answer in the OpenAPI document, in the shared error shape. */
export const errorResponse = (description: string) => ({
  content: { 'application/json': { schema: ErrorResponse } },
  description,
});
