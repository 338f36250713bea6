/** What the payment page needs to open the provider's checkout. */
export type CheckoutConfig =
  { provider: 'sandbox'; checkoutUrl: string } | { provider: 'razorpay'; keyId: string; scriptUrl: string };

/** What a provider reports about a refund or payout it took. */
export type ProviderRefundReport =
  /** still on its way (Razorpay `pending`, a payout queued or processing) */
  | { state: 'pending' }
  /**
   * the money reached the shopper (Razorpay `processed`, a payout processed); `reference` is the
   * bank's reference for it when the provider gives one (a payout's UTR)
   */
  | { state: 'settled'; reference?: string }
  /** it could not be delivered and no money left for good (Razorpay `failed`, a payout rejected or reversed) */
  | { state: 'failed'; reason: string };

/** requirements#payments: every payment goes through this; the sandbox and Razorpay implement it. */
export type PaymentProvider = {
  name: 'sandbox' | 'razorpay';
  /** Creates the provider's order for an amount in paise (INR); `receipt` is our order number. */
  createOrder: (args: { amountPaise: number; receipt: string }) => Promise<{ providerOrderId: string }>;
  /** True when the signature of a finished checkout is the provider's. */
  verifyCheckout: (args: { providerOrderId: string; paymentId: string; signature: string }) => boolean;
  checkout: (providerOrderId: string) => CheckoutConfig;
  /**
   * Refunds part or all of a captured payment. The idempotency key makes a retry of the same refund
   * return the first answer instead of refunding twice.
   */
  refund: (args: {
    paymentId: string;
    amountPaise: number;
    idempotencyKey: string;
    receipt: string;
  }) => Promise<{ providerRefundId: string; status: 'initiated' | 'processed' }>;
  /** The state of a refund made earlier (Razorpay `GET /v1/refunds/{id}`). */
  refundStatus: (providerRefundId: string) => Promise<ProviderRefundReport>;
  /** Razorpay only: true when a webhook body carries the provider's signature. */
  verifyWebhook?: (rawBody: string, signature: string) => boolean;
};
