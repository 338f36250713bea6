import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { CODE_LOGIN_MESSAGES, LOGIN_MESSAGES, RESET_MESSAGES } from '@marketplace/domain/accounts/login';
import { codeSentTo } from './support/inbox.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

declare global {
  interface Window {
    __reactRouterRouteModules?: unknown;
  }
}
const field = (label: string) => store.page.getByLabel(label, { exact: true });
const greeting = () => store.page.getByRole('button', { name: /Account & Lists/ }).textContent();

describe('password login', () => {
  it('shows the spec’s messages, a neutral message for wrong credentials, then logs in back to where the visitor was going', async () => {
    await store.page.goto(store.url('/myorder'));
    await store.page.waitForURL(/\/login\?redirectTo=%2Fmyorder/);
    await store.page.waitForFunction(() => window.__reactRouterRouteModules !== undefined);
    await store.screenshot('login', WIDTHS.desktop);
    await store.screenshot('login', WIDTHS.mobile);
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await store.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await store.page.getByText(LOGIN_MESSAGES.email, { exact: true }).waitFor();
    expect(await store.page.getByText(LOGIN_MESSAGES.password, { exact: true }).count()).toBe(1);

    await field('Email').fill('priya@example.com');
    await field('Password').fill('wrong-password');
    await store.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await store.page.getByRole('alert').filter({ hasText: LOGIN_MESSAGES.wrongCredentials }).waitFor();

    await field('Password').fill(DEMO_PASSWORDS.shopper);
    await store.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await store.page.waitForURL(store.url('/myorder'));
    await expect.poll(greeting).toContain('Hello, Priya');
    // a logged-in shopper opening /login goes home
    await store.page.goto(store.url('/login'));
    expect(store.page.url()).toBe(store.url('/'));
  });

  it('logs out from the account menu and back in', async () => {
    await store.openHydrated('/login');
    await field('Email').fill('rahul@example.com');
    await field('Password').fill(DEMO_PASSWORDS.shopper);
    await store.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await store.page.waitForURL(store.url('/'));
    await expect.poll(greeting).toContain('Hello, Rahul');
    await store.page.getByRole('button', { name: /Account & Lists/ }).click();
    await store.page.getByRole('button', { name: 'Log Out' }).click();
    await store.page.waitForURL(store.url('/login'));
    await expect.poll(greeting).toContain('Hello, sign in');
  });
});

describe('one-time-code login', () => {
  it('checks the contact and code, counts down 30 seconds to resend, and logs in with the code', async () => {
    await store.openHydrated('/otpverification');
    await field('Email or mobile number').fill('98765');
    await store.page.getByRole('button', { name: 'Send OTP' }).click();
    await store.page.getByText(CODE_LOGIN_MESSAGES.contact).waitFor();
    await field('Email or mobile number').fill('8765432109');
    await store.page.getByRole('button', { name: 'Send OTP' }).click();
    await store.page.getByText(CODE_LOGIN_MESSAGES.sent).waitFor();
    const timer = store.page.getByRole('timer');
    await expect.poll(() => timer.textContent()).toMatch(/^Resend OTP in (30|29|28)s$/);
    const first = Number(/\d+/.exec((await timer.textContent()) ?? '')?.[0]);
    await expect
      .poll(async () => Number(/\d+/.exec((await timer.textContent()) ?? '')?.[0]))
      .toBeLessThan(first);
    expect(await store.page.getByRole('button', { name: 'Resend OTP' }).count()).toBe(0);
    expect(await field('OTP').getAttribute('maxlength')).toBe('4');
    await store.screenshot('otpverification', WIDTHS.mobile);
    await store.screenshot('otpverification', WIDTHS.desktop);

    await field('OTP').fill('12');
    await store.page.getByRole('button', { name: 'Verify and sign in' }).click();
    await store.page.getByText(CODE_LOGIN_MESSAGES.code).waitFor();
    await field('OTP').fill(await codeSentTo(store.db, '8765432109', 'sms'));
    await store.page.getByRole('button', { name: 'Verify and sign in' }).click();
    await store.page.waitForURL(store.url('/'));
    await expect.poll(greeting).toContain('Hello, Ananya');
  });
});

describe('forgot password', () => {
  it('sends a reset code, checks the new password, resets it and logs in with the new one', async () => {
    await store.openHydrated('/login');
    await field('Email').fill('ananya@example.com');
    await store.page.getByRole('link', { name: 'Forgot password?' }).click();
    await store.page.waitForURL(store.url('/forgotpassword/ananya%40example.com'));
    expect(await field('Email').inputValue()).toBe('ananya@example.com');
    await store.screenshot('forgotpassword', WIDTHS.mobile);
    await store.page.getByRole('button', { name: 'Send reset code' }).click();
    await store.page.getByText(RESET_MESSAGES.sent).waitFor();
    await store.page.getByRole('button', { name: 'Save new password' }).click();
    await store.page.getByText(RESET_MESSAGES.newRequired).waitFor();
    expect(await store.page.getByText(RESET_MESSAGES.confirmRequired).count()).toBe(1);
    await field('Reset code').fill(await codeSentTo(store.db, 'ananya@example.com'));
    await field('New password').fill('fresh-pass-1');
    await field('Confirm Password').fill('fresh-pass-2');
    await store.page.getByRole('button', { name: 'Save new password' }).click();
    await store.page.getByText(RESET_MESSAGES.mismatch).waitFor();
    await field('Confirm Password').fill('fresh-pass-1');
    await store.screenshot('forgotpassword-reset', WIDTHS.desktop);
    await store.page.getByRole('button', { name: 'Save new password' }).click();
    await store.page.waitForURL(store.url('/login?reset=done'));
    await store.page.getByText(RESET_MESSAGES.done).waitFor();
    await field('Email').fill('ananya@example.com');
    await field('Password').fill('fresh-pass-1');
    await store.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await store.page.waitForURL(store.url('/'));
    await expect.poll(greeting).toContain('Hello, Ananya');
  });

  it('says the reset link could not be sent when the server cannot be reached', async () => {
    await store.openHydrated('/forgotpassword/rahul@example.com');
    // the form posts to its page's action (its data request with scripts), which calls the API
    await store.page.route(
      (url) => url.pathname.startsWith('/forgotpassword/') && url.pathname.endsWith('.data'),
      (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue()),
    );
    await store.page.getByRole('button', { name: 'Send reset code' }).click();
    await store.page.getByRole('alert').filter({ hasText: RESET_MESSAGES.sendFailed }).waitFor();
  });
});
