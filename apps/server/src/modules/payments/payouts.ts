import type { PayoutKind } from '@marketplace/domain/settlement/payout-rail';
import type { ProviderRefundReport } from './provider.ts';
import { PaymentProviderError } from './razorpay.ts';

/** The bank account a payout goes to, with who holds it (RazorpayX wants a contact). */
export type PayoutDestination = {
  accountName: string;
  accountNumber: string;
  ifsc: string;
  contact: { name: string; email: string; mobile: string; referenceId: string };
};

/**
 * The payout rail would not take this payout and says why (RazorpayX's 4xx `BAD_REQUEST_ERROR`).
 * Sending it again as it is would be refused again: it waits for a fix (ADR-0048). Anything else
 * thrown (an outage, a time-out, an answer we cannot read) may have gone through, so the payout is
 * sent again under the same key.
 */
export class PayoutRefusedError extends PaymentProviderError {
  constructor(
    readonly reason: string,
    readonly field: string | null = null,
  ) {
    super(`the payout rail refused the payout: ${reason}`);
  }
}

/** A payout the bank returned after the rail had processed it. */
export type ReversedPayout = { providerPayoutId: string; reason: string };

/**
 * docs/decisions/0011, ADR-0048: money sent to a bank account, beside the payment provider: cash
 * refunds to shoppers and sellers' earnings. The sandbox implements it; RazorpayX payouts when
 * configured.
 */
export type PayoutProvider = {
  name: 'sandbox' | 'razorpayx';
  /**
   * Queues a payout in paise (INR). The idempotency key makes a retry of the same payout answer
   * with the first one instead of paying twice; the same key with another payout is refused.
   * Throws PayoutRefusedError when the rail refuses it.
   */
  payout: (args: {
    /** a shopper's refund or a seller's earnings: the rail files them under different purposes */
    kind: PayoutKind;
    amountPaise: number;
    idempotencyKey: string;
    /** our reference, shown in the provider's dashboard */
    reference: string;
    to: PayoutDestination;
  }) => Promise<{ providerPayoutId: string }>;
  /** The state of a payout made earlier. */
  payoutStatus: (providerPayoutId: string) => Promise<ProviderRefundReport>;
  /** The reversed payouts among those made since `since` (at most `limit`), newest first. */
  reversedSince: (since: Date, limit: number) => Promise<ReversedPayout[]>;
};
