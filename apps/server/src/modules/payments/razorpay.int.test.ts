import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, webhookEvents } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { defaultAddress, deliverableOffers } from '../../../test-support/orders.ts';
import { createRazorpayProvider, RAZORPAY_ORDERS_URL } from './razorpay.ts';

// fixtures built from Razorpay's documented scheme, with test secrets: no network
const KEY = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'test_key_secret',
  webhookSecret: 'test_webhook_secret',
};
const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');
const calls: { url: string; init: RequestInit | undefined }[] = [];
let created = 0;
const fakeFetch: typeof fetch = (input, init) => {
  calls.push({ url: input instanceof Request ? input.url : input.toString(), init });
  const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
    amount: number;
    receipt: string;
  };
  created += 1;
  const order = {
    id: `order_TEST${created}`,
    entity: 'order',
    amount: body.amount,
    currency: 'INR',
    receipt: body.receipt,
    status: 'created',
  };
  return Promise.resolve(
    new Response(JSON.stringify(order), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
};

let t: TestApp;
let cookie: string;
let placeOnline: (n: number) => Promise<{ orderNo: string; totalPaise: number }>;
beforeAll(async () => {
  t = await createTestApp({ payments: createRazorpayProvider(KEY, fakeFetch) });
  cookie = await t.loginCookie('priya@example.com');
  const address = await defaultAddress(t.db, 'priya@example.com');
  const offers = await deliverableOffers(t.db, address.pincode);
  placeOnline = async (n) => {
    const pick = offers[n];
    if (!pick) throw new Error('deliverable offers');
    const res = await t.request('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        idempotencyKey: `razorpay-test-${n}-${Date.now()}`,
        addressId: address.id,
        paymentMode: 'online',
        lines: [
          {
            productId: pick.offer.productId,
            sellerId: pick.offer.sellerId,
            quantity: 1,
            deliveryType: 'standard',
          },
        ],
      }),
    });
    if (res.status !== 201) throw new Error(await res.text());
    return (await res.json()) as { orderNo: string; totalPaise: number };
  };
});
afterAll(() => t.close());

const pageOf = async (orderNo: string) =>
  (await (await t.request(`/api/payments/${orderNo}`, { headers: { cookie } })).json()) as {
    providerOrderId: string;
    checkout: { provider: string; keyId: string; scriptUrl: string };
  };
const webhook = (body: string, signature: string, eventId?: string) =>
  t.request('/api/payments/razorpay/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      ...(eventId ? { 'x-razorpay-event-id': eventId } : {}),
    },
    body,
  });
const paymentFailed = (providerOrderId: string, reason: string, createdAt: number) =>
  JSON.stringify({
    entity: 'event',
    account_id: 'acc_BFQ7uQEaa7j2z7',
    event: 'payment.failed',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: `pay_failed${createdAt}`,
          entity: 'payment',
          status: 'failed',
          order_id: providerOrderId,
          error_description: reason,
        },
      },
    },
    created_at: createdAt,
  });
const failureOf = async (providerOrderId: string) =>
  (await t.db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId)))[0]?.failureReason;
const statusOf = async (orderNo: string) =>
  (await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]?.paymentStatus;

describe('Razorpay', () => {
  it('creates a Razorpay order in paise, INR, payment_capture on, with Basic auth', async () => {
    const { orderNo, totalPaise } = await placeOnline(0);
    const call = calls.at(-1);
    expect(call?.url).toBe(RAZORPAY_ORDERS_URL);
    expect(new Headers(call?.init?.headers).get('authorization')).toBe(
      `Basic ${Buffer.from(`${KEY.keyId}:${KEY.keySecret}`).toString('base64')}`,
    );
    expect(JSON.parse(typeof call?.init?.body === 'string' ? call.init.body : '{}')).toEqual({
      amount: totalPaise,
      currency: 'INR',
      receipt: orderNo,
      payment_capture: 1,
    });
    const page = await pageOf(orderNo);
    expect(page.checkout).toEqual({
      provider: 'razorpay',
      keyId: KEY.keyId,
      scriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    expect(calls).toHaveLength(1); // the page reuses the open provider order
  });

  it('verifies the checkout signature of order_id|payment_id with the key secret', async () => {
    const { orderNo } = await placeOnline(1);
    const { providerOrderId } = await pageOf(orderNo);
    const paymentId = 'pay_29QQoUBi66xm2f';
    const post = (signature: string) =>
      t.request('/api/payments/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ orderNo, providerOrderId, paymentId, signature }),
      });
    expect((await post(sign('wrong_secret', `${providerOrderId}|${paymentId}`))).status).toBe(400);
    expect(await statusOf(orderNo)).toBe('awaiting_payment');
    expect((await post(sign(KEY.keySecret, `${providerOrderId}|${paymentId}`))).status).toBe(200);
    expect(await statusOf(orderNo)).toBe('paid');
  });

  it('marks an order paid from a signed payment.captured webhook and refuses a bad signature', async () => {
    const { orderNo } = await placeOnline(2);
    const { providerOrderId } = await pageOf(orderNo);
    const event = JSON.stringify({
      entity: 'event',
      account_id: 'acc_BFQ7uQEaa7j2z7',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: 'pay_DESlfW9H8K9uqM',
            entity: 'payment',
            amount: 100,
            currency: 'INR',
            status: 'captured',
            order_id: providerOrderId,
          },
        },
      },
      created_at: 1567674606,
    });
    const bad = await webhook(event, sign('not_the_webhook_secret', event));
    expect(bad.status).toBe(400);
    expect(await statusOf(orderNo)).toBe('awaiting_payment');
    const good = await webhook(event, sign(KEY.webhookSecret, event));
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ received: true, handled: true });
    expect(await statusOf(orderNo)).toBe('paid');
    // Razorpay retries webhooks: the same event again is acknowledged and changes nothing
    expect(await (await webhook(event, sign(KEY.webhookSecret, event))).json()).toEqual({
      received: true,
      handled: false,
      duplicate: true,
    });
    const other = JSON.stringify({ event: 'refund.created', payload: {} });
    expect(await (await webhook(other, sign(KEY.webhookSecret, other))).json()).toEqual({
      received: true,
      handled: false,
    });
  });

  it('acknowledges a replayed webhook without acting on it again, whatever event id it claims', async () => {
    const { orderNo } = await placeOnline(3);
    const { providerOrderId } = await pageOf(orderNo);
    const declined = paymentFailed(providerOrderId, 'Card declined', 1_700_000_001);
    const bankDown = paymentFailed(providerOrderId, 'Bank unavailable', 1_700_000_002);
    const first = await webhook(declined, sign(KEY.webhookSecret, declined), 'evt_declined');
    expect(await first.json()).toEqual({ received: true, handled: true });
    await webhook(bankDown, sign(KEY.webhookSecret, bankDown), 'evt_bank_down');
    expect(await failureOf(providerOrderId)).toBe('Bank unavailable');
    // the first event again, with its own id, with a made-up id (the header is not signed), and
    // at once several times: each is acknowledged and the newer failure stays
    const replays = await Promise.all([
      webhook(declined, sign(KEY.webhookSecret, declined), 'evt_declined'),
      webhook(declined, sign(KEY.webhookSecret, declined), 'evt_made_up'),
      webhook(declined, sign(KEY.webhookSecret, declined)),
      webhook(declined, sign(KEY.webhookSecret, declined)),
    ]);
    for (const replay of replays) {
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ received: true, handled: false, duplicate: true });
    }
    expect(await failureOf(providerOrderId)).toBe('Bank unavailable');
    // Razorpay's own retry of an event carries its id: seen before, even if the body were sent again reformatted
    const reformatted = `${bankDown}\n`;
    const retry = await webhook(reformatted, sign(KEY.webhookSecret, reformatted), 'evt_bank_down');
    expect(await retry.json()).toEqual({ received: true, handled: false, duplicate: true });
    const remembered = await t.db
      .select({ eventId: webhookEvents.eventId })
      .from(webhookEvents)
      .where(eq(webhookEvents.event, 'payment.failed'));
    expect(remembered.map((row) => row.eventId).sort()).toEqual(['evt_bank_down', 'evt_declined']);
  });
});
