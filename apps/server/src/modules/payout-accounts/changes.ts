import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  type Executor,
  oneTimeCodes,
  sellerBankChanges,
  sellerBankStatus,
  sellers,
  staff,
  users,
} from '@marketplace/db';
import { maskContact } from '@marketplace/domain/accounts/codes';
import {
  BANK_CHANGE_CODE_LENGTH,
  holdLiftsAt,
  namesMatch,
  PAYOUT_ACCOUNT_MESSAGES as M,
  type SellerBankConfirmInput,
  type StaffBankChangeInput,
} from '@marketplace/domain/settlement/payout-account';
import type { SellerBankInput } from '@marketplace/domain/sellers/seller-join';
import { allowCodeSend, checkRow, codeMessages, consumeCode, issueCode } from '../accounts/index.ts';
import { enqueueMessages } from '../messages/index.ts';
import type { AccountValidator, ValidationReport } from '../payments/index.ts';
import { writeAudit } from '../staff/index.ts';
import { bankChangedNotices } from './notices.ts';

const PURPOSE = 'seller_bank_change';
export type BankChangeRow = typeof sellerBankChanges.$inferSelect;

type Refusal = {
  code: 'SAME_ACCOUNT' | 'RATE_LIMITED' | 'NO_CHANGE' | 'WRONG_CODE' | 'CODE_LOCKED';
  message: string;
  retryAfterSeconds?: number;
};

async function sellerWithContacts(db: Executor, sellerId: number) {
  const [row] = await db
    .select({
      id: sellers.id,
      userId: sellers.userId,
      legalName: sellers.legalName,
      accountName: sellers.bankAccountName,
      accountNumber: sellers.bankAccountNumber,
      ifsc: sellers.bankIfsc,
      email: users.email,
      mobile: users.mobile,
      contactEmail: sellers.contactEmail,
      contactMobile: sellers.contactMobile,
    })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId));
  return row ?? null;
}

/**
 * requirements#payout-account, first step: a seller asks to change its payout account. Nothing
 * changes yet: the new account waits beside a 6-digit code to the login's email and another to its
 * mobile (a session alone can change the mobile on the profile, never the email, so the email code
 * is what a stolen session lacks).
 */
export async function requestSellerChange(
  db: Executor,
  input: { sellerId: number; userId: number; bank: SellerBankInput; ip: string; now: Date },
): Promise<{ code: 'CODES_SENT'; sentTo: string; needsMobileCode: boolean; expiresAt: Date } | Refusal> {
  const seller = await sellerWithContacts(db, input.sellerId);
  if (!seller) throw new Error('the guard found this seller');
  if (
    seller.accountNumber === input.bank.bankAccountNumber &&
    seller.ifsc === input.bank.bankIfsc &&
    seller.accountName === input.bank.bankAccountName
  )
    return { code: 'SAME_ACCOUNT', message: M.sameAccount };
  const targets = [seller.email, ...(seller.mobile ? [seller.mobile] : [])];
  const limited = await allowCodeSend(db, targets, input.ip, input.now);
  if (limited)
    return { code: 'RATE_LIMITED', message: limited.message, retryAfterSeconds: limited.retryAfterSeconds };
  const expiresAt = await db.transaction(async (tx) => {
    const [change] = await tx
      .insert(sellerBankChanges)
      .values({
        sellerId: seller.id,
        source: 'seller',
        status: 'awaiting_code',
        accountName: input.bank.bankAccountName,
        accountNumber: input.bank.bankAccountNumber,
        ifsc: input.bank.bankIfsc,
        proposedByUserId: input.userId,
        createdAt: input.now,
      })
      .returning({ id: sellerBankChanges.id });
    if (!change) throw new Error('the change was not stored');
    const payload = { changeId: change.id, sellerId: seller.id };
    const email = await issueCode(tx, {
      purpose: PURPOSE,
      target: seller.email,
      length: BANK_CHANGE_CODE_LENGTH,
      userId: input.userId,
      payload,
      now: input.now,
    });
    const messages = codeMessages('seller-bank-change-code', email.code, { email: seller.email });
    if (seller.mobile) {
      const mobile = await issueCode(tx, {
        purpose: PURPOSE,
        target: seller.mobile,
        length: BANK_CHANGE_CODE_LENGTH,
        userId: input.userId,
        payload,
        now: input.now,
      });
      messages.push(...codeMessages('seller-bank-change-code', mobile.code, { mobile: seller.mobile }));
    }
    await enqueueMessages(tx, messages);
    const [row] = await tx
      .select({ expiresAt: oneTimeCodes.expiresAt })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.id, email.id));
    return row?.expiresAt ?? input.now;
  });
  const sentTo = seller.mobile
    ? `${maskContact(seller.email)} and ${maskContact(seller.mobile)}`
    : maskContact(seller.email);
  return { code: 'CODES_SENT', sentTo, needsMobileCode: seller.mobile !== null, expiresAt };
}

/** The latest live code of this purpose sent to a destination, locked. */
async function liveCode(tx: Executor, target: string, now: Date) {
  const [row] = await tx
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, PURPOSE),
        eq(oneTimeCodes.target, target),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1)
    .for('update');
  return row;
}

const changeIdOf = (payload: unknown) =>
  payload && typeof payload === 'object' && 'changeId' in payload && typeof payload.changeId === 'number'
    ? payload.changeId
    : null;

/**
 * requirements#payout-account, second step: both codes right, the change is applied at once with
 * its hold and notices; a wrong code counts a try on it (the fifth kills it) and changes nothing.
 * Answers the change applied, for its penny-drop check to start.
 */
export async function confirmSellerChange(
  db: Executor,
  input: { sellerId: number; userId: number; codes: SellerBankConfirmInput; now: Date },
): Promise<{ code: 'CHANGED'; changeId: number; heldUntil: Date } | Refusal> {
  return db.transaction(async (tx) => {
    const seller = await sellerWithContacts(tx, input.sellerId);
    if (!seller) throw new Error('the guard found this seller');
    const emailRow = await liveCode(tx, seller.email, input.now);
    const mobileRow = seller.mobile ? await liveCode(tx, seller.mobile, input.now) : undefined;
    const changeId = changeIdOf(emailRow?.payload);
    if (!emailRow || emailRow.userId !== input.userId || changeId === null)
      return { code: 'NO_CHANGE' as const, message: M.noChangeWaiting };
    const checks = [await checkRow(tx, emailRow, input.codes.emailCode, input.now, { consume: false })];
    if (seller.mobile) {
      if (!input.codes.mobileCode) return { code: 'WRONG_CODE' as const, message: M.mobileCodeMissing };
      // the mobile's code must be of the same change: a mobile changed since is not the one it went to
      const sameChange = mobileRow && changeIdOf(mobileRow.payload) === changeId ? mobileRow : undefined;
      checks.push(await checkRow(tx, sameChange, input.codes.mobileCode, input.now, { consume: false }));
    }
    const failed = checks.find((check) => !check.ok);
    if (failed && !failed.ok)
      return {
        code: failed.code === 'CODE_LOCKED' ? ('CODE_LOCKED' as const) : ('WRONG_CODE' as const),
        message: failed.message,
      };
    const [change] = await tx
      .select()
      .from(sellerBankChanges)
      .where(
        and(
          eq(sellerBankChanges.id, changeId),
          eq(sellerBankChanges.sellerId, seller.id),
          eq(sellerBankChanges.status, 'awaiting_code'),
        ),
      )
      .for('update');
    if (!change) return { code: 'NO_CHANGE' as const, message: M.noChangeWaiting };
    await consumeCode(tx, emailRow.id, input.now);
    if (mobileRow) await consumeCode(tx, mobileRow.id, input.now);
    const heldUntil = await applyChange(tx, change, { by: 'seller', now: input.now });
    return { code: 'CHANGED' as const, changeId: change.id, heldUntil };
  });
}

/**
 * Puts a change's account on the seller, with the 48-hour hold and the account's penny-drop state,
 * and tells the contacts the seller had before it. Call it in the transaction that decided it.
 */
async function applyChange(
  tx: Executor,
  change: BankChangeRow,
  options: { by: 'seller' | 'staff'; now: Date; decidedByStaffId?: number },
) {
  const seller = await sellerWithContacts(tx, change.sellerId);
  if (!seller) throw new Error('the change’s seller exists');
  const heldUntil = holdLiftsAt(options.now);
  const previousLast4 = seller.accountNumber ? seller.accountNumber.slice(-4) : null;
  await tx
    .update(sellers)
    .set({
      bankAccountName: change.accountName,
      bankAccountNumber: change.accountNumber,
      bankIfsc: change.ifsc,
    })
    .where(eq(sellers.id, change.sellerId));
  await tx
    .update(sellerBankChanges)
    .set({
      status: 'applied',
      appliedAt: options.now,
      previousLast4,
      ...(options.decidedByStaffId
        ? { decidedByStaffId: options.decidedByStaffId, decidedAt: options.now }
        : {}),
    })
    .where(eq(sellerBankChanges.id, change.id));
  const state = {
    changeId: change.id,
    verification: verificationOf(change.validationState),
    verifiedName: change.verifiedName,
    nameMatches: change.nameMatches,
    heldUntil,
    updatedAt: options.now,
  };
  await tx
    .insert(sellerBankStatus)
    .values({ sellerId: change.sellerId, ...state })
    .onConflictDoUpdate({ target: sellerBankStatus.sellerId, set: state });
  await enqueueMessages(
    tx,
    bankChangedNotices(seller, {
      newAccountNumber: change.accountNumber,
      previousLast4,
      by: options.by,
      at: options.now,
      heldUntil,
    }),
  );
  return heldUntil;
}

const verificationOf = (state: string | null) =>
  state === 'active'
    ? ('verified' as const)
    : state === 'invalid'
      ? ('invalid' as const)
      : ('pending' as const);

/**
 * requirements#payout-account: a staff member proposes a new account for a seller (the seller's
 * letter, a ticket); it waits for another staff member's approval, its penny-drop check started.
 */
export async function proposeStaffChange(
  db: Executor,
  input: { sellerId: number; staffId: number; staffEmail: string; change: StaffBankChangeInput; now: Date },
): Promise<
  { code: 'PROPOSED'; changeId: number } | { code: 'NOT_FOUND' } | { code: 'SAME_ACCOUNT'; message: string }
> {
  const seller = await sellerWithContacts(db, input.sellerId);
  if (!seller) return { code: 'NOT_FOUND' };
  if (
    seller.accountNumber === input.change.bankAccountNumber &&
    seller.ifsc === input.change.bankIfsc &&
    seller.accountName === input.change.bankAccountName
  )
    return { code: 'SAME_ACCOUNT', message: M.sameAccount };
  const [member] = await db.select({ userId: staff.userId }).from(staff).where(eq(staff.id, input.staffId));
  if (!member) throw new Error('the guard found this staff member');
  const changeId = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(sellerBankChanges)
      .values({
        sellerId: seller.id,
        source: 'staff',
        status: 'awaiting_approval',
        accountName: input.change.bankAccountName,
        accountNumber: input.change.bankAccountNumber,
        ifsc: input.change.bankIfsc,
        proposedByUserId: member.userId,
        proposedByStaffId: input.staffId,
        reason: input.change.reason,
        validationState: 'pending',
        createdAt: input.now,
      })
      .returning({ id: sellerBankChanges.id });
    if (!made) throw new Error('the change was not stored');
    await writeAudit(
      tx,
      { staffId: input.staffId, email: input.staffEmail },
      {
        action: 'seller.bank-propose',
        targetType: 'seller',
        targetId: seller.id,
        before: {
          account: seller.accountNumber ? `•••• ${seller.accountNumber.slice(-4)}` : null,
          ifsc: seller.ifsc,
        },
        after: {
          change: made.id,
          account: `•••• ${input.change.bankAccountNumber.slice(-4)}`,
          ifsc: input.change.bankIfsc,
          reason: input.change.reason,
        },
      },
      input.now,
    );
    return made.id;
  });
  return { code: 'PROPOSED', changeId };
}

/**
 * requirements#payout-account (maker-checker): another staff member approves or rejects a proposed
 * change; the one who proposed it cannot (the database refuses it too). An approved change is
 * applied with the same hold and notices as the seller's own.
 */
export async function decideStaffChange(
  db: Executor,
  input: {
    sellerId: number;
    changeId: number;
    staffId: number;
    staffEmail: string;
    approve: boolean;
    now: Date;
  },
): Promise<{ code: 'APPROVED' | 'REJECTED' | 'NOT_FOUND' | 'NOT_AWAITING' | 'OWN_PROPOSAL' }> {
  return db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(sellerBankChanges)
      .where(
        and(
          eq(sellerBankChanges.id, input.changeId),
          eq(sellerBankChanges.sellerId, input.sellerId),
          eq(sellerBankChanges.source, 'staff'),
        ),
      )
      .for('update');
    if (!change) return { code: 'NOT_FOUND' as const };
    if (change.status !== 'awaiting_approval') return { code: 'NOT_AWAITING' as const };
    if (change.proposedByStaffId === input.staffId) return { code: 'OWN_PROPOSAL' as const };
    const actor = { staffId: input.staffId, email: input.staffEmail };
    const summary = {
      change: change.id,
      account: `•••• ${change.accountNumber.slice(-4)}`,
      ifsc: change.ifsc,
      verifiedName: change.verifiedName,
    };
    if (!input.approve) {
      await tx
        .update(sellerBankChanges)
        .set({ status: 'rejected', decidedByStaffId: input.staffId, decidedAt: input.now })
        .where(eq(sellerBankChanges.id, change.id));
      await writeAudit(
        tx,
        actor,
        {
          action: 'seller.bank-reject',
          targetType: 'seller',
          targetId: change.sellerId,
          before: summary,
          after: null,
        },
        input.now,
      );
      return { code: 'REJECTED' as const };
    }
    await applyChange(tx, change, { by: 'staff', now: input.now, decidedByStaffId: input.staffId });
    await writeAudit(
      tx,
      actor,
      {
        action: 'seller.bank-approve',
        targetType: 'seller',
        targetId: change.sellerId,
        before: null,
        after: summary,
      },
      input.now,
    );
    return { code: 'APPROVED' as const };
  });
}

/**
 * requirements#payout-account: starts the penny-drop check of a change's account through the
 * payout provider; an answer at once (the sandbox) is recorded at once. A provider that cannot be
 * reached leaves the check pending for the validation job.
 */
export async function startValidation(db: Executor, validator: AccountValidator, changeId: number) {
  const [change] = await db.select().from(sellerBankChanges).where(eq(sellerBankChanges.id, changeId));
  if (!change || change.validationId) return;
  const seller = await sellerWithContacts(db, change.sellerId);
  if (!seller) return;
  await db
    .update(sellerBankChanges)
    .set({ validationState: 'pending', validationProvider: validator.name })
    .where(eq(sellerBankChanges.id, changeId));
  const { validationId, report } = await validator.validate({
    accountName: change.accountName,
    accountNumber: change.accountNumber,
    ifsc: change.ifsc,
    reference: `seller-bank-change-${change.id}`,
    contact: {
      name: seller.legalName,
      email: seller.email,
      mobile: seller.mobile ?? '',
      referenceId: `seller-${seller.id}`,
    },
  });
  await db.update(sellerBankChanges).set({ validationId }).where(eq(sellerBankChanges.id, changeId));
  await recordValidation(db, changeId, report);
}

/** Records the bank's answer on the change and, when its account is the seller's now, on the seller's state. */
export async function recordValidation(db: Executor, changeId: number, report: ValidationReport) {
  if (report.state === 'pending') return;
  await db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(sellerBankChanges)
      .where(eq(sellerBankChanges.id, changeId))
      .for('update');
    if (!change) return;
    const validationState = report.state === 'failed' ? 'failed' : report.accountStatus;
    const verifiedName = report.state === 'completed' ? report.registeredName : null;
    const nameMatches = verifiedName ? namesMatch(change.accountName, verifiedName) : null;
    await tx
      .update(sellerBankChanges)
      .set({
        validationState,
        verifiedName,
        nameMatches,
        validationReason: report.state === 'failed' ? report.reason.slice(0, 500) : null,
      })
      .where(eq(sellerBankChanges.id, changeId));
    await tx
      .update(sellerBankStatus)
      .set({
        verification: verificationOf(validationState),
        verifiedName,
        nameMatches,
        updatedAt: sql`now()`,
      })
      .where(eq(sellerBankStatus.changeId, changeId));
  });
}

/**
 * The validation job's run: asks the provider about checks still pending and starts those whose
 * start did not reach it. Failures wait for the next run.
 */
export async function checkPendingValidations(
  db: Executor,
  validator: AccountValidator,
  onError?: (error: unknown, changeId: number) => void,
) {
  const pending = await db
    .select({
      id: sellerBankChanges.id,
      validationId: sellerBankChanges.validationId,
      provider: sellerBankChanges.validationProvider,
    })
    .from(sellerBankChanges)
    .where(
      and(
        eq(sellerBankChanges.validationState, 'pending'),
        inArray(sellerBankChanges.status, ['applied', 'awaiting_approval']),
      ),
    )
    .orderBy(sellerBankChanges.id)
    .limit(50);
  for (const row of pending) {
    try {
      if (!row.validationId) await startValidation(db, validator, row.id);
      else if (row.provider === validator.name)
        await recordValidation(db, row.id, await validator.validationStatus(row.validationId));
    } catch (error) {
      onError?.(error, row.id);
    }
  }
}
