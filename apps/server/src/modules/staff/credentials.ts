import { and, eq, isNull } from 'drizzle-orm';
import { type Executor, staff, users } from '@marketplace/db';
import { isStaffPasswordLongEnough } from '@marketplace/domain/admin/console';
import { writeAudit } from './audit.ts';

// requirements#staff-credentials and requirements#staff-security-events: what the account and
// profile modules ask of a staff account when it signs in or changes its password (ADR-0061).

/** The active staff member behind an account, or null (a shopper's or seller's account). */
export async function staffAccountOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ staffId: staff.id, email: users.email })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .where(and(eq(staff.userId, userId), isNull(staff.disabledAt)));
  return row ?? null;
}

/** Whether `password` may be chosen for the account: a staff account's is at least 12 characters (PCI DSS 4.0 8.3.6). */
export async function isPasswordAllowedFor(db: Executor, userId: number, password: string) {
  if (isStaffPasswordLongEnough(password)) return true;
  return (await staffAccountOf(db, userId)) === null;
}

/** Why a staff account's sign-in failed, as the audit log says it. */
export type SignInFailure = 'wrong password' | 'paused' | 'temporary password expired';

/** Writes a failed sign-in of a staff account to the audit log (a shopper's is not written). */
export async function recordStaffSignInFailure(
  db: Executor,
  userId: number,
  reason: SignInFailure,
  now = new Date(),
) {
  const member = await staffAccountOf(db, userId);
  if (!member) return;
  await writeAudit(
    db,
    { staffId: member.staffId, email: member.email },
    {
      action: 'staff.sign-in-failed',
      targetType: 'staff',
      targetId: member.email.toLowerCase(),
      before: null,
      after: { reason },
    },
    now,
  );
}

/** Writes a staff account's password change to the audit log, in the change's transaction. */
export async function recordStaffPasswordChange(
  tx: Executor,
  userId: number,
  how: 'changed' | 'reset with an emailed code',
  now = new Date(),
) {
  const member = await staffAccountOf(tx, userId);
  if (!member) return;
  await writeAudit(
    tx,
    { staffId: member.staffId, email: member.email },
    {
      action: 'staff.password',
      targetType: 'staff',
      targetId: member.email.toLowerCase(),
      before: null,
      after: { how },
    },
    now,
  );
}
