// requirements#operator-console: an owner made from the command line logs in through the shop's
// login, replaces the temporary password, sets up the authenticator app on the console's first visit, sees the overview and finds
// its set-up in the audit log; a support staff member is refused the audit log.
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@marketplace/domain/accounts/profile';
import { navFor } from '@marketplace/domain/admin/console';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { codeAt } from '../apps/server/src/modules/staff/index.ts';
import { addStaff, replaceTemporaryPassword, signInAsStaff } from './support/staff.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const OWNER = 'owner-e2e@staff.example.com';
const SUPPORT = 'support-e2e@staff.example.com';
const NEW_PASSWORD = 'Owner-Chosen-Pass-77';

let ownerSecret = '';

const field = (label: string) => store.page.getByLabel(label, { exact: true });
const heading = (name: string | RegExp) => store.page.getByRole('heading', { level: 1, name }).waitFor();

/** On the set-up page: reads the key shown, enters the app's code for it. */
async function enrolOnThePage() {
  await heading('Set up your authenticator app');
  await store.page.locator('.admin-qr svg').waitFor();
  const secret = (await store.page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  return secret;
}

describe('the operator console', () => {
  it('an owner logs in, sets up the authenticator app, sees the overview and its set-up in the audit log', async () => {
    const password = await addStaff(store, OWNER, 'owner');
    await store.page.goto(store.url('/admin'));
    await store.page.waitForURL(/\/login\?redirectTo=%2Fadmin/);
    await field('Email').fill(OWNER);
    await field('Password').fill(password);
    await store.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // the printed temporary password is replaced before anything else
    await store.page.waitForURL(store.url('/admin/password'));
    await heading('Choose your password');
    expect(await store.page.getByRole('navigation', { name: 'Console' }).count()).toBe(0);
    await store.page.goto(store.url('/admin/audit'));
    await store.page.waitForURL(store.url('/admin/password'));
    await field('Temporary password').fill(password);
    await field('New password').fill(NEW_PASSWORD);
    await field('Confirm new password').fill(`${NEW_PASSWORD}x`);
    await store.page.getByRole('button', { name: 'Save and continue' }).click();
    await store.page.getByText(PASSWORD_MESSAGES.mismatch).waitFor();
    await store.screenshot('admin-password', WIDTHS.desktop);
    await field('Temporary password').fill(password);
    await field('New password').fill(NEW_PASSWORD);
    await field('Confirm new password').fill(NEW_PASSWORD);
    await store.page.getByRole('button', { name: 'Save and continue' }).click();
    await store.page.waitForURL(store.url('/admin/enrol'));
    const secret = await enrolOnThePage();
    ownerSecret = secret;
    await store.screenshot('admin-enrol', WIDTHS.desktop);

    await field('6-digit code').fill('000000' === codeAt(secret, new Date()) ? '111111' : '000000');
    await store.page.getByRole('button', { name: 'Set up' }).click();
    await store.page.getByText(STAFF_MESSAGES.wrongCode).waitFor();

    await field('6-digit code').fill(codeAt(secret, new Date()));
    await store.page.getByRole('button', { name: 'Set up' }).click();
    await store.page.waitForURL(store.url('/admin'));
    await heading(/^Welcome, /);
    await store.page.getByText('Authenticator app set up', { exact: false }).first().waitFor();
    const nav = store.page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(navFor('owner').map((item) => item.label));
    await store.screenshot('admin-overview', WIDTHS.desktop);

    await nav.getByRole('link', { name: 'Audit log' }).click();
    await store.page.waitForURL(store.url('/admin/audit'));
    await heading('Audit log');
    const table = store.page.getByRole('region', { name: 'Entries, newest first' });
    const enrolment = table.getByRole('row').filter({ hasText: 'Authenticator app set up' });
    await expect.poll(() => enrolment.count()).toBe(1);
    expect(await enrolment.textContent()).toContain(OWNER);
    const added = table.getByRole('row').filter({ hasText: 'Staff member added' }).filter({ hasText: OWNER });
    expect(await added.textContent()).toContain('cli');

    // the search form works as a plain GET: only the owner's own changes
    await field('Staff member (email or cli)').fill(OWNER);
    await store.page.getByRole('button', { name: 'Search' }).click();
    await store.page.waitForURL(/actor=owner-e2e/);
    // the password chosen, the wrong code and the set-up (each entry's fields are a small table of their own);
    // requirements#staff-security-events: each says from where
    await expect.poll(() => table.locator('tr:has(> td[data-label="When"])').count()).toBe(3);
    expect(await table.locator('td[data-label="From"]').first().textContent()).not.toBe('—');
    await store.screenshot('admin-audit', WIDTHS.desktop);
    // the security events alone: the command line's staff.add stays, a change like a rate would not
    await field('Staff member (email or cli)').fill('');
    await store.page.getByLabel('Kind', { exact: true }).selectOption('security');
    await store.page.getByRole('button', { name: 'Search' }).click();
    await store.page.waitForURL(/kind=security/);
    await table.getByRole('row').filter({ hasText: 'Password changed' }).first().waitFor();
    await store.screenshot('admin-audit-security', WIDTHS.desktop);
    await store.screenshot('admin-audit-security', WIDTHS.mobile);
  });

  it('without scripts, a new session asks the owner for a code and goes on to the page it was opening', async () => {
    expect(ownerSecret).not.toBe('');
    await store.loginAs(OWNER); // a session of its own: not verified
    const page = await store.restartPage({ javaScript: false });
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(store.url('/admin/audit'));
    await page.waitForURL(/\/admin\/verify\?redirectTo=%2Fadmin%2Faudit/);
    await heading('Enter your code');
    expect(await page.getByRole('navigation', { name: 'Console' }).count()).toBe(0);

    await field('6-digit code').fill('12');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(STAFF_MESSAGES.codeShape).first().waitFor();
    await store.screenshot('admin-verify', WIDTHS.desktop);

    // the set-up's code was used once: the app's next one (a phone's clock a little ahead) is taken
    await field('6-digit code').fill(codeAt(ownerSecret, new Date(Date.now() + 30_000)));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(store.url('/admin/audit'));
    await heading('Audit log');
  });

  it('a support staff member is refused the audit log, and its menu does not offer it', async () => {
    const temporary = await addStaff(store, SUPPORT, 'support');
    await store.loginAs(SUPPORT);
    await replaceTemporaryPassword(store, temporary);
    await store.page.goto(store.url('/admin/audit'));
    await store.page.waitForURL(store.url('/admin/enrol'));
    const secret = await enrolOnThePage();
    await field('6-digit code').fill(codeAt(secret, new Date()));
    await store.page.getByRole('button', { name: 'Set up' }).click();
    await store.page.waitForURL(store.url('/admin'));
    const nav = store.page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(
      navFor('support').map((item) => item.label),
    );

    const refused = await store.page.goto(store.url('/admin/audit'));
    expect(refused?.status()).toBe(403);
    await heading('Not allowed');
    await store.page.getByText(STAFF_MESSAGES.wrongRole).waitFor();
    await store.screenshot('admin-audit-refused', WIDTHS.desktop);
  });

  it('staff signed in for a test start on the console, verified, with their own menu', async () => {
    await signInAsStaff(store, 'marketing-e2e@staff.example.com', 'marketing');
    await store.page.goto(store.url('/admin'));
    await heading(/^Welcome, /);
    const nav = store.page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link').allTextContents()).not.toContain('Audit log');
  });
});
