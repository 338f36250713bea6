import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemRequests, payments, refunds } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { createRazorpayProvider, createSandboxPayoutProvider } from '../payments/index.ts';
import { runRefunds } from './refund-job.ts';

// Razorpay's refund API and webhooks as documented, answered by a stand-in: no network
const KEY = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'test_key_secret',
  webhookSecret: 'test_webhook_secret',
};
/** the refunds the stand-in made, by id, with the status Razorpay would report now */
const made = new Map<
  string,
  { amount: number; paymentId: string; status: 'pending' | 'processed' | 'failed' }
>();
const idempotencyKeys: string[] = [];
const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
const refundEntity = (id: string) => {
  const refund = made.get(id);
  return {
    id,
    entity: 'refund',
    amount: refund?.amount ?? 0,
    currency: 'INR',
    payment_id: refund?.paymentId ?? '',
    notes: {},
    receipt: null,
    acquirer_data: { arn: refund?.status === 'processed' ? '10000000000000' : null },
    created_at: 1597734071,
    batch_id: null,
    status: refund?.status ?? 'pending',
    speed_processed: 'normal',
    speed_requested: 'normal',
  };
};
const fakeFetch: typeof fetch = (input, init) => {
  const url = input instanceof Request ? input.url : input.toString();
  const refundOf = /\/v1\/payments\/([^/]+)\/refund$/.exec(url);
  if (refundOf && init?.method === 'POST') {
    const key = new Headers(init.headers).get('x-refund-idempotency') ?? '';
    idempotencyKeys.push(key);
    const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as { amount: number };
    const id = `rfnd_${key.replace(/[^a-z0-9]/gi, '')}`;
    if (!made.has(id)) made.set(id, { amount: body.amount, paymentId: refundOf[1] ?? '', status: 'pending' });
    return json(refundEntity(id));
  }
  const statusOf = /\/v1\/refunds\/([^/]+)$/.exec(url);
  if (statusOf?.[1] && made.has(statusOf[1])) return json(refundEntity(statusOf[1]));
  return json({ error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } }, 400);
};

const razorpay = createRazorpayProvider(KEY, fakeFetch);
const payouts = createSandboxPayoutProvider();
let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;

beforeAll(async () => {
  t = await createTestApp({ payments: razorpay });
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
});
afterAll(() => t.close());

const run = () => runRefunds(t.db, { payments: razorpay, payouts });
const sign = (body: string, secret = KEY.webhookSecret) =>
  createHmac('sha256', secret).update(body).digest('hex');
const webhook = (body: string, signature = sign(body)) =>
  t.request('/api/payments/razorpay/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
    body,
  });
/** Razorpay's refund.processed / refund.failed event with the refund and its payment */
const refundEvent = (event: 'refund.processed' | 'refund.failed' | 'refund.created', id: string) =>
  JSON.stringify({
    entity: 'event',
    account_id: 'acc_E7OQJcEANmBHTC',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: { entity: refundEntity(id) },
      payment: {
        entity: { id: made.get(id)?.paymentId ?? 'pay_unknown', entity: 'payment', status: 'refunded' },
      },
    },
    created_at: 1597734077,
  });
const refundRow = async (id: number) => {
  const [row] = await t.db.select().from(refunds).where(eq(refunds.id, id));
  if (!row) throw new Error(`refund ${id} exists`);
  return row;
};

/** An order paid through Razorpay and cancelled by its seller: its refund is initiated. */
async function refundedOrder() {
  const placed = await kit.singleItemOrder(1, 'prepaid');
  await t.db.insert(payments).values({
    orderId: placed.order.id,
    provider: 'razorpay',
    providerOrderId: `order_${placed.orderNo}`,
    providerPaymentId: `pay_${placed.orderNo}`,
    amountPaise: placed.order.totalPaise,
    status: 'paid',
  });
  const res = await call(`/api/seller/order-items/${placed.item.id}/cancel`, placed.seller, 'POST', {});
  const { refNo } = (await res.json()) as { refNo: string };
  const [row] = await t.db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(itemRequests, eq(itemRequests.id, refunds.requestId))
    .where(eq(itemRequests.refNo, refNo));
  if (!row) throw new Error('the cancellation has a refund');
  return { ...placed, refund: row.refund };
}

describe('refunds through Razorpay', () => {
  it('a pending Razorpay refund is processed, stays so while Razorpay says pending, and completes when it says processed', async () => {
    const { refund } = await refundedOrder();
    expect((await run()).sent).toContain(refund.id);
    const taken = await refundRow(refund.id);
    expect(taken).toMatchObject({
      status: 'processed',
      provider: 'razorpay',
      providerRefundId: `rfnd_bazaarrefund${refund.id}`,
    });
    expect(idempotencyKeys).toContain(`bazaar-refund-${refund.id}`);

    expect((await run()).completed).not.toContain(refund.id);
    expect((await refundRow(refund.id)).status).toBe('processed');

    const entry = made.get(taken.providerRefundId ?? '');
    if (!entry) throw new Error('the stand-in made the refund');
    entry.status = 'processed';
    expect((await run()).completed).toContain(refund.id);
    expect((await refundRow(refund.id)).status).toBe('completed');
  });
});

describe('POST /api/payments/razorpay/webhook: refund events', () => {
  it('refund.processed completes the refund of that id; the same event again changes nothing', async () => {
    const { refund } = await refundedOrder();
    await run();
    const id = (await refundRow(refund.id)).providerRefundId ?? '';
    const entry = made.get(id);
    if (!entry) throw new Error('the stand-in made the refund');
    entry.status = 'processed';

    const body = refundEvent('refund.processed', id);
    const first = await webhook(body);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, handled: true });
    const done = await refundRow(refund.id);
    expect(done).toMatchObject({ status: 'completed' });
    expect(done.completedAt).toBeInstanceOf(Date);

    // Razorpay delivers webhooks at least once
    const again = await webhook(body);
    expect(await again.json()).toEqual({ received: true, handled: false, duplicate: true });
    expect(await refundRow(refund.id)).toEqual(done);
  });

  it('refuses a bad signature, and acknowledges a refund it did not make without touching anything', async () => {
    const { refund } = await refundedOrder();
    await run();
    const id = (await refundRow(refund.id)).providerRefundId ?? '';
    const entry = made.get(id);
    if (!entry) throw new Error('the stand-in made the refund');
    entry.status = 'processed';
    const body = refundEvent('refund.processed', id);

    for (const signature of [sign(body, 'another_secret'), '', 'zz'.repeat(32), sign(`${body} `)]) {
      const res = await webhook(body, signature);
      expect(res.status).toBe(400);
      expect((await res.json()) as unknown).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
    expect((await refundRow(refund.id)).status).toBe('processed');

    made.set('rfnd_NotOursAtAll1', { amount: 100, paymentId: 'pay_elsewhere', status: 'processed' });
    const unknown = await webhook(refundEvent('refund.processed', 'rfnd_NotOursAtAll1'));
    expect(await unknown.json()).toEqual({ received: true, handled: false });
    // a refund.created is acknowledged, not acted on
    const created = await webhook(refundEvent('refund.created', id));
    expect(await created.json()).toEqual({ received: true, handled: false });
    expect((await refundRow(refund.id)).status).toBe('processed');

    // hostile or malformed bodies, correctly signed
    for (const hostile of [
      '{"event":"refund.processed","payload":{"refund":{"entity":{"id":"","amount":1,"status":"processed"}}}}',
      `{"event":"refund.processed","payload":{"refund":{"entity":{"id":"${id}","amount":"1e9","status":"processed"}}}}`,
      '{"event":"refund.processed","payload":[]}',
      `{"event":"refund.processed","payload":{"refund":{"entity":{"id":"${'x'.repeat(5000)}","amount":1,"status":"processed"}}}}`,
    ]) {
      const res = await webhook(hostile);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, handled: false });
    }
    const broken = await webhook('{"event":');
    expect(broken.status).toBe(400);
    expect((await refundRow(refund.id)).status).toBe('processed');
  });

  it('refund.failed sends the refund again under a fresh idempotency key', async () => {
    const { refund } = await refundedOrder();
    await run();
    const id = (await refundRow(refund.id)).providerRefundId ?? '';
    const entry = made.get(id);
    if (!entry) throw new Error('the stand-in made the refund');
    entry.status = 'failed';

    const res = await webhook(refundEvent('refund.failed', id));
    expect(await res.json()).toEqual({ received: true, handled: true });
    expect(await refundRow(refund.id)).toMatchObject({
      status: 'initiated',
      attempt: 2,
      providerRefundId: null,
      failureReason: 'Razorpay could not process the refund',
    });
    // the failure reported again (webhook retry) does not start a third attempt
    await webhook(refundEvent('refund.failed', id));
    expect((await refundRow(refund.id)).attempt).toBe(2);

    expect((await run()).sent).toContain(refund.id);
    expect(idempotencyKeys).toContain(`bazaar-refund-${refund.id}-2`);
    expect(await refundRow(refund.id)).toMatchObject({
      status: 'processed',
      attempt: 2,
      providerRefundId: `rfnd_bazaarrefund${refund.id}2`,
    });
  });
});
