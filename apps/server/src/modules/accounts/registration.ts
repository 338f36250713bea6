import { randomBytes } from 'node:crypto';
import { and, desc, isNull, sql } from 'drizzle-orm';
import { type Database, type Executor, oneTimeCodes, users } from '@marketplace/db';
import { hashPassword } from '@marketplace/db/password';
import { maskContact } from '@marketplace/domain/accounts/codes';
import {
  REGISTRATION_CODE_LENGTH,
  REGISTRATION_MESSAGES as M,
  type RegistrationCodesInput,
  type RegistrationInput,
} from '@marketplace/domain/accounts/registration';
import { enqueueMessages } from '../messages/index.ts';
import { allowCodeSend, checkRow, type CodeRow, consumeCode, issueCode } from './codes.ts';
import { commonPasswordFailure } from './results.ts';
import { isCommonPassword } from './common-passwords.ts';
import { accountExistsMessages, codeMessages, welcomeMessage } from './message-templates.ts';
import { type Failure, fail } from './results.ts';
import { takenContacts } from './users.ts';
import { recordConsent } from '../privacy/index.ts';

/** How long a started registration can still be finished (its codes live 10 minutes; resend renews them). */
export const PENDING_REGISTRATION_MS = 60 * 60_000;

type Pending = Omit<RegistrationInput, 'password' | 'confirmPassword' | 'consents' | 'noticeLanguage'> & {
  // absent in a registration started before the privacy notice (requirements#privacy-consent)
  consents?: RegistrationInput['consents'];
  noticeLanguage?: RegistrationInput['noticeLanguage'];
  registrationId: string;
  passwordHash: string;
  startedAt: string;
};

function readPending(payload: unknown): Pending | null {
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Partial<Pending>;
  return typeof p.registrationId === 'string' && typeof p.email === 'string' && typeof p.mobile === 'string'
    ? (p as Pending)
    : null;
}

function takenFailure(taken: { email: boolean; mobile: boolean }): Failure | null {
  if (!taken.email && !taken.mobile) return null;
  const fields: Record<string, string> = {};
  if (taken.email) fields.email = M.emailTaken;
  if (taken.mobile) fields.mobile = M.mobileTaken;
  return fail('TAKEN', taken.email ? M.emailTaken : M.mobileTaken, undefined, fields);
}

/**
 * Both codes are made and kept either way, so a registration looks the same from outside whether
 * or not its contacts already have an account (requirements#registration-existing). A contact
 * that has one is told so instead of getting its code: that registration can never be finished.
 */
async function sendCodes(db: Database, pending: Pending, now: Date) {
  await db.transaction(async (tx) => {
    const taken = await takenContacts(tx, pending.email, pending.mobile);
    const email = await issueCode(tx, {
      purpose: 'registration_email',
      target: pending.email,
      length: REGISTRATION_CODE_LENGTH,
      payload: pending,
      now,
    });
    const mobile = await issueCode(tx, {
      purpose: 'registration_mobile',
      target: pending.mobile,
      length: REGISTRATION_CODE_LENGTH,
      payload: pending,
      now,
    });
    await enqueueMessages(tx, [
      ...(taken.email
        ? accountExistsMessages({ email: pending.email })
        : codeMessages('registration-code', email.code, { email: pending.email })),
      ...(taken.mobile
        ? accountExistsMessages({ mobile: pending.mobile })
        : codeMessages('registration-code', mobile.code, { mobile: pending.mobile })),
    ]);
  });
}

/** requirements#registration, CheckRegister.php: checks the details, keeps them pending (password hashed) and sends both codes. */
export async function startRegistration(
  db: Database,
  input: RegistrationInput,
  ip: string,
  now = new Date(),
) {
  if (isCommonPassword(input.password)) return commonPasswordFailure('password');
  // requirements#registration-existing: nothing here depends on whether the email or the mobile
  // has an account; the codes' own limits (per contact and per address) apply to every start
  const limited = await allowCodeSend(db, [input.email, input.mobile], ip, now);
  if (limited) return limited;
  const pending: Pending = {
    registrationId: randomBytes(18).toString('base64url'),
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    mobile: input.mobile,
    gender: input.gender,
    consents: input.consents,
    noticeLanguage: input.noticeLanguage,
    passwordHash: await hashPassword(input.password),
    startedAt: now.toISOString(),
  };
  await sendCodes(db, pending, now);
  return { ok: true as const, registrationId: pending.registrationId };
}

/** The live email and mobile code rows of a pending registration, if it can still be finished. */
async function findPending(db: Executor, id: string, now: Date) {
  const rows = await db
    .select()
    .from(oneTimeCodes)
    .where(and(sql`${oneTimeCodes.payload}->>'registrationId' = ${id}`, isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(4);
  const emailRow = rows.find((row) => row.purpose === 'registration_email');
  const mobileRow = rows.find((row) => row.purpose === 'registration_mobile');
  const pending = readPending(emailRow?.payload);
  if (!emailRow || !mobileRow || !pending) return null;
  if (now.getTime() - new Date(pending.startedAt).getTime() > PENDING_REGISTRATION_MS) return null;
  return { pending, emailRow, mobileRow };
}

/** What /verifyotp shows: where the codes went (masked) and until when they work. */
export async function describeRegistration(db: Database, id: string, now = new Date()) {
  const found = await findPending(db, id, now);
  if (!found) return fail('EXPIRED', M.expired);
  return {
    ok: true as const,
    email: maskContact(found.pending.email),
    mobile: maskContact(found.pending.mobile),
    expiresAt: found.emailRow.expiresAt.toISOString(),
  };
}

/** requirements#registration: a resend sends new codes to the email and the mobile (the old ones stop working). */
export async function resendRegistrationCodes(db: Database, id: string, ip: string, now = new Date()) {
  const found = await findPending(db, id, now);
  if (!found) return fail('EXPIRED', M.expired);
  const limited = await allowCodeSend(db, [found.pending.email, found.pending.mobile], ip, now);
  if (limited) return limited;
  await sendCodes(db, found.pending, now);
  return { ok: true as const };
}

/** requirements#registration, ConfirmRegister.php: the account exists only once both codes are right. */
export async function completeRegistration(
  db: Database,
  id: string,
  codes: RegistrationCodesInput,
  now = new Date(),
): Promise<{ ok: true; userId: number } | Failure> {
  return db.transaction(async (tx) => {
    const found = await findPending(tx, id, now);
    if (!found) return fail('EXPIRED', M.expired);
    const checks: [string, CodeRow, string][] = [
      ['emailCode', found.emailRow, codes.emailCode],
      ['mobileCode', found.mobileRow, codes.mobileCode],
    ];
    const fields: Record<string, string> = {};
    let first: Failure | null = null;
    for (const [field, row, code] of checks) {
      const result = await checkRow(tx, row, code, now, { consume: false });
      if (!result.ok) {
        fields[field] = result.message;
        first ??= result;
      }
    }
    if (first) return { ...first, fields };
    const { pending } = found;
    const taken = takenFailure(await takenContacts(tx, pending.email, pending.mobile));
    if (taken) return taken;
    await consumeCode(tx, found.emailRow.id, now);
    await consumeCode(tx, found.mobileRow.id, now);
    const [user] = await tx
      .insert(users)
      .values({
        email: pending.email,
        mobile: pending.mobile,
        passwordHash: pending.passwordHash,
        firstName: pending.firstName,
        lastName: pending.lastName,
        gender: pending.gender,
        emailVerifiedAt: now,
        mobileVerifiedAt: now,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('the account was not created');
    // requirements#privacy-consent: each choice made beside the notice, with its version
    const consents = pending.consents ?? { marketing: false, personalisation: false };
    for (const purpose of ['marketing', 'personalisation'] as const)
      await recordConsent(
        tx,
        user.id,
        { purpose, isGranted: consents[purpose], language: pending.noticeLanguage ?? 'en' },
        now,
      );
    await enqueueMessages(tx, [welcomeMessage(pending.email, pending.firstName)]);
    return { ok: true as const, userId: user.id };
  });
}
