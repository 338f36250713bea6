import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerPayouts, sellers } from '@marketplace/db';
import { nextPayoutCycleEnd, payoutCycleEnd } from '@marketplace/domain/settlement/cycle';
import { createSandboxPayoutProvider } from '../payments/index.ts';
import { fulfilmentKit } from '../../../test-support/fulfilment.ts';
import { remitAllCod } from '../../../test-support/settlement.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { runSellerPayouts } from './payout-job.ts';
import { runPayoutCycle, sellerBalance } from './payouts.ts';

// requirements#seller-payouts-rail (ADR-0048): a seller's payout cut-offs only move forward, whatever
// starts the cycle. A cut-off at or before the seller's latest would pay again what that payout took:
// its ledger entry is dated at its own cut-off, so a balance "payable by" an earlier moment does not
// see it. The seeded shop has dozens of sellers with payable balances and bank accounts.

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
  await remitAllCod(t.db);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const MINUTE = 60_000;
const paidTotal = async () => {
  const [row] = await t.db
    .select({ total: sql<number>`coalesce(sum(${sellerPayouts.amountPaise}), 0)`.mapWith(Number) })
    .from(sellerPayouts);
  return row?.total ?? 0;
};
const paidBySeller = async () => {
  const rows = await t.db
    .select({
      sellerId: sellerPayouts.sellerId,
      total: sql<number>`sum(${sellerPayouts.amountPaise})`.mapWith(Number),
    })
    .from(sellerPayouts)
    .groupBy(sellerPayouts.sellerId);
  return new Map(rows.map((r) => [r.sellerId, r.total]));
};
const payableOfEverySeller = async (at: Date) => {
  const rows = await t.db.select({ id: sellers.id }).from(sellers);
  const owed = new Map<number, number>();
  for (const { id } of rows) owed.set(id, (await sellerBalance(t.db, id, at)).payablePaise);
  return owed;
};

describe('payout cut-offs move forward', () => {
  // each test takes its own weeks, later than the one before, so the order of the file is the order of time
  const week = (n: number) => payoutCycleEnd(new Date(Date.now() + (30 + 14 * n) * DAY));

  it('a cut-off five minutes before one already run pays nobody again', async () => {
    const cutoff = week(0);
    const first = await runPayoutCycle(t.db, cutoff);
    expect(first.created.length).toBeGreaterThan(10);
    const paid = await paidTotal();
    const earlier = await runPayoutCycle(t.db, new Date(cutoff.getTime() - 5 * MINUTE));
    expect(earlier.created).toEqual([]);
    expect(await paidTotal()).toBe(paid);
    // the same cut-off again, as the job runs it every 15 minutes all week
    expect((await runPayoutCycle(t.db, cutoff)).created).toEqual([]);
    expect(await paidTotal()).toBe(paid);
  });

  it('a server clock stepped back a week pays nobody again, and the next cycle pays only what is new', async () => {
    const sold = await kit.deliveredItem(1, 'prepaid');
    const provider = createSandboxPayoutProvider();
    const monday = week(1);
    const run = await runSellerPayouts(t.db, provider, { now: new Date(monday.getTime() + 10 * MINUTE) });
    expect(run.created).toHaveLength(1);
    const [made] = await t.db
      .select()
      .from(sellerPayouts)
      .where(eq(sellerPayouts.id, run.created[0] ?? 0));
    expect(made?.sellerId).toBe(sold.item.sellerId);
    const paid = await paidTotal();
    // the clock is wrong by a week (and a few minutes), then by five minutes before the cut-off
    for (const stepped of [
      new Date(monday.getTime() - 7 * DAY + 10 * MINUTE),
      new Date(monday.getTime() - 5 * MINUTE),
    ]) {
      const back = await runSellerPayouts(t.db, provider, { now: stepped });
      expect(back.created).toEqual([]);
      expect(await paidTotal()).toBe(paid);
    }
    // every seller's balance at the cut-off was paid, none beyond
    for (const [sellerId, owed] of await payableOfEverySeller(monday))
      expect(owed, `seller ${sellerId}`).toBeLessThanOrEqual(0);
  });

  it('two servers whose clocks are a week apart: the one behind pays nobody again, one after the other or at once', async () => {
    const provider = createSandboxPayoutProvider();
    // one after the other: the server whose clock is right runs first
    await kit.deliveredItem(1, 'prepaid');
    const monday = week(2);
    const fast = await runSellerPayouts(t.db, provider, { now: new Date(monday.getTime() + MINUTE) });
    expect(fast.created.length).toBeGreaterThan(0);
    const paid = await paidTotal();
    const slow = await runSellerPayouts(t.db, provider, {
      now: new Date(monday.getTime() - 7 * DAY + MINUTE),
    });
    expect(slow.created).toEqual([]);
    expect(await paidTotal()).toBe(paid);

    // at once, three runs on two clocks
    await kit.deliveredItem(1, 'prepaid');
    await kit.deliveredItem(2, 'prepaid');
    const later = week(3);
    const earlier = new Date(later.getTime() - 7 * DAY);
    const owed = await payableOfEverySeller(later);
    const before = await paidBySeller();
    await Promise.all([
      runSellerPayouts(t.db, provider, { now: new Date(later.getTime() + MINUTE) }),
      runSellerPayouts(t.db, provider, { now: new Date(earlier.getTime() + MINUTE) }),
      runSellerPayouts(t.db, provider, { now: new Date(later.getTime() + 2 * MINUTE) }),
    ]);
    const after = await paidBySeller();
    for (const [sellerId, amount] of owed) {
      const paidNow = (after.get(sellerId) ?? 0) - (before.get(sellerId) ?? 0);
      expect(paidNow, `seller ${sellerId}`).toBe(Math.max(amount, 0));
    }
    for (const [sellerId, left] of await payableOfEverySeller(later))
      expect(left, `seller ${sellerId}`).toBeLessThanOrEqual(0);
  });

  it('the database refuses a payout whose cut-off is not after the seller’s latest, whoever inserts it', async () => {
    const [latest] = await t.db
      .select({ sellerId: sellerPayouts.sellerId, periodEnd: sellerPayouts.periodEnd })
      .from(sellerPayouts)
      .orderBy(sql`${sellerPayouts.periodEnd} desc`)
      .limit(1);
    if (!latest) throw new Error('a payout was made');
    for (const periodEnd of [latest.periodEnd, new Date(latest.periodEnd.getTime() - MINUTE)])
      await expect(
        t.db.insert(sellerPayouts).values({
          sellerId: latest.sellerId,
          periodEnd,
          amountPaise: 100,
          status: 'initiated',
          idempotencyKey: `direct-${periodEnd.getTime()}`,
        }),
      ).rejects.toThrow();
    const rows = await t.db.select().from(sellerPayouts).where(eq(sellerPayouts.sellerId, latest.sellerId));
    expect(rows.filter((r) => r.idempotencyKey.startsWith('direct-'))).toEqual([]);
    // a later cut-off is taken
    const next = nextPayoutCycleEnd(latest.periodEnd);
    await t.db.insert(sellerPayouts).values({
      sellerId: latest.sellerId,
      periodEnd: next,
      amountPaise: 100,
      status: 'initiated',
      idempotencyKey: `direct-${next.getTime()}`,
    });
  });
});
