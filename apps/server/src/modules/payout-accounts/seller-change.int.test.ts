import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, sellerBankChanges, sellerPayouts, sellers, users } from '@marketplace/db';
import { PAYOUT_ACCOUNT_MESSAGES as M } from '@marketplace/domain/settlement/payout-account';
import { createSandboxAccountValidator, createSandboxPayoutProvider } from '../payments/index.ts';
import { runPayoutCycle, sendSellerPayouts } from '../settlements/index.ts';
import { latestCode } from '../../../test-support/accounts.ts';
import { fulfilmentKit } from '../../../test-support/fulfilment.ts';
import { remitAllCod } from '../../../test-support/settlement.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#payout-account (ADR-0049): a seller's payout account changes only with codes to its
// registered email and mobile, its old contacts are told, payouts wait 48 hours and for the bank's
// penny-drop answer.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let clock = new Date();
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
const validator = createSandboxAccountValidator();
let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
beforeAll(async () => {
  t = await createTestApp({ clock: () => clock, accountValidator: validator });
  kit = await fulfilmentKit(t);
});
afterAll(() => t.close());

type Body = Record<string, unknown> & {
  error?: { code: string; message: string; fields?: Record<string, string> };
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
const bank = (accountNumber: string, name = 'Ganga Mercantile') => ({
  bankAccountName: name,
  bankAccountNumber: accountNumber,
  confirmAccountNumber: accountNumber,
  bankIfsc: 'ICIC0001234',
});
const sellerRow = async (sellerId: number) => {
  const [row] = await t.db
    .select({
      number: sellers.bankAccountNumber,
      name: sellers.bankAccountName,
      email: users.email,
      mobile: users.mobile,
      contactEmail: sellers.contactEmail,
    })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId));
  if (!row) throw new Error('the seller');
  return row;
};
/** The codes the seller reads in its inbox and SMS. */
const codesOf = async (sellerId: number) => {
  const row = await sellerRow(sellerId);
  return {
    emailCode: await latestCode(t.db, row.email, 'email'),
    ...(row.mobile ? { mobileCode: await latestCode(t.db, row.mobile, 'sms') } : {}),
  };
};

describe('a seller changing its payout bank account', () => {
  let placed: Awaited<ReturnType<typeof kit.deliveredItem>>;
  let sellerId: number;
  beforeAll(async () => {
    placed = await kit.deliveredItem(1, 'cod');
    sellerId = placed.item.sellerId;
    await remitAllCod(t.db);
  });

  it('changes nothing with the session alone: codes go to the registered email and mobile', async () => {
    const before = await sellerRow(sellerId);
    const asked = await send('PUT', '/api/seller/bank-account', placed.seller, bank('500100123456789'));
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ needsMobileCode: true });
    expect(String(asked.body.message)).toContain('OTP');
    expect((await sellerRow(sellerId)).number).toBe(before.number);
    const codes = await codesOf(sellerId);
    expect(codes.emailCode).toMatch(/^[0-9]{6}$/);
    expect(codes.mobileCode).toMatch(/^[0-9]{6}$/);
    expect(codes.emailCode).not.toBe(codes.mobileCode);
  });

  it('refuses a wrong code, the email code alone, and the two codes swapped, changing nothing', async () => {
    const before = await sellerRow(sellerId);
    const codes = await codesOf(sellerId);
    const wrong = await send('POST', '/api/seller/bank-account/confirm', placed.seller, {
      emailCode: '000000',
      mobileCode: codes.mobileCode,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.fields?.emailCode).toBeDefined();
    const alone = await send('POST', '/api/seller/bank-account/confirm', placed.seller, {
      emailCode: codes.emailCode,
    });
    expect(alone.status).toBe(400);
    expect(alone.body.error?.message).toBe(M.mobileCodeMissing);
    const swapped = await send('POST', '/api/seller/bank-account/confirm', placed.seller, {
      emailCode: codes.mobileCode,
      mobileCode: codes.emailCode,
    });
    expect(swapped.status).toBe(400);
    expect((await sellerRow(sellerId)).number).toBe(before.number);
  });

  it('never takes another seller’s codes, nor a shopper’s or a visitor’s request', async () => {
    const codes = await codesOf(sellerId);
    const other = await kit.otherSellerCookie(sellerId);
    expect((await send('POST', '/api/seller/bank-account/confirm', other, codes)).status).toBe(404);
    for (const [cookie, status] of [
      [kit.shopper, 403],
      [null, 401],
    ] as const) {
      expect((await send('PUT', '/api/seller/bank-account', cookie, bank('500100123456789'))).status).toBe(
        status,
      );
      expect((await send('POST', '/api/seller/bank-account/confirm', cookie, codes)).status).toBe(status);
      expect((await send('GET', '/api/seller/payout-account', cookie)).status).toBe(status);
    }
  });

  it('answers malformed, missing, oversized and hostile input with a clear 4xx', async () => {
    const cases: [string, string, unknown, number][] = [
      ['PUT', '/api/seller/bank-account', '{"bankAccountName"', 400],
      [
        'PUT',
        '/api/seller/bank-account',
        { ...bank('500100123456789'), confirmAccountNumber: '500100123456780' },
        400,
      ],
      ['PUT', '/api/seller/bank-account', { bankAccountName: 'Ganga' }, 400],
      [
        'PUT',
        '/api/seller/bank-account',
        { ...bank('500100123456789'), bankAccountName: 'Ganga\u0000' },
        400,
      ],
      ['PUT', '/api/seller/bank-account', { ...bank('500100123456789'), bankIfsc: '%E0%A4%A' }, 400],
      [
        'PUT',
        '/api/seller/bank-account',
        { ...bank('500100123456789'), bankAccountName: 'x'.repeat(2_000_000) },
        413,
      ],
      ['POST', '/api/seller/bank-account/confirm', { emailCode: '12\u00003' }, 400],
      ['POST', '/api/seller/bank-account/confirm', { emailCode: '%E0%A4%A' }, 400],
      ['POST', '/api/seller/bank-account/confirm', {}, 400],
      ['POST', '/api/seller/bank-account/confirm', { emailCode: '123456', admin: true }, 400],
      ['POST', '/api/seller/bank-account/confirm', '[]', 400],
    ];
    for (const [method, path, body, status] of cases) {
      const answer = await send(method, path, placed.seller, body);
      expect(answer.status, `${method} ${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(status);
      expect(answer.body.error?.message).toBeTruthy();
    }
  });

  it('with both codes: changes the account, tells the old contacts, holds payouts 48 hours, checks it with the bank', async () => {
    const before = await sellerRow(sellerId);
    const codes = await codesOf(sellerId);
    const changedAt = clock;
    const done = await send('POST', '/api/seller/bank-account/confirm', placed.seller, codes);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      accountMasked: '•••• 6789',
      verification: 'verified',
      verifiedName: 'GANGA MERCANTILE',
      nameMatches: true,
      heldUntil: new Date(changedAt.getTime() + 48 * HOUR).toISOString(),
    });
    expect(String(done.body.message)).toContain('(India time)');
    expect((await sellerRow(sellerId)).number).toBe('500100123456789');
    // the notices went to the contacts the seller had, email and SMS, naming the old account
    const notices = await t.db.select().from(outbox).where(eq(outbox.template, 'seller-bank-changed'));
    const recipients = notices.map((n) => n.recipient);
    expect(recipients).toContain(before.email);
    expect(recipients).toContain(before.mobile);
    if (before.contactEmail) expect(recipients).toContain(before.contactEmail.toLowerCase());
    expect(notices.find((n) => n.channel === 'email')?.body).toContain(
      `it was •••• ${before.number?.slice(-4)}`,
    );
    // the codes are used: the same codes again find no change waiting
    expect((await send('POST', '/api/seller/bank-account/confirm', placed.seller, codes)).status).toBe(404);
  });

  it('skips the held seller in the payout cycle, then pays it once the hold has passed', async () => {
    const cutoff = new Date(clock.getTime() + 60 * DAY);
    await runPayoutCycle(t.db, cutoff, { now: new Date(clock.getTime() + 47 * HOUR) });
    const none = await t.db
      .select()
      .from(sellerPayouts)
      .where(and(eq(sellerPayouts.sellerId, sellerId), eq(sellerPayouts.periodEnd, cutoff)));
    expect(none).toEqual([]);
    await runPayoutCycle(t.db, cutoff, { now: new Date(clock.getTime() + 49 * HOUR) });
    const [paid] = await t.db
      .select()
      .from(sellerPayouts)
      .where(and(eq(sellerPayouts.sellerId, sellerId), eq(sellerPayouts.periodEnd, cutoff)));
    expect(paid).toMatchObject({ status: 'initiated', bankAccountLast4: '6789' });
  });

  it('holds a payout made before a change until the new account’s hold passes', async () => {
    const [made] = await t.db
      .select()
      .from(sellerPayouts)
      .where(and(eq(sellerPayouts.sellerId, sellerId), eq(sellerPayouts.status, 'initiated')));
    if (!made) throw new Error('the payout of the test before');
    later(31_000);
    expect(
      (await send('PUT', '/api/seller/bank-account', placed.seller, bank('600200123456789'))).status,
    ).toBe(202);
    const confirmed = await send(
      'POST',
      '/api/seller/bank-account/confirm',
      placed.seller,
      await codesOf(sellerId),
    );
    expect(confirmed.status).toBe(200);
    const payouts = createSandboxPayoutProvider();
    const held = await sendSellerPayouts(t.db, payouts, { now: new Date(clock.getTime() + HOUR) });
    expect(held.sent).not.toContain(made.id);
    const sent = await sendSellerPayouts(t.db, payouts, { now: new Date(clock.getTime() + 49 * HOUR) });
    expect(sent.sent).toContain(made.id);
    // ADR-0048: it goes, after the hold, to the account it was made for (its key's body never changes);
    // were that account closed, the bank returns it and the seller's new account is paid instead
    expect([...payouts.payouts.values()].find((p) => p.amountPaise === made.amountPaise)?.accountNumber).toBe(
      made.bankAccountNumber,
    );
  });

  it('shows the bank’s name with a warning when it is not the name typed, and never pays an account the bank refused', async () => {
    validator.holders.set('700300123456789', 'RAVI KUMAR');
    later(31_000);
    await send('PUT', '/api/seller/bank-account', placed.seller, bank('700300123456789'));
    const mismatch = await send(
      'POST',
      '/api/seller/bank-account/confirm',
      placed.seller,
      await codesOf(sellerId),
    );
    expect(mismatch.body).toMatchObject({
      verification: 'verified',
      verifiedName: 'RAVI KUMAR',
      nameMatches: false,
    });
    expect(String(mismatch.body.notice)).toContain('“RAVI KUMAR”');

    later(31_000);
    await send('PUT', '/api/seller/bank-account', placed.seller, bank('700300123456000'));
    const refused = await send(
      'POST',
      '/api/seller/bank-account/confirm',
      placed.seller,
      await codesOf(sellerId),
    );
    expect(refused.body).toMatchObject({ verification: 'invalid' });
    expect(String(refused.body.notice)).toContain(M.invalid);
    const cutoff = new Date(clock.getTime() + 90 * DAY);
    await kit.deliveredItem(1, 'prepaid').catch(() => null);
    await runPayoutCycle(t.db, cutoff, { now: new Date(clock.getTime() + 30 * DAY) });
    const rows = await t.db
      .select()
      .from(sellerPayouts)
      .where(and(eq(sellerPayouts.sellerId, sellerId), eq(sellerPayouts.periodEnd, cutoff)));
    expect(rows).toEqual([]);
    const state = await send('GET', '/api/seller/payout-account', placed.seller);
    expect(state.body).toMatchObject({ verification: 'invalid', accountMasked: '•••• 6000' });
  });

  it('lets two confirmations of the same codes race: one changes, the other is refused, never a 500', async () => {
    later(31_000);
    await send('PUT', '/api/seller/bank-account', placed.seller, bank('800400123456789'));
    const codes = await codesOf(sellerId);
    const answers = await Promise.all([
      send('POST', '/api/seller/bank-account/confirm', placed.seller, codes),
      send('POST', '/api/seller/bank-account/confirm', placed.seller, codes),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    const applied = await t.db
      .select()
      .from(sellerBankChanges)
      .where(
        and(eq(sellerBankChanges.sellerId, sellerId), eq(sellerBankChanges.accountNumber, '800400123456789')),
      )
      .orderBy(desc(sellerBankChanges.id));
    expect(applied.map((c) => c.status)).toEqual(['applied']);
  });

  it('kills the codes after five wrong tries', async () => {
    later(HOUR); // five codes an hour to a destination
    expect(
      (await send('PUT', '/api/seller/bank-account', placed.seller, bank('900500123456789'))).status,
    ).toBe(202);
    const codes = await codesOf(sellerId);
    const wrong = codes.emailCode === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++)
      expect(
        (
          await send('POST', '/api/seller/bank-account/confirm', placed.seller, {
            ...codes,
            emailCode: wrong,
          })
        ).status,
      ).toBe(400);
    const right = await send('POST', '/api/seller/bank-account/confirm', placed.seller, codes);
    expect(right.status).toBe(400);
    expect(right.body.error?.message).toContain('Too many wrong attempts');
    expect((await sellerRow(sellerId)).number).not.toBe('900500123456789');
  });

  it('stops a sixth request for codes within the hour with 429 and Retry-After', async () => {
    for (let i = 0; i < 4; i++) {
      later(31_000);
      expect(
        (await send('PUT', '/api/seller/bank-account', placed.seller, bank('900500123456789'))).status,
      ).toBe(202);
    }
    later(31_000);
    const res = await t.request('/api/seller/bank-account', {
      method: 'PUT',
      headers: { cookie: placed.seller, 'content-type': 'application/json' },
      body: JSON.stringify(bank('900500123456789')),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
