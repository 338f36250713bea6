import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type Database, oneTimeCodes } from '@marketplace/db';
import { hashPassword } from '@marketplace/db/password';
import { CODE_LENGTHS, CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
import type { PasswordResetInput } from '@marketplace/domain/accounts/login';
import { enqueueMessages } from '../messages/index.ts';
import { allowCodeSend, issueCode, useCode } from './codes.ts';
import { codeMessages, passwordChangedMessage } from './message-templates.ts';
import { clearLoginLimits, revokeAllSessions, setPasswordHash } from './password-login.ts';
import { isCommonPassword } from './common-passwords.ts';
import { commonPasswordFailure, type Failure, fail } from './results.ts';
import { findUserByContact } from './users.ts';
import { isPasswordAllowedFor, recordStaffPasswordChange } from '../staff/index.ts';
import { NEW_PASSWORD_MESSAGES } from '@marketplace/domain/accounts/registration';

// thrown inside the reset's transaction so the code stays unused when the password is refused
class RefusedPassword extends Error {}

/** requirements#password-reset, ForgotPassword.php: a reset code to the email, with the same answer for unknown emails. */
export async function requestPasswordReset(db: Database, email: string, ip: string, now = new Date()) {
  const limited = await allowCodeSend(db, [email], ip, now);
  if (limited) return limited;
  const user = await findUserByContact(db, email);
  await db.transaction(async (tx) => {
    const { code } = await issueCode(tx, {
      purpose: 'password_reset',
      target: email,
      length: CODE_LENGTHS.passwordReset,
      userId: user?.id ?? null,
      now,
    });
    if (user) await enqueueMessages(tx, codeMessages('password-reset-code', code, { email: user.email }));
  });
  return { ok: true as const };
}

/**
 * requirements#password-reset, UpdateForgotPassword.php: the right code sets the new password; every session of the
 * account ends (requirements#password-reset), and the owner is told by email.
 */
export async function resetPassword(
  db: Database,
  input: PasswordResetInput,
  now = new Date(),
): Promise<{ ok: true } | Failure> {
  if (isCommonPassword(input.newPassword)) return commonPasswordFailure('newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  return db
    .transaction(async (tx) => {
      const result = await useCode(tx, {
        purpose: 'password_reset',
        target: input.email,
        code: input.code,
        now,
      });
      if (!result.ok) return result;
      const userId = result.row.userId;
      if (userId === null) return fail('WRONG_CODE', CODE_MESSAGES.invalid);
      // requirements#staff-credentials: a console account's password is at least 12 characters
      if (!(await isPasswordAllowedFor(tx, userId, input.newPassword))) throw new RefusedPassword();
      await setPasswordHash(tx, userId, passwordHash, now);
      await recordStaffPasswordChange(tx, userId, 'reset with an emailed code', now);
      await revokeAllSessions(tx, userId, now);
      await tx
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            inArray(oneTimeCodes.purpose, ['password_reset', 'login']),
            isNull(oneTimeCodes.consumedAt),
          ),
        );
      await clearLoginLimits(tx, userId);
      await enqueueMessages(tx, [passwordChangedMessage(input.email)]);
      return { ok: true as const };
    })
    .catch((error: unknown) => {
      if (!(error instanceof RefusedPassword)) throw error;
      return fail('WEAK_PASSWORD', NEW_PASSWORD_MESSAGES.staffTooShort, undefined, {
        newPassword: NEW_PASSWORD_MESSAGES.staffTooShort,
      });
    });
}
