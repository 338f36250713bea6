import { z } from 'zod';
import type { PaymentProvider, ProviderRefundReport } from './provider.ts';
import { checkoutSignature, hmacSha256Hex, signatureMatches } from './signature.ts';

export const RAZORPAY_ORDERS_URL = 'https://api.razorpay.com/v1/orders';
export const razorpayRefundUrl = (paymentId: string) =>
  `https://api.razorpay.com/v1/payments/${encodeURIComponent(paymentId)}/refund`;
export const razorpayRefundStatusUrl = (refundId: string) =>
  `https://api.razorpay.com/v1/refunds/${encodeURIComponent(refundId)}`;
export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

export type RazorpayConfig = { keyId: string; keySecret: string; webhookSecret: string | null };

const CreatedRefund = z.object({
  id: z.string().min(1),
  amount: z.number(),
  status: z.enum(['pending', 'processed', 'failed']),
});
/** Razorpay's refund entity as `GET /v1/refunds/{id}` and the refund webhooks carry it. */
export const RazorpayRefund = z.object({
  id: z.string().min(1),
  entity: z.literal('refund').optional(),
  amount: z.number(),
  payment_id: z.string().optional(),
  status: z.enum(['pending', 'processed', 'failed']),
  acquirer_data: z.object({ arn: z.string().nullish() }).partial().nullish(),
});

/** Razorpay's refund status in our words: processed means the bank has it (its ARN), i.e. settled. */
export function refundReport(refund: z.infer<typeof RazorpayRefund>): ProviderRefundReport {
  if (refund.status === 'processed') return { state: 'settled' };
  if (refund.status === 'failed') return { state: 'failed', reason: 'Razorpay could not process the refund' };
  return { state: 'pending' };
}

const CreatedOrder = z.object({ id: z.string().min(1), amount: z.number(), currency: z.literal('INR') });

/** Razorpay said no, or could not be reached: the order stays awaiting payment and can be retried. */
export class PaymentProviderError extends Error {}

/**
 * requirements#payments: the Razorpay adapter. Orders are created over HTTPS with Basic auth (amount in paise,
 * INR, payment_capture on); `fetch` is passed in so tests need no network.
 */
export function createRazorpayProvider(
  config: RazorpayConfig,
  fetchImpl: typeof fetch = fetch,
): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  return {
    name: 'razorpay',
    async createOrder({ amountPaise, receipt }) {
      const res = await fetchImpl(RAZORPAY_ORDERS_URL, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: amountPaise, currency: 'INR', receipt, payment_capture: 1 }),
        signal: AbortSignal.timeout(10_000),
      });
      const body: unknown = await res.json().catch(() => null);
      const created = CreatedOrder.safeParse(body);
      if (!res.ok || !created.success || created.data.amount !== amountPaise) {
        throw new PaymentProviderError(`Razorpay refused the order (HTTP ${res.status})`);
      }
      return { providerOrderId: created.data.id };
    },
    // Razorpay's normal refund; the X-Refund-Idempotency header makes a retry answer with the same
    // refund instead of refunding twice (the key must be 10+ letters, digits, - or _)
    async refund({ paymentId, amountPaise, idempotencyKey, receipt }) {
      const res = await fetchImpl(razorpayRefundUrl(paymentId), {
        method: 'POST',
        headers: {
          authorization: auth,
          'content-type': 'application/json',
          'x-refund-idempotency': idempotencyKey,
        },
        body: JSON.stringify({ amount: amountPaise, speed: 'normal', receipt }),
        signal: AbortSignal.timeout(10_000),
      });
      const body: unknown = await res.json().catch(() => null);
      const refund = CreatedRefund.safeParse(body);
      if (
        !res.ok ||
        !refund.success ||
        refund.data.status === 'failed' ||
        refund.data.amount !== amountPaise
      ) {
        throw new PaymentProviderError(`Razorpay refused the refund (HTTP ${res.status})`);
      }
      return {
        providerRefundId: refund.data.id,
        status: refund.data.status === 'processed' ? 'processed' : 'initiated',
      };
    },
    async refundStatus(providerRefundId) {
      const res = await fetchImpl(razorpayRefundStatusUrl(providerRefundId), {
        headers: { authorization: auth },
        signal: AbortSignal.timeout(10_000),
      });
      const body: unknown = await res.json().catch(() => null);
      const refund = RazorpayRefund.safeParse(body);
      if (!res.ok || !refund.success || refund.data.id !== providerRefundId)
        throw new PaymentProviderError(`Razorpay did not report the refund (HTTP ${res.status})`);
      return refundReport(refund.data);
    },
    verifyCheckout: ({ providerOrderId, paymentId, signature }) =>
      signatureMatches(checkoutSignature(config.keySecret, providerOrderId, paymentId), signature),
    checkout: () => ({ provider: 'razorpay', keyId: config.keyId, scriptUrl: RAZORPAY_CHECKOUT_SCRIPT }),
    verifyWebhook: (rawBody, signature) =>
      config.webhookSecret !== null &&
      signatureMatches(hmacSha256Hex(config.webhookSecret, rawBody), signature),
  };
}
