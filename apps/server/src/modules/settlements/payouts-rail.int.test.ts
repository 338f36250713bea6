import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems, sellerPayouts, sellers, settlementEntries } from '@marketplace/db';
import { PAYOUT_IDEMPOTENCY_KEY } from '@marketplace/domain/settlement/payout-rail';
import type { ConsolePayoutPage } from '@marketplace/domain/settlement/console-api';
import { createRazorpayProvider, createRazorpayXPayoutProvider } from '../payments/index.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import {
  type RazorpayXStandIn,
  STAND_IN_ACCOUNT_NUMBER,
  STAND_IN_KEY,
  startRazorpayXStandIn,
} from '../../../test-support/razorpayx-stand-in.ts';
import { remitAllCod } from '../../../test-support/settlement.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { checkSellerPayouts, runPayoutCycle, sellerBalance, sendSellerPayouts } from './payouts.ts';
import { runSellerPayouts } from './payout-job.ts';

// requirements#seller-payouts-rail (ADR-0048): sellers' payouts through the real RazorpayX adapter,
// against a local stand-in of RazorpayX's documented payout API over HTTP (no stubbed fetch)

let standIn: RazorpayXStandIn;
let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let rail: ReturnType<typeof createRazorpayXPayoutProvider>;
let finance: string;
beforeAll(async () => {
  standIn = await startRazorpayXStandIn();
  rail = createRazorpayXPayoutProvider({
    keyId: STAND_IN_KEY.keyId,
    keySecret: STAND_IN_KEY.keySecret,
    accountNumber: STAND_IN_ACCOUNT_NUMBER,
    baseUrl: standIn.url,
  });
  // payout webhooks are verified with the Razorpay webhook secret
  t = await createTestApp({ payments: createRazorpayProvider(STAND_IN_KEY) });
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  await remitAllCod(t.db);
  finance = (await verifiedStaff(t, 'finance.rail@example.com', 'finance')).cookie;
  // a live shop's sellers: the demo seed's would stop every cycle through a real rail (ADR-0049)
  await t.db.update(sellers).set({ isDemo: false });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const DAY = 86_400_000;
const MINUTE = 60_000;
const payoutRow = async (id: number) => {
  const [row] = await t.db.select().from(sellerPayouts).where(eq(sellerPayouts.id, id));
  if (!row) throw new Error(`payout ${id}`);
  return row;
};
const webhook = (event: { body: string; signature: string; eventId: string }) =>
  t.request('/api/payments/razorpay/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': event.signature,
      'x-razorpay-event-id': event.eventId,
    },
    body: event.body,
  });
const givenBack = async (payoutId: number) =>
  (
    await t.db
      .select()
      .from(settlementEntries)
      .where(and(eq(settlementEntries.payoutId, payoutId), sql`${settlementEntries.amountPaise} > 0`))
  ).length;
/** A seller with a fresh payable sale and nothing else payable, paid at `cutoff`: its payout, made. */
async function freshPayout(cutoff: Date) {
  const sold = await kit.deliveredItem(1, 'prepaid');
  const sellerId = sold.item.sellerId;
  const cycle = await runPayoutCycle(t.db, cutoff);
  const [made] = await t.db
    .select()
    .from(sellerPayouts)
    .where(and(eq(sellerPayouts.sellerId, sellerId), eq(sellerPayouts.periodEnd, cutoff)));
  if (!made) throw new Error('the sale was paid');
  expect(cycle.created).toContain(made.id);
  return { sold, sellerId, payout: made };
}

describe('seller payouts through RazorpayX', () => {
  it('finance retries a refused payout: once, audited; others cannot; bad ids are refused', async () => {
    // a cut-off an hour ago, for a sale made payable before it: finance retries now, after the cut-off
    const cutoff = new Date(Date.now() - 60 * MINUTE);
    const sold = await kit.deliveredItem(1, 'prepaid');
    const sellerId = sold.item.sellerId;
    await t.db
      .update(orderItems)
      .set({ payableAt: new Date(cutoff.getTime() - 60 * MINUTE) })
      .where(eq(orderItems.id, sold.item.id));
    await t.db.update(sellers).set({ bankAccountName: 'X' }).where(eq(sellers.id, sellerId));
    await runPayoutCycle(t.db, cutoff);
    const [payout] = await t.db
      .select()
      .from(sellerPayouts)
      .where(and(eq(sellerPayouts.sellerId, sellerId), eq(sellerPayouts.periodEnd, cutoff)));
    if (!payout) throw new Error('a payout');
    for (let round = 0; round < 3; round++)
      await sendSellerPayouts(t.db, rail, { now: new Date(cutoff.getTime() + MINUTE) });
    expect((await payoutRow(payout.id)).status).toBe('refused');
    await t.db.update(sellers).set({ bankAccountName: 'Asha Traders' }).where(eq(sellers.id, sellerId));

    const retry = (id: number | string, cookie: string | null) =>
      call(`/api/admin/settlements/payouts/${id}/retry`, cookie, 'POST');
    // not finance: a support agent, the seller, a shopper, nobody
    const support = (await verifiedStaff(t, 'support.rail@example.com', 'support')).cookie;
    expect((await retry(payout.id, support)).status).toBe(403);
    expect((await retry(payout.id, sold.seller)).status).toBe(403);
    expect((await retry(payout.id, kit.shopper)).status).toBe(403);
    expect((await retry(payout.id, null)).status).toBe(401);
    // bad ids
    for (const bad of ['abc', '0', '-1', '1.5', '%00', '%E0%A4%A', '9'.repeat(40)])
      expect((await retry(bad, finance)).status, bad).toBe(400);
    expect((await retry(2_000_000_000, finance)).status).toBe(404);
    // a payout that was not returned
    const [paid] = await t.db
      .select()
      .from(sellerPayouts)
      .where(eq(sellerPayouts.status, 'processed'))
      .limit(1);
    const notReturned = await retry(paid?.id ?? 0, finance);
    expect(notReturned.status).toBe(409);

    // two clicks at once: one new payout
    const [a, b] = await Promise.all([retry(payout.id, finance), retry(payout.id, finance)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const made = (await (a.status === 201 ? a : b).json()) as { payoutId: number; amountPaise: number };
    expect(made.amountPaise).toBeGreaterThanOrEqual(payout.amountPaise);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'refused', retriedById: made.payoutId });
    expect((await retry(payout.id, finance)).status).toBe(409);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settlement.payout-retry'), eq(auditLog.targetId, String(payout.id))));
    expect(audited).toHaveLength(1);
    await sendSellerPayouts(t.db, rail);
    expect((await payoutRow(made.payoutId)).status).toBe('processed');

    // the console's form, without scripts
    const form = await t.request('/admin/settlements/payouts', {
      method: 'POST',
      headers: { cookie: finance, 'content-type': 'application/x-www-form-urlencoded' },
      body: `payoutId=${payout.id}`,
    });
    expect(form.status).toBe(409);
    expect(await form.text()).toContain('This payout was retried already.');
  });

  it('are taken: a key RazorpayX accepts, filed as vendor payouts to a vendor contact', async () => {
    const cutoff = new Date(Date.now() + 40 * DAY);
    const cycle = await runPayoutCycle(t.db, cutoff);
    expect(cycle.created.length).toBeGreaterThan(10);
    const refusedBefore = standIn.refusals.length;
    for (let round = 0; round < 3; round++) await sendSellerPayouts(t.db, rail);
    expect(standIn.refusals.slice(refusedBefore)).toEqual([]);
    const rows = await t.db.select().from(sellerPayouts).where(eq(sellerPayouts.periodEnd, cutoff));
    for (const row of rows) {
      expect(row.idempotencyKey).toMatch(PAYOUT_IDEMPOTENCY_KEY);
      expect(row).toMatchObject({ status: 'processed', provider: 'razorpayx' });
      const made = standIn.payouts.get(row.idempotencyKey);
      expect(made?.id).toBe(row.providerPayoutId);
      expect(made).toMatchObject({
        amount: row.amountPaise,
        purpose: 'vendor bill',
        contactType: 'vendor',
        mode: row.amountPaise <= 5_00_000_00 ? 'IMPS' : 'NEFT',
        referenceId: `seller-payout-${row.id}`,
        accountNumber: row.bankAccountNumber,
      });
    }
    // the bank credits them: payout.processed completes each with its UTR
    const first = rows[0];
    if (!first?.providerPayoutId) throw new Error('a payout');
    const processed = standIn.move(first.providerPayoutId, 'processed', {
      description: 'Payout is processed and the money has been credited into the beneficiaries account',
      reason: 'payout_processed',
      utr: 'HDFCN00000000042',
    });
    expect(await (await webhook(processed)).json()).toEqual({ received: true, handled: true });
    expect(await payoutRow(first.id)).toMatchObject({ status: 'completed', utr: 'HDFCN00000000042' });
  });

  it('an outage keeps the payout initiated, sent again under the same key: one payout at RazorpayX', async () => {
    const { payout } = await freshPayout(new Date(Date.now() + 41 * DAY));
    standIn.failNext(1);
    const errors: number[] = [];
    await sendSellerPayouts(t.db, rail, { onError: (_, id) => errors.push(id) });
    expect(errors).toContain(payout.id);
    expect((await payoutRow(payout.id)).status).toBe('initiated');
    await sendSellerPayouts(t.db, rail);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'processed' });
    const sends = standIn.requests.filter(
      (r) => r.method === 'POST' && r.headers['x-payout-idempotency'] === payout.idempotencyKey,
    );
    expect(sends.length).toBe(2);
    expect(new Set(sends.map((r) => r.body)).size).toBe(1);
    expect([...standIn.payouts.keys()].filter((k) => k === payout.idempotencyKey)).toHaveLength(1);
  });

  it('a payout the rail refuses is refused with its reason, its amount back on the balance, shown to finance, and held until a fix', async () => {
    const cutoff = new Date(Date.now() + 42 * DAY);
    const sold = await kit.deliveredItem(1, 'prepaid');
    const sellerId = sold.item.sellerId;
    // an account holder's name in Devanagari: RazorpayX takes Latin letters, digits and a few marks only
    const [before] = await t.db.select().from(sellers).where(eq(sellers.id, sellerId));
    await t.db.update(sellers).set({ bankAccountName: 'राम' }).where(eq(sellers.id, sellerId));
    await runPayoutCycle(t.db, cutoff);
    const [payout] = await t.db
      .select()
      .from(sellerPayouts)
      .where(and(eq(sellerPayouts.sellerId, sellerId), eq(sellerPayouts.periodEnd, cutoff)));
    if (!payout) throw new Error('a payout');
    const refusedBefore = standIn.refusals.length;
    const now = new Date(cutoff.getTime() + 5 * MINUTE);
    const sent = await sendSellerPayouts(t.db, rail, { now });
    expect(sent.refused).toContain(payout.id);
    expect(standIn.refusals.length).toBe(refusedBefore + 1);
    const refused = await payoutRow(payout.id);
    expect(refused).toMatchObject({ status: 'refused', provider: 'razorpayx', providerPayoutId: null });
    expect(refused.failureReason).toBe('The name format is invalid. (fund_account.bank_account.name)');
    // the amount is back on the seller's balance, once, even when sent again
    expect((await sellerBalance(t.db, sellerId, now)).payablePaise).toBe(payout.amountPaise);
    await sendSellerPayouts(t.db, rail, { now });
    expect(await givenBack(payout.id)).toBe(1);

    // finance sees it with the rail's reason; only finance and owners reach it
    const listed = (await (
      await call('/api/admin/settlements/payouts?status=refused', finance)
    ).json()) as ConsolePayoutPage;
    expect(listed.payouts.find((p) => p.id === payout.id)).toMatchObject({
      status: 'refused',
      statusLabel: 'Refused by the bank rail',
      failureReason: refused.failureReason,
      held: true,
      retriedById: null,
    });
    const page = await t.request('/admin/settlements/payouts?status=refused', {
      headers: { cookie: finance },
    });
    const html = await page.text();
    expect(html).toContain('The name format is invalid.');
    expect(html).toMatch(new RegExp(`Retry payout (<!-- -->)?${payout.id}<`));

    // held: the next cycles do not pay the seller, nor does sending again
    const next = new Date(cutoff.getTime() + 7 * DAY);
    const held = await runPayoutCycle(t.db, next);
    expect(held.held).toContain(sellerId);
    const job = await runSellerPayouts(t.db, rail, { now: new Date(next.getTime() + MINUTE) });
    expect(job.retried).toEqual([]);
    expect(
      (await t.db.select().from(sellerPayouts).where(eq(sellerPayouts.sellerId, sellerId))).filter(
        (p) => p.periodEnd > cutoff,
      ),
    ).toEqual([]);

    // the seller fixes its bank account: the job pays the balance, the refused amount with it
    await t.db
      .update(sellers)
      .set({ bankAccountName: before?.bankAccountName ?? 'Account Holder' })
      .where(eq(sellers.id, sellerId));
    const fixedAt = new Date(next.getTime() + 2 * DAY);
    const owed = (await sellerBalance(t.db, sellerId, fixedAt)).payablePaise;
    const fixed = await runSellerPayouts(t.db, rail, { now: fixedAt });
    expect(fixed.retried).toHaveLength(1);
    const again = await payoutRow(fixed.retried[0] ?? 0);
    expect(again).toMatchObject({ sellerId, amountPaise: owed, status: 'processed' });
    expect(again.periodEnd.toISOString()).toBe(fixedAt.toISOString());
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'refused', retriedById: again.id });
    expect((await sellerBalance(t.db, sellerId, fixedAt)).payablePaise).toBe(0);
  });

  it('a payout the bank reverses after crediting it goes back to the balance exactly once, by webhook and by polling', async () => {
    const cutoff = new Date(Date.now() + 44 * DAY);
    const { sellerId, payout } = await freshPayout(cutoff);
    const at = new Date(cutoff.getTime() + MINUTE);
    await sendSellerPayouts(t.db, rail, { now: at });
    const sent = await payoutRow(payout.id);
    if (!sent.providerPayoutId) throw new Error('sent');
    const processed = standIn.move(sent.providerPayoutId, 'processed', {
      description: 'Payout is processed',
      reason: 'payout_processed',
      utr: 'HDFCN00000000077',
    });
    await webhook(processed);
    expect((await payoutRow(payout.id)).status).toBe('completed');
    expect((await sellerBalance(t.db, sellerId, at)).payablePaise).toBe(0);

    const reversal = standIn.move(sent.providerPayoutId, 'reversed', {
      description: 'Payout failed as the beneficiary account is closed. Please contact the beneficiary bank',
      reason: 'beneficiary_account_closed',
    });
    // the webhook, its retry and the poll, at once
    const later = new Date(at.getTime() + DAY);
    await Promise.all([
      webhook(reversal),
      webhook({ ...reversal, eventId: `${reversal.eventId}x` }),
      checkSellerPayouts(t.db, rail, { now: later }),
    ]);
    await checkSellerPayouts(t.db, rail, { now: later });
    expect(await givenBack(payout.id)).toBe(1);
    expect(await payoutRow(payout.id)).toMatchObject({
      status: 'reversed',
      failureReason:
        'Payout failed as the beneficiary account is closed. Please contact the beneficiary bank',
    });
    expect((await sellerBalance(t.db, sellerId, later)).payablePaise).toBe(payout.amountPaise);
    // a late processed event never moves it back
    await webhook(standIn.events.find((e) => e === processed) ?? processed);
    expect((await payoutRow(payout.id)).status).toBe('reversed');
    expect((await runPayoutCycle(t.db, new Date(cutoff.getTime() + 7 * DAY))).held).toContain(sellerId);
  });

  it('a reversal with no webhook is found by polling the recent payouts', async () => {
    const cutoff = new Date(Date.now() + 51 * DAY);
    const { sellerId, payout } = await freshPayout(cutoff);
    const at = new Date(cutoff.getTime() + MINUTE);
    standIn.setNow(() => at);
    await sendSellerPayouts(t.db, rail, { now: at });
    standIn.setNow(() => new Date());
    const id = (await payoutRow(payout.id)).providerPayoutId ?? '';
    standIn.move(id, 'processed', {
      description: 'Processed',
      reason: 'payout_processed',
      utr: 'UTR1234567',
    });
    await checkSellerPayouts(t.db, rail, { now: at });
    expect((await payoutRow(payout.id)).status).toBe('completed');
    standIn.move(id, 'reversed', {
      description: 'Reversed by the beneficiary bank',
      reason: 'beneficiary_bank_failure',
    });
    const checked = await checkSellerPayouts(t.db, rail, { now: new Date(at.getTime() + 3 * DAY) });
    expect(checked.returned).toContain(payout.id);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'reversed' });
    expect(await givenBack(payout.id)).toBe(1);
    expect((await sellerBalance(t.db, sellerId, new Date(at.getTime() + 3 * DAY))).payablePaise).toBe(
      payout.amountPaise,
    );
    const listed = standIn.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/payouts?'));
    expect(listed.at(-1)?.path).toContain('status=reversed');
  });
});
