import { and, eq, isNull, ne } from 'drizzle-orm';
import { type Executor, sessions, users } from '@marketplace/db';
import { hashPassword, verifyPassword } from '@marketplace/db/password';
import type { PasswordChange } from '@marketplace/domain/accounts/profile';
import { isCommonPassword } from '../accounts/index.ts';
import { isPasswordAllowedFor, recordStaffPasswordChange } from '../staff/index.ts';

export type ChangePasswordResult =
  | { code: 'CHANGED'; revokedSessions: number }
  | { code: 'WRONG_PASSWORD' }
  | { code: 'COMMON_PASSWORD' }
  | { code: 'STAFF_TOO_SHORT' }
  | { code: 'NOT_FOUND' };

/**
 * Changes the shopper's password after checking the current one, and logs out every other session
 * of theirs (a stolen session dies with the old password); the session that changed it stays.
 */
export async function changePassword(
  db: Executor,
  args: { userId: number; keepSessionHash: string; change: PasswordChange },
  now = new Date(),
): Promise<ChangePasswordResult> {
  if (isCommonPassword(args.change.newPassword)) return { code: 'COMMON_PASSWORD' };
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, args.userId));
  if (!user) return { code: 'NOT_FOUND' };
  // requirements#staff-credentials: a console account's password is at least 12 characters
  if (!(await isPasswordAllowedFor(db, args.userId, args.change.newPassword)))
    return { code: 'STAFF_TOO_SHORT' };
  if (!(await verifyPassword(args.change.currentPassword, user.passwordHash)))
    return { code: 'WRONG_PASSWORD' };
  const passwordHash = await hashPassword(args.change.newPassword);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordIsTemporary: false, temporaryPasswordExpiresAt: null, updatedAt: now })
      .where(eq(users.id, args.userId));
    await recordStaffPasswordChange(tx, args.userId, 'changed', now);
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, args.userId),
          ne(sessions.tokenHash, args.keepSessionHash),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ tokenHash: sessions.tokenHash });
    return { code: 'CHANGED' as const, revokedSessions: revoked.length };
  });
}
