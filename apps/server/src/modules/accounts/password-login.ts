import { and, eq, isNull } from 'drizzle-orm';
import { type Database, type Executor, sessions, users } from '@marketplace/db';
import { hashPassword, verifyPassword } from '@marketplace/db/password';
import { LOGIN_MESSAGES } from '@marketplace/domain/accounts/login';
import { clearLimit, hitLimit, type Limit, peekLimit } from '../../http/rate-limit.ts';
import { type Failure, fail } from './results.ts';
import { findUserByContact } from './users.ts';

/** Wrong passwords allowed per account, and per client address, before a pause. */
export const LOGIN_LIMITS = {
  perAccount: { max: 5, windowMs: 15 * 60_000 },
  perIp: { max: 30, windowMs: 15 * 60_000 },
} as const;

export const loginLimits = (contact: string, ip: string): Limit[] => [
  { key: `login-account:${contact}`, ...LOGIN_LIMITS.perAccount },
  { key: `login-ip:${ip}`, ...LOGIN_LIMITS.perIp },
];

// Checked when there is no such account, so an unknown email takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password for an email or mobile, within the failure limits: the account's own counter
 * pauses guessing for 15 minutes (never forever), the address counter slows one client guessing
 * many accounts. Answers the same for an unknown account and a wrong password.
 */
export async function checkPassword(
  db: Executor,
  contact: string,
  password: string,
  ip: string,
  failure: Failure,
  now = new Date(),
): Promise<{ ok: true; userId: number } | Failure> {
  const limits = loginLimits(contact, ip);
  for (const limit of limits) {
    const state = await peekLimit(db, limit, now);
    if (!state.allowed) {
      const minutes = Math.ceil(state.retryAfterSeconds / 60);
      return fail('RATE_LIMITED', LOGIN_MESSAGES.tooManyAttempts(minutes), state.retryAfterSeconds);
    }
  }
  const user = await findUserByContact(db, contact);
  dummyHash ??= hashPassword('no account has this password');
  const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  if (!user || !matches) {
    for (const limit of limits) await hitLimit(db, limit, now);
    return failure;
  }
  await clearLimit(db, `login-account:${contact}`);
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
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}
