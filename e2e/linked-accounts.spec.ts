import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { LINKED_ACCOUNT_MESSAGES as M } from '@marketplace/domain/accounts/linked-accounts';
import { codeSentTo } from './support/inbox.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

const field = (label: string) => store.page.getByLabel(label, { exact: true });
const greeting = () => store.page.getByRole('button', { name: /Account & Lists/ }).textContent();

describe('linked accounts', () => {
  it('adds an account by password, then switches to it with the code sent to it', async () => {
    await store.loginAs('priya@example.com');
    await store.openHydrated('/switchaccount');
    await store.page.getByText(M.none).waitFor();
    await store.page.getByRole('link', { name: 'Add another account' }).click();
    await store.page.waitForURL(store.url('/addaccount'));
    await store.page.getByRole('button', { name: 'Add account' }).click();
    await store.page.getByRole('alert').filter({ hasText: M.bothRequired }).waitFor();
    await field('Email or mobile number').fill('rahul@example.com');
    await field('Password').fill('wrong-password');
    await store.page.getByRole('button', { name: 'Add account' }).click();
    await store.page.getByRole('alert').filter({ hasText: M.wrongCredentials }).waitFor();
    await store.screenshot('addaccount', WIDTHS.mobile);
    await field('Password').fill(DEMO_PASSWORDS.shopper);
    await store.page.getByRole('button', { name: 'Add account' }).click();
    await store.page.getByText(M.linked).waitFor();
    await store.page.waitForURL(store.url('/switchaccount'));

    const card = store.page.getByRole('list', { name: 'Linked accounts' }).getByRole('listitem');
    await card.first().waitFor();
    expect(await card.count()).toBe(1);
    expect(await card.first().textContent()).toContain('rahul@example.com');
    expect(await card.first().textContent()).toContain('9123456780');
    await card
      .first()
      .getByRole('button', { name: /Switch to Rahul/ })
      .click();
    await store.page.getByText(M.codeSent).waitFor();
    await store.page.getByRole('button', { name: 'Verify and switch' }).click();
    await store.page.getByText(M.enterCode).waitFor();
    await store.screenshot('switchaccount', WIDTHS.mobile);
    await store.screenshot('switchaccount', WIDTHS.desktop);
    await field('OTP sent to Rahul’s email and mobile').fill(await codeSentTo(store.db, 'rahul@example.com'));
    await store.page.getByRole('button', { name: 'Verify and switch' }).click();
    await store.page.waitForURL(store.url('/myprofile'));
    await expect.poll(greeting).toContain('Hello, Rahul');
  });

  it('adds an account by a code sent to it', async () => {
    await store.loginAs('ananya@example.com');
    await store.openHydrated('/addaccount');
    await store.page.getByRole('tab', { name: 'With OTP' }).click();
    await field('Email or mobile number').fill('9876543210');
    await store.page.getByRole('button', { name: 'Send OTP' }).click();
    await store.page.getByText(M.linkCodeSent).waitFor();
    await store.page.getByRole('button', { name: 'Verify and add account' }).click();
    await store.page.getByText(M.enterCode).waitFor();
    await field('OTP').fill(await codeSentTo(store.db, '9876543210', 'sms'));
    await store.page.getByRole('button', { name: 'Verify and add account' }).click();
    await store.page.waitForURL(store.url('/switchaccount'));
    await store.page.getByRole('button', { name: /Switch to Priya/ }).waitFor();
  });

  it('sends visitors to login first', async () => {
    await store.page.goto(store.url('/switchaccount'));
    expect(store.page.url()).toBe(store.url('/login?redirectTo=%2Fswitchaccount'));
  });
});
