import type { Database } from '@marketplace/db';
import { CODE_LENGTHS, CODE_MESSAGES, CODE_RULES } from '@marketplace/domain/accounts/codes';
import { hitLimit, refundHit } from '../../http/rate-limit.ts';
import { enqueueMessages } from '../messages/index.ts';
import { allowCodeSend, issueCode, useCode } from './codes.ts';
import { codeMessages } from './message-templates.ts';
import { type Failure, fail } from './results.ts';
import { findUserByContact } from './users.ts';

const to = (contact: string) => (contact.includes('@') ? { email: contact } : { mobile: contact });

/**
 * requirements#code-login, checkotplogin.php: a 4-digit code to an email or mobile. A code row is stored even when no
 * account has that contact (nothing is sent), so the answer and what follows are the same.
 */
export async function sendLoginCode(db: Database, contact: string, ip: string, now = new Date()) {
  const limited = await allowCodeSend(db, [contact], ip, now);
  if (limited) return limited;
  const user = await findUserByContact(db, contact);
  await db.transaction(async (tx) => {
    const { code } = await issueCode(tx, {
      purpose: 'login',
      target: contact,
      length: CODE_LENGTHS.login,
      userId: user?.id ?? null,
      now,
    });
    if (user) await enqueueMessages(tx, codeMessages('login-code', code, to(contact)));
  });
  return { ok: true as const };
}

/** requirements#code-login, checkotpverify.php: the code logs in the account it was sent to. */
export async function loginWithCode(
  db: Database,
  contact: string,
  code: string,
  now = new Date(),
): Promise<{ ok: true; userId: number } | Failure> {
  // ADR-0016: every try is counted first against the account's daily cap (both its contacts share
  // it); a right code takes its count back, so the cap bounds wrong guesses across all codes
  const user = await findUserByContact(db, contact);
  const key = `login-code-wrong:${user ? `user:${user.id}` : contact}`;
  const daily = await hitLimit(db, { key, max: CODE_RULES.wrongLoginCodesPerDay, windowMs: 86_400_000 }, now);
  if (!daily.allowed) {
    const hours = Math.ceil(daily.retryAfterSeconds / 3600);
    return fail('RATE_LIMITED', CODE_MESSAGES.tooManyWrongToday(hours), daily.retryAfterSeconds);
  }
  const result = await db.transaction(async (tx) => {
    const used = await useCode(tx, { purpose: 'login', target: contact, code, now });
    if (!used.ok) return used;
    if (used.row.userId === null) return fail('WRONG_CODE', CODE_MESSAGES.invalid);
    return { ok: true as const, userId: used.row.userId };
  });
  if (result.ok) await refundHit(db, key);
  return result;
}
