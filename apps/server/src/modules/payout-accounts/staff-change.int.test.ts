import { and, desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, sellerBankChanges, sellerBankStatus, sellers, users } from '@marketplace/db';
import { PAYOUT_ACCOUNT_MESSAGES as M } from '@marketplace/domain/settlement/payout-account';
import { createSandboxAccountValidator, createSandboxPayoutProvider } from '../payments/index.ts';
import { runSellerPayouts } from '../settlements/index.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { demoPayoutRefusal } from './demo-guard.ts';

// requirements#payout-account (ADR-0049): staff change a seller's payout account only with a second
// staff member's approval (maker-checker), with the seller's checks, notices and hold; and the payout
// cycle refuses to pay demo sellers with real money.

const HOUR = 3_600_000;
const validator = createSandboxAccountValidator();
let t: TestApp;
let makerCookie: string;
let checkerCookie: string;
let catalogCookie: string;
let sellerId: number;
let sellerEmail: string;
beforeAll(async () => {
  t = await createTestApp({ accountValidator: validator, payoutProvider: 'razorpayx' });
  makerCookie = (await verifiedStaff(t, 'maker@staff.example.com', 'finance')).cookie;
  checkerCookie = (await verifiedStaff(t, 'checker@staff.example.com', 'finance')).cookie;
  catalogCookie = (await verifiedStaff(t, 'catalog@staff.example.com', 'catalog')).cookie;
  const [seller] = await t.db
    .select({ id: sellers.id, email: users.email })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.status, 'approved'))
    .orderBy(sellers.id)
    .limit(1);
  if (!seller) throw new Error('an approved seller');
  sellerId = seller.id;
  sellerEmail = seller.email;
});
afterAll(() => t.close());

type Body = Record<string, unknown> & {
  error?: { message: string };
  changes?: {
    id: number;
    status: string;
    verifiedName: string | null;
    nameMatches: boolean | null;
    proposedBy: string;
    decidedBy: string | null;
  }[];
};
const send = async (method: string, path: string, cookie: string | null, body?: unknown) => {
  const res = await t.request(path, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Body };
};
const proposal = (accountNumber: string) => ({
  bankAccountName: 'Seller Desk Account',
  bankAccountNumber: accountNumber,
  confirmAccountNumber: accountNumber,
  bankIfsc: 'SBIN0001234',
  reason: 'Seller’s signed letter of 5 Dec 2026 with a cancelled cheque',
});
const accountOf = async () =>
  (await t.db.select({ number: sellers.bankAccountNumber }).from(sellers).where(eq(sellers.id, sellerId)))[0]
    ?.number;

describe('a staff change of a seller’s payout account', () => {
  it('waits for a second staff member: the proposer cannot approve, other roles cannot reach it', async () => {
    const before = await accountOf();
    validator.holders.set('112233445566', 'SELLER DESK ACCOUNT');
    const proposed = await send(
      'POST',
      `/api/admin/sellers/${sellerId}/bank-changes`,
      makerCookie,
      proposal('112233445566'),
    );
    expect(proposed.status).toBe(201);
    expect(proposed.body.message).toBe(M.proposed);
    const [change] = proposed.body.changes ?? [];
    // the bank's answer is there for the approver to read before approving
    expect(change).toMatchObject({
      status: 'awaiting_approval',
      verifiedName: 'SELLER DESK ACCOUNT',
      nameMatches: true,
      proposedBy: 'maker@staff.example.com',
    });
    expect(await accountOf()).toBe(before);
    const own = await send(
      'POST',
      `/api/admin/sellers/${sellerId}/bank-changes/${change?.id}/approve`,
      makerCookie,
    );
    expect(own.status).toBe(409);
    expect(own.body.error?.message).toBe(M.ownProposal);
    for (const [cookie, status] of [
      [catalogCookie, 403],
      [await t.loginCookie(sellerEmail), 403],
      [await t.loginCookie('priya@example.com'), 403],
      [null, 401],
    ] as const) {
      expect(
        (await send('POST', `/api/admin/sellers/${sellerId}/bank-changes/${change?.id}/approve`, cookie))
          .status,
      ).toBe(status);
      expect(
        (await send('POST', `/api/admin/sellers/${sellerId}/bank-changes`, cookie, proposal('998877665544')))
          .status,
      ).toBe(status);
      expect((await send('GET', `/api/admin/sellers/${sellerId}/bank-changes`, cookie)).status).toBe(status);
    }
    expect(await accountOf()).toBe(before);
  });

  it('is applied on a second staff member’s approval, with the hold, the notices and the audit log', async () => {
    const list = await send('GET', `/api/admin/sellers/${sellerId}/bank-changes`, checkerCookie);
    const change = list.body.changes?.find((c) => c.status === 'awaiting_approval');
    if (!change) throw new Error('the proposal');
    const approvedAt = Date.now();
    const approved = await send(
      'POST',
      `/api/admin/sellers/${sellerId}/bank-changes/${change.id}/approve`,
      checkerCookie,
    );
    expect(approved.status).toBe(200);
    expect(approved.body.changes?.[0]).toMatchObject({
      status: 'applied',
      decidedBy: 'checker@staff.example.com',
    });
    expect(await accountOf()).toBe('112233445566');
    const [state] = await t.db.select().from(sellerBankStatus).where(eq(sellerBankStatus.sellerId, sellerId));
    expect(state?.verification).toBe('verified');
    expect(Math.abs((state?.heldUntil.getTime() ?? 0) - approvedAt - 48 * HOUR)).toBeLessThan(60_000);
    const notices = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'seller-bank-changed'), eq(outbox.recipient, sellerEmail)));
    expect(notices.at(-1)?.body).toContain('by our seller support team');
    const audit = await t.db
      .select({ action: auditLog.action, actor: auditLog.actor })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(sellerId)))
      .orderBy(desc(auditLog.id));
    expect(audit.slice(0, 2)).toEqual([
      { action: 'seller.bank-approve', actor: 'checker@staff.example.com' },
      { action: 'seller.bank-propose', actor: 'maker@staff.example.com' },
    ]);
    // decided once: a second approval is refused
    expect(
      (await send('POST', `/api/admin/sellers/${sellerId}/bank-changes/${change.id}/approve`, makerCookie))
        .status,
    ).toBe(409);
  });

  it('can be rejected, changing nothing', async () => {
    const before = await accountOf();
    const proposed = await send(
      'POST',
      `/api/admin/sellers/${sellerId}/bank-changes`,
      checkerCookie,
      proposal('223344556677'),
    );
    const id = proposed.body.changes?.[0]?.id;
    const rejected = await send(
      'POST',
      `/api/admin/sellers/${sellerId}/bank-changes/${id}/reject`,
      makerCookie,
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.changes?.[0]?.status).toBe('rejected');
    expect(await accountOf()).toBe(before);
  });

  it('refuses the database a change approved by its own proposer', async () => {
    const [change] = await t.db
      .select()
      .from(sellerBankChanges)
      .where(eq(sellerBankChanges.source, 'staff'))
      .limit(1);
    await expect(
      t.db
        .update(sellerBankChanges)
        .set({ decidedByStaffId: change?.proposedByStaffId })
        .where(eq(sellerBankChanges.id, change?.id ?? 0)),
    ).rejects.toThrow();
  });

  it('answers bad input and unknown ids with a clear 4xx', async () => {
    const base = `/api/admin/sellers/${sellerId}/bank-changes`;
    expect((await send('POST', base, makerCookie, '{"bankAccountName"')).status).toBe(400);
    expect((await send('POST', base, makerCookie, { ...proposal('223344556677'), reason: '' })).status).toBe(
      400,
    );
    expect(
      (await send('POST', base, makerCookie, { ...proposal('223344556677'), reason: 'letter\u0000' })).status,
    ).toBe(400);
    expect(
      (await send('POST', base, makerCookie, { ...proposal('223344556677'), confirmAccountNumber: '1' }))
        .status,
    ).toBe(400);
    expect(
      (await send('POST', base, makerCookie, { ...proposal('223344556677'), reason: 'x'.repeat(2_000_000) }))
        .status,
    ).toBe(413);
    expect(
      (await send('POST', '/api/admin/sellers/999999/bank-changes', makerCookie, proposal('223344556677')))
        .status,
    ).toBe(404);
    expect((await send('GET', '/api/admin/sellers/%E0%A4%A/bank-changes', makerCookie)).status).toBe(400);
    expect((await send('POST', `${base}/999999/approve`, checkerCookie)).status).toBe(404);
    expect((await send('POST', `${base}/1%00/approve`, checkerCookie)).status).toBe(400);
  });

  it('lets two approvals race: one applies, the other is refused, never a 500', async () => {
    const proposed = await send(
      'POST',
      `/api/admin/sellers/${sellerId}/bank-changes`,
      makerCookie,
      proposal('334455667788'),
    );
    const id = proposed.body.changes?.[0]?.id;
    const third = (await verifiedStaff(t, 'third@staff.example.com', 'owner')).cookie;
    const answers = await Promise.all([
      send('POST', `/api/admin/sellers/${sellerId}/bank-changes/${id}/approve`, checkerCookie),
      send('POST', `/api/admin/sellers/${sellerId}/bank-changes/${id}/approve`, third),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe('demo sellers and a real payout provider (ADR-0049)', () => {
  it('refuses to run the payout cycle, logging why, and the console says why', async () => {
    const reason = await demoPayoutRefusal(t.db, 'razorpayx');
    expect(reason).toMatch(/Payouts are stopped: this database holds \d+ demo sellers/);
    expect(await demoPayoutRefusal(t.db, 'sandbox')).toBeNull();
    const lines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
    const razorpayx = { ...createSandboxPayoutProvider(), name: 'razorpayx' as const };
    const run = await runSellerPayouts(t.db, razorpayx, {
      logger,
      now: new Date(Date.now() + 90 * 86_400_000),
    });
    expect(run).toMatchObject({ created: [], sent: [], refused: [], stopped: reason });
    expect(lines.join('')).toContain('Payouts are stopped');
    const guard = await send('GET', '/api/admin/settlements/payout-guard', makerCookie);
    expect(guard.body).toEqual({ payoutsStopped: reason, provider: 'razorpayx' });
    expect((await send('GET', '/api/admin/settlements/payout-guard', catalogCookie)).status).toBe(403);
  });

  it('runs once no demo seller is left', async () => {
    await t.db.update(sellers).set({ isDemo: false });
    expect(await demoPayoutRefusal(t.db, 'razorpayx')).toBeNull();
  });
});
