import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256, the scheme Razorpay signs checkouts and webhooks with. */
export function hmacSha256Hex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data, 'utf8').digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(expectedHex: string, receivedHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const received = Buffer.from(receivedHex.toLowerCase(), 'utf8');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/** Razorpay's checkout signature: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export const checkoutSignature = (secret: string, providerOrderId: string, paymentId: string) =>
  hmacSha256Hex(secret, `${providerOrderId}|${paymentId}`);
