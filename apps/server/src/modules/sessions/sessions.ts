import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { parse } from 'hono/utils/cookie';
import { type Executor, sessions, users } from '@marketplace/db';
import type { Language } from '@marketplace/domain/i18n/languages';

export const SESSION_COOKIE = 'session';

/** How long a login lasts without logging in again, however much it is used. */
export const SESSION_DAYS = 30;
/** How long a login lasts unused (ASVS 7.3.1): a forgotten session on a shared device dies first. */
export const SESSION_IDLE_DAYS = 7;
// a session's use is written down at most once an hour, not on every request
const NOTE_USE_AFTER_MS = 60 * 60_000;

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session for a user; the returned token goes in the session cookie and is stored only hashed. */
export async function createSession(
  db: Executor,
  userId: number,
  details: { userAgent?: string; ipAddress?: string } = {},
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: details.userAgent?.slice(0, 300) ?? null,
    ipAddress: details.ipAddress ?? null,
  });
  await noteActivity(db, userId, now);
  return { token, expiresAt };
}

/**
 * requirements#inactive-erasure: a sign-in or use of the account restarts the inactivity clock and
 * cancels a pending erasure warning (DPDP Rules 2025 rule 8(2): "unless she logs into her user account").
 */
async function noteActivity(db: Executor, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ lastActiveAt: now, inactivityWarnedAt: null }).where(eq(users.id, userId));
}

function sessionToken(request: Request): string | null {
  const token = parse(request.headers.get('cookie') ?? '', SESSION_COOKIE)[SESSION_COOKIE];
  return token && token.length <= 200 ? token : null;
}

/** Ends the request's session, if it has one, so its cookie no longer logs anyone in. */
export async function revokeSession(db: Executor, request: Request, now = new Date()): Promise<void> {
  const token = sessionToken(request);
  if (!token) return;
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashSessionToken(token)), isNull(sessions.revokedAt)));
}

/**
 * The user of the request's session cookie, when the session exists, is not revoked, has not
 * expired and was used within the last SESSION_IDLE_DAYS; its use is noted for the idle timeout.
 */
export async function findSessionUser(db: Executor, request: Request, now = new Date()) {
  const token = sessionToken(request);
  if (!token) return null;
  const tokenHash = hashSessionToken(token);
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      email: users.email,
      role: users.role,
      language: users.language,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_DAYS * 86_400_000)),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { lastSeenAt, ...user } = row;
  if (now.getTime() - lastSeenAt.getTime() > NOTE_USE_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    await noteActivity(db, row.id, now);
  }
  return user;
}

/**
 * requirements#message-languages: a signed-in shopper's page in another language than the one
 * kept makes it theirs: their order messages speak it from now on.
 */
export async function noteLanguage(db: Executor, userId: number, language: Language): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), ne(users.language, language)));
}
