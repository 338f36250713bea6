import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, users } from '@marketplace/db';
import { REGISTRATION_MESSAGES as M } from '@marketplace/domain/accounts/registration';
import { codeSentTo } from './support/inbox.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

const field = (label: string) => store.page.getByLabel(label, { exact: true });

describe('registration', () => {
  it('shows the spec’s message for every field left wrong', async () => {
    await store.openHydrated('/registration');
    await store.screenshot('registration', WIDTHS.desktop);
    await store.page.getByRole('button', { name: 'Verify email and mobile' }).click();
    await store.page.getByText(M.firstNameRequired).waitFor();
    for (const text of [
      M.lastNameRequired,
      'Please enter a valid email address.',
      'Please enter a valid 10-digit mobile number.',
      M.gender,
      'Password must be at least 8 characters long.',
    ])
      expect(await store.page.getByText(text, { exact: true }).count()).toBe(1);
    await field('Email').fill('meera@example');
    await field('Mobile number').fill('5123456789');
    await field('Password').fill('secret12');
    await field('Confirm password').fill('secret13');
    await store.page.getByRole('button', { name: 'Verify email and mobile' }).click();
    await store.page.getByText('Passwords do not match!').waitFor();
    expect(await field('Mobile number').getAttribute('maxlength')).toBe('10');
    await store.screenshot('registration-errors', WIDTHS.mobile);
  });

  it('registers: both codes verified, the account exists, logged in on the profile; survives a reload', async () => {
    await store.openHydrated('/registration');
    await field('First name').fill('Kavya');
    await field('Last name').fill('Reddy');
    await field('Email').fill('kavya.reddy@example.in');
    await field('Mobile number').fill('9345678012');
    await store.page.getByLabel('Female').check();
    await field('Password').fill('kavya-pass');
    await field('Confirm password').fill('kavya-pass');
    await store.page.getByRole('button', { name: 'Verify email and mobile' }).click();
    await store.page.waitForURL(/\/verifyotp\?registration=/);
    await store.page.getByText('ka***@example.in').waitFor();
    expect(
      await store.page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage)),
    ).not.toContain('kavya-pass');
    // a reload keeps the pending registration
    await store.page.reload();
    await store.page.getByText('******8012').waitFor();
    await store.screenshot('verifyotp', WIDTHS.mobile);
    await store.screenshot('verifyotp', WIDTHS.desktop);
    expect(await field('Email OTP').getAttribute('maxlength')).toBe('6');

    const emailCode = await codeSentTo(store.db, 'kavya.reddy@example.in');
    const mobileCode = await codeSentTo(store.db, '9345678012', 'sms');
    await field('Email OTP').fill(emailCode);
    await field('Mobile OTP').fill(mobileCode === '000000' ? '111111' : '000000');
    await store.page.getByRole('button', { name: 'Verify and create account' }).click();
    await store.page.getByRole('alert').filter({ hasText: 'The OTP is incorrect' }).first().waitFor();
    expect(await store.db.select().from(users).where(eq(users.email, 'kavya.reddy@example.in'))).toHaveLength(
      0,
    );

    await field('Mobile OTP').fill(mobileCode);
    await store.page.getByRole('button', { name: 'Verify and create account' }).click();
    await store.page.waitForURL(store.url('/myprofile'));
    await expect
      .poll(() => store.page.getByRole('button', { name: /Account & Lists/ }).textContent())
      .toContain('Hello, Kavya');
    expect(await store.db.select().from(users).where(eq(users.email, 'kavya.reddy@example.in'))).toHaveLength(
      1,
    );
  });

  it('resends the codes, then asks to wait before the next resend', async () => {
    await store.openHydrated('/registration');
    await field('First name').fill('Arjun');
    await field('Last name').fill('Das');
    await field('Email').fill('arjun.das@example.in');
    await field('Mobile number').fill('9345678013');
    await store.page.getByLabel('Male', { exact: true }).check();
    await field('Password').fill('arjun-pass');
    await field('Confirm password').fill('arjun-pass');
    await store.page.getByRole('button', { name: 'Verify email and mobile' }).click();
    await store.page.waitForURL(/\/verifyotp/);
    await store.page.getByRole('button', { name: 'Resend OTP' }).click();
    // the server holds each destination to one code per 30 seconds
    await store.page
      .getByRole('alert')
      .filter({ hasText: /Please wait \d+ seconds? before requesting another OTP\./ })
      .waitFor();
  });

  it('does not say that an email is already registered: the codes page follows, and the owner is told by email', async () => {
    await store.openHydrated('/registration');
    await field('First name').fill('Priya');
    await field('Last name').fill('Sharma');
    await field('Email').fill('priya@example.com');
    await field('Mobile number').fill('9345678014');
    await store.page.getByLabel('Others').check();
    await field('Password').fill('Whatever#2025');
    await field('Confirm password').fill('Whatever#2025');
    await store.page.getByRole('button', { name: 'Verify email and mobile' }).click();
    await store.page.waitForURL(/\/verifyotp\?registration=/);
    expect(await store.page.getByRole('alert').count()).toBe(0);
    const [told] = await store.db
      .select({ template: outbox.template })
      .from(outbox)
      .where(eq(outbox.recipient, 'priya@example.com'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(told?.template).toBe('registration-account-exists');
  });

  it('tells a visitor with a stale link to register again', async () => {
    await store.openHydrated('/verifyotp?registration=aaaaaaaaaaaaaaaaaaaaaaaa');
    await store.page.getByText(M.expired).waitFor();
  });
});
