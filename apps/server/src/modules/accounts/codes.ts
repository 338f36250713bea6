import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { ONE_TIME_CODE_PURPOSES } from '@marketplace/db';
import { type Executor, oneTimeCodes } from '@marketplace/db';
import { CODE_MESSAGES, CODE_RULES } from '@marketplace/domain/accounts/codes';
import { hitLimit, type Limit } from '../../http/rate-limit.ts';
import { type Failure, fail } from './results.ts';

export type CodePurpose = (typeof ONE_TIME_CODE_PURPOSES)[number];

/** A random code of `length` digits (leading zeros kept). */
export function generateCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

// Codes are stored as salted SHA-256: a leaked table or backup shows no live code. A slow hash
// buys little for a 10-minute code that dies after 5 wrong tries.
export function hashCode(code: string, salt = randomBytes(12).toString('base64url')): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('base64url')}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = Buffer.from(hashCode(code, salt).split('$')[1] ?? '', 'base64url');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export const codeExpiry = (now: Date) => new Date(now.getTime() + CODE_RULES.ttlMinutes * 60_000);

/**
 * Stores a new code for a purpose and destination; earlier live codes for the same pair stop
 * working, so only the latest code sent counts.
 */
export async function issueCode(
  tx: Executor,
  input: {
    purpose: CodePurpose;
    target: string;
    length: number;
    userId?: number | null;
    payload?: Record<string, unknown> | null;
    now?: Date;
  },
): Promise<{ id: number; code: string }> {
  const now = input.now ?? new Date();
  await tx
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeCodes.purpose, input.purpose),
        eq(oneTimeCodes.target, input.target),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
  const code = generateCode(input.length);
  const [row] = await tx
    .insert(oneTimeCodes)
    .values({
      purpose: input.purpose,
      target: input.target,
      codeHash: hashCode(code),
      userId: input.userId ?? null,
      payload: input.payload ?? null,
      expiresAt: codeExpiry(now),
      createdAt: now,
    })
    .returning({ id: oneTimeCodes.id });
  if (!row) throw new Error('the code was not stored');
  return { id: row.id, code };
}

export type CodeRow = typeof oneTimeCodes.$inferSelect;

/**
 * Checks a code typed for a purpose and destination against the latest live code. A wrong code
 * counts an attempt (committed even though the caller fails); the fifth wrong one kills the code.
 */
export async function useCode(
  tx: Executor,
  input: { purpose: CodePurpose; target: string; code: string; now?: Date },
): Promise<{ ok: true; row: CodeRow } | Failure> {
  const now = input.now ?? new Date();
  const [row] = await tx
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, input.purpose),
        eq(oneTimeCodes.target, input.target),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1)
    .for('update');
  return checkRow(tx, row, input.code, now);
}

/** The same check for a code row found another way (a pending registration's rows). */
export async function checkRow(
  tx: Executor,
  row: CodeRow | undefined,
  code: string,
  now = new Date(),
  { consume = true } = {},
): Promise<{ ok: true; row: CodeRow } | Failure> {
  if (!row || row.consumedAt !== null || row.expiresAt <= now)
    return fail('WRONG_CODE', CODE_MESSAGES.invalid);
  if (row.attempts >= CODE_RULES.maxAttempts) return fail('CODE_LOCKED', CODE_MESSAGES.tooManyAttempts);
  if (!codeMatches(code, row.codeHash)) {
    const attempts = row.attempts + 1;
    await tx.update(oneTimeCodes).set({ attempts }).where(eq(oneTimeCodes.id, row.id));
    return attempts >= CODE_RULES.maxAttempts
      ? fail('CODE_LOCKED', CODE_MESSAGES.tooManyAttempts)
      : fail('WRONG_CODE', CODE_MESSAGES.invalid);
  }
  if (consume) await consumeCode(tx, row.id, now);
  return { ok: true, row };
}

export async function consumeCode(tx: Executor, id: number, now = new Date()): Promise<void> {
  await tx.update(oneTimeCodes).set({ consumedAt: now }).where(eq(oneTimeCodes.id, id));
}

/** Codes sent from one address in an hour, whatever their destinations. */
export const CODE_SENDS_PER_IP_PER_HOUR = 30;

/**
 * requirements#one-time-codes: at most one code per 30 s and 5 per hour to a destination, and a cap per client
 * address. Counted whether or not the destination has an account, so the answer gives nothing away.
 */
export async function allowCodeSend(
  db: Executor,
  targets: string[],
  ip: string,
  now = new Date(),
): Promise<Failure | null> {
  for (const target of targets) {
    const recent = await hitLimit(db, limit(`code-30s:${target}`, 1, CODE_RULES.resendSeconds * 1000), now);
    if (!recent.allowed)
      return fail(
        'RATE_LIMITED',
        CODE_MESSAGES.waitBeforeResend(recent.retryAfterSeconds),
        recent.retryAfterSeconds,
      );
    const hourly = await hitLimit(db, limit(`code-hour:${target}`, CODE_RULES.sendsPerHour, 3_600_000), now);
    if (!hourly.allowed) return tooMany(hourly.retryAfterSeconds);
  }
  const perIp = await hitLimit(db, limit(`code-ip:${ip}`, CODE_SENDS_PER_IP_PER_HOUR, 3_600_000), now);
  return perIp.allowed ? null : tooMany(perIp.retryAfterSeconds);
}

const limit = (key: string, max: number, windowMs: number): Limit => ({ key, max, windowMs });
const tooMany = (seconds: number) =>
  fail('RATE_LIMITED', CODE_MESSAGES.tooManySends(Math.ceil(seconds / 60)), seconds);
