import { asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type DatabaseHandle,
  gatewaySettlements,
  journalLines,
  orders,
  payments,
  queryRows,
  refunds,
} from '@marketplace/db';
import { openTestDatabase } from '@marketplace/db/testing';
import {
  startRazorpayReconStandIn,
  type RazorpayReconStandIn,
} from '../../../test-support/razorpay-recon-stand-in.ts';
import { verifyBooks } from '../books/index.ts';
import {
  gatewayFee,
  gatewaySettlementJob,
  razorpayGatewaySettlements,
  sandboxGatewaySettlements,
} from './index.ts';

// requirements#gateway-settlements: the gateway's transfers reach the bank account of the journal
let handle: DatabaseHandle;
let db: DatabaseHandle['db'];
let recon: RazorpayReconStandIn;
const logger = pino({ level: 'silent' });
beforeAll(async () => {
  handle = await openTestDatabase(inject('testDatabase'));
  db = handle.db;
  recon = await startRazorpayReconStandIn();
});
afterAll(async () => {
  await recon.close();
  await handle.close();
});

const balanceOf = async (account: string) => {
  const [row] = await queryRows<{ total: string | null }>(
    db,
    sql`SELECT sum(amount_paise) AS total FROM journal_lines WHERE account = ${account}`,
  );
  return Number(row?.total ?? 0);
};
const linesOf = (settlementId: number) =>
  db
    .select({ account: journalLines.account, amountPaise: journalLines.amountPaise })
    .from(journalLines)
    .where(eq(journalLines.gatewaySettlementId, settlementId))
    .orderBy(asc(journalLines.id));

describe('the sandbox gateway', () => {
  it('settles nothing for payments made less than two days before', async () => {
    const job = gatewaySettlementJob(db, sandboxGatewaySettlements(), logger, {
      clock: () => new Date('2020-01-01'),
    });
    await job.run();
    expect(await db.select().from(gatewaySettlements)).toEqual([]);
  });

  it('pays the online payments into the bank once, less its fees, and the journal follows', async () => {
    const bank = await balanceOf('bank');
    const clearing = await balanceOf('gateway-clearing');
    const job = gatewaySettlementJob(db, sandboxGatewaySettlements(), logger);
    // two servers at once: one transfer
    await Promise.all([job.run(), job.run()]);
    const settled = await db.select().from(gatewaySettlements);
    expect(settled).toHaveLength(1);
    const [transfer] = settled;
    if (!transfer) throw new Error('no transfer');

    const paid = await db.select().from(payments).where(eq(payments.gatewaySettlementId, transfer.id));
    const refunded = await db.select().from(refunds).where(eq(refunds.gatewaySettlementId, transfer.id));
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((p) => p.provider === 'sandbox' && p.status === 'paid')).toBe(true);
    const gross =
      paid.reduce((s, p) => s + p.amountPaise, 0) - refunded.reduce((s, r) => s + r.amountPaise, 0);
    const fees = paid.map((p) => gatewayFee(p.amountPaise));
    expect(transfer.taxPaise).toBe(fees.reduce((s, f) => s + f.taxPaise, 0));
    expect(transfer.feesPaise + transfer.taxPaise).toBe(fees.reduce((s, f) => s + f.totalPaise, 0));
    expect(transfer.amountPaise + transfer.feesPaise + transfer.taxPaise).toBe(gross);
    // no online payment left unsettled from before the cut-off
    const [left] = await queryRows<{ n: string }>(
      db,
      sql`SELECT count(*) AS n FROM payments WHERE provider = 'sandbox' AND status = 'paid'
            AND gateway_settlement_id IS NULL AND updated_at <= now() - interval '2 days'`,
    );
    expect(Number(left?.n)).toBe(0);

    expect(await linesOf(transfer.id)).toEqual([
      { account: 'bank', amountPaise: transfer.amountPaise },
      { account: 'gateway-charges', amountPaise: transfer.feesPaise },
      { account: 'input-gst', amountPaise: transfer.taxPaise },
      { account: 'gateway-clearing', amountPaise: -gross },
    ]);
    expect(await balanceOf('bank')).toBe(bank + transfer.amountPaise);
    expect(await balanceOf('gateway-clearing')).toBe(clearing - gross);
    expect((await verifyBooks(db)).breaks).toEqual([]);

    // the next run finds nothing new
    await job.run();
    expect(await db.select().from(gatewaySettlements)).toHaveLength(1);
  });

  it('is written once', async () => {
    const [transfer] = await db.select().from(gatewaySettlements).limit(1);
    if (!transfer) throw new Error('no transfer');
    await expect(
      db.update(gatewaySettlements).set({ amountPaise: 1 }).where(eq(gatewaySettlements.id, transfer.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(gatewaySettlements).where(eq(gatewaySettlements.id, transfer.id)),
    ).rejects.toThrow();
  });

  it('is named by verify-books when its journal lines do not match it', async () => {
    const [transfer] = await db.select().from(gatewaySettlements).limit(1);
    if (!transfer) throw new Error('no transfer');
    let breaks: Awaited<ReturnType<typeof verifyBooks>>['breaks'] = [];
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx
          .delete(journalLines)
          .where(
            sql`${journalLines.gatewaySettlementId} = ${transfer.id} AND ${journalLines.account} = 'bank'`,
          );
        await tx.execute(sql`SET LOCAL session_replication_role = origin`);
        breaks = (await verifyBooks(tx)).breaks;
        throw new Error('rolled back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'rolled back')) throw error;
      });
    expect(breaks).toContainEqual(
      expect.objectContaining({ check: 'journal', table: 'gateway_settlements', id: transfer.id }),
    );
  });
});

describe('Razorpay’s settlement recon', () => {
  const source = () =>
    razorpayGatewaySettlements({ keyId: recon.keyId, keySecret: recon.keySecret, reconUrl: recon.url });

  it('records a transfer with its payments, refunds, fees and GST, once', async () => {
    const [order] = await db.select({ id: orders.id }).from(orders).limit(1);
    if (!order) throw new Error('no seeded order');
    await db.insert(payments).values({
      orderId: order.id,
      provider: 'razorpay',
      providerOrderId: 'order_RECON0001',
      providerPaymentId: 'pay_RECON0001',
      amountPaise: 100_000,
      status: 'paid',
    });
    await db.insert(refunds).values({
      orderId: order.id,
      amountPaise: 20_000,
      status: 'processed',
      provider: 'razorpay',
      providerRefundId: 'rfnd_RECON0001',
      processedAt: new Date(),
    });
    recon.settle({
      settlementId: 'setl_RECON0001',
      utr: '1568176960vxp0rj',
      settledAt: new Date(),
      payments: [{ id: 'pay_RECON0001', amount: 100_000, fee: 2_360 }],
      refunds: [{ id: 'rfnd_RECON0001', paymentId: 'pay_RECON0001', amount: 20_000 }],
    });
    const bank = await balanceOf('bank');
    const job = gatewaySettlementJob(db, source(), logger);
    await job.run();
    await job.run();
    const [transfer, ...more] = await db
      .select()
      .from(gatewaySettlements)
      .where(eq(gatewaySettlements.providerSettlementId, 'setl_RECON0001'));
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({
      provider: 'razorpay',
      utr: '1568176960vxp0rj',
      amountPaise: 97_640 - 20_000,
      feesPaise: 2_000,
      taxPaise: 360,
    });
    if (!transfer) throw new Error('no transfer');
    const linked = await db
      .select({ id: payments.providerPaymentId })
      .from(payments)
      .where(eq(payments.gatewaySettlementId, transfer.id));
    expect(linked).toEqual([{ id: 'pay_RECON0001' }]);
    const linkedRefunds = await db
      .select({ id: refunds.providerRefundId })
      .from(refunds)
      .where(eq(refunds.gatewaySettlementId, transfer.id));
    expect(linkedRefunds).toEqual([{ id: 'rfnd_RECON0001' }]);
    expect(await balanceOf('bank')).toBe(bank + 77_640);
    // each day asked with Basic auth, by Indian day, a page at a time
    expect(recon.requests.at(-1)).toMatch(
      /^GET \/v1\/settlements\/recon\/combined\?year=\d{4}&month=\d{2}&day=\d{2}&count=1000&skip=0$/,
    );
  });

  it('reads a day of more than one page', async () => {
    const many = Array.from({ length: 1_001 }, (_, i) => ({
      id: `pay_MANY${String(i).padStart(5, '0')}`,
      amount: 1_000,
      fee: 24,
    }));
    recon.settle({
      settlementId: 'setl_MANY0001',
      utr: 'UTRMANY0001',
      settledAt: new Date(),
      payments: many,
      refunds: [],
    });
    await gatewaySettlementJob(db, source(), logger).run();
    const [transfer] = await db
      .select()
      .from(gatewaySettlements)
      .where(eq(gatewaySettlements.providerSettlementId, 'setl_MANY0001'));
    expect(transfer?.amountPaise).toBe(1_001 * 976);
    expect(recon.requests.some((r) => r.endsWith('skip=1000'))).toBe(true);
  });

  it('says why when Razorpay refuses the keys, and records nothing', async () => {
    const before = await db.select({ id: gatewaySettlements.id }).from(gatewaySettlements);
    const wrong = razorpayGatewaySettlements({
      keyId: recon.keyId,
      keySecret: 'not-the-secret',
      reconUrl: recon.url,
    });
    await expect(gatewaySettlementJob(db, wrong, logger).run()).rejects.toThrow(
      /Razorpay refused the settlement recon for \d{4}-\d{2}-\d{2} \(401\): The api key provided is invalid/,
    );
    expect(await db.select({ id: gatewaySettlements.id }).from(gatewaySettlements)).toEqual(before);
  });

  it('links only the marketplace’s own Razorpay payments, never a sandbox one of the same id', async () => {
    const sandboxPaid = await db
      .select({ id: payments.providerPaymentId })
      .from(payments)
      .where(inArray(payments.provider, ['sandbox']))
      .limit(1);
    const id = sandboxPaid[0]?.id;
    if (!id) throw new Error('no sandbox payment');
    recon.settle({
      settlementId: 'setl_OTHER0001',
      utr: 'UTROTHER0001',
      settledAt: new Date(),
      payments: [{ id, amount: 5_000, fee: 118 }],
      refunds: [],
    });
    await gatewaySettlementJob(db, source(), logger).run();
    const [transfer] = await db
      .select()
      .from(gatewaySettlements)
      .where(eq(gatewaySettlements.providerSettlementId, 'setl_OTHER0001'));
    if (!transfer) throw new Error('no transfer');
    const [payment] = await db.select().from(payments).where(eq(payments.providerPaymentId, id));
    expect(payment?.gatewaySettlementId).not.toBe(transfer.id);
    expect(await db.select().from(payments).where(isNotNull(payments.gatewaySettlementId))).not.toHaveLength(
      0,
    );
  });
});
