import { and, eq, gt, isNull, like } from 'drizzle-orm';
import { type Database, type Executor, rateLimitCounters, sessions, users } from '@marketplace/db';
import { hashPassword, verifyPassword } from '@marketplace/db/password';
import { LOGIN_MESSAGES } from '@marketplace/domain/accounts/login';
import { STAFF_CREDENTIALS } from '@marketplace/domain/admin/console';
import { clearLimit, hitLimit, holdLimit, refundHit } from '../../http/rate-limit.ts';
import { recordStaffSignInFailure, staffAccountOf } from '../staff/index.ts';
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

/**
 * requirements#staff-credentials (ADR-0061): a console account's tighter limits, PCI DSS 4.0 8.3.4.
 * Each pause lasts STAFF_CREDENTIALS.pauseMinutes from the failure that started it.
 */
export const STAFF_LOGIN_LIMITS = {
  perAccountAndIp: {
    max: STAFF_CREDENTIALS.wrongPasswordsBeforePause,
    windowMs: STAFF_CREDENTIALS.pauseMinutes * 60_000,
  },
  perAccount: {
    max: STAFF_CREDENTIALS.wrongPasswordsPerAccount,
    windowMs: STAFF_CREDENTIALS.pauseMinutes * 60_000,
  },
  perIp: LOGIN_LIMITS.perIp,
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
  // requirements#staff-security-events: a console account's failures are written to the audit log
  const isStaff = user !== null && (await staffAccountOf(db, user.id)) !== null;
  const limits = isStaff ? STAFF_LOGIN_LIMITS : LOGIN_LIMITS;
  const counted: { key: string; hits: number; max: number }[] = [];
  const count = async (key: string, limit: { max: number; windowMs: number }) => {
    const state = await hitLimit(db, { key, ...limit }, now);
    counted.push({ key, hits: state.hits, max: limit.max });
    return state;
  };
  const refused = async (message: (minutes: number) => string, retryAfterSeconds: number) => {
    if (user && isStaff) await recordStaffSignInFailure(db, user.id, 'paused', now);
    return paused(message, retryAfterSeconds);
  };
  const pair = await count(keys.pair, limits.perAccountAndIp);
  if (!pair.allowed) return refused(LOGIN_MESSAGES.tooManyAttempts, pair.retryAfterSeconds);
  // the owner's own addresses are spared the wider limits a guesser elsewhere may have used up
  if (!(user && (await isKnownAddress(db, user.id, ip, now)))) {
    const account = await count(keys.account, limits.perAccount);
    if (!account.allowed) return refused(LOGIN_MESSAGES.accountPaused, account.retryAfterSeconds);
    const address = await count(keys.ip, limits.perIp);
    if (!address.allowed) return refused(LOGIN_MESSAGES.tooManyAttempts, address.retryAfterSeconds);
  }
  dummyHash ??= hashPassword('no account has this password');
  const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  if (!user || !matches) {
    if (user && isStaff) {
      await recordStaffSignInFailure(db, user.id, 'wrong password', now);
      // a console account's pause runs its whole length from the failure that started it
      const until = new Date(now.getTime() + STAFF_CREDENTIALS.pauseMinutes * 60_000);
      for (const hit of counted) if (hit.hits >= hit.max) await holdLimit(db, hit.key, until);
    }
    return failure;
  }
  for (const hit of counted) await refundHit(db, hit.key);
  // requirements#staff-credentials: a temporary password opens the account for 24 hours only
  if (user.passwordIsTemporary && user.temporaryPasswordExpiresAt && user.temporaryPasswordExpiresAt <= now) {
    if (isStaff) await recordStaffSignInFailure(db, user.id, 'temporary password expired', now);
    return fail('WRONG_CREDENTIALS', LOGIN_MESSAGES.temporaryPasswordExpired);
  }
  return { ok: true, userId: user.id };
}

/** requirements#login, Login.php: email and password. */
export function loginWithPassword(
  db: Database,
  email: string,
  password: string,
  ip: string,
  now = new Date(),
) {
  return checkPassword(
    db,
    email,
    password,
    ip,
    fail('WRONG_CREDENTIALS', LOGIN_MESSAGES.wrongCredentials),
    now,
  );
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
    .set({ passwordHash, passwordIsTemporary: false, temporaryPasswordExpiresAt: null, updatedAt: now })
    .where(eq(users.id, userId));
}
