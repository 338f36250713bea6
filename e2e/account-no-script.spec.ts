// The account access pages in a browser that runs no scripts (ADR-0013): every form posts to
// its page's action, each step's answer is a new page, and no password or code enters a URL.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@marketplace/db';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { LINKED_ACCOUNT_MESSAGES } from '@marketplace/domain/accounts/linked-accounts';
import { CODE_LOGIN_MESSAGES, RESET_MESSAGES } from '@marketplace/domain/accounts/login';
import { REGISTRATION_MESSAGES } from '@marketplace/domain/accounts/registration';
import { SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import { codeSentTo } from './support/inbox.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

const field = (label: string) => store.page.getByLabel(label, { exact: true });
const button = (name: string) => store.page.getByRole('button', { name, exact: true });
const hasSession = async () =>
  (await store.page.context().cookies()).some((cookie) => cookie.name === SESSION_COOKIE);

/** A browser without scripts; every address it asks for is kept, to prove no secret went into one. */
async function withoutScripts() {
  await store.restartPage({ javaScript: false });
  const urls: string[] = [];
  store.page.on('request', (request) => urls.push(request.url()));
  return {
    neverHeld(...secrets: string[]) {
      for (const secret of secrets)
        expect(
          urls.filter((url) => url.includes(secret) || url.includes(encodeURIComponent(secret))),
          secret,
        ).toEqual([]);
    },
  };
}

async function screenshots(name: string) {
  await store.screenshot(`${name}-no-script`, WIDTHS.mobile);
  await store.screenshot(`${name}-no-script`, WIDTHS.desktop);
}

describe('account pages without JavaScript', () => {
  it('registration: the spec’s messages first, then the codes go out and the verify step shows; then the account is made', async () => {
    const browser = await withoutScripts();
    await store.page.goto(store.url('/registration'));
    await field('First name').fill('Lakshmi');
    await field('Password').fill('lakshmi-pass');
    await field('Confirm password').fill('lakshmi-other');
    await button('Verify email and mobile').click();
    await store.page.getByText(REGISTRATION_MESSAGES.lastNameRequired).waitFor();
    await store.page.getByText(REGISTRATION_MESSAGES.mismatch).waitFor();
    expect(await field('First name').inputValue()).toBe('Lakshmi');
    expect(await field('Password').inputValue()).toBe('');
    await screenshots('registration-errors');

    await field('Last name').fill('Iyer');
    await field('Email').fill('lakshmi.iyer@example.in');
    await field('Mobile number').fill('9345678021');
    await store.page.getByLabel('Female').check();
    await field('Password').fill('lakshmi-pass');
    await field('Confirm password').fill('lakshmi-pass');
    await button('Verify email and mobile').click();
    await store.page.waitForURL(/\/verifyotp\?registration=[A-Za-z0-9_-]+$/);
    await store.page.getByText('la***@example.in').waitFor();
    await store.page.getByText('******8021').waitFor();
    await screenshots('verifyotp');

    const emailCode = await codeSentTo(store.db, 'lakshmi.iyer@example.in');
    const mobileCode = await codeSentTo(store.db, '9345678021', 'sms');
    await field('Email OTP').fill(emailCode);
    await field('Mobile OTP').fill(mobileCode);
    await button('Verify and create account').click();
    await store.page.waitForURL(store.url('/myprofile'));
    expect(await hasSession()).toBe(true);
    expect(
      await store.db.select().from(users).where(eq(users.email, 'lakshmi.iyer@example.in')),
    ).toHaveLength(1);
    browser.neverHeld('lakshmi-pass', 'lakshmi-other', emailCode, mobileCode);
  });

  it('code login: the contact, the code sent to it, then logged in where the shopper was going', async () => {
    const browser = await withoutScripts();
    await store.page.goto(store.url('/otpverification?redirectTo=%2Fmyorder'));
    await field('Email or mobile number').fill('98765');
    await button('Send OTP').click();
    await store.page.getByText(CODE_LOGIN_MESSAGES.contact).waitFor();
    await field('Email or mobile number').fill('rahul@example.com');
    await button('Send OTP').click();
    await store.page.getByRole('status').filter({ hasText: CODE_LOGIN_MESSAGES.sent }).waitFor();
    // without scripts there is no countdown: Resend is a posted form the server holds to 30 s
    await button('Resend OTP').waitFor();
    await screenshots('otpverification');

    const code = await codeSentTo(store.db, 'rahul@example.com');
    await field('OTP').fill(code === '0000' ? '1111' : '0000');
    await button('Verify and sign in').click();
    await store.page.getByRole('alert').filter({ hasText: 'The OTP is incorrect' }).waitFor();
    await field('OTP').fill(code);
    await button('Verify and sign in').click();
    await store.page.waitForURL(store.url('/myorder'));
    expect(await hasSession()).toBe(true);
    browser.neverHeld(code, 'rahul@example.com');
  });

  it('forgot password: the reset code, the new password, then the new password logs in', async () => {
    const browser = await withoutScripts();
    await store.page.goto(store.url('/forgotpassword/priya%40example.com'));
    expect(await field('Email').inputValue()).toBe('priya@example.com');
    await button('Send reset code').click();
    await store.page.getByRole('status').filter({ hasText: RESET_MESSAGES.sent }).waitFor();
    await button('Save new password').click();
    await store.page.getByText(RESET_MESSAGES.newRequired).waitFor();
    const code = await codeSentTo(store.db, 'priya@example.com');
    await field('Reset code').fill(code);
    await field('New password').fill('priya-new-pass');
    await field('Confirm Password').fill('priya-new-pass');
    await screenshots('forgotpassword-reset');
    await button('Save new password').click();
    await store.page.waitForURL(store.url('/login?reset=done'));
    await store.page.getByText(RESET_MESSAGES.done).waitFor();
    await field('Email').fill('priya@example.com');
    await field('Password').fill('priya-new-pass');
    await button('Sign in').click();
    await store.page.waitForURL(store.url('/'));
    expect(await hasSession()).toBe(true);
    browser.neverHeld(code, 'priya-new-pass');
  });

  it('add and switch accounts: linked by password, then switched with the code sent to it', async () => {
    await store.loginAs('ananya@example.com');
    const browser = await withoutScripts();
    await store.page.goto(store.url('/addaccount'));
    await field('Email or mobile number').fill('9123456780');
    await field('Password').fill(DEMO_PASSWORDS.shopper);
    await button('Add account').click();
    await store.page.getByRole('status').filter({ hasText: LINKED_ACCOUNT_MESSAGES.linked }).waitFor();
    await screenshots('addaccount');
    // the page moves on to the accounts by itself, as the popup does with scripts
    await store.page.waitForURL(store.url('/switchaccount'));
    await store.page.getByRole('button', { name: /Switch to Rahul/ }).click();
    await store.page.getByRole('status').filter({ hasText: LINKED_ACCOUNT_MESSAGES.codeSent }).waitFor();
    await screenshots('switchaccount');
    const code = await codeSentTo(store.db, 'rahul@example.com');
    await field('OTP sent to Rahul’s email and mobile').fill(code);
    await button('Verify and switch').click();
    await store.page.waitForURL(store.url('/myprofile'));
    await store.page.getByText('rahul@example.com').first().waitFor();
    browser.neverHeld(code, DEMO_PASSWORDS.shopper);
  });
});
