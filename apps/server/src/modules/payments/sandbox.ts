import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './provider.ts';
import { checkoutSignature, signatureMatches } from './signature.ts';

export const SANDBOX_PAY_PATH = '/sandbox-pay';

export type SandboxProvider = PaymentProvider & {
  name: 'sandbox';
  /** What the hosted test page hands back on success: a payment id signed like Razorpay's. */
  succeed: (providerOrderId: string) => { paymentId: string; signature: string };
};

/**
 * decision 6: the built-in test provider. Its hosted page (sandbox-page.ts) can succeed or fail;
 * a success is signed with HMAC-SHA256 over `order_id|payment_id` exactly as Razorpay signs it,
 * with a secret generated for this process unless one is given.
 */
export function createSandboxProvider(secret = randomBytes(32).toString('hex')): SandboxProvider {
  return {
    name: 'sandbox',
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
