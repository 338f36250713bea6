import { and, eq, gt, isNull, like } from 'drizzle-orm';
import { type Database, type Executor, rateLimitCounters, sessions, users } from '@marketplace/db';
import { hashPassword, verifyPassword } from '@marketplace/db/password';
import { LOGIN_MESSAGES } from '@marketplace/domain/accounts/login';
import { clearLimit, hitLimit, refundHit } from '../../http/rate-limit.ts';
import { type Failure, fail } from './results.ts';
import { findUserByContact } from './users.ts';

/**
 * ADR-0016: wrong passwords allowed before a pause. The tight limit is per account and address, so
 * a guesser elsewhere cannot lock the owner out; the account-wide and address-wide limits are wider
 * and skip the addresses the account has logged in from lately (its owner's).
 */
export const LOGIN_LIMITS = {
  perAccountAndIp: { max: 5, windowMs: 15 * 60_000 },
  perAccount: { max: 20, windowMs: 60 * 60_000 },
  perIp: { max: 50, windowMs: 15 * 60_000 },
} as const;

/** How long an address the account logged in from counts as its owner's. */
export const KNOWN_ADDRESS_DAYS = 30;

// one key per account whether it is named by its email or its mobile; an unknown contact keys itself
const accountKey = (contact: string, user: { id: number } | null) => (user ? `user:${user.id}` : contact);

export const loginLimitKeys = (account: string, ip: string) => ({
  pair: `login-pair:${account}|${ip}`,
  account: `login-account:${account}`,
  ip: `login-ip:${ip}`,
});

/** Forgets an account's failures once its owner proved themselves another way (a password reset). */
export async function clearLoginLimits(db: Executor, userId: number): Promise<void> {
  await clearLimit(db, `login-account:user:${userId}`);
  await db.delete(rateLimitCounters).where(like(rateLimitCounters.key, `login-pair:user:${userId}|%`));
}

/** Whether the account has logged in from this address lately. */
async function isKnownAddress(db: Executor, userId: number, ip: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ipAddress, ip), gt(sessions.createdAt, since)))
    .limit(1);
  return row !== undefined;
}

// Checked when there is no such account, so an unknown email takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

const paused = (message: (minutes: number) => string, retryAfterSeconds: number) =>
  fail('RATE_LIMITED', message(Math.ceil(retryAfterSeconds / 60)), retryAfterSeconds);

/**
 * Checks a password for an email or mobile, within the failure limits (ADR-0016). Each attempt is
 * counted before the password is checked, in one statement per counter, so attempts sent at once
 * cannot slip past the limit; a right password takes its count back. Answers the same for an
 * unknown account and a wrong password.
 */
export async function checkPassword(
  db: Executor,
  contact: string,
  password: string,
  ip: string,
  failure: Failure,
  now = new Date(),
): Promise<{ ok: true; userId: number } | Failure> {
  const user = await findUserByContact(db, contact);
  const keys = loginLimitKeys(accountKey(contact, user), ip);
  const counted: string[] = [];
  const count = async (key: string, limit: { max: number; windowMs: number }) => {
    counted.push(key);
    return hitLimit(db, { key, ...limit }, now);
  };
  const pair = await count(keys.pair, LOGIN_LIMITS.perAccountAndIp);
  if (!pair.allowed) return paused(LOGIN_MESSAGES.tooManyAttempts, pair.retryAfterSeconds);
  // the owner's own addresses are spared the wider limits a guesser elsewhere may have used up
  if (!(user && (await isKnownAddress(db, user.id, ip, now)))) {
    const account = await count(keys.account, LOGIN_LIMITS.perAccount);
    if (!account.allowed) return paused(LOGIN_MESSAGES.accountPaused, account.retryAfterSeconds);
    const address = await count(keys.ip, LOGIN_LIMITS.perIp);
    if (!address.allowed) return paused(LOGIN_MESSAGES.tooManyAttempts, address.retryAfterSeconds);
  }
  dummyHash ??= hashPassword('no account has this password');
  const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  if (!user || !matches) return failure;
  for (const key of counted) await refundHit(db, key);
  return { ok: true, userId: user.id };
}

/** requirements#login, Login.php: email and password. */
export function loginWithPassword(db: Database, email: string, password: string, ip: string) {
  return checkPassword(db, email, password, ip, fail('WRONG_CREDENTIALS', LOGIN_MESSAGES.wrongCredentials));
}

/** Ends every session of a user (after a password reset: a thief's session dies too). */
export async function revokeAllSessions(db: Executor, userId: number, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string, now = new Date()) {
  // a password the owner chose is no longer the temporary one it was given
  await db
    .update(users)
    .set({ passwordHash, passwordIsTemporary: false, updatedAt: now })
    .where(eq(users.id, userId));
}
