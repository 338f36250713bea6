import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Database, type Executor, sessions, staff, staffVerifications, users } from '@marketplace/db';
import { hashPassword } from '@marketplace/db/password';
import {
  isStaffRole,
  STAFF_CREDENTIALS,
  STAFF_IDLE_MINUTES,
  type StaffRole,
} from '@marketplace/domain/admin/console';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { hitLimit, holdLimit, refundHit } from '../../http/rate-limit.ts';
import { currentOrigin } from '../../http/request-origin.ts';
import { type AuditActor, writeAudit } from './audit.ts';
import type { SecretBox } from '../../secret-box.ts';
import { acceptedStep, newTotpSecret } from './totp.ts';

/**
 * ADR-0016's approach for the second factor (ADR-0061): wrong codes are counted per login session
 * and address, so another session's wrong codes cannot pause the real staff member's; the pause
 * lasts STAFF_CREDENTIALS.pauseMinutes from the failure that started it. A daily ceiling per staff
 * member, from every session, bounds what a guesser holding the password can try.
 */
export const CODE_LIMIT = {
  max: STAFF_CREDENTIALS.wrongCodesBeforePause,
  windowMs: STAFF_CREDENTIALS.pauseMinutes * 60_000,
} as const;
export const CODE_DAILY_LIMIT = { max: STAFF_CREDENTIALS.wrongCodesPerDay, windowMs: 86_400_000 } as const;
export const codeLimitKeys = (staffId: number, tokenHash: string, ip: string) => ({
  session: `staff-code:${staffId}|${tokenHash}|${ip}`,
  day: `staff-code-day:${staffId}`,
});

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

/** The active staff member of an account, or null. */
export async function findStaffMember(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: staff.id,
      userId: staff.userId,
      role: staff.role,
      email: users.email,
      name: users.firstName,
      enrolledAt: staff.enrolledAt,
      passwordIsTemporary: users.passwordIsTemporary,
    })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .where(and(eq(staff.userId, userId), isNull(staff.disabledAt)));
  // the column's check constraint allows only the domain's roles; this says so to the type
  if (!row || !isStaffRole(row.role)) return null;
  return { ...row, role: row.role };
}
export type StaffMember = NonNullable<Awaited<ReturnType<typeof findStaffMember>>>;

/** An active staff member's authenticator secrets, opened: read only where a code is checked. */
async function secretsOf(db: Executor, staffId: number, box: SecretBox) {
  const [row] = await db
    .select({
      totpSecret: staff.totpSecret,
      pendingTotpSecret: staff.pendingTotpSecret,
      totpLastStep: staff.totpLastStep,
      enrolledAt: staff.enrolledAt,
    })
    .from(staff)
    .where(and(eq(staff.id, staffId), isNull(staff.disabledAt)));
  if (!row) return null;
  return {
    ...row,
    totpSecret: row.totpSecret === null ? null : box.open(row.totpSecret),
    pendingTotpSecret: row.pendingTotpSecret === null ? null : box.open(row.pendingTotpSecret),
    // written before the key was set: sealed at the next right code
    isSealed: row.totpSecret === null || box.isSealed(row.totpSecret),
  };
}
/** The staff member a code is checked for: its id and email (the audit log names it). */
export type CodeOwner = { id: number; email: string };

/**
 * Whether this login session entered a right code, was used within the last STAFF_IDLE_MINUTES and
 * entered it within STAFF_CREDENTIALS.absoluteHours (requirements#staff-credentials); its use is noted.
 */
export async function isSessionVerified(db: Executor, staffId: number, tokenHash: string, now: Date) {
  const idleSince = new Date(now.getTime() - STAFF_IDLE_MINUTES * 60_000);
  const verifiedSince = new Date(now.getTime() - STAFF_CREDENTIALS.absoluteHours * 3_600_000);
  const touched = await db
    .update(staffVerifications)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(staffVerifications.sessionTokenHash, tokenHash),
        eq(staffVerifications.staffId, staffId),
        gt(staffVerifications.lastSeenAt, idleSince),
        gt(staffVerifications.verifiedAt, verifiedSince),
      ),
    )
    .returning({ staffId: staffVerifications.staffId });
  return touched.length > 0;
}

export type AddStaffResult =
  | { code: 'ADDED'; temporaryPassword: string | null }
  | { code: 'ROLE_CHANGED'; from: string }
  | { code: 'UNCHANGED' };

/**
 * requirements#operator-console: makes an account staff with a role, or changes a staff member's
 * role. An email without an account gets one, with a temporary password shown once. A staff
 * member added again after removal sets up a new authenticator app.
 */
export async function addStaff(
  db: Database,
  email: string,
  role: StaffRole,
  actor: AuditActor,
  now = new Date(),
): Promise<AddStaffResult> {
  const address = email.trim().toLowerCase();
  let temporaryPassword: string | null = null;
  const passwordHash = await (async () => {
    const [known] = await db.select({ id: users.id }).from(users).where(byEmail(address));
    if (known) return null;
    temporaryPassword = randomBytes(12).toString('base64url');
    return hashPassword(temporaryPassword);
  })();
  return db.transaction(async (tx) => {
    let [user] = await tx.select({ id: users.id }).from(users).where(byEmail(address));
    if (!user) {
      if (passwordHash === null) throw new Error('the account went away while it was being made staff');
      const local = address.split('@')[0] ?? 'Staff';
      [user] = await tx
        .insert(users)
        .values({
          email: address,
          passwordHash,
          passwordIsTemporary: true,
          // requirements#staff-credentials: it opens the account for a day, to choose a new one
          temporaryPasswordExpiresAt: new Date(
            now.getTime() + STAFF_CREDENTIALS.temporaryPasswordHours * 3_600_000,
          ),
          firstName: local.slice(0, 40),
          lastName: 'Staff',
        })
        .returning({ id: users.id });
      if (!user) throw new Error('the account was not created');
    } else temporaryPassword = null;
    const [existing] = await tx.select().from(staff).where(eq(staff.userId, user.id));
    if (existing && existing.disabledAt === null) {
      if (existing.role === role) return { code: 'UNCHANGED' } as const;
      await tx.update(staff).set({ role, updatedAt: now }).where(eq(staff.id, existing.id));
      await writeAudit(
        tx,
        actor,
        {
          action: 'staff.role',
          targetType: 'staff',
          targetId: address,
          before: { role: existing.role },
          after: { role },
        },
        now,
      );
      return { code: 'ROLE_CHANGED', from: existing.role } as const;
    }
    if (existing) {
      await tx.update(staff).set({ role, disabledAt: null, updatedAt: now }).where(eq(staff.id, existing.id));
    } else {
      await tx.insert(staff).values({ userId: user.id, role, createdAt: now, updatedAt: now });
    }
    await writeAudit(
      tx,
      actor,
      {
        action: 'staff.add',
        targetType: 'staff',
        targetId: address,
        before: existing ? { role: existing.role, removed: true } : null,
        after: { role },
      },
      now,
    );
    return { code: 'ADDED', temporaryPassword } as const;
  });
}

/** Takes the console away from a staff member: its sessions' verifications and its authenticator secret go too. */
export async function removeStaff(
  db: Database,
  email: string,
  actor: AuditActor,
  now = new Date(),
): Promise<{ code: 'REMOVED' } | { code: 'NOT_STAFF' }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: staff.id, role: staff.role })
      .from(staff)
      .innerJoin(users, eq(users.id, staff.userId))
      .where(and(byEmail(email), isNull(staff.disabledAt)));
    if (!row) return { code: 'NOT_STAFF' } as const;
    await disableStaffMember(tx, row.id, now);
    await writeAudit(
      tx,
      actor,
      {
        action: 'staff.remove',
        targetType: 'staff',
        targetId: email.trim().toLowerCase(),
        before: { role: row.role },
        after: null,
      },
      now,
    );
    return { code: 'REMOVED' } as const;
  });
}

/** Every active staff member, by email. */
export function listStaff(db: Executor) {
  return db
    .select({ email: users.email, role: staff.role, enrolledAt: staff.enrolledAt, addedAt: staff.createdAt })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .where(isNull(staff.disabledAt))
    .orderBy(asc(sql`lower(${users.email})`));
}

/** The secret to set up, kept until its first right code (the same one on every visit until then). */
export async function enrolmentSecret(
  db: Executor,
  member: CodeOwner,
  box: SecretBox,
): Promise<{ code: 'OK'; secret: string } | { code: 'ALREADY_ENROLLED' }> {
  const secrets = await secretsOf(db, member.id, box);
  if (!secrets || secrets.enrolledAt) return { code: 'ALREADY_ENROLLED' };
  if (secrets.pendingTotpSecret) return { code: 'OK', secret: secrets.pendingTotpSecret };
  const secret = newTotpSecret();
  // two tabs opening the page at once keep the first secret
  const [row] = await db
    .update(staff)
    .set({ pendingTotpSecret: sql`coalesce(${staff.pendingTotpSecret}, ${box.seal(secret)})` })
    .where(eq(staff.id, member.id))
    .returning({ secret: staff.pendingTotpSecret });
  return { code: 'OK', secret: row?.secret ? box.open(row.secret) : secret };
}

export type CodeResult =
  | { code: 'OK' }
  | { code: 'WRONG_CODE'; message: string }
  | { code: 'RATE_LIMITED'; message: string; retryAfterSeconds: number }
  | { code: 'ALREADY_ENROLLED' | 'NOT_ENROLLED'; message: string };

/**
 * Checks a code within the wrong-code limits: each attempt is counted before it is checked, in one
 * statement per counter, so attempts sent at once cannot slip past; a right code takes its counts
 * back. A wrong code and the pause it starts are written to the audit log with the address
 * (requirements#staff-security-events). The code itself is never stored or logged.
 */
async function checkCode(
  db: Executor,
  member: CodeOwner,
  tokenHash: string,
  secret: string,
  lastStep: number | null,
  code: string,
  now: Date,
): Promise<{ ok: true; step: number } | CodeResult> {
  const ip = currentOrigin()?.ip ?? 'unknown';
  const keys = codeLimitKeys(member.id, tokenHash, ip);
  const actor = { staffId: member.id, email: member.email };
  const target = { targetType: 'staff', targetId: member.email.toLowerCase(), before: null };
  const refused = (retryAfterSeconds: number) =>
    ({
      code: 'RATE_LIMITED',
      message: STAFF_MESSAGES.tooManyCodes(Math.ceil(retryAfterSeconds / 60)),
      retryAfterSeconds,
    }) as const;
  const session = await hitLimit(db, { key: keys.session, ...CODE_LIMIT }, now);
  if (!session.allowed) return refused(session.retryAfterSeconds);
  const day = await hitLimit(db, { key: keys.day, ...CODE_DAILY_LIMIT }, now);
  if (!day.allowed) {
    await refundHit(db, keys.session);
    return refused(day.retryAfterSeconds);
  }
  const step = acceptedStep(secret, code, now, lastStep);
  if (step === null) {
    await writeAudit(
      db,
      actor,
      { action: 'staff.code-failed', ...target, after: { attempt: session.hits } },
      now,
    );
    if (session.hits >= CODE_LIMIT.max) {
      // the pause runs its whole length from this failure, however the failures were spread
      const until = new Date(now.getTime() + CODE_LIMIT.windowMs);
      await holdLimit(db, keys.session, until);
      await writeAudit(
        db,
        actor,
        {
          action: 'staff.code-paused',
          ...target,
          after: { until: until.toISOString(), scope: 'session and address' },
        },
        now,
      );
    } else if (day.hits >= CODE_DAILY_LIMIT.max) {
      await writeAudit(
        db,
        actor,
        { action: 'staff.code-paused', ...target, after: { scope: 'every session for a day' } },
        now,
      );
    }
    return { code: 'WRONG_CODE', message: STAFF_MESSAGES.wrongCode };
  }
  await refundHit(db, keys.session);
  await refundHit(db, keys.day);
  return { ok: true, step };
}

async function markVerified(tx: Executor, member: CodeOwner, tokenHash: string, now: Date) {
  await tx
    .insert(staffVerifications)
    .values({ sessionTokenHash: tokenHash, staffId: member.id, verifiedAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: staffVerifications.sessionTokenHash,
      set: { staffId: member.id, verifiedAt: now, lastSeenAt: now },
    });
}

/** The first right code from the new authenticator app sets it up and verifies this session. */
export async function enrol(
  db: Database,
  member: CodeOwner,
  tokenHash: string,
  code: string,
  box: SecretBox,
  now = new Date(),
): Promise<CodeResult> {
  const secrets = await secretsOf(db, member.id, box);
  if (!secrets || secrets.enrolledAt)
    return { code: 'ALREADY_ENROLLED', message: STAFF_MESSAGES.alreadyEnrolled };
  const secret = secrets.pendingTotpSecret;
  if (!secret) return { code: 'NOT_ENROLLED', message: STAFF_MESSAGES.needsEnrolment };
  const checked = await checkCode(db, member, tokenHash, secret, null, code, now);
  if (!('ok' in checked)) return checked;
  return db.transaction(async (tx) => {
    const set = await tx
      .update(staff)
      .set({
        totpSecret: box.seal(secret),
        pendingTotpSecret: null,
        enrolledAt: now,
        totpLastStep: checked.step,
        updatedAt: now,
      })
      .where(and(eq(staff.id, member.id), isNull(staff.enrolledAt)))
      .returning({ id: staff.id });
    if (set.length === 0)
      return { code: 'ALREADY_ENROLLED', message: STAFF_MESSAGES.alreadyEnrolled } as const;
    await markVerified(tx, member, tokenHash, now);
    await writeAudit(
      tx,
      { staffId: member.id, email: member.email },
      {
        action: 'staff.enrol',
        targetType: 'staff',
        targetId: member.email.toLowerCase(),
        before: { enrolled: false },
        after: { enrolled: true },
      },
      now,
    );
    return { code: 'OK' } as const;
  });
}

/** A right code verifies this login session for the console (until STAFF_IDLE_MINUTES unused). */
export async function verify(
  db: Database,
  member: CodeOwner,
  tokenHash: string,
  code: string,
  box: SecretBox,
  now = new Date(),
): Promise<CodeResult> {
  const secrets = await secretsOf(db, member.id, box);
  const secret = secrets?.totpSecret;
  if (!secrets || !secret) return { code: 'NOT_ENROLLED', message: STAFF_MESSAGES.needsEnrolment };
  const checked = await checkCode(db, member, tokenHash, secret, secrets.totpLastStep, code, now);
  if (!('ok' in checked)) return checked;
  return db.transaction(async (tx) => {
    // the step is moved on only forwards: a code sent twice at once is accepted once
    const moved = await tx
      .update(staff)
      .set({
        totpLastStep: checked.step,
        ...(box.hasKey && !secrets.isSealed ? { totpSecret: box.seal(secret) } : {}),
      })
      .where(
        and(
          eq(staff.id, member.id),
          sql`(${staff.totpLastStep} IS NULL OR ${staff.totpLastStep} < ${checked.step})`,
        ),
      )
      .returning({ id: staff.id });
    if (moved.length === 0) return { code: 'WRONG_CODE', message: STAFF_MESSAGES.wrongCode } as const;
    await markVerified(tx, member, tokenHash, now);
    await writeAudit(
      tx,
      { staffId: member.id, email: member.email },
      {
        action: 'staff.sign-in',
        targetType: 'staff',
        targetId: member.email.toLowerCase(),
        before: null,
        after: { factor: 'authenticator code' },
      },
      now,
    );
    return { code: 'OK' } as const;
  });
}

/** A staff member removed: the console closes to them, their second factor and console sessions are gone. */
export async function disableStaffMember(tx: Executor, id: number, now: Date) {
  await tx
    .update(staff)
    .set({
      disabledAt: now,
      totpSecret: null,
      pendingTotpSecret: null,
      totpLastStep: null,
      enrolledAt: null,
      updatedAt: now,
    })
    .where(eq(staff.id, id));
  await tx.delete(staffVerifications).where(eq(staffVerifications.staffId, id));
  // requirements#staff-credentials: a removed member's login sessions end at once, not at their expiry
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        isNull(sessions.revokedAt),
        sql`${sessions.userId} = (SELECT ${staff.userId} FROM ${staff} WHERE ${staff.id} = ${id})`,
      ),
    );
}
