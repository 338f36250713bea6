// requirements#payout-account in a browser: a seller changes its payout bank account with the codes
// sent to its registered email and mobile, sees the 48-hour hold on Payments with the date and time
// it lifts, the payout cycle skips it during the hold and pays the new account once it has passed.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sellerPayouts, sellers, users } from '@marketplace/db';
import { formatIndianDateTime } from '@marketplace/domain/text/dates';
import { createSandboxPayoutProvider } from '../apps/server/src/modules/payments/index.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import { runPayoutCycle, sendSellerPayouts } from '../apps/server/src/modules/settlements/index.ts';
import { latestCode } from '../apps/server/test-support/accounts.ts';
import { fulfilmentKit, type KitApp } from '../apps/server/test-support/fulfilment.ts';
import { remitAllCod } from '../apps/server/test-support/settlement.ts';
import { signInAsStaff } from './support/staff.ts';
import { expectFitsWidth, SCREENSHOTS, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const HOUR = 3_600_000;
const SHOTS = '/tmp/shots-bank-guard';

const servedApp = (): KitApp => ({
  db: store.db,
  request: (path: string, init?: RequestInit) => fetch(store.url(path), init),
  async loginCookie(email: string) {
    const [user] = await store.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no seeded account ${email}`);
    const { token } = await createSession(store.db, user.id);
    return `${SESSION_COOKIE}=${token}`;
  },
});

async function shot(name: string, width: number) {
  await store.screenshot(name, width);
  await mkdir(SHOTS, { recursive: true });
  await copyFile(join(SCREENSHOTS, `${name}-${width}.png`), join(SHOTS, `${name}-${width}.png`));
}

describe('Seller Central: changing the payout bank account', () => {
  it('takes the codes, shows the 48-hour hold on Payments, and the cycle pays the new account only after it', async () => {
    const kit = await fulfilmentKit(servedApp());
    const delivered = await kit.deliveredItem(1, 'cod');
    await remitAllCod(store.db);
    const sellerId = delivered.item.sellerId;
    const [login] = await store.db
      .select({ email: users.email, mobile: users.mobile })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(sellers.id, sellerId));
    if (!login?.mobile) throw new Error('the seller has a login with a mobile');

    await store.loginAs(login.email);
    await store.openHydrated('/sellercentral/account');
    const page = store.page;
    await page.getByText('Change bank account', { exact: true }).click();
    await page.getByLabel('Account holder’s name').fill('Ganga Traders');
    await page.getByLabel('New account number').fill('135792468024');
    await page.getByLabel('Account number again').fill('135792468024');
    await page.getByLabel('IFSC').fill('UTIB0000123');
    await page.getByRole('button', { name: 'Send OTP to change bank account' }).click();
    await page.getByLabel('OTP sent to your email').waitFor();
    await shot('seller-bank-change-codes', WIDTHS.mobile);
    const changedAt = Date.now();
    await page.getByLabel('OTP sent to your email').fill(await latestCode(store.db, login.email, 'email'));
    await page.getByLabel('OTP sent to your mobile').fill(await latestCode(store.db, login.mobile, 'sms'));
    await page.getByRole('button', { name: 'Confirm bank account change' }).click();
    await page.getByText(/^Your bank account has been changed\./).waitFor();
    await page.getByText('•••• 8024').first().waitFor();

    await store.openHydrated('/sellercentral/payments');
    const hold = page.getByRole('status').filter({ hasText: 'Payouts on hold after a bank account change' });
    await hold.waitFor();
    const text = (await hold.textContent()) ?? '';
    const lifts = /held until (.+?) \(India time\)/.exec(text)?.[1] ?? '';
    // the date and time it lifts, 48 hours after the change, in India time (a minute either way)
    const expected = [0, 60_000].map((skew) => formatIndianDateTime(new Date(changedAt + 48 * HOUR + skew)));
    expect(expected).toContain(lifts);
    expect(text).toContain('GANGA TRADERS');
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await expectFitsWidth(page);
      await shot('seller-payments-hold', width);
    }

    // the weekly cycle during the hold skips the seller; with the clock 49 hours on, it pays it
    const cutoff = new Date(Date.now() + 60 * 24 * HOUR);
    const paid = () =>
      store.db
        .select()
        .from(sellerPayouts)
        .where(and(eq(sellerPayouts.sellerId, sellerId), eq(sellerPayouts.periodEnd, cutoff)));
    await runPayoutCycle(store.db, cutoff, { now: new Date() });
    expect(await paid()).toEqual([]);
    const later = new Date(changedAt + 49 * HOUR);
    await runPayoutCycle(store.db, cutoff, { now: later });
    const [payout] = await paid();
    expect(payout).toMatchObject({ bankAccountLast4: '8024' });
    const bank = createSandboxPayoutProvider();
    // the cycle paid every seller owed money; the sends go 50 at a time
    const sent: number[] = [];
    for (let round = 0; round < 20 && !sent.includes(payout?.id ?? 0); round++) {
      const batch = await sendSellerPayouts(store.db, bank, { now: later });
      if (batch.sent.length === 0) break;
      sent.push(...batch.sent);
    }
    expect(sent).toContain(payout?.id);
    expect(bank.payouts.get(payout?.idempotencyKey ?? '')?.accountNumber).toBe('135792468024');
  });

  it('works without scripts: the account form, then the codes', async () => {
    const [other] = await store.db
      .select({ email: users.email, mobile: users.mobile })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(sellers.name, 'Okhla Gadget World'));
    if (!other?.mobile) throw new Error('a seeded seller');
    await store.loginAs(other.email);
    const bare = await store.restartPage({ javaScript: false });
    await bare.goto(store.url('/sellercentral/account'));
    await bare.getByText('Change bank account', { exact: true }).click();
    await bare.getByLabel('Account holder’s name').fill('Okhla Gadget World');
    await bare.getByLabel('New account number').fill('246813579135');
    await bare.getByLabel('Account number again').fill('246813579135');
    await bare.getByLabel('IFSC').fill('KKBK0000123');
    await bare.getByRole('button', { name: 'Send OTP to change bank account' }).click();
    await bare.getByLabel('OTP sent to your email').fill(await latestCode(store.db, other.email, 'email'));
    await bare.getByLabel('OTP sent to your mobile').fill(await latestCode(store.db, other.mobile, 'sms'));
    await bare.getByRole('button', { name: 'Confirm bank account change' }).click();
    await bare.getByText(/^Your bank account has been changed\./).waitFor();
    await bare.goto(store.url('/sellercentral/payments'));
    await bare.getByText('Payouts on hold after a bank account change').waitFor();
    await shot('seller-payments-hold-no-script', WIDTHS.mobile);
  });

  it('in the console: one finance member proposes a change, the bank’s name shows, and another approves it', async () => {
    const [target] = await store.db
      .select({ id: sellers.id })
      .from(sellers)
      .where(eq(sellers.name, 'Shree Balaji Retail'));
    if (!target) throw new Error('a seeded seller');
    await signInAsStaff(store, 'maker.e2e@staff.example.com', 'finance');
    const page = store.page;
    await store.openHydrated('/admin/settlements/bank-changes');
    const form = page.getByRole('form', { name: 'Propose a change' });
    await form.getByLabel('Seller number').fill(String(target.id));
    await form.getByLabel('Account holder’s name').fill('Shree Balaji Retail');
    await form.getByLabel('Account number', { exact: true }).fill('975310864200');
    await form.getByLabel('Account number again').fill('975310864200');
    await form.getByLabel('IFSC').fill('PUNB0123400');
    await form.getByLabel(/^Why/).fill('Seller’s signed letter of 5 Dec with a cancelled cheque');
    await form.getByRole('button', { name: 'Propose change' }).click();
    await page.getByText('Change proposed. Another finance staff member must approve it.').waitFor();
    // the proposer cannot approve its own proposal
    await page
      .getByRole('form', { name: /^Decide change/ })
      .first()
      .getByRole('button', { name: 'Approve' })
      .click();
    await page.getByText('Another staff member must approve a change you proposed.').waitFor();

    await signInAsStaff(store, 'checker.e2e@staff.example.com', 'finance');
    await store.openHydrated('/admin/settlements/bank-changes');
    const row = page
      .getByRole('row')
      .filter({ hasText: 'Shree Balaji Retail' })
      .filter({ hasText: 'Awaiting approval' });
    expect(await row.textContent()).toContain('SHREE BALAJI RETAIL');
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await shot('console-bank-changes', width);
      await expectFitsWidth(page);
    }
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(/^Change approved/).waitFor();
    const [after] = await store.db
      .select({ number: sellers.bankAccountNumber })
      .from(sellers)
      .where(eq(sellers.id, target.id));
    expect(after?.number).toBe('975310864200');
  });
});
