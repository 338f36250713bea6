// requirements#seller-central: the way from the shop into Seller Central. A seller's account menu
// leads there, an applicant's to its application and its status; the footer leads to the seller
// landing page; a seller who signs in from Seller Central comes back to it, with or without scripts.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { useStorefront } from './support/storefront.ts';

const store = useStorefront();
const SELLER = 'dakshin-mart@sellers.example.com';
const APPLICANT = 'nilgiri-naturals@sellers.example.com';
const SHOPPER = 'priya@example.com';

const accountButton = () => store.page.getByRole('button', { name: /Account & Lists/ });
const panel = () => store.page.locator('.account-panel');
const panelEntries = () =>
  panel()
    .locator('a')
    .evaluateAll((links) => links.map((a) => `${a.textContent?.trim()} → ${a.getAttribute('href')}`));

async function signInFromSellerCentral() {
  const page = store.page;
  await page.goto(store.url('/sellercentral'));
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/sellercentral');
  await page.getByLabel('Email').fill(SELLER);
  await page.getByLabel('Password').fill(DEMO_PASSWORDS.seller);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/sellercentral');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

describe('from the shop into Seller Central', () => {
  it('a seller signing in from Seller Central returns to it, without scripts', async () => {
    await store.restartPage({ javaScript: false });
    await signInFromSellerCentral();
    // the shop's menu is in the page before any script runs, even while it is folded away
    await store.page.goto(store.url('/'));
    expect(await panelEntries()).toContain('Seller Central → /sellercentral');
  });

  it('a seller signing in from Seller Central returns to it, with scripts', async () => {
    await signInFromSellerCentral();
  });

  it('an approved seller’s account menu leads to Seller Central', async () => {
    await store.loginAs(SELLER);
    await store.openHydrated('/');
    await accountButton().click();
    expect(await panelEntries()).toEqual([
      'Your Orders → /myorder',
      'Your Account → /myprofile',
      'Your Wishlist → /mywhishlist',
      'Seller Central → /sellercentral',
    ]);
    await panel().getByRole('link', { name: 'Seller Central' }).click();
    await store.page.waitForURL((url) => url.pathname === '/sellercentral');
    await store.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  it('an applicant’s menu names its application’s status and leads to it', async () => {
    await store.loginAs(APPLICANT);
    await store.openHydrated('/');
    await accountButton().click();
    const entry = panel().getByRole('link', { name: /Your seller application/ });
    expect(await entry.textContent()).toBe('Your seller application · Under review');
    await entry.click();
    await store.page.waitForURL((url) => url.pathname === '/sellercentral/join');
    await store.page.getByRole('heading', { level: 1, name: 'Your application is under review' }).waitFor();
  });

  it('a shopper who never applied sees no seller entry; the footer leads to the seller page and on to join', async () => {
    await store.loginAs(SHOPPER);
    await store.openHydrated('/');
    await accountButton().click();
    expect(
      await panel()
        .getByRole('link', { name: /Seller/ })
        .count(),
    ).toBe(0);
    await store.page.keyboard.press('Escape');
    const footer = store.page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Sell on the marketplace' }).click();
    await store.page.waitForURL((url) => url.pathname === '/seller');
    await store.page.getByRole('link', { name: 'Sign Up' }).click();
    await store.page.waitForURL((url) => url.pathname === '/sellercentral/join');
  });
});
