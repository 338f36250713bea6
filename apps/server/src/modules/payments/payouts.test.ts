import { describe, expect, it } from 'vitest';
import { PayoutRefusedError } from './payouts.ts';
import { createSandboxPayoutProvider } from './sandbox-payouts.ts';

const PAYOUT = {
  kind: 'refund' as const,
  amountPaise: 129_900,
  idempotencyKey: 'bazaar-refund-42',
  reference: 'refund-42',
  to: {
    accountName: 'Priya Sharma',
    accountNumber: '500100123456789',
    ifsc: 'HDFC0000123',
    contact: {
      name: 'Priya Sharma',
      email: 'priya@example.com',
      mobile: '9876543210',
      referenceId: 'shopper-1',
    },
  },
};

describe('sandbox payouts', () => {
  it('makes one payout per idempotency key and refuses another payout under the same key', async () => {
    const sandbox = createSandboxPayoutProvider();
    const first = await sandbox.payout(PAYOUT);
    expect(first.providerPayoutId).toMatch(/^sandbox_pout_[0-9a-f]{18}$/);
    expect(await sandbox.payout(PAYOUT)).toEqual(first);
    expect(sandbox.payouts.size).toBe(1);
    await expect(sandbox.payout({ ...PAYOUT, amountPaise: 1 })).rejects.toThrow();
    await expect(
      sandbox.payout({ ...PAYOUT, to: { ...PAYOUT.to, accountNumber: '700100555566667777' } }),
    ).rejects.toThrow();
    expect(
      (await sandbox.payout({ ...PAYOUT, idempotencyKey: 'bazaar-refund-42-2' })).providerPayoutId,
    ).not.toBe(first.providerPayoutId);
  });

  it('settles its payouts on the first status check and refuses ids that are not its own', async () => {
    const sandbox = createSandboxPayoutProvider();
    const { providerPayoutId } = await sandbox.payout(PAYOUT);
    await expect(sandbox.payoutStatus(providerPayoutId)).resolves.toEqual({
      state: 'settled',
      reference: expect.stringMatching(/^\d{12}$/) as unknown,
    });
    await expect(sandbox.payoutStatus('pout_00000000000001')).rejects.toThrow();
  });

  // ADR-0048: like RazorpayX, it refuses what RazorpayX refuses, and a payout can come back
  it('refuses a key, an amount or a bank account RazorpayX would refuse, as a refusal', async () => {
    const sandbox = createSandboxPayoutProvider();
    for (const bad of [
      { ...PAYOUT, idempotencyKey: 'seller-payout-12-2026-11-22T18:30:00.000Z' },
      { ...PAYOUT, idempotencyKey: 'abc' },
      { ...PAYOUT, amountPaise: 99 },
      { ...PAYOUT, to: { ...PAYOUT.to, ifsc: 'HDFCO000123' } },
      { ...PAYOUT, to: { ...PAYOUT.to, accountNumber: '12 34' } },
    ])
      await expect(sandbox.payout(bad)).rejects.toBeInstanceOf(PayoutRefusedError);
    expect(sandbox.payouts.size).toBe(0);
  });

  it('reports a payout the bank reversed, and lists it among the recent reversals', async () => {
    const sandbox = createSandboxPayoutProvider();
    const since = new Date(Date.now() - 1000);
    const { providerPayoutId } = await sandbox.payout(PAYOUT);
    expect(await sandbox.reversedSince(since, 10)).toEqual([]);
    sandbox.reverse(providerPayoutId, 'Beneficiary account closed');
    await expect(sandbox.payoutStatus(providerPayoutId)).resolves.toEqual({
      state: 'failed',
      reason: 'Beneficiary account closed',
    });
    expect(await sandbox.reversedSince(since, 10)).toEqual([
      { providerPayoutId, reason: 'Beneficiary account closed' },
    ]);
    expect(await sandbox.reversedSince(new Date(Date.now() + 60_000), 10)).toEqual([]);
  });
});
