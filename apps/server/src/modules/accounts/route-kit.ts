import type { Context } from 'hono';
import type { z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { type Executor, users } from '@marketplace/db';
import type { LoggedIn } from '@marketplace/domain/accounts/login';
import type { AppEnv } from '../../http/context.ts';
import { apiError, ErrorResponse } from '../../http/errors.ts';
import { findSessionUser } from './sessions.ts';

/** What account routes need besides the database: a nudge to deliver queued messages now. */
export type AccountDeps = { notifyMessages?: () => void };

const errorDoc = (description: string) => ({
  content: { 'application/json': { schema: ErrorResponse } },
  description,
});

/** The error answers every account endpoint may give (one mapping in results.ts). */
export const ACCOUNT_ERRORS = {
  400: errorDoc('Missing or malformed fields (one message per field)'),
  401: errorDoc('Not logged in, or wrong credentials'),
  404: errorDoc('Not found (or not yours), or no longer valid'),
  409: errorDoc('Already exists'),
  422: errorDoc('Wrong or dead code, or a link that cannot be made'),
  429: errorDoc('Too many attempts or codes; Retry-After says when to try again'),
};

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

/** The logged-in user, or a 401 answer; identity never comes from the body. */
export async function sessionUser(c: Context<AppEnv>, db: Executor) {
  const user = await findSessionUser(db, c.req.raw);
  if (!user) return { user: null, response: apiError(c, 'UNAUTHENTICATED', 'Please log in to continue.') };
  return { user, response: null };
}

/** The answer to a successful login: who is now logged in. */
export async function loggedIn(db: Executor, userId: number): Promise<LoggedIn> {
  const [user] = await db
    .select({ firstName: users.firstName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return { success: true as const, user: user ?? { firstName: '', email: '' } };
}
