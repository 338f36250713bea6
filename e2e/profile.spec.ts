import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@marketplace/db';
import { PASSWORD_MESSAGES, PROFILE_MESSAGES } from '@marketplace/domain/accounts/profile';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

async function open(path: string, heading: string) {
  await store.page.goto(store.url(path));
  await store.page.getByRole('heading', { level: 1, name: heading }).waitFor();
}
const field = (label: string) => store.page.getByLabel(label, { exact: true });
const alertText = () => store.page.getByRole('alert').first().textContent();

describe('the profile', () => {
  it('shows the shopper’s details, unset dates as Not set', async () => {
    await store.loginAs('ananya@example.com');
    await open('/myprofile', 'Your Profile');
    const details = store.page.getByRole('region', { name: 'Profile details' });
    const rows = await details
      .locator('dl > div')
      .evaluateAll((nodes) =>
        nodes.map((node) => [node.querySelector('dt')?.textContent, node.querySelector('dd')?.textContent]),
      );
    expect(rows).toEqual([
      ['First name', 'Ananya'],
      ['Last name', 'Iyer'],
      ['Email', 'ananya@example.com'],
      ['Mobile', '8765432109'],
      ['Gender', 'Female'],
      ['Date of birth', 'Not set'],
      ['Anniversary', 'Not set'],
    ]);
    await store.screenshot('profile', WIDTHS.mobile);
    await store.screenshot('profile', WIDTHS.desktop);
  });

  it('is edited with the spec’s checks, then shown again with the new details and header greeting', async () => {
    await store.loginAs('rahul@example.com');
    await open('/myprofile', 'Your Profile');
    await store.page.getByRole('link', { name: 'Edit Profile' }).click();
    await store.page.getByRole('heading', { level: 1, name: 'Edit Profile' }).waitFor();
    expect(await field('Email').inputValue()).toBe('rahul@example.com');
    expect(await field('Email').getAttribute('readonly')).not.toBeNull();
    await store.screenshot('update-profile', WIDTHS.mobile);
    await store.screenshot('update-profile', WIDTHS.desktop);

    await field('First name').fill('');
    await field('Mobile number').fill('12345');
    await field('Date of birth').fill('2999-01-01');
    await store.page.getByRole('button', { name: 'Save Changes' }).click();
    const form = store.page.locator('form.account-form');
    await form.getByText(PROFILE_MESSAGES.firstName).waitFor();
    await form.getByText(PROFILE_MESSAGES.mobile).waitFor();
    await form.getByText(PROFILE_MESSAGES.birthInFuture).waitFor();

    // another account's mobile number is refused by the server
    await field('First name').fill('Rahul Kumar');
    await field('Mobile number').fill('9876543210');
    await field('Date of birth').fill('1990-05-20');
    await store.page.getByRole('button', { name: 'Save Changes' }).click();
    await store.page.getByRole('alert').filter({ hasText: PROFILE_MESSAGES.mobileTaken }).waitFor();

    await field('Mobile number').fill('9123456780');
    await field('Gender').selectOption('others');
    await field('Anniversary').fill('2016-11-27');
    await store.page.getByRole('button', { name: 'Save Changes' }).click();
    await store.page.waitForURL(/\/myprofile$/);
    await store.page.getByRole('status').filter({ hasText: PROFILE_MESSAGES.saved }).waitFor();
    const details = store.page.getByRole('region', { name: 'Profile details' });
    await details.getByText('Rahul Kumar', { exact: true }).waitFor();
    expect(await details.textContent()).toContain('20 May 1990');
    expect(await details.textContent()).toContain('27 Nov 2016');
    expect(await details.textContent()).toContain('Others');
    await expect
      .poll(() => store.page.getByRole('button', { name: /Account & Lists/ }).textContent())
      .toContain('Hello, Rahul Kumar');
  });

  it('changes the password: mismatch and a wrong current password are told, success goes to the profile after 2 s', async () => {
    await store.loginAs('priya@example.com');
    await open('/updatepassword', 'Change Password');
    await store.screenshot('update-password', WIDTHS.mobile);
    await store.screenshot('update-password', WIDTHS.desktop);
    await field('Current password').fill('Shopper@123');
    await field('New password').fill('Fresh#2025');
    await field('Confirm new password').fill('Fresh#2026');
    await store.page.getByRole('button', { name: 'Update Password' }).click();
    await store.page.getByText(PASSWORD_MESSAGES.mismatch).waitFor();

    await field('Current password').fill('NotMine#1');
    await field('Confirm new password').fill('Fresh#2025');
    await store.page.getByRole('button', { name: 'Update Password' }).click();
    await store.page.getByRole('alert').filter({ hasText: PASSWORD_MESSAGES.wrongCurrent }).waitFor();
    expect(await alertText()).toBe(PASSWORD_MESSAGES.wrongCurrent);

    const [before] = await store.db.select().from(users).where(eq(users.email, 'priya@example.com'));
    await field('Current password').fill('Shopper@123');
    await store.page.getByRole('button', { name: 'Update Password' }).click();
    await store.page.getByRole('status').filter({ hasText: PASSWORD_MESSAGES.updated }).waitFor();
    expect(store.page.url()).toMatch(/\/updatepassword$/); // the message shows before the redirect
    await store.page.waitForURL(/\/myprofile$/);
    const [after] = await store.db.select().from(users).where(eq(users.email, 'priya@example.com'));
    expect(after?.passwordHash).not.toBe(before?.passwordHash);
    // this session stays logged in
    await store.page.getByRole('heading', { level: 1, name: 'Your Profile' }).waitFor();
  });
});

describe('the settings hub', () => {
  it('links every account page, and each of them opens (none is the not-found page)', async () => {
    await store.loginAs('priya@example.com');
    await open('/settings', 'Your Account');
    await store.screenshot('settings', WIDTHS.mobile);
    await store.screenshot('settings', WIDTHS.desktop);
    const hrefs = await store.page
      .getByRole('list', { name: 'Account settings' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/myprofile',
        '/myorder',
        '/mywhishlist',
        '/buyagain',
        '/saveforlater',
        '/myaddress',
        '/bankaccount',
        '/updatepassword',
        '/switchaccount',
        '/manageaddress',
      ]),
    );
    for (const href of hrefs) {
      const res = await store.page.goto(store.url(href ?? '/'));
      expect(res?.status(), href ?? '').toBe(200);
      expect(await store.page.getByText('Oops! Page Not Found').count(), href ?? '').toBe(0);
    }
  });

  it('opens a tile by keyboard and leaves by Sign Out', async () => {
    await store.loginAs('ananya@example.com');
    await open('/settings', 'Your Account');
    await store.page.getByRole('link', { name: /Bank Accounts/ }).focus();
    await store.page.keyboard.press('Enter');
    await store.page.getByRole('heading', { level: 1, name: 'Bank Accounts' }).waitFor();
    await store.page.getByRole('link', { name: 'Back to Your Account' }).click();
    await store.page.getByRole('button', { name: 'Sign Out' }).click();
    await store.page.waitForURL(/\/login$/);
  });
});

describe('accessibility of the account pages', () => {
  it.each([
    ['/myprofile', 'Your Profile'],
    ['/updateprofile', 'Edit Profile'],
    ['/updatepassword', 'Change Password'],
    ['/settings', 'Your Account'],
    ['/myaddress', 'Your Addresses'],
    ['/manageaddress', 'Manage Addresses'],
    ['/addressform', 'Add New Address'],
    ['/bankaccount', 'Bank Accounts'],
    ['/accountform', 'Add Account'],
  ])('%s has no serious or critical axe violations', async (path, heading) => {
    await store.loginAs('priya@example.com');
    await open(path, heading);
    const axe = await new AxeBuilder({ page: store.page }).include('main').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });
});
