import type { z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { type Executor, users } from '@marketplace/db';
import type { LoggedIn } from '@marketplace/domain/accounts/login';
import { errorResponse } from '../../http/openapi.ts';

/** What account routes need besides the database: a nudge to deliver queued messages now. */
/** `now` is the clock the password limits and a temporary password's expiry read (tests move it). */
export type AccountDeps = { notifyMessages?: () => void; now?: () => Date };

/** The error answers every account endpoint may give (one mapping in results.ts). */
export const ACCOUNT_ERRORS = {
  400: errorResponse('Missing or malformed fields (one message per field)'),
  401: errorResponse('Not logged in, or wrong credentials'),
  404: errorResponse('Not found (or not yours), or no longer valid'),
  409: errorResponse('Already exists'),
  422: errorResponse('Wrong or dead code, or a link that cannot be made'),
  429: errorResponse('Too many attempts or codes; Retry-After says when to try again'),
};

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

/** The answer to a successful login: who is now logged in. */
export async function loggedIn(db: Executor, userId: number): Promise<LoggedIn> {
  const [user] = await db
    .select({ firstName: users.firstName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return { success: true as const, user: user ?? { firstName: '', email: '' } };
}
