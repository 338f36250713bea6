import type { ProviderRefundReport } from './provider.ts';

/** The shopper's bank account a payout goes to, with who they are (RazorpayX wants a contact). */
export type PayoutDestination = {
  accountName: string;
  accountNumber: string;
  ifsc: string;
  contact: { name: string; email: string; mobile: string; referenceId: string };
};

/**
 * docs/decisions/0011: money sent to a bank account, beside the payment provider. Cash paid at
 * delivery is refunded this way. The sandbox implements it; RazorpayX payouts when configured.
 */
export type PayoutProvider = {
  name: 'sandbox' | 'razorpayx';
  /**
   * Queues a payout in paise (INR). The idempotency key makes a retry of the same payout answer
   * with the first one instead of paying twice; the same key with another payout is refused.
   */
  payout: (args: {
    amountPaise: number;
    idempotencyKey: string;
    /** our reference, shown in the provider's dashboard */
    reference: string;
    to: PayoutDestination;
  }) => Promise<{ providerPayoutId: string }>;
  /** The state of a payout made earlier. */
  payoutStatus: (providerPayoutId: string) => Promise<ProviderRefundReport>;
};
