import { z } from 'zod';
import { MAX_CODE_LENGTH } from '../accounts/codes.ts';
import { SellerBankInput } from '../sellers/seller-join.ts';
import { formatIndianDateTime } from '../text/dates.ts';

/**
 * requirements#payout-account: after a payout bank account changes, no payout is made or sent to it
 * for 48 hours, so the seller (told at its old contacts) can stop a change it did not make.
 */
export const BANK_CHANGE_HOLD_HOURS = 48;
export const BANK_CHANGE_HOLD_MS = BANK_CHANGE_HOLD_HOURS * 3_600_000;
/** The codes confirming a seller's change: 6 digits, one to the email and one to the mobile. */
export const BANK_CHANGE_CODE_LENGTH = 6;

/** When payouts to a changed account may start again. */
export const holdLiftsAt = (changedAt: Date) => new Date(changedAt.getTime() + BANK_CHANGE_HOLD_MS);

// honorifics and words of a business's form that a bank may add or leave out
const NOISE = new Set(['MR', 'MRS', 'MS', 'MISS', 'DR', 'SHRI', 'SMT', 'KUMARI', 'M', 'S', 'MESSRS', 'THE']);
const FORMS: Record<string, string> = {
  PVT: 'PRIVATE',
  LTD: 'LIMITED',
  CO: 'COMPANY',
  PVTLTD: 'PRIVATE LIMITED',
};

/** A holder's name as words to compare: upper case, letters and digits only, honorifics dropped. */
export function nameWords(name: string): string[] {
  return name
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0 && !NOISE.has(word))
    .flatMap((word) => (FORMS[word] ?? word).split(' '));
}

/**
 * requirements#payout-account: whether the name the bank holds is the name typed: the same words in
 * any order, or one holding every word of the other (a middle name the seller left out, or an
 * initial the bank wrote out). Anything else is shown as a mismatch for a person to look at.
 */
export function namesMatch(typed: string, registered: string): boolean {
  const a = nameWords(typed);
  const b = nameWords(registered);
  if (a.length === 0 || b.length === 0) return false;
  const covers = (big: string[], small: string[]) =>
    small.every((word) =>
      word.length === 1 ? big.some((other) => other.startsWith(word)) : big.includes(word),
    );
  return covers(a, b) || covers(b, a);
}

export const PAYOUT_ACCOUNT_MESSAGES = {
  codesSent: (to: string) =>
    `We sent a 6-digit OTP to ${to}. Enter the codes to change your payout bank account.`,
  codeMissing: 'Please enter the OTP sent to your email.',
  mobileCodeMissing: 'Please enter the OTP sent to your mobile.',
  noChangeWaiting: 'No bank account change is waiting for its OTP. Please start again.',
  changed: (liftsAt: Date) =>
    `Your bank account has been changed. For your safety, payouts are held until ${formatIndianDateTime(liftsAt)} (India time).`,
  held: (liftsAt: Date) =>
    `Your bank account was changed recently: payouts are held until ${formatIndianDateTime(liftsAt)} (India time).`,
  pending:
    'We are checking your new bank account with your bank (a ₹1 deposit). Payouts start once it is confirmed.',
  invalid:
    'Your bank could not confirm your new account: no payout can be sent to it. Please check the number and IFSC and change it again.',
  mismatch: (name: string) =>
    `Your bank holds this account in the name “${name}”, which does not match the account holder’s name you typed. Our team may contact you before paying it.`,
  sameAccount: 'This is already your payout bank account.',
  reasonMissing: 'Please say why the account is changed (the seller’s letter or ticket).',
  notFound: 'No such bank account change for this seller.',
  notAwaiting: 'This change has already been decided.',
  ownProposal: 'Another staff member must approve a change you proposed.',
  proposed: 'Change proposed. Another finance staff member must approve it.',
  approved: 'Change approved: the seller’s payouts are held for 48 hours and the seller has been told.',
  rejected: 'Change rejected.',
} as const;

/** Step 2 of a seller's change: the codes sent to its registered email and mobile. */
export const SellerBankConfirmInput = z.strictObject(
  {
    emailCode: z
      .string({ error: PAYOUT_ACCOUNT_MESSAGES.codeMissing })
      .trim()
      .min(1, { error: PAYOUT_ACCOUNT_MESSAGES.codeMissing })
      .max(MAX_CODE_LENGTH, { error: PAYOUT_ACCOUNT_MESSAGES.codeMissing })
      .regex(/^[0-9]+$/, { error: PAYOUT_ACCOUNT_MESSAGES.codeMissing }),
    mobileCode: z
      .string()
      .trim()
      .max(MAX_CODE_LENGTH, { error: PAYOUT_ACCOUNT_MESSAGES.mobileCodeMissing })
      .regex(/^[0-9]*$/, { error: PAYOUT_ACCOUNT_MESSAGES.mobileCodeMissing })
      .optional(),
  },
  { error: 'Send only the codes.' },
);
export type SellerBankConfirmInput = z.infer<typeof SellerBankConfirmInput>;

/** The codes are on their way: where to (masked) and until when they work. */
export const SellerBankCodesSent = z
  .object({
    message: z.string(),
    sentTo: z.string(),
    /** whether a second code went to the registered mobile */
    needsMobileCode: z.boolean(),
    expiresAt: z.string(),
  })
  .meta({ id: 'SellerBankCodesSent' });
export type SellerBankCodesSent = z.infer<typeof SellerBankCodesSent>;

export const PAYOUT_ACCOUNT_VERIFICATIONS = ['on_file', 'pending', 'verified', 'invalid'] as const;

/** requirements#payout-account: the seller's payout account as the Payments page shows it. */
export const PayoutAccountState = z
  .object({
    accountMasked: z.string(),
    ifsc: z.string(),
    /** on_file: the account the seller joined with, reviewed with its cancelled cheque */
    verification: z.enum(PAYOUT_ACCOUNT_VERIFICATIONS),
    verifiedName: z.string().nullable(),
    nameMatches: z.boolean().nullable(),
    /** payouts are held until then (ISO), null when not held */
    heldUntil: z.string().nullable(),
    /** what the seller reads about it, in words; null when nothing needs saying */
    notice: z.string().nullable(),
    message: z.string().optional(),
  })
  .meta({ id: 'PayoutAccountState' });
export type PayoutAccountState = z.infer<typeof PayoutAccountState>;

/** A staff change of a seller's account: the account typed twice and why. */
export const StaffBankChangeInput = z.intersection(
  SellerBankInput,
  z.object({
    reason: z
      .string({ error: PAYOUT_ACCOUNT_MESSAGES.reasonMissing })
      .trim()
      .min(5, { error: PAYOUT_ACCOUNT_MESSAGES.reasonMissing })
      .max(500, { error: PAYOUT_ACCOUNT_MESSAGES.reasonMissing })
      .refine((text) => !/\p{Cc}/u.test(text), { error: PAYOUT_ACCOUNT_MESSAGES.reasonMissing }),
  }),
);
export type StaffBankChangeInput = z.infer<typeof StaffBankChangeInput>;

export const BankChange = z
  .object({
    id: z.number().int(),
    sellerId: z.number().int(),
    sellerName: z.string(),
    source: z.enum(['seller', 'staff']),
    status: z.enum(['awaiting_code', 'awaiting_approval', 'applied', 'rejected']),
    accountName: z.string(),
    accountMasked: z.string(),
    ifsc: z.string(),
    reason: z.string().nullable(),
    proposedBy: z.string(),
    decidedBy: z.string().nullable(),
    validationState: z.enum(['pending', 'active', 'invalid', 'failed']).nullable(),
    verifiedName: z.string().nullable(),
    nameMatches: z.boolean().nullable(),
    createdAt: z.string(),
    appliedAt: z.string().nullable(),
  })
  .meta({ id: 'BankChange' });
export type BankChange = z.infer<typeof BankChange>;

export const BankChangeList = z
  .object({
    changes: z.array(BankChange),
    message: z.string().optional(),
    /** ADR-0049: why the payout cycle is stopped, when it is */
    payoutsStopped: z.string().nullable().optional(),
  })
  .meta({ id: 'BankChangeList' });
export type BankChangeList = z.infer<typeof BankChangeList>;

/** ADR-0049: whether the payout cycle is stopped, and why; the payout provider in use. */
export const PayoutGuard = z
  .object({ payoutsStopped: z.string().nullable(), provider: z.string().nullable() })
  .meta({ id: 'PayoutGuard' });
export type PayoutGuard = z.infer<typeof PayoutGuard>;
