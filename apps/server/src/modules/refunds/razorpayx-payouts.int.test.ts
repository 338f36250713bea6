import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, itemRequests, orderItems, refunds, users } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { createRazorpayProvider, createRazorpayXPayoutProvider } from '../payments/index.ts';
import { runRefunds } from './refund-job.ts';
import { refundIdempotencyKey } from './send-refunds.ts';

// RazorpayX's composite payout API and payout webhooks as documented, answered by a stand-in that
// keeps the payouts it made by idempotency key as RazorpayX does: no network
const KEY = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'test_key_secret',
  webhookSecret: 'test_webhook_secret',
};
const ACCOUNT_NUMBER = '7878780080316316';
type Made = {
  id: string;
  body: string;
  amount: number;
  status: string;
  utr: string | null;
  reason: string | null;
};
const made = new Map<string, Made>(); // by idempotency key
const requests: { key: string | null; auth: string | null; body: Record<string, unknown> }[] = [];
let outage = false;
const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
const payoutEntity = (payout: Made) => ({
  id: payout.id,
  entity: 'payout',
  fund_account_id: `fa_${payout.id.slice(5)}`,
  amount: payout.amount,
  currency: 'INR',
  notes: {},
  fees: 0,
  tax: 0,
  status: payout.status,
  purpose: 'refund',
  utr: payout.utr,
  mode: 'IMPS',
  reference_id: null,
  narration: 'Bazaar refund',
  batch_id: null,
  status_details: payout.reason
    ? { description: payout.reason, source: 'beneficiary_bank', reason: 'bank_account_closed' }
    : null,
  created_at: 1580120202,
  fee_type: '',
});
const byId = (id: string) => [...made.values()].find((p) => p.id === id);
const badRequest = (description: string) =>
  json({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: null } }, 400);
const fakeFetch: typeof fetch = (input, init) => {
  const url = input instanceof Request ? input.url : input.toString();
  const headers = new Headers(init?.headers);
  if (outage)
    return json({ error: { code: 'SERVER_ERROR', description: 'We are facing some trouble' } }, 503);
  if (url === 'https://api.razorpay.com/v1/payouts' && init?.method === 'POST') {
    const raw = typeof init.body === 'string' ? init.body : '';
    const key = headers.get('x-payout-idempotency');
    requests.push({
      key,
      auth: headers.get('authorization'),
      body: JSON.parse(raw) as Record<string, unknown>,
    });
    if (!key)
      return badRequest('Idempotency key is missing. Include idempotency header and key in the request.');
    const earlier = made.get(key);
    if (earlier && earlier.body !== raw)
      return badRequest('Different request body sent for the same idempotency key');
    const payout = earlier ?? {
      id: `pout_${key.replace(/[^a-z0-9]/gi, '')}`,
      body: raw,
      amount: (JSON.parse(raw) as { amount: number }).amount,
      status: 'processing',
      utr: null,
      reason: null,
    };
    made.set(key, payout);
    return json(payoutEntity(payout));
  }
  const statusOf = /^https:\/\/api\.razorpay\.com\/v1\/payouts\/([^/]+)$/.exec(url);
  const payout = statusOf?.[1] ? byId(decodeURIComponent(statusOf[1])) : undefined;
  if (payout && (init?.method ?? 'GET') === 'GET') return json(payoutEntity(payout));
  return badRequest('The id provided does not exist');
};

const razorpay = createRazorpayProvider(KEY, fakeFetch);
const payouts = createRazorpayXPayoutProvider(
  { keyId: KEY.keyId, keySecret: KEY.keySecret, accountNumber: ACCOUNT_NUMBER },
  fakeFetch,
);
let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;

beforeAll(async () => {
  t = await createTestApp({ payments: razorpay });
  kit = await fulfilmentKit(t, 'priya@example.com');
  call = jsonRequest(t);
});
afterAll(() => t.close());

const errors: number[] = [];
const run = () =>
  runRefunds(t.db, { payments: razorpay, payouts }, { onError: (_, refundId) => errors.push(refundId) });
const sign = (body: string, secret = KEY.webhookSecret) =>
  createHmac('sha256', secret).update(body).digest('hex');
const webhook = (body: string, signature = sign(body)) =>
  t.request('/api/payments/razorpay/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
    body,
  });
/** RazorpayX's payout.* event carrying the payout as it is now */
const payoutEvent = (event: string, payout: Made) =>
  JSON.stringify({
    entity: 'event',
    account_id: 'acc_BfVUrG6tDiL7H0',
    event,
    contains: ['payout'],
    payload: { payout: { entity: payoutEntity(payout) } },
    created_at: 1580120247,
  });
const refundRow = async (id: number) => {
  const [row] = await t.db.select().from(refunds).where(eq(refunds.id, id));
  if (!row) throw new Error(`refund ${id} exists`);
  return row;
};
const priya = async () => {
  const [user] = await t.db.select().from(users).where(eq(users.email, 'priya@example.com'));
  if (!user) throw new Error('priya is seeded');
  const [account] = await t.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, user.id), eq(bankAccounts.isDefault, true)));
  if (!account) throw new Error('priya has a default bank account');
  return { user, account };
};

/** A COD item delivered, returned and accepted by its seller: a cash refund to the bank account, initiated. */
async function returnedCodItem() {
  const placed = await kit.singleItemOrder(1);
  await t.db.update(orderItems).set({ returnWindowDays: 10 }).where(eq(orderItems.id, placed.item.id));
  const shipped = await call(`/api/seller/orders/${placed.orderNo}/shipments`, placed.seller, 'POST', {
    items: [{ itemId: placed.item.id }],
  });
  const { invoiceNo } = (await shipped.json()) as { invoiceNo: string };
  for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered']) {
    const moved = await call(`/api/seller/shipments/${invoiceNo}/tracking`, placed.seller, 'POST', {
      status,
    });
    if (moved.status !== 200) throw new Error(await moved.text());
  }
  const refNo = await kit.insertRequest(placed.item.id, 'return');
  const decided = await call(`/api/seller/item-requests/${refNo}/decision`, placed.seller, 'POST', {
    // the shopper keeps it: refunded at the decision (a picked-up return waits for its pickup)
    decision: 'refund-without-reverse',
  });
  expect(decided.status).toBe(200);
  const [row] = await t.db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(itemRequests, eq(itemRequests.id, refunds.requestId))
    .where(eq(itemRequests.refNo, refNo));
  if (!row) throw new Error('the return has a refund');
  expect(row.refund).toMatchObject({ status: 'initiated', method: 'bank_account' });
  return { ...placed, refNo, refund: row.refund };
}
const payoutOf = (refundId: number, attempt = 1) => {
  const payout = made.get(refundIdempotencyKey(refundId, attempt));
  if (!payout) throw new Error(`RazorpayX made the payout of refund ${refundId} attempt ${attempt}`);
  return payout;
};

describe('cash refunds paid out through RazorpayX', () => {
  it('pays the refund into the shopper’s bank account, stays processed while RazorpayX processes it, and completes when it is processed', async () => {
    const { refund, item } = await returnedCodItem();
    const { user, account } = await priya();

    const first = await run();
    expect(first.paidOut).toContain(refund.id);
    const sent = requests.find((r) => r.key === refundIdempotencyKey(refund.id));
    expect(sent?.auth).toBe(`Basic ${Buffer.from(`${KEY.keyId}:${KEY.keySecret}`).toString('base64')}`);
    expect(sent?.body).toEqual({
      account_number: ACCOUNT_NUMBER,
      amount: refund.amountPaise,
      currency: 'INR',
      mode: 'IMPS',
      purpose: 'refund',
      fund_account: {
        account_type: 'bank_account',
        bank_account: {
          name: account.accountName,
          ifsc: account.ifsc,
          account_number: account.accountNumber,
        },
        contact: {
          name: `${user.firstName} ${user.lastName}`.trim(),
          email: user.email,
          ...(user.mobile ? { contact: user.mobile } : {}),
          type: 'customer',
          reference_id: `shopper-${user.id}`,
        },
      },
      queue_if_low_balance: true,
      reference_id: `refund-${refund.id}`,
      narration: `Bazaar refund ${refund.id}`,
    });
    const payout = payoutOf(refund.id);
    expect(await refundRow(refund.id)).toMatchObject({
      status: 'processed',
      provider: 'razorpayx',
      providerRefundId: payout.id,
      bankAccountId: account.id,
      bankAccountLast4: account.accountNumber.slice(-4),
    });

    // processing, then queued for low balance: still on its way
    for (const status of ['processing', 'queued']) {
      payout.status = status;
      const next = await run();
      expect([...next.completed, ...next.retried, ...next.paidOut]).not.toContain(refund.id);
      expect((await refundRow(refund.id)).status).toBe('processed');
    }

    payout.status = 'processed';
    payout.utr = '933815233814';
    expect((await run()).completed).toContain(refund.id);
    const done = await refundRow(refund.id);
    expect(done.status).toBe('completed');
    expect(done.completedAt).toBeInstanceOf(Date);
    const shown = (await (
      await call(`/api/item-requests?kind=return&item=${item.id}`, kit.shopper)
    ).json()) as { requests: { refund: { status: string; bankAccountLast4: string } }[] };
    expect(shown.requests[0]?.refund).toMatchObject({
      status: 'completed',
      bankAccountLast4: account.accountNumber.slice(-4),
    });
    // paid once
    expect(requests.filter((r) => r.key?.startsWith(`bazaar-refund-${refund.id}`))).toHaveLength(1);
  });

  it('a payout the bank reverses is sent again under a fresh key, with RazorpayX’s reason kept', async () => {
    const { refund } = await returnedCodItem();
    await run();
    const payout = payoutOf(refund.id);
    payout.status = 'reversed';
    payout.reason = 'Payout failed as the beneficiary account is closed. Please contact the beneficiary bank';

    const next = await run();
    expect(next.retried).toContain(refund.id);
    expect(next.paidOut).toContain(refund.id);
    const second = payoutOf(refund.id, 2);
    expect(second.id).not.toBe(payout.id);
    expect(await refundRow(refund.id)).toMatchObject({
      status: 'processed',
      attempt: 2,
      providerRefundId: second.id,
      failureReason: payout.reason,
    });
  });

  it('RazorpayX down: the refund stays initiated and is sent under the same key once it answers', async () => {
    const { refund } = await returnedCodItem();
    outage = true;
    try {
      const down = await run();
      expect(down.paidOut).not.toContain(refund.id);
      expect(errors).toContain(refund.id);
      expect(await refundRow(refund.id)).toMatchObject({ status: 'initiated', providerRefundId: null });
    } finally {
      outage = false;
    }
    expect((await run()).paidOut).toContain(refund.id);
    expect((await refundRow(refund.id)).providerRefundId).toBe(payoutOf(refund.id).id);
    expect([...made.keys()].filter((key) => key.startsWith(`bazaar-refund-${refund.id}`))).toEqual([
      refundIdempotencyKey(refund.id),
    ]);
  });

  it('a status check RazorpayX cannot answer changes nothing', async () => {
    const { refund } = await returnedCodItem();
    await run();
    outage = true;
    try {
      const down = await run();
      expect([...down.completed, ...down.retried, ...down.failed]).not.toContain(refund.id);
    } finally {
      outage = false;
    }
    expect((await refundRow(refund.id)).status).toBe('processed');
  });
});

describe('POST /api/payments/razorpay/webhook: RazorpayX payout events', () => {
  it('payout.processed completes the cash refund of that payout; the same event again changes nothing', async () => {
    const { refund } = await returnedCodItem();
    await run();
    const payout = payoutOf(refund.id);
    payout.status = 'processed';
    payout.utr = 'HDFCN00000000001';
    const body = payoutEvent('payout.processed', payout);
    const first = await webhook(body);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, handled: true });
    const done = await refundRow(refund.id);
    expect(done.status).toBe('completed');
    const again = await webhook(body);
    expect(await again.json()).toEqual({ received: true, handled: false, duplicate: true });
    expect(await refundRow(refund.id)).toEqual(done);
  });

  it.each(['payout.reversed', 'payout.failed', 'payout.rejected'])(
    '%s puts the refund back to initiated for its next attempt',
    async (event) => {
      const { refund } = await returnedCodItem();
      await run();
      const payout = payoutOf(refund.id);
      payout.status = event.slice('payout.'.length);
      payout.reason = 'Beneficiary bank systems are offline, please retry after 30 min';
      const res = await webhook(payoutEvent(event, payout));
      expect(await res.json()).toEqual({ received: true, handled: true });
      expect(await refundRow(refund.id)).toMatchObject({
        status: 'initiated',
        attempt: 2,
        providerRefundId: null,
        bankAccountId: null,
        failureReason: payout.reason,
      });
      // delivered again: still the second attempt
      await webhook(payoutEvent(event, payout));
      expect((await refundRow(refund.id)).attempt).toBe(2);
    },
  );

  it('refuses a bad signature and acknowledges events it does not act on without touching anything', async () => {
    const { refund } = await returnedCodItem();
    await run();
    const payout = payoutOf(refund.id);
    payout.status = 'processed';
    const body = payoutEvent('payout.processed', payout);
    for (const signature of [sign(body, 'another_secret'), '', sign(`${body} `)]) {
      const res = await webhook(body, signature);
      expect(res.status).toBe(400);
    }
    expect((await refundRow(refund.id)).status).toBe('processed');

    // a payout we did not make, an event that ends nothing, an event whose payout is still moving
    const foreign = await webhook(payoutEvent('payout.processed', { ...payout, id: 'pout_NotOursAtAll1' }));
    expect(await foreign.json()).toEqual({ received: true, handled: false });
    const initiated = await webhook(payoutEvent('payout.initiated', { ...payout, status: 'processing' }));
    expect(await initiated.json()).toEqual({ received: true, handled: false });
    const stale = await webhook(payoutEvent('payout.processed', { ...payout, status: 'processing' }));
    expect(await stale.json()).toEqual({ received: true, handled: false });
    expect((await refundRow(refund.id)).status).toBe('processed');

    // hostile or malformed payout bodies, correctly signed
    for (const hostile of [
      '{"event":"payout.processed","payload":{"payout":{"entity":{"id":"","amount":1,"status":"processed"}}}}',
      `{"event":"payout.processed","payload":{"payout":{"entity":{"id":"${payout.id}","amount":"1","status":"processed"}}}}`,
      `{"event":"payout.processed","payload":{"payout":{"entity":{"id":"${payout.id}","amount":1,"status":"teleported"}}}}`,
      `{"event":"payout.processed","payload":{"payout":{"entity":{"id":"${"' OR 1=1 --"}","amount":1,"status":"processed"}}}}`,
      `{"event":"payout.processed","payload":{"payout":{"entity":{"id":"${'x'.repeat(5000)}","amount":1,"status":"processed"}}}}`,
      '{"event":"payout.processed","payload":null}',
    ]) {
      const res = await webhook(hostile);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, handled: false });
    }
    expect((await refundRow(refund.id)).status).toBe('processed');
  });
});
