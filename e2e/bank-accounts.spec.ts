import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankAccounts, users } from '@marketplace/db';
import { BANK_ACCOUNT_MESSAGES } from '@marketplace/domain/accounts/bank-accounts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

async function open(path: string, heading: string) {
  await store.page.goto(store.url(path));
  await store.page.getByRole('heading', { level: 1, name: heading }).waitFor();
}
const field = (label: string) => store.page.getByLabel(label, { exact: true });
const cards = () => store.page.getByRole('list', { name: 'Bank accounts' }).getByRole('article');
const rowsOf = async (email: string) => {
  const [user] = await store.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return store.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, user?.id ?? 0));
};
const status = (text: string) => store.page.getByRole('status').filter({ hasText: text }).waitFor();

async function fillAccount(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    if (label === 'Account type') await field(label).selectOption(value);
    else await field(label).fill(value);
  }
}

describe('bank accounts', () => {
  it('are cards with the number masked but the last 4 digits; the default has no X', async () => {
    await store.loginAs('priya@example.com');
    const [seeded] = await rowsOf('priya@example.com');
    if (!seeded) throw new Error('priya has a seeded bank account');
    await open('/bankaccount', 'Bank Accounts');
    expect(await store.page.getByRole('link', { name: 'Back to Your Account' }).getAttribute('href')).toBe(
      '/settings',
    );
    const card = cards().first();
    expect(await card.locator('.account-number').textContent()).toBe(
      `${'X'.repeat(seeded.accountNumber.length - 4)}${seeded.accountNumber.slice(-4)}`,
    );
    expect(await store.page.content()).not.toContain(seeded.accountNumber);
    expect(await card.textContent()).toContain(seeded.ifsc);
    expect(await card.getByText('Default', { exact: true }).count()).toBe(1);
    expect(await card.getByRole('button', { name: /Delete account/ }).count()).toBe(0);
    await store.screenshot('bank-account', WIDTHS.mobile);
    await store.screenshot('bank-account', WIDTHS.desktop);
  });

  it('are added through the form with every field checked', async () => {
    await store.loginAs('rahul@example.com');
    await open('/bankaccount', 'Bank Accounts');
    await store.page.getByRole('link', { name: 'Add New' }).click();
    await store.page.getByRole('heading', { level: 1, name: 'Add Account' }).waitFor();
    await store.screenshot('account-form', WIDTHS.mobile);
    await store.screenshot('account-form', WIDTHS.desktop);
    await store.page.getByRole('button', { name: 'Submit' }).click();
    const form = store.page.locator('form.account-form');
    for (const message of [
      BANK_ACCOUNT_MESSAGES.accountName,
      BANK_ACCOUNT_MESSAGES.accountNumber,
      BANK_ACCOUNT_MESSAGES.ifsc,
      BANK_ACCOUNT_MESSAGES.bankName,
      BANK_ACCOUNT_MESSAGES.accountType,
    ]) {
      await form.getByText(message).waitFor();
    }
    await fillAccount({
      'Account holder name': 'Rahul Verma',
      'Account number': '12345',
      'IFSC code': 'ICIC1234567',
      'Bank name': 'ICICI Bank',
      'Account type': 'current',
    });
    await store.page.getByRole('button', { name: 'Submit' }).click();
    await form.getByText(BANK_ACCOUNT_MESSAGES.accountNumberShape).waitFor();
    await form.getByText(BANK_ACCOUNT_MESSAGES.ifscShape).waitFor();

    await fillAccount({ 'Account number': '0012 3456 7890', 'IFSC code': 'icic0004567' });
    await store.page.getByRole('button', { name: 'Submit' }).click();
    await store.page.waitForURL(/\/bankaccount$/);
    await status(BANK_ACCOUNT_MESSAGES.added);
    const added = cards().filter({ hasText: 'XXXXXXXX7890' });
    await added.waitFor();
    expect(await added.textContent()).toContain('ICIC0004567');
    expect(await added.getByRole('button', { name: 'Set Default' }).count()).toBe(1);
    expect(await added.getByRole('button', { name: 'Delete account ending 7890' }).count()).toBe(1);
  });

  it('are edited, made default and deleted; a refused change alerts Error: and the server message', async () => {
    store.page.on('dialog', (dialog) => void dialog.accept());
    await store.loginAs('ananya@example.com');
    await open('/accountform', 'Add Account');
    await fillAccount({
      'Account holder name': 'Ananya Iyer',
      'Account number': '998877665544',
      'IFSC code': 'UTIB0000789',
      'Bank name': 'Axis Bank',
      'Account type': 'savings',
    });
    await store.page.getByRole('button', { name: 'Submit' }).click();
    await store.page.waitForURL(/\/bankaccount$/);
    const added = cards().filter({ hasText: 'XXXXXXXX5544' });

    await added.getByRole('link', { name: 'Edit account ending 5544' }).click();
    await store.page.getByRole('heading', { level: 1, name: 'Edit Account' }).waitFor();
    expect(store.page.url()).toMatch(/\/accountform\?id=\d+$/);
    expect(await field('Account number').inputValue()).toBe('998877665544'); // the owner's edit form only
    await field('Bank name').fill('Axis Bank Ltd');
    await store.page.getByRole('button', { name: 'Update' }).click();
    await store.page.waitForURL(/\/bankaccount$/);
    await status(BANK_ACCOUNT_MESSAGES.updated);
    await added.getByText('Axis Bank Ltd').waitFor();

    await added.getByRole('button', { name: 'Set Default' }).click();
    await status(BANK_ACCOUNT_MESSAGES.defaultUpdated);
    await added.getByText('Default', { exact: true }).waitFor();
    expect(
      (await rowsOf('ananya@example.com')).filter((row) => row.isDefault).map((row) => row.bankName),
    ).toEqual(['Axis Bank Ltd']);
    const old = cards().filter({ hasNotText: '5544' });
    await old.getByRole('button', { name: /Delete account ending/ }).click();
    await status(BANK_ACCOUNT_MESSAGES.deleted);
    await expect.poll(() => cards().count()).toBe(1);

    // the page is stale: another tab made this account the default meanwhile, so deleting it is refused
    await open('/accountform', 'Add Account');
    await fillAccount({
      'Account holder name': 'Ananya Iyer',
      'Account number': '111122223333',
      'IFSC code': 'SBIN0001234',
      'Bank name': 'State Bank of India',
      'Account type': 'current',
    });
    await store.page.getByRole('button', { name: 'Submit' }).click();
    await store.page.waitForURL(/\/bankaccount$/);
    const second = cards().filter({ hasText: 'XXXXXXXX3333' });
    await second.waitFor();
    const rows = await rowsOf('ananya@example.com');
    await store.db
      .update(bankAccounts)
      .set({ isDefault: false })
      .where(eq(bankAccounts.userId, rows[0]?.userId ?? 0));
    await store.db
      .update(bankAccounts)
      .set({ isDefault: true })
      .where(eq(bankAccounts.accountNumber, '111122223333'));
    await second.getByRole('button', { name: 'Delete account ending 3333' }).click();
    await store.page
      .getByRole('alert')
      .filter({ hasText: `Error: ${BANK_ACCOUNT_MESSAGES.defaultNotDeletable}` })
      .waitFor();
    expect((await rowsOf('ananya@example.com')).length).toBe(2);
  });
});
