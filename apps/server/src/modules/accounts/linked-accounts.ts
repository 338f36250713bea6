import { and, asc, eq } from 'drizzle-orm';
import { type Database, type Executor, linkedAccounts, users } from '@marketplace/db';
import { CODE_LENGTHS, CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
import { LINKED_ACCOUNT_MESSAGES as M } from '@marketplace/domain/accounts/linked-accounts';
import { enqueueMessages } from '../messages/index.ts';
import { allowCodeSend, issueCode, useCode } from './codes.ts';
import { codeMessages } from './message-templates.ts';
import { checkPassword } from './password-login.ts';
import { type Failure, fail } from './results.ts';
import { findUserByContact } from './users.ts';

/** requirements#linked-accounts, swaccount.php (GET): the accounts a shopper may switch to, with first name, email and mobile. */
export function listLinkedAccounts(db: Executor, userId: number) {
  return db
    .select({ id: linkedAccounts.id, firstName: users.firstName, email: users.email, mobile: users.mobile })
    .from(linkedAccounts)
    .innerJoin(users, eq(users.id, linkedAccounts.linkedUserId))
    .where(eq(linkedAccounts.userId, userId))
    .orderBy(asc(linkedAccounts.id));
}

/**
 * Links two accounts both ways: whoever is logged in to one and proved the other owns both, so
 * either may switch to the other.
 */
async function link(db: Executor, userId: number, otherId: number): Promise<{ ok: true } | Failure> {
  if (userId === otherId) return fail('SELF', M.self);
  const inserted = await db
    .insert(linkedAccounts)
    .values([
      { userId, linkedUserId: otherId },
      { userId: otherId, linkedUserId: userId },
    ])
    .onConflictDoNothing()
    .returning({ userId: linkedAccounts.userId });
  if (!inserted.some((row) => row.userId === userId)) return fail('ALREADY_LINKED', M.alreadyLinked);
  return { ok: true };
}

/** requirements#linked-accounts, swaccount.php action=check: link by the other account's password (limited like login). */
export async function linkByPassword(
  db: Database,
  userId: number,
  contact: string,
  password: string,
  ip: string,
) {
  const proved = await checkPassword(
    db,
    contact,
    password,
    ip,
    fail('WRONG_LINK_CREDENTIALS', M.wrongCredentials),
  );
  if (!proved.ok) return proved;
  return link(db, userId, proved.userId);
}

/** A code to the account being added; the same answer whether or not it exists. */
export async function sendLinkCode(
  db: Database,
  userId: number,
  contact: string,
  ip: string,
  now = new Date(),
) {
  const limited = await allowCodeSend(db, [contact], ip, now);
  if (limited) return limited;
  const other = await findUserByContact(db, contact);
  await db.transaction(async (tx) => {
    const { code } = await issueCode(tx, {
      purpose: 'link_account',
      target: contact,
      length: CODE_LENGTHS.linkAccount,
      userId: other?.id ?? null,
      payload: { requestedBy: userId },
      now,
    });
    if (other && other.id !== userId)
      await enqueueMessages(
        tx,
        codeMessages(
          'link-account-code',
          code,
          contact.includes('@') ? { email: contact } : { mobile: contact },
        ),
      );
  });
  return { ok: true as const };
}

const requestedBy = (payload: unknown) =>
  payload && typeof payload === 'object' && 'requestedBy' in payload ? payload.requestedBy : null;

/** requirements#linked-accounts, swaccount.php action=otpcheck: the code sent to the other account links it. */
export async function linkByCode(
  db: Database,
  userId: number,
  contact: string,
  code: string,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const used = await useCode(tx, { purpose: 'link_account', target: contact, code, now });
    if (!used.ok) return used;
    // a code asked for by someone else links nothing for this shopper
    if (used.row.userId === null || requestedBy(used.row.payload) !== userId)
      return fail('WRONG_CODE', CODE_MESSAGES.invalid);
    return link(tx, userId, used.row.userId);
  });
}

/** The linked account behind one of the shopper's own link rows; another shopper's row is not found. */
async function findLink(db: Executor, userId: number, linkId: number) {
  const [row] = await db
    .select({ linkedUserId: users.id, email: users.email, mobile: users.mobile })
    .from(linkedAccounts)
    .innerJoin(users, eq(users.id, linkedAccounts.linkedUserId))
    .where(and(eq(linkedAccounts.id, linkId), eq(linkedAccounts.userId, userId)));
  return row ?? null;
}

/** requirements#linked-accounts, swaccountotp.php?action=sendotp: a code to the chosen linked account's email and mobile. */
export async function sendSwitchCode(
  db: Database,
  userId: number,
  linkId: number,
  ip: string,
  now = new Date(),
) {
  const target = await findLink(db, userId, linkId);
  if (!target) return fail('NOT_FOUND', M.notLinked);
  const limited = await allowCodeSend(db, [`switch:${target.linkedUserId}`], ip, now);
  if (limited) return limited;
  await db.transaction(async (tx) => {
    const { code } = await issueCode(tx, {
      purpose: 'switch_account',
      target: String(target.linkedUserId),
      length: CODE_LENGTHS.switchAccount,
      userId: target.linkedUserId,
      payload: { requestedBy: userId },
      now,
    });
    await enqueueMessages(tx, codeMessages('switch-account-code', code, target));
  });
  return { ok: true as const };
}

/** requirements#linked-accounts, swaccountotp.php with swotp: the right code switches the browser to the linked account. */
export async function switchAccount(
  db: Database,
  userId: number,
  linkId: number,
  code: string,
  now = new Date(),
): Promise<{ ok: true; userId: number } | Failure> {
  const target = await findLink(db, userId, linkId);
  if (!target) return fail('NOT_FOUND', M.notLinked);
  return db.transaction(async (tx) => {
    const used = await useCode(tx, {
      purpose: 'switch_account',
      target: String(target.linkedUserId),
      code,
      now,
    });
    if (!used.ok) return used;
    if (requestedBy(used.row.payload) !== userId) return fail('WRONG_CODE', CODE_MESSAGES.invalid);
    return { ok: true as const, userId: target.linkedUserId };
  });
}
