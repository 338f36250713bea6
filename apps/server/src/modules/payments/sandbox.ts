import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './provider.ts';
import { checkoutSignature, signatureMatches } from './signature.ts';

export const SANDBOX_PAY_PATH = '/sandbox-pay';
const SANDBOX_REFUND_PREFIX = 'sandbox_rfnd_';

export type SandboxProvider = PaymentProvider & {
  name: 'sandbox';
  /** ADR-0017: enabled in production by PAYMENTS_SANDBOX=on; its page then warns that no money moves */
  inProduction: boolean;
  /** What the hosted test page hands back on success: a payment id signed like Razorpay's. */
  succeed: (providerOrderId: string) => { paymentId: string; signature: string };
  /** The refunds this sandbox has made, by idempotency key (what a provider's dashboard would list). */
  refunds: ReadonlyMap<string, { paymentId: string; amountPaise: number; providerRefundId: string }>;
};

/**
 * requirements#payments: the built-in test provider. Its hosted page (sandbox-page.ts) can succeed or fail;
 * a success is signed with HMAC-SHA256 over `order_id|payment_id` exactly as Razorpay signs it,
 * with a secret generated for this process unless one is given.
 */
export function createSandboxProvider({
  secret = randomBytes(32).toString('hex'),
  inProduction = false,
}: { secret?: string; inProduction?: boolean } = {}): SandboxProvider {
  const refunds = new Map<string, { paymentId: string; amountPaise: number; providerRefundId: string }>();
  return {
    name: 'sandbox',
    inProduction,
    refunds,
    // a test refund is taken at once; the same key again answers with the first refund, as Razorpay does
    refund({ paymentId, amountPaise, idempotencyKey }) {
      const earlier = refunds.get(idempotencyKey);
      if (earlier && (earlier.paymentId !== paymentId || earlier.amountPaise !== amountPaise))
        return Promise.reject(new Error('a different refund was made with this idempotency key'));
      const made = earlier ?? {
        paymentId,
        amountPaise,
        providerRefundId: `${SANDBOX_REFUND_PREFIX}${randomBytes(9).toString('hex')}`,
      };
      refunds.set(idempotencyKey, made);
      return Promise.resolve({ providerRefundId: made.providerRefundId, status: 'processed' as const });
    },
    // a test refund settles on its first status check after it was made; the id alone says it is the
    // sandbox's, so a refund made before a restart (or by another process) settles too
    refundStatus: (providerRefundId) =>
      providerRefundId.startsWith(SANDBOX_REFUND_PREFIX)
        ? Promise.resolve({ state: 'settled' as const })
        : Promise.reject(new Error(`${providerRefundId} is not a sandbox refund`)),
    createOrder: () =>
      Promise.resolve({ providerOrderId: `sandbox_order_${randomBytes(9).toString('hex')}` }),
    verifyCheckout: ({ providerOrderId, paymentId, signature }) =>
      signatureMatches(checkoutSignature(secret, providerOrderId, paymentId), signature),
    checkout: (providerOrderId) => ({
      provider: 'sandbox',
      checkoutUrl: `${SANDBOX_PAY_PATH}/${encodeURIComponent(providerOrderId)}`,
    }),
    succeed(providerOrderId) {
      const paymentId = `sandbox_pay_${randomBytes(9).toString('hex')}`;
      return { paymentId, signature: checkoutSignature(secret, providerOrderId, paymentId) };
    },
  };
}

export const isSandboxProvider = (provider: PaymentProvider): provider is SandboxProvider =>
  provider.name === 'sandbox' && 'succeed' in provider;
