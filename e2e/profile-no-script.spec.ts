// The profile, password, bank account and saved-list pages in a browser that runs no scripts
// (ADR-0013): every form is posted to its page's action and answered by the server.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankAccounts, savedItems, users } from '@marketplace/db';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { BANK_ACCOUNT_MESSAGES } from '@marketplace/domain/accounts/bank-accounts';
import { PASSWORD_MESSAGES, PROFILE_MESSAGES } from '@marketplace/domain/accounts/profile';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import { offersOfDistinctSellers, userIdOf } from './support/cart-fixtures.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

const field = (label: string) => store.page.getByLabel(label, { exact: true });
const button = (name: string) => store.page.getByRole('button', { name, exact: true });
const status = (text: string) => store.page.getByRole('status').filter({ hasText: text }).waitFor();
const alert = (text: string) => store.page.getByRole('alert').filter({ hasText: text }).waitFor();
const userRow = async (email: string) => {
  const [row] = await store.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(email);
  return row;
};

/** Every address the page's browser asked for, to prove no password went into one. */
function requestedUrls() {
  const urls: string[] = [];
  store.page.on('request', (request) => urls.push(request.url()));
  return urls;
}

async function withoutScripts(email: string, path: string, heading: string) {
  await store.loginAs(email);
  await store.restartPage({ javaScript: false });
  await store.page.goto(store.url(path));
  await store.page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

describe('without JavaScript', () => {
  it('edits the profile: messages beside the fields first, then saved and shown with the spec’s message', async () => {
    await withoutScripts('rahul@example.com', '/updateprofile', 'Edit Profile');
    expect(await field('First name').inputValue()).toBe('Rahul');
    await field('First name').fill('');
    await field('Mobile number').fill('12345');
    await button('Save Changes').click();
    await store.page.getByText(PROFILE_MESSAGES.firstName).waitFor();
    await store.page.getByText(PROFILE_MESSAGES.mobile).waitFor();
    expect(await field('Mobile number').inputValue()).toBe('12345'); // what was typed stays
    await store.screenshot('update-profile-no-script-error', WIDTHS.mobile);

    await field('First name').fill('Rahul Kumar');
    await field('Mobile number').fill('9123456780');
    await field('Gender').selectOption('others');
    await field('Date of birth').fill('1990-05-20');
    await button('Save Changes').click();
    await store.page.waitForURL(store.url('/myprofile'));
    await status(PROFILE_MESSAGES.saved);
    const details = store.page.getByRole('region', { name: 'Profile details' });
    expect(await details.textContent()).toContain('20 May 1990');
    expect(await details.textContent()).toContain('Others');
    expect(await userRow('rahul@example.com')).toMatchObject({
      firstName: 'Rahul Kumar',
      mobile: '9123456780',
    });
    await store.screenshot('myprofile-no-script', WIDTHS.mobile);
    await store.screenshot('myprofile-no-script', WIDTHS.desktop);
  });

  it('changes the password: a wrong current one is told, the right one goes to the profile; no password in a URL', async () => {
    await store.loginAs('ananya@example.com');
    await store.restartPage({ javaScript: false });
    const urls = requestedUrls();
    await store.page.goto(store.url('/updatepassword'));
    const before = await userRow('ananya@example.com');
    await field('Current password').fill('NotMine#1');
    await field('New password').fill('Fresh#2025');
    await field('Confirm new password').fill('Fresh#2025');
    await button('Update Password').click();
    await alert(PASSWORD_MESSAGES.wrongCurrent);
    // the page never gives a password back
    expect(await field('Current password').inputValue()).toBe('');
    expect(await field('New password').inputValue()).toBe('');
    await store.screenshot('update-password-no-script-error', WIDTHS.mobile);

    await field('Current password').fill(DEMO_PASSWORDS.shopper);
    await field('New password').fill('Fresh#2025');
    await field('Confirm new password').fill('Fresh#2025');
    await button('Update Password').click();
    await status(PASSWORD_MESSAGES.updated);
    expect(store.page.url()).toBe(store.url('/updatepassword')); // the message shows before the profile
    await store.page.waitForURL(store.url('/myprofile'), { timeout: 10_000 });
    await store.page.getByRole('heading', { level: 1, name: 'Your Profile' }).waitFor();
    expect((await userRow('ananya@example.com')).passwordHash).not.toBe(before.passwordHash);
    for (const secret of ['NotMine', 'Fresh', 'Shopper', 'Password=', 'password=']) {
      expect(urls.filter((url) => url.includes(secret))).toEqual([]);
    }
  });

  it('adds a bank account: messages beside the fields, then listed with the spec’s message; Set Default works', async () => {
    await withoutScripts('priya@example.com', '/accountform', 'Add Account');
    await field('Account holder name').fill('Priya Sharma');
    await field('Account number').fill('12345');
    await button('Submit').click();
    await store.page.getByText(BANK_ACCOUNT_MESSAGES.accountNumberShape).waitFor();
    await store.page.getByText(BANK_ACCOUNT_MESSAGES.ifsc).waitFor();
    expect(await field('Account holder name').inputValue()).toBe('Priya Sharma');
    await store.screenshot('account-form-no-script-error', WIDTHS.mobile);

    await field('Account number').fill('0012 3456 7890');
    await field('IFSC code').fill('ICIC0004567');
    await field('Bank name').fill('ICICI Bank');
    await field('Account type').selectOption('current');
    await button('Submit').click();
    await store.page.waitForURL(store.url('/bankaccount'));
    await status(BANK_ACCOUNT_MESSAGES.added);
    const added = store.page
      .getByRole('list', { name: 'Bank accounts' })
      .getByRole('article')
      .filter({ hasText: 'XXXXXXXX7890' });
    await added.waitFor();
    await store.screenshot('bank-account-no-script', WIDTHS.mobile);
    await store.screenshot('bank-account-no-script', WIDTHS.desktop);

    await added.getByRole('button', { name: 'Set Default' }).click();
    await status(BANK_ACCOUNT_MESSAGES.defaultUpdated);
    await added.getByText('Default', { exact: true }).waitFor();
    const priya = await userIdOf(store.db, 'priya@example.com');
    const rows = await store.db.select().from(bankAccounts).where(eq(bankAccounts.userId, priya));
    expect(rows.filter((row) => row.isDefault).map((row) => row.accountNumber)).toEqual(['001234567890']);
  });

  it('moves a wishlist product to the cart and removes another', async () => {
    const [a, b] = await offersOfDistinctSellers(store.db, 2);
    if (!a || !b) throw new Error('offers');
    const ananya = await userIdOf(store.db, 'ananya@example.com');
    await store.db.insert(savedItems).values([
      { userId: ananya, productId: a.productId, offerId: a.id, list: 'wishlist' },
      { userId: ananya, productId: b.productId, offerId: b.id, list: 'wishlist' },
    ]);
    await withoutScripts('ananya@example.com', '/mywhishlist', CART_MESSAGES.wishlistTitle);
    const tile = (name: string) => store.page.getByRole('listitem', { name, exact: true });
    await store.screenshot('wishlist-no-script', WIDTHS.mobile);
    await tile(a.name).getByRole('button', { name: 'Move to Cart' }).click();
    await status(CART_MESSAGES.movedToCart);
    await tile(b.name).getByRole('button', { name: 'Remove' }).click();
    await status(CART_MESSAGES.removedFromWishlist);
    await store.page.getByText(CART_MESSAGES.wishlistEmpty).waitFor();
  });

  it('signs out from Your Account', async () => {
    await withoutScripts('rahul@example.com', '/settings', 'Your Account');
    await button('Sign Out').click();
    await store.page.waitForURL(store.url('/login'));
    const cookies = await store.page.context().cookies();
    expect(cookies.some((cookie) => cookie.name === SESSION_COOKIE && cookie.value !== '')).toBe(false);
  });
});
