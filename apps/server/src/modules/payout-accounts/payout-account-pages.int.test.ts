import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers, users } from '@marketplace/db';
import { formatIndianDateTime } from '@marketplace/domain/text/dates';
import { latestCode } from '../../../test-support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#payout-account, ADR-0013: the bank account change works without scripts: Seller
// Central's Account page posts the new account, then the codes, and Payments shows the hold.

const clock = new Date();
let t: TestApp;
let seller: string;
let email: string;
let mobile: string;
beforeAll(async () => {
  t = await createTestApp({ clock: () => clock });
  email = 'ganga-mercantile@sellers.example.com';
  seller = await t.loginCookie(email);
  const [row] = await t.db.select({ mobile: users.mobile }).from(users).where(eq(users.email, email));
  mobile = row?.mobile ?? '';
});
afterAll(() => t.close());

const post = (cookie: string, fields: Record<string, string>) =>
  t.request('/sellercentral/account', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const NEW = {
  intent: 'bank',
  bankAccountName: 'Ganga Mercantile',
  bankAccountNumber: '4455 6677 8899',
  confirmAccountNumber: '445566778899',
  bankIfsc: 'hdfc0001234',
};

describe('changing the payout account without scripts', () => {
  it('asks for the codes after the new account, changing nothing yet', async () => {
    const res = await post(seller, NEW);
    expect(res.status).toBe(202);
    const html = await res.text();
    expect(html).toContain('name="emailCode"');
    expect(html).toContain('name="mobileCode"');
    expect(html).toContain('OTP sent to your email');
    expect(html).not.toContain('445566778899'); // the number is never sent back into the page
    const [row] = await t.db
      .select({ number: sellers.bankAccountNumber })
      .from(sellers)
      .where(eq(sellers.name, 'Ganga Mercantile'));
    expect(row?.number).not.toBe('445566778899');
  });

  it('shows a wrong code beside its field, keeping the code form', async () => {
    const res = await post(seller, {
      intent: 'bank-code',
      needsMobileCode: 'yes',
      emailCode: '000000',
      mobileCode: await latestCode(t.db, mobile, 'sms'),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('The OTP is incorrect or has expired');
    expect(html).toContain('name="emailCode"');
  });

  it('changes the account with both codes, and Payments shows the hold with the date and time it lifts', async () => {
    const res = await post(seller, {
      intent: 'bank-code',
      needsMobileCode: 'yes',
      emailCode: await latestCode(t.db, email, 'email'),
      mobileCode: await latestCode(t.db, mobile, 'sms'),
    });
    expect(res.status).toBe(200);
    const lifts = formatIndianDateTime(new Date(clock.getTime() + 48 * 3_600_000));
    const html = await res.text();
    expect(html).toContain('Your bank account has been changed');
    expect(html).toContain(lifts);
    const payments = await (
      await t.request('/sellercentral/payments', { headers: { cookie: seller } })
    ).text();
    expect(payments).toContain('Payouts on hold after a bank account change');
    expect(payments).toContain(`${lifts} (India time)`);
    expect(payments).toContain('•••• 8899');
  });

  it('answers an unknown intent or a malformed post with 400, and sends a shopper to join', async () => {
    expect((await post(seller, { intent: 'bank-everything' })).status).toBe(400);
    expect((await post(seller, { intent: 'bank-code', emailCode: '1\u00002' })).status).toBe(400);
    const shopper = await post(await t.loginCookie('priya@example.com'), NEW);
    expect([302, 403]).toContain(shopper.status);
  });
});
