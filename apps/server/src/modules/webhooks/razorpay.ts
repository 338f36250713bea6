import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { type Executor, webhookEvents } from '@marketplace/db';
import type { Logger } from 'pino';
import { apiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponse } from '../../http/openapi.ts';
import { recordRefundEvent } from '../refunds/index.ts';
import { recordSellerPayoutReport } from '../settlements/index.ts';
import {
  type PaymentProvider,
  RazorpayRefund,
  refundReport,
  payoutReport,
  RazorpayXPayout,
  confirmPayment,
  recordPaymentFailure,
} from '../payments/index.ts';

export const RAZORPAY_WEBHOOK_PATH = '/payments/razorpay/webhook';

const Received = z.object({
  received: z.literal(true),
  handled: z.boolean(),
  /** this event was received before: acknowledged, not acted on again */
  duplicate: z.literal(true).optional(),
});
// the body is read raw (the signature covers its exact bytes), so the route declares no body schema
const webhookRoute = createRoute({
  method: 'post',
  path: RAZORPAY_WEBHOOK_PATH,
  tags: ['Payments'],
  summary:
    'Razorpay webhook: payment.captured / order.paid mark the order paid, payment.failed is noted, refund.processed / payout.processed complete a refund or a seller payout, refund.failed / payout.reversed / payout.failed / payout.rejected send a refund again or give a seller payout back to the seller’s balance',
  description:
    '`X-Razorpay-Signature` is the hex HMAC-SHA256 of the raw JSON body with RAZORPAY_WEBHOOK_SECRET (RazorpayX payout webhooks are set up with the same secret). `handled` is false for events we do not act on, and for a refund or payout we did not make (unknown id). An event received before (the same `X-Razorpay-Event-Id`, or the same signed body) answers `duplicate: true` and changes nothing.',
  responses: {
    200: { content: { 'application/json': { schema: Received } }, description: 'Received' },
    400: errorResponse('Bad signature or malformed JSON'),
    404: errorResponse('Razorpay is not configured'),
  },
});

// the parts of Razorpay's payment events we read (payment.captured, order.paid, payment.failed)
const PaymentEvent = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({
      entity: z.object({
        id: z.string().min(1),
        order_id: z.string().min(1),
        error_description: z.string().nullish(),
      }),
    }),
  }),
});

// refund.processed and refund.failed carry the refund entity
const RefundEventBody = z.object({
  event: z.enum(['refund.processed', 'refund.failed']),
  payload: z.object({ refund: z.object({ entity: RazorpayRefund }) }),
});

// RazorpayX's payout events that end a payout carry the payout entity (cash refunds, ADR-0011)
const PayoutEventBody = z.object({
  event: z.enum(['payout.processed', 'payout.reversed', 'payout.failed', 'payout.rejected']),
  payload: z.object({ payout: z.object({ entity: RazorpayXPayout }) }),
});

/** Acts on one verified event; true when it was one of ours that we acted on. */
async function handleEvent(
  db: Executor,
  provider: PaymentProvider,
  body: unknown,
  logger: Logger,
): Promise<boolean> {
  const refundEvent = RefundEventBody.safeParse(body);
  const payoutEvent = refundEvent.success ? null : PayoutEventBody.safeParse(body);
  const taken = refundEvent.success
    ? {
        provider: provider.name,
        id: refundEvent.data.payload.refund.entity.id,
        report: refundReport(refundEvent.data.payload.refund.entity),
      }
    : payoutEvent?.success
      ? {
          provider: 'razorpayx',
          id: payoutEvent.data.payload.payout.entity.id,
          report: payoutReport(payoutEvent.data.payload.payout.entity),
        }
      : null;
  if (taken) {
    const { report, id } = taken;
    // what the event says must be what the entity says (a processed event carries a processed refund)
    if (report.state === 'pending') return false;
    // a seller's payout (ADR-0048): processed completes it, reversed, failed or rejected gives its
    // amount back to the seller's balance once, whichever of this and the status check comes first
    if (payoutEvent?.success) {
      const seller = await recordSellerPayoutReport(db, 'razorpayx', id, report, new Date());
      if (seller !== 'UNKNOWN') return true;
    }
    const recorded = await recordRefundEvent(
      db,
      { provider: taken.provider, providerRefundId: id },
      report.state === 'settled'
        ? { type: 'settled', providerRefundId: id }
        : { type: 'failed', providerRefundId: id, reason: report.reason },
    );
    if (recorded.code === 'ILLEGAL')
      logger.warn({ refundId: recorded.refundId, reason: recorded.reason }, 'refund webhook ignored');
    return recorded.code === 'MOVED' || recorded.code === 'UNCHANGED';
  }
  const parsed = PaymentEvent.safeParse(body);
  // other events are acknowledged so Razorpay does not retry them
  if (!parsed.success) return false;
  const { event, payload } = parsed.data;
  const payment = payload.payment.entity;
  if (event === 'payment.captured' || event === 'order.paid') {
    const result = await confirmPayment(db, provider, {
      providerOrderId: payment.order_id,
      paymentId: payment.id,
    });
    return result.code === 'PAID' || result.code === 'ALREADY_PAID';
  }
  if (event === 'payment.failed') {
    const failed = await recordPaymentFailure(
      db,
      provider,
      payment.order_id,
      payment.error_description ?? 'failed',
    );
    return failed !== null;
  }
  return false;
}

const EventName = z.object({ event: z.string().max(100) });

/**
 * Razorpay's server-to-server webhook: `X-Razorpay-Signature` is the hex HMAC-SHA256 of the raw
 * body with the webhook secret. A paid event marks the order paid even when the shopper's browser
 * never came back. A refund's processed or failed event moves our refund of that Razorpay id, and
 * a RazorpayX payout's processed, reversed, failed or rejected event our cash refund of that payout
 * id. Each event is acted on once: it is remembered by its event id and by the hash of its signed
 * body in the transaction that acts on it, so a retry or a replay (at once or later) is
 * acknowledged as a duplicate, and an event whose handling failed is taken again on Razorpay's
 * retry. Answers 404 while Razorpay is not configured.
 */
export function razorpayWebhookRoutes(db: Executor, provider: PaymentProvider | null) {
  return createRouter().openapi(webhookRoute, async (c) => {
    const verify = provider?.verifyWebhook;
    if (!provider || !verify) return apiError(c, 'NOT_FOUND', 'Razorpay is not configured.');
    const raw = await c.req.text();
    const signature = c.req.header('x-razorpay-signature') ?? '';
    if (!verify(raw, signature)) return apiError(c, 'BAD_REQUEST', 'The webhook signature does not match.');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return apiError(c, 'MALFORMED_JSON', 'The request body is not valid JSON.');
    }
    const eventId = c.req.header('x-razorpay-event-id')?.slice(0, 100) || null;
    const named = EventName.safeParse(body);
    const logger = c.get('logger');
    const handled = await db.transaction(async (tx) => {
      // a second delivery of the same event waits here for the first to commit, then finds it
      const [first] = await tx
        .insert(webhookEvents)
        .values({
          provider: 'razorpay',
          eventId,
          bodySha256: createHash('sha256').update(raw).digest('hex'),
          event: named.success ? named.data.event : '',
        })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      if (!first) return null;
      return handleEvent(tx, provider, body, logger);
    });
    if (handled === null)
      return c.json({ received: true as const, handled: false, duplicate: true as const }, 200);
    return c.json({ received: true as const, handled }, 200);
  });
}
