import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, itemRequests, orderItems, payments, refunds, users } from '@marketplace/db';
import { MAX_REFUND_ATTEMPTS, type ShopperRefund } from '@marketplace/domain/orders/refund-life';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import {
  type PayoutProvider,
  createSandboxPayoutProvider,
  type SandboxPayoutProvider,
  createSandboxProvider,
  type SandboxProvider,
} from '../payments/index.ts';
import { runRefunds } from './refund-job.ts';
import { refundIdempotencyKey } from './send-refunds.ts';

type ShownRefund = ShopperRefund;
type CancelledDetail = { cancellations: { refNo: string; refund: ShownRefund | null }[] };
type ReturnDetail = { requests: { refNo: string; refund: ShownRefund & { estimate: unknown } }[] };

let t: TestApp;
let sandbox: SandboxProvider;
let payouts: SandboxPayoutProvider;
let priya: Awaited<ReturnType<typeof fulfilmentKit>>;
let ananya: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;

beforeAll(async () => {
  sandbox = createSandboxProvider();
  payouts = createSandboxPayoutProvider();
  t = await createTestApp({ payments: sandbox });
  priya = await fulfilmentKit(t, 'priya@example.com');
  ananya = await fulfilmentKit(t, 'ananya@example.com');
  call = jsonRequest(t);
});
afterAll(() => t.close());

const run = (providers: { payouts?: PayoutProvider } = {}) =>
  runRefunds(t.db, { payments: sandbox, payouts: providers.payouts ?? payouts });
const refundRow = async (id: number) => {
  const [row] = await t.db.select().from(refunds).where(eq(refunds.id, id));
  if (!row) throw new Error(`refund ${id} exists`);
  return row;
};
const refundOfRequest = async (refNo: string) => {
  const [row] = await t.db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(itemRequests, eq(itemRequests.id, refunds.requestId))
    .where(eq(itemRequests.refNo, refNo));
  if (!row) throw new Error(`the request ${refNo} has a refund`);
  return row.refund;
};
const userId = async (email: string) => {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`${email} is seeded`);
  return row.id;
};
const defaultAccountOf = async (email: string) => {
  const [row] = await t.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, await userId(email)), eq(bankAccounts.isDefault, true)));
  return row ?? null;
};

/** A prepaid order paid through the sandbox, cancelled by its seller: an online refund, initiated. */
async function cancelledPrepaidItem() {
  const placed = await priya.singleItemOrder(1, 'prepaid');
  await t.db.insert(payments).values({
    orderId: placed.order.id,
    provider: 'sandbox',
    providerOrderId: `sandbox_order_${placed.orderNo}`,
    providerPaymentId: `sandbox_pay_${placed.orderNo}`,
    amountPaise: placed.order.totalPaise,
    status: 'paid',
  });
  const res = await call(`/api/seller/order-items/${placed.item.id}/cancel`, placed.seller, 'POST', {});
  expect(res.status).toBe(200);
  const { refNo } = (await res.json()) as { refNo: string };
  return { ...placed, refNo, refund: await refundOfRequest(refNo) };
}

/** A COD item delivered, returned and accepted by its seller: a cash refund to the bank account, initiated. */
async function returnedCodItem(kit: Awaited<ReturnType<typeof fulfilmentKit>>) {
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
  return { ...placed, refNo, refund: await refundOfRequest(refNo) };
}

const cancelledRefund = async (itemId: number, cookie: string) =>
  ((await (await call(`/api/cancellations/items/${itemId}`, cookie)).json()) as CancelledDetail)
    .cancellations[0]?.refund;
const returnRefund = async (itemId: number, cookie: string) =>
  ((await (await call(`/api/item-requests?kind=return&item=${itemId}`, cookie)).json()) as ReturnDetail)
    .requests[0]?.refund;

describe('the refund job: online payments', () => {
  it('sends an initiated refund to the provider (processed, its id kept), and completes it on the next run', async () => {
    const { item, refund, orderNo } = await cancelledPrepaidItem();
    expect(refund).toMatchObject({ status: 'initiated', method: 'original_payment', providerRefundId: null });

    const first = await run();
    expect(first.sent).toContain(refund.id);
    expect(first.completed).not.toContain(refund.id);
    const taken = await refundRow(refund.id);
    expect(taken).toMatchObject({ status: 'processed', provider: 'sandbox', attempt: 1, completedAt: null });
    expect(taken.providerRefundId).toMatch(/^sandbox_rfnd_/);
    expect(taken.processedAt).toBeInstanceOf(Date);
    expect(sandbox.refunds.get(refundIdempotencyKey(refund.id))).toMatchObject({
      paymentId: `sandbox_pay_${orderNo}`,
      amountPaise: refund.amountPaise,
      providerRefundId: taken.providerRefundId,
    });
    expect(await cancelledRefund(item.id, priya.shopper)).toEqual({
      amountPaise: refund.amountPaise,
      status: 'processed',
      method: 'original_payment',
      bankAccountLast4: null,
      completedAt: null,
      needsBankAccount: false,
      // what the refund is made of, each deduction in a line (requirements#refund-estimate)
      breakdown: expect.objectContaining({ isPartial: false }),
    });
    const breakdown = (await cancelledRefund(item.id, priya.shopper))?.breakdown;
    expect(breakdown?.lines.reduce((sum, line) => sum + line.amountPaise, 0)).toBe(refund.amountPaise);

    const second = await run();
    expect(second.completed).toContain(refund.id);
    const done = await refundRow(refund.id);
    expect(done.status).toBe('completed');
    expect(done.completedAt).toBeInstanceOf(Date);
    expect(done.providerRefundId).toBe(taken.providerRefundId);
    expect(await cancelledRefund(item.id, priya.shopper)).toMatchObject({
      status: 'completed',
      completedAt: done.completedAt?.toISOString(),
    });

    // nothing more happens to it, and it was refunded once
    const third = await run();
    expect([...third.sent, ...third.completed]).not.toContain(refund.id);
    expect(await refundRow(refund.id)).toEqual(done);
    expect(
      [...sandbox.refunds.values()].filter((r) => r.paymentId === `sandbox_pay_${orderNo}`),
    ).toHaveLength(1);
  });
});

describe('the refund job: cash paid at delivery', () => {
  it('pays the refund into the default bank account (its last 4 digits kept), then completes it', async () => {
    const { item, refund } = await returnedCodItem(priya);
    const account = await defaultAccountOf('priya@example.com');
    if (!account) throw new Error('priya has a default bank account');
    expect(refund).toMatchObject({ status: 'initiated', method: 'bank_account' });

    const first = await run();
    expect(first.paidOut).toContain(refund.id);
    const taken = await refundRow(refund.id);
    expect(taken).toMatchObject({
      status: 'processed',
      provider: 'sandbox',
      bankAccountId: account.id,
      bankAccountLast4: account.accountNumber.slice(-4),
    });
    expect(taken.providerRefundId).toMatch(/^sandbox_pout_/);
    expect(payouts.payouts.get(refundIdempotencyKey(refund.id))).toEqual({
      providerPayoutId: taken.providerRefundId,
      amountPaise: refund.amountPaise,
      accountNumber: account.accountNumber,
      ifsc: account.ifsc,
    });

    const second = await run();
    expect(second.completed).toContain(refund.id);
    expect(await returnRefund(item.id, priya.shopper)).toMatchObject({
      amountPaise: refund.amountPaise,
      status: 'completed',
      method: 'bank_account',
      bankAccountLast4: account.accountNumber.slice(-4),
      completedAt: (await refundRow(refund.id)).completedAt?.toISOString(),
      needsBankAccount: false,
    });
  });

  it('waits while the shopper has no bank account, asks for one on the pages, and is sent once they add one', async () => {
    const ananyaId = await userId('ananya@example.com');
    // a shopper who never saved a bank account
    await t.db.delete(bankAccounts).where(eq(bankAccounts.userId, ananyaId));
    const { item, refund } = await returnedCodItem(ananya);
    expect(refund.bankAccountLast4).toBeNull();

    const first = await run();
    expect(first.waiting).toContain(refund.id);
    expect(first.paidOut).not.toContain(refund.id);
    expect(await refundRow(refund.id)).toMatchObject({ status: 'initiated', bankAccountId: null });
    expect(await returnRefund(item.id, ananya.shopper)).toMatchObject({
      status: 'initiated',
      method: 'bank_account',
      bankAccountLast4: null,
      needsBankAccount: true,
    });

    const added = await call('/api/bank-accounts', ananya.shopper, 'POST', {
      accountName: 'Ananya Iyer',
      accountNumber: '500100987654321',
      ifsc: 'ICIC0004567',
      bankName: 'ICICI Bank',
      accountType: 'savings',
    });
    expect(added.status).toBe(201);
    const second = await run();
    expect(second.paidOut).toContain(refund.id);
    expect(await refundRow(refund.id)).toMatchObject({ status: 'processed', bankAccountLast4: '4321' });
    expect(await returnRefund(item.id, ananya.shopper)).toMatchObject({
      status: 'processed',
      bankAccountLast4: '4321',
      needsBankAccount: false,
    });
  });

  it('a payout retried after the provider took it but the answer was lost is the same payout, to the same account', async () => {
    const { refund } = await returnedCodItem(priya);
    const before = await defaultAccountOf('priya@example.com');
    if (!before) throw new Error('priya has a default bank account');
    // the provider queues the payout, but its answer never reaches us
    const lostAnswer: PayoutProvider = {
      ...payouts,
      payout: async (args) => {
        await payouts.payout(args);
        throw new Error('the connection was reset');
      },
    };
    const errors: number[] = [];
    const first = await runRefunds(
      t.db,
      { payments: sandbox, payouts: lostAnswer },
      {
        onError: (_, id) => errors.push(id),
      },
    );
    expect(first.paidOut).not.toContain(refund.id);
    expect(errors).toContain(refund.id);
    expect(await refundRow(refund.id)).toMatchObject({ status: 'initiated', bankAccountId: before.id });

    // meanwhile the shopper makes another account the default: the retry still pays the first one
    const added = await call('/api/bank-accounts', priya.shopper, 'POST', {
      accountName: 'Priya Sharma',
      accountNumber: '700100555566667777',
      ifsc: 'UTIB0000789',
      bankName: 'Axis Bank',
      accountType: 'savings',
    });
    const { account } = (await added.json()) as { account: { id: number } };
    expect((await call(`/api/bank-accounts/${account.id}/default`, priya.shopper, 'POST')).status).toBe(200);

    const second = await run();
    expect(second.paidOut).toContain(refund.id);
    const made = payouts.payouts.get(refundIdempotencyKey(refund.id));
    expect(made?.accountNumber).toBe(before.accountNumber);
    expect(await refundRow(refund.id)).toMatchObject({
      status: 'processed',
      providerRefundId: made?.providerPayoutId,
      bankAccountLast4: before.accountNumber.slice(-4),
    });
    expect([...payouts.payouts.keys()].filter((key) => key.startsWith(`bazaar-refund-${refund.id}`))).toEqual(
      [refundIdempotencyKey(refund.id)],
    );
    // back to the seeded default for the other tests
    expect((await call(`/api/bank-accounts/${before.id}/default`, priya.shopper, 'POST')).status).toBe(200);
  });

  it('a payout the bank bounces is sent again under a fresh key, and left failed after the last attempt', async () => {
    const { item, refund } = await returnedCodItem(priya);
    const bouncing: PayoutProvider = {
      ...payouts,
      payoutStatus: () => Promise.resolve({ state: 'failed', reason: 'Beneficiary bank account is closed' }),
    };
    const keysOf = () =>
      [...payouts.payouts.keys()].filter((key) => key.startsWith(`bazaar-refund-${refund.id}`));
    const first = await run({ payouts: bouncing });
    expect(first.paidOut).toContain(refund.id);
    expect(await refundRow(refund.id)).toMatchObject({ status: 'processed', attempt: 1 });
    // each run hears of the bounce, then sends the next attempt as a new payout
    for (let attempt = 2; attempt <= MAX_REFUND_ATTEMPTS; attempt++) {
      const next = await run({ payouts: bouncing });
      expect(next.retried).toContain(refund.id);
      expect(next.paidOut).toContain(refund.id);
      expect(await refundRow(refund.id)).toMatchObject({
        status: 'processed',
        attempt,
        failureReason: 'Beneficiary bank account is closed',
      });
    }
    expect(keysOf()).toEqual([
      refundIdempotencyKey(refund.id),
      refundIdempotencyKey(refund.id, 2),
      refundIdempotencyKey(refund.id, 3),
    ]);
    const last = await run({ payouts: bouncing });
    expect(last.failed).toContain(refund.id);
    expect(await refundRow(refund.id)).toMatchObject({ status: 'failed', attempt: MAX_REFUND_ATTEMPTS });
    expect(keysOf()).toHaveLength(MAX_REFUND_ATTEMPTS);
    // an operator's work now: the job leaves it alone
    const after = await run({ payouts: bouncing });
    expect([...after.paidOut, ...after.failed, ...after.retried]).not.toContain(refund.id);
    expect((await returnRefund(item.id, priya.shopper))?.status).toBe('failed');
  });
});

describe('the refund job without providers (production without Razorpay or RazorpayX)', () => {
  it('marks nothing paid: online and cash refunds wait, initiated, and go out once a provider is there', async () => {
    const online = await cancelledPrepaidItem();
    const cash = await returnedCodItem(priya);
    const idle = await runRefunds(t.db, { payments: null, payouts: null });
    expect([...idle.sent, ...idle.paidOut, ...idle.completed]).toEqual([]);
    expect((await refundRow(online.refund.id)).status).toBe('initiated');
    expect((await refundRow(cash.refund.id)).status).toBe('initiated');
    expect(sandbox.refunds.has(refundIdempotencyKey(online.refund.id))).toBe(false);
    expect(payouts.payouts.has(refundIdempotencyKey(cash.refund.id))).toBe(false);
    const later = await run();
    expect(later.sent).toContain(online.refund.id);
    expect(later.paidOut).toContain(cash.refund.id);
  });
});

describe('who sees a refund', () => {
  it('another shopper cannot see the item or its refund', async () => {
    const { item } = await cancelledPrepaidItem();
    const other = await t.loginCookie('rahul@example.com');
    expect((await call(`/api/cancellations/items/${item.id}`, other)).status).toBe(404);
    expect((await call(`/api/item-requests?kind=return&item=${item.id}`, other)).status).toBe(404);
    expect((await call(`/api/cancellations/items/${item.id}`, null)).status).toBe(401);
    // the refund is never sent with the provider's ids
    const shown = await cancelledRefund(item.id, priya.shopper);
    expect(Object.keys(shown ?? {}).sort()).toEqual([
      'amountPaise',
      'bankAccountLast4',
      'breakdown',
      'completedAt',
      'method',
      'needsBankAccount',
      'status',
    ]);
  });
});
