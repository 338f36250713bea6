import type { Database } from '@marketplace/db';
import { CODE_LENGTHS } from '@marketplace/domain/accounts/codes';
import { enqueueMessages } from '../messages/outbox.ts';
import { allowCodeSend, issueCode, useCode } from './codes.ts';
import { codeMessages } from './message-templates.ts';
import { type Failure, fail } from './results.ts';
import { CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
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
  return db.transaction(async (tx) => {
    const result = await useCode(tx, { purpose: 'login', target: contact, code, now });
    if (!result.ok) return result;
    if (result.row.userId === null) return fail('WRONG_CODE', CODE_MESSAGES.invalid);
    return { ok: true as const, userId: result.row.userId };
  });
}
