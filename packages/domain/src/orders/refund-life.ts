// The life of one refund, from the decision that money goes back to the shopper to the money
// reaching them (requirements#refund-life: initiated, processed, completed; requirements#refund-estimate:
// the 7 to 10 business day estimate). Online payments go back through the payment provider
// (a Razorpay refund); cash paid at delivery goes to the shopper's bank account (a payout).
import { z } from 'zod';
import { RefundBreakdown } from './refund.ts';

export const REFUND_STATUSES = ['initiated', 'processed', 'completed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const isRefundStatus = (value: string): value is RefundStatus =>
  (REFUND_STATUSES as readonly string[]).includes(value);

export const REFUND_METHODS = ['original_payment', 'bank_account'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/**
 * How many times a refund is sent before it is left to an operator. A provider failure (a
 * Razorpay `refund.failed`, a payout rejected or reversed by the bank) moved no money, so the
 * refund goes back to initiated and the next run sends it again under a fresh idempotency key:
 * a payout can fail because the shopper's bank account was closed, and they may have set another
 * default since. After the third failure it stops as `failed` for an operator to look at.
 */
export const MAX_REFUND_ATTEMPTS = 3;

export type RefundLife = {
  status: RefundStatus;
  /** 1 for the first sending; each provider failure sends it again as the next attempt */
  attempt: number;
  /** the provider's refund or payout id of the current attempt */
  providerRefundId: string | null;
};

export type RefundEvent =
  /** the provider took the refund: a Razorpay refund was created, a payout was queued */
  | { type: 'accepted'; providerRefundId: string }
  /** the provider reports the money reached the shopper */
  | { type: 'settled'; providerRefundId: string }
  /** the provider reports it could not deliver the money (none left our account for good) */
  | { type: 'failed'; providerRefundId: string; reason: string };

export type RefundStep =
  | { code: 'MOVED'; next: RefundLife }
  /** the same report again, or one about an earlier attempt's refund: nothing changes */
  | { code: 'UNCHANGED' }
  /** a report that contradicts what we know (for an operator to look at) */
  | { code: 'ILLEGAL'; reason: string };

const unchanged: RefundStep = { code: 'UNCHANGED' };
const illegal = (reason: string): RefundStep => ({ code: 'ILLEGAL', reason });

/**
 * The next state of a refund after a provider's report. initiated → processed (accepted, its
 * reference kept) → completed (settled). A failure of the current attempt sends it back to
 * initiated as the next attempt, or to failed after MAX_REFUND_ATTEMPTS.
 */
export function nextRefund(refund: RefundLife, event: RefundEvent): RefundStep {
  const isCurrent = refund.providerRefundId === event.providerRefundId;
  switch (event.type) {
    case 'accepted':
      if (refund.status === 'initiated')
        return {
          code: 'MOVED',
          next: { ...refund, status: 'processed', providerRefundId: event.providerRefundId },
        };
      if (isCurrent) return unchanged;
      return illegal(`a ${refund.status} refund was accepted again as another refund`);
    case 'settled':
      if (!isCurrent)
        // a report about an earlier, failed attempt, or one we have not recorded as taken yet
        return refund.status === 'initiated' || refund.status === 'processed'
          ? unchanged
          : illegal(`a ${refund.status} refund settled under another reference`);
      if (refund.status === 'processed') return { code: 'MOVED', next: { ...refund, status: 'completed' } };
      if (refund.status === 'completed') return unchanged;
      return illegal(`a ${refund.status} refund was reported settled`);
    case 'failed':
      if (!isCurrent) return unchanged;
      if (refund.status === 'processed')
        return {
          code: 'MOVED',
          next:
            refund.attempt >= MAX_REFUND_ATTEMPTS
              ? { ...refund, status: 'failed' }
              : { status: 'initiated', attempt: refund.attempt + 1, providerRefundId: null },
        };
      if (refund.status === 'failed') return unchanged;
      // the money reached the shopper: a later failure report is for an operator, not a new refund
      return illegal(`a ${refund.status} refund was reported failed`);
  }
}

/** What the shopper reads about a refund on the item detail pages. */
export const REFUND_TEXTS = {
  amount: 'Refund amount:',
  status: 'Refund status:',
  toOriginalPayment: 'To your original payment method',
  toBankAccount: (last4: string | null) =>
    last4 ? `To your bank account ending ${last4}` : 'To your bank account',
  completedOn: (day: string) => `Refunded on ${day}`,
  /** a cash refund waits until the shopper has a bank account to receive it */
  addBankAccount: 'Add a bank account to receive this refund.',
  addBankAccountLink: 'Add bank account',
} as const;

/** Where the refund goes, as one line. */
export function refundDestination(method: string, bankAccountLast4: string | null): string {
  return method === 'bank_account'
    ? REFUND_TEXTS.toBankAccount(bankAccountLast4)
    : REFUND_TEXTS.toOriginalPayment;
}

/** A cash refund still waiting (initiated) while the shopper has no default bank account to send it to. */
export const needsBankAccount = (
  refund: { method: string; status: string },
  hasDefaultBankAccount: boolean,
): boolean => refund.method === 'bank_account' && refund.status === 'initiated' && !hasDefaultBankAccount;

/** A refund as the item detail pages receive it (the server's refunds/shopper-refund.ts): never the provider's ids. */
export const ShopperRefund = z.object({
  amountPaise: z.number().int(),
  status: z.string().describe('initiated, processed or completed (failed: left to an operator)'),
  method: z.string().describe('original_payment or bank_account (cash paid at delivery)'),
  bankAccountLast4: z
    .string()
    .nullable()
    .describe('the bank account it is (or will be) paid into, by its last 4 digits'),
  completedAt: z.string().nullable().describe('when the provider reported it settled'),
  needsBankAccount: z
    .boolean()
    .describe('a cash refund waiting because the shopper has no bank account: it is sent once they add one'),
  breakdown: RefundBreakdown.nullable(),
});
export type ShopperRefund = z.infer<typeof ShopperRefund>;

export const REFUND_RETRY_MESSAGES = {
  notFailed: (status: string) =>
    `Only a refund that failed can be retried; this one is ${status}. The refund job is still taking care of it.`,
} as const;

/**
 * requirements#operator-support: an operator sends a refund left `failed` (after MAX_REFUND_ATTEMPTS,
 * ADR-0011) once more, as its next attempt under a fresh idempotency key: back to initiated, no
 * provider reference. A failure of that attempt stops it as failed again (the attempt is past the
 * limit), so each operator retry is exactly one more try. Any other status is refused: the job
 * still owns it.
 */
export function retryFailedRefund(
  refund: RefundLife,
): { code: 'MOVED'; next: RefundLife } | { code: 'REFUSED'; message: string } {
  if (refund.status !== 'failed')
    return { code: 'REFUSED', message: REFUND_RETRY_MESSAGES.notFailed(refund.status) };
  return {
    code: 'MOVED',
    next: { status: 'initiated', attempt: refund.attempt + 1, providerRefundId: null },
  };
}
