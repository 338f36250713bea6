// requirements#operator-staff and requirements#staff-credentials: an owner invites a new person by
// email from the console's Staff screen; the person reads the invitation, chooses a password with
// Forgot password, logs in, sets up the authenticator app and finds their role's menu; the owner
// sees them join, changes their role (their next page shows the new menu) and removes them (their
// session ends). Without scripts the same forms invite, join, change and remove.
import { and, desc, eq } from 'drizzle-orm';
import type { BrowserContext, Cookie, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox } from '@marketplace/db';
import { RESET_MESSAGES } from '@marketplace/domain/accounts/login';
import { NEW_PASSWORD_MESSAGES } from '@marketplace/domain/accounts/registration';
import { navFor, ROLE_LABELS, type StaffRole } from '@marketplace/domain/admin/console';
import { auditActionLabel, STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { STAFF_TEAM_MESSAGES } from '@marketplace/domain/admin/staff-team-api';
import { codeAt } from '../apps/server/src/modules/staff/index.ts';
import { codeSentTo } from './support/inbox.ts';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

const OWNER = 'owner-invites@staff.example.com';
const PERSON = 'new-person@staff.example.com';
const NO_SCRIPT_PERSON = 'no-script-person@staff.example.com';
const PASSWORD = 'Chosen-by-the-person-2026';
/** One character short of a console account's password. */
const SHORT_PASSWORD = 'Eleven-char';

/** Each step's browser as the person left it: the owner's and the invited person's. */
const saved: { owner: Cookie[]; person: Cookie[] } = { owner: [], person: [] };
const opened: BrowserContext[] = [];

afterAll(async () => {
  for (const context of opened) await context.close();
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor();
const menuOf = (page: Page) =>
  page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents();
const labelsOf = (role: StaffRole) => navFor(role).map((item) => item.label);
const roleOf = (page: Page, email: string) => page.getByLabel(`Role of ${email}`, { exact: true });
const staffRow = (page: Page, email: string) =>
  page.getByRole('region', { name: 'Staff, owners first' }).getByRole('row').filter({ hasText: email });

/** Another browser beside the test's page, with the cookies a person left in theirs. */
async function anotherBrowser(cookies: Cookie[], javaScript = true): Promise<Page> {
  const browser = store.page.context().browser();
  if (!browser) throw new Error('the browser is not ready');
  const context = await browser.newContext({
    viewport: { width: WIDTHS.desktop, height: 900 },
    locale: 'en-IN',
    javaScriptEnabled: javaScript,
  });
  opened.push(context);
  await context.addCookies(cookies);
  return context.newPage();
}

/** The newest invitation in a person's inbox. */
async function invitationTo(email: string) {
  const [message] = await store.db
    .select({ subject: outbox.subject, body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.template, 'staff-invitation')))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!message) throw new Error(`no invitation to ${email}`);
  return message;
}

/** On the Staff screen: invites a person by the form, as an owner types it. */
async function invite(page: Page, email: string, role: StaffRole) {
  await field(page, 'Email address').fill(email);
  await field(page, 'Role').selectOption(role);
  await button(page, 'Send invitation').click();
  await page.getByText(STAFF_TEAM_MESSAGES.invitedNew).waitFor();
  await expect.poll(() => staffRow(page, email).count()).toBe(1);
}

/**
 * The invited person follows the email's steps: Forgot password with the emailed code (a password
 * too short for the console is refused), then the login. Works with or without scripts.
 */
async function chooseThePasswordAndLogIn(page: Page, email: string) {
  const message = await invitationTo(email);
  // the link is a whole address on the shop the owner used
  const link = /\((https?:\/\/[^)\s]+\/forgotpassword\/[^)\s]+)\)/.exec(message.body)?.[1] ?? '';
  expect(link).toBe(store.url(`/forgotpassword/${encodeURIComponent(email)}`));
  const reset = new URL(link).pathname;
  await page.goto(store.url(reset));
  await heading(page, 'Password assistance');
  expect(await field(page, 'Email').inputValue()).toBe(email);
  await button(page, 'Send reset code').click();
  await page.getByText(RESET_MESSAGES.sent).waitFor();
  const code = await codeSentTo(store.db, email);
  await field(page, 'Reset code').fill(code);
  await field(page, 'New password').fill(SHORT_PASSWORD);
  await field(page, 'Confirm Password').fill(SHORT_PASSWORD);
  await button(page, 'Save new password').click();
  await page.getByText(NEW_PASSWORD_MESSAGES.staffTooShort).waitFor();
  await field(page, 'Reset code').fill(code);
  await field(page, 'New password').fill(PASSWORD);
  await field(page, 'Confirm Password').fill(PASSWORD);
  await button(page, 'Save new password').click();
  await page.waitForURL(/\/login\?reset=done/);
  await page.getByText(RESET_MESSAGES.done).waitFor();
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await button(page, 'Sign in').click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The console's first visit: the set-up page's key, and the app's code for it; the app's secret. */
async function setUpTheApp(page: Page, screenshot?: string) {
  await page.goto(store.url('/admin'));
  await page.waitForURL(store.url('/admin/enrol'));
  await heading(page, 'Set up your authenticator app');
  await page.locator('.admin-qr svg').waitFor();
  const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (screenshot) {
    await store.screenshot(screenshot, WIDTHS.mobile);
    await store.screenshot(screenshot, WIDTHS.desktop);
  }
  await field(page, '6-digit code').fill(codeAt(secret, new Date()));
  await button(page, 'Set up').click();
  await page.waitForURL(store.url('/admin'));
  await heading(page, /^Welcome, /);
  return secret;
}

describe('inviting staff from the console', () => {
  it('an owner invites a new person as catalog staff: the list shows them invited, the audit log the invitation', async () => {
    await signInAsStaff(store, OWNER, 'owner');
    const page = store.page;
    await page.goto(store.url('/admin'));
    await heading(page, /^Welcome, /);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
    await page.waitForURL(store.url('/admin/staff'));
    await heading(page, 'Staff');
    expect(await staffRow(page, OWNER).textContent()).toContain('(you)');
    await store.screenshot('staff-invite-form', WIDTHS.mobile);
    await store.screenshot('staff-invite-form', WIDTHS.desktop);

    // an address that is not one is told beside its field, and kept to be corrected
    await field(page, 'Email address').fill('new-person@');
    await field(page, 'Role').selectOption('catalog');
    await button(page, 'Send invitation').click();
    await page.getByText(STAFF_TEAM_MESSAGES.email).waitFor();
    expect(await field(page, 'Email address').inputValue()).toBe('new-person@');
    expect(await field(page, 'Role').inputValue()).toBe('catalog');

    await invite(page, PERSON, 'catalog');
    const row = staffRow(page, PERSON);
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Invited', expect.stringContaining(ROLE_LABELS.catalog)]),
    );
    expect(await roleOf(page, PERSON).inputValue()).toBe('catalog');
    await store.screenshot('staff-list-invited', WIDTHS.mobile);
    await store.screenshot('staff-list-invited', WIDTHS.desktop);

    // the same person twice is refused: they are in the list already
    await field(page, 'Email address').fill(PERSON.toUpperCase());
    await button(page, 'Send invitation').click();
    await page.getByText(STAFF_TEAM_MESSAGES.alreadyStaff).first().waitFor();
    expect(await staffRow(page, PERSON).count()).toBe(1);

    await page.getByRole('link', { name: 'audit log', exact: true }).click();
    await page.waitForURL(store.url('/admin/audit'));
    const added = page
      .getByRole('region', { name: 'Entries, newest first' })
      .getByRole('row')
      .filter({ hasText: auditActionLabel('staff.add') })
      .filter({ hasText: PERSON });
    await expect.poll(() => added.count()).toBeGreaterThan(0);
    expect(await added.first().textContent()).toContain(OWNER);
    saved.owner = await page.context().cookies();
  });

  it('the invited person reads the email, chooses a password, logs in, sets up the app and finds the catalog menu', async () => {
    expect(saved.owner).not.toEqual([]);
    const message = await invitationTo(PERSON);
    expect(message.subject).toBe(`You have been invited to Bazaar's console as ${ROLE_LABELS.catalog}`);
    expect(message.body).toContain(`${OWNER} has invited you to run Bazaar as Catalog staff.`);
    expect(message.body).toContain('1. Choose your password (at least 12 characters)');
    expect(message.body).toContain('2. Log in with this email address and your new password.');
    expect(message.body).toContain(`3. Open ${store.url('/admin')} and set up an authenticator app`);

    // a fresh browser: nobody is signed in; the console sends them to log in
    const page = store.page;
    await page.goto(store.url('/admin'));
    await page.waitForURL(/\/login\?redirectTo=%2Fadmin/);
    await chooseThePasswordAndLogIn(page, PERSON);
    await setUpTheApp(page, 'staff-invitation-enrol');
    const menu = await menuOf(page);
    expect(menu).toEqual(labelsOf('catalog'));
    expect(menu).not.toContain('Staff');
    expect(menu).not.toContain('Audit log');
    const refused = await page.goto(store.url('/admin/staff'));
    expect(refused?.status()).toBe(403);
    await page.getByText(STAFF_MESSAGES.wrongRole).waitFor();
    saved.person = await page.context().cookies();
  });

  it('the owner sees them joined, changes their role to support (their next page shows it) and removes them (their session ends)', async () => {
    expect(saved.person).not.toEqual([]);
    const page = store.page;
    await page.context().addCookies(saved.owner);
    const person = await anotherBrowser(saved.person);

    await page.goto(store.url('/admin/staff'));
    await heading(page, 'Staff');
    const row = staffRow(page, PERSON);
    expect(await row.getByRole('cell').allTextContents()).toContain('Active');
    await store.screenshot('staff-list-joined', WIDTHS.mobile);
    await store.screenshot('staff-list-joined', WIDTHS.desktop);
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });

    await roleOf(page, PERSON).selectOption('support');
    await page.getByRole('button', { name: `Change the role of ${PERSON}` }).click();
    await page.getByText(STAFF_TEAM_MESSAGES.roleChanged).waitFor();
    expect(await roleOf(page, PERSON).inputValue()).toBe('support');

    await person.goto(store.url('/admin'));
    await heading(person, /^Welcome, /);
    expect(await menuOf(person)).toEqual(labelsOf('support'));
    const catalog = await person.goto(store.url('/admin/catalog'));
    expect(catalog?.status()).toBe(403);

    await page.getByRole('link', { name: `Remove ${PERSON}` }).click();
    await page.waitForURL(/\/admin\/staff\?remove=\d+/);
    await page.getByRole('heading', { level: 2, name: /^Remove / }).waitFor();
    await page.getByText(`${PERSON} loses access to the console at once`).waitFor();
    await store.screenshot('staff-remove-confirm', WIDTHS.mobile);
    await store.screenshot('staff-remove-confirm', WIDTHS.desktop);
    await button(page, 'Remove access').click();
    await page.waitForURL(store.url('/admin/staff?removed=1'));
    await page.getByText(STAFF_TEAM_MESSAGES.removed).waitFor();
    expect(await staffRow(page, PERSON).count()).toBe(0);

    // their session ended with the console: the next request asks them to log in
    await person.goto(store.url('/admin/orders'));
    await person.waitForURL(/\/login\?redirectTo=%2Fadmin%2Forders/);
    await field(person, 'Email').fill(PERSON);
    await field(person, 'Password').fill(PASSWORD);
    await button(person, 'Sign in').click();
    await person.waitForURL((url) => url.pathname !== '/login');
    const notStaff = await person.goto(store.url('/admin'));
    expect(notStaff?.status()).toBe(403);
    await person.getByText(STAFF_MESSAGES.notStaff).waitFor();

    await page.goto(store.url(`/admin/audit?actor=${encodeURIComponent(OWNER)}`));
    const entries = page.getByRole('region', { name: 'Entries, newest first' }).getByRole('row');
    for (const action of ['staff.role', 'staff.remove'] as const)
      await expect
        .poll(() =>
          entries
            .filter({ hasText: auditActionLabel(action) })
            .filter({ hasText: PERSON })
            .count(),
        )
        .toBeGreaterThan(0);
  });

  it('without scripts, the owner invites, the person joins and sets up the app, and the owner changes their role and removes them', async () => {
    expect(saved.owner).not.toEqual([]);
    await store.page.context().addCookies(saved.owner);
    const page = await store.restartPage({ javaScript: false });
    await page.goto(store.url('/admin/staff'));
    await heading(page, 'Staff');
    await field(page, 'Email address').fill('not an address');
    await button(page, 'Send invitation').click();
    await page.getByText(STAFF_TEAM_MESSAGES.email).waitFor();
    await invite(page, NO_SCRIPT_PERSON, 'marketing');

    const person = await anotherBrowser([], false);
    await chooseThePasswordAndLogIn(person, NO_SCRIPT_PERSON);
    await person.goto(store.url('/admin'));
    await person.waitForURL(store.url('/admin/enrol'));
    const secret = (await person.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
    await field(person, '6-digit code').fill('12');
    await button(person, 'Set up').click();
    await person.getByText(STAFF_MESSAGES.codeShape).first().waitFor();
    await field(person, '6-digit code').fill(codeAt(secret, new Date()));
    await button(person, 'Set up').click();
    await person.waitForURL(store.url('/admin'));
    expect(await menuOf(person)).toEqual(labelsOf('marketing'));

    await page.goto(store.url('/admin/staff'));
    expect(await staffRow(page, NO_SCRIPT_PERSON).getByRole('cell').allTextContents()).toContain('Active');
    await roleOf(page, NO_SCRIPT_PERSON).selectOption('finance');
    await page.getByRole('button', { name: `Change the role of ${NO_SCRIPT_PERSON}` }).click();
    await page.getByText(STAFF_TEAM_MESSAGES.roleChanged).waitFor();
    await person.goto(store.url('/admin'));
    expect(await menuOf(person)).toEqual(labelsOf('finance'));

    await page.getByRole('link', { name: `Remove ${NO_SCRIPT_PERSON}` }).click();
    await button(page, 'Remove access').click();
    await page.waitForURL(store.url('/admin/staff?removed=1'));
    await page.getByText(STAFF_TEAM_MESSAGES.removed).waitFor();
    await person.goto(store.url('/admin'));
    await person.waitForURL(/\/login\?redirectTo=%2Fadmin/);
  });
});
