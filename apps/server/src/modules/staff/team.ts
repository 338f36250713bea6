import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, type Executor, staff, users } from '@marketplace/db';
import { hashPassword } from '@marketplace/db/password';
import {
  isStaffRole,
  ROLE_LABELS,
  STAFF_CREDENTIALS,
  type StaffRole,
} from '@marketplace/domain/admin/console';
import {
  STAFF_TEAM_MESSAGES,
  type StaffInviteInput,
  type StaffMemberView,
  teamChangeRefusal,
} from '@marketplace/domain/admin/staff-team-api';
import { type AuditActor, writeAudit } from './audit.ts';
import { disableStaffMember } from './staff.ts';

// requirements#operator-staff: owners manage the console's staff (ADR-0038).

const byEmail = (email: string) => sql`lower(${users.email}) = ${email}`;

const memberColumns = {
  id: staff.id,
  email: users.email,
  name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
  role: staff.role,
  enrolledAt: staff.enrolledAt,
  isInvited: users.passwordIsTemporary,
  addedAt: staff.createdAt,
};

type MemberRow = {
  id: number;
  email: string;
  name: string;
  role: string;
  enrolledAt: Date | null;
  isInvited: boolean;
  addedAt: Date;
};

function toView(row: MemberRow, viewerStaffId: number): StaffMemberView | null {
  if (!isStaffRole(row.role)) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    isEnrolled: row.enrolledAt !== null,
    isInvited: row.isInvited,
    addedAt: new Date(row.addedAt).toISOString(),
    isYou: row.id === viewerStaffId,
  };
}

/** The console's active staff, owners first, then by email. */
export async function listTeam(db: Executor, viewerStaffId: number): Promise<StaffMemberView[]> {
  const rows = await db
    .select(memberColumns)
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .where(isNull(staff.disabledAt))
    .orderBy(sql`${staff.role} <> 'owner'`, asc(sql`lower(${users.email})`));
  return rows.flatMap((row) => toView(row, viewerStaffId) ?? []);
}

async function memberById(db: Executor, id: number, viewerStaffId: number) {
  const [row] = await db
    .select(memberColumns)
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .where(and(eq(staff.id, id), isNull(staff.disabledAt)));
  return row ? toView(row, viewerStaffId) : null;
}

/** The email that tells the invited person how to join (a new account) or that the console is open to them. */
function invitation(
  email: string,
  role: StaffRole,
  isNewAccount: boolean,
  invitedBy: string,
  origin: string,
) {
  // whole addresses, so they can be opened from the inbox
  const reset = `${origin}/forgotpassword/${encodeURIComponent(email)}`;
  const console = `${origin}/admin`;
  const steps = isNewAccount
    ? [
        // requirements#staff-credentials: the reset page cannot know it is a console account
        `1. Choose your password (at least ${STAFF_CREDENTIALS.passwordMinLength} characters): open Bazaar's Forgot password page (${reset}), enter this email address and the code we send to it.`,
        '2. Log in with this email address and your new password.',
        `3. Open ${console} and set up an authenticator app (Google Authenticator, Microsoft Authenticator or similar).`,
      ]
    : [
        '1. Log in to Bazaar with this email address as you always do.',
        `2. Open ${console} and set up an authenticator app (Google Authenticator, Microsoft Authenticator or similar).`,
      ];
  return {
    channel: 'email' as const,
    recipient: email,
    subject: `You have been invited to Bazaar's console as ${ROLE_LABELS[role]}`,
    body: [
      `${invitedBy} has invited you to run Bazaar as ${ROLE_LABELS[role]} staff.`,
      '',
      ...steps,
      '',
      'If you did not expect this, you can ignore this email: nothing happens until you log in.',
    ].join('\n'),
    template: 'staff-invitation',
  };
}

/** The outbox's enqueue, passed in by the app: the messages module's env reads this module's key parser. */
export type EnqueueEmail = (tx: Executor, messages: ReturnType<typeof invitation>[]) => Promise<void>;

export type InviteResult =
  { code: 'INVITED'; member: StaffMemberView; isNewAccount: boolean } | { code: 'ALREADY_STAFF' };

/**
 * Invites a person by email with a role. An account gets the role at once (the authenticator app
 * is set up on its first console visit); an email without an account gets one whose password
 * nobody knows, and an email through the outbox saying how to choose it (ADR-0038). A removed
 * staff member invited again comes back with the new role and a new authenticator app.
 */
export async function inviteStaff(
  db: Database,
  actor: AuditActor & { staffId: number; email: string },
  input: StaffInviteInput,
  enqueue: EnqueueEmail,
  now = new Date(),
  /** the shop's origin the invitation's links start with (PUBLIC_URL, or the one the owner reached) */
  origin = '',
): Promise<InviteResult> {
  // hashed before the transaction (it is slow); used only when the account is new
  const unknownPassword = await hashPassword(randomBytes(24).toString('base64url'));
  return db.transaction(async (tx) => {
    let [user] = await tx.select({ id: users.id }).from(users).where(byEmail(input.email)).for('update');
    const isNewAccount = !user;
    if (!user) {
      const local = input.email.split('@')[0] ?? 'Staff';
      [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash: unknownPassword,
          passwordIsTemporary: true,
          // requirements#staff-credentials: it opens the account for a day, to choose a new one
          temporaryPasswordExpiresAt: new Date(
            now.getTime() + STAFF_CREDENTIALS.temporaryPasswordHours * 3_600_000,
          ),
          firstName: local.slice(0, 40),
          lastName: 'Staff',
          createdAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('the account was not created');
    }
    const [existing] = await tx.select().from(staff).where(eq(staff.userId, user.id));
    if (existing && existing.disabledAt === null) return { code: 'ALREADY_STAFF' } as const;
    let staffId: number;
    if (existing) {
      await tx
        .update(staff)
        .set({ role: input.role, disabledAt: null, updatedAt: now })
        .where(eq(staff.id, existing.id));
      staffId = existing.id;
    } else {
      const [created] = await tx
        .insert(staff)
        .values({ userId: user.id, role: input.role, createdAt: now, updatedAt: now })
        .returning({ id: staff.id });
      if (!created) throw new Error('the staff member was not created');
      staffId = created.id;
    }
    await writeAudit(
      tx,
      actor,
      {
        action: 'staff.add',
        targetType: 'staff',
        targetId: input.email,
        before: existing ? { role: existing.role, removed: true } : null,
        after: { role: input.role, invited: isNewAccount ? 'new account' : 'existing account' },
      },
      now,
    );
    await enqueue(tx, [invitation(input.email, input.role, isNewAccount, actor.email, origin)]);
    const member = await memberById(tx, staffId, actor.staffId);
    if (!member) throw new Error('the invited staff member was not found');
    return { code: 'INVITED', member, isNewAccount } as const;
  });
}

export type TeamChangeResult =
  | { code: 'CHANGED'; member: StaffMemberView }
  | { code: 'REMOVED' }
  | { code: 'NOT_FOUND' }
  | { code: 'REFUSED'; reason: 'lastOwner' | 'notYourself' | 'sameRole' };

/**
 * Locks the owners' rows (so two owners demoting each other at once cannot both pass the count),
 * then the target's, and says whether the change is allowed.
 */
async function lockedChange(tx: Executor, actorStaffId: number, id: number, next: StaffRole | 'removed') {
  const owners = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt)))
    .orderBy(asc(staff.id))
    .for('update');
  const [target] = await tx
    .select({ id: staff.id, role: staff.role, email: users.email })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .where(and(eq(staff.id, id), isNull(staff.disabledAt)))
    .for('update', { of: staff });
  if (!target || !isStaffRole(target.role)) return { code: 'NOT_FOUND' } as const;
  const refusal = teamChangeRefusal(
    { actorStaffId, targetStaffId: target.id, targetRole: target.role, ownerCount: owners.length },
    next,
  );
  if (refusal === 'lastOwner' || refusal === 'notYourself' || refusal === 'sameRole')
    return { code: 'REFUSED', reason: refusal } as const;
  return { code: 'ALLOWED', target: { ...target, role: target.role } } as const;
}

/** Sets a staff member's role; audited as staff.role with before and after. */
export function changeStaffRole(
  db: Database,
  actor: AuditActor & { staffId: number },
  id: number,
  role: StaffRole,
  now = new Date(),
): Promise<TeamChangeResult> {
  return db.transaction(async (tx): Promise<TeamChangeResult> => {
    const checked = await lockedChange(tx, actor.staffId, id, role);
    if (checked.code !== 'ALLOWED') return checked;
    await tx.update(staff).set({ role, updatedAt: now }).where(eq(staff.id, id));
    await writeAudit(
      tx,
      actor,
      {
        action: 'staff.role',
        targetType: 'staff',
        targetId: checked.target.email.toLowerCase(),
        before: { role: checked.target.role },
        after: { role },
      },
      now,
    );
    const member = await memberById(tx, id, actor.staffId);
    if (!member) throw new Error('the staff member was not found');
    return { code: 'CHANGED', member };
  });
}

/** Takes the console away: the verified sessions and the authenticator secret go too; audited as staff.remove. */
export function removeStaffMember(
  db: Database,
  actor: AuditActor & { staffId: number },
  id: number,
  now = new Date(),
): Promise<TeamChangeResult> {
  return db.transaction(async (tx): Promise<TeamChangeResult> => {
    const checked = await lockedChange(tx, actor.staffId, id, 'removed');
    if (checked.code !== 'ALLOWED') return checked;
    await disableStaffMember(tx, id, now);
    await writeAudit(
      tx,
      actor,
      {
        action: 'staff.remove',
        targetType: 'staff',
        targetId: checked.target.email.toLowerCase(),
        before: { role: checked.target.role },
        after: null,
      },
      now,
    );
    return { code: 'REMOVED' };
  });
}

export { STAFF_TEAM_MESSAGES };
