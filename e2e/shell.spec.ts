import AxeBuilder from '@axe-core/playwright';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, categories } from '@marketplace/db';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

/** Marks the window; a client-side navigation keeps the mark, a full page load loses it. */
async function markWindow() {
  await store.page.evaluate(() => Object.assign(window, { __stillHere: true }));
}
const stillSamePage = () =>
  store.page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere === true);

describe('the storefront shell', () => {
  it('renders home on the server, titled Home, with the logo linking home', async () => {
    await store.openHydrated('/');
    expect(await store.page.title()).toBe('Home');
    await expect
      .poll(() => store.page.getByRole('link', { name: 'Bazaar.in home' }).getAttribute('href'))
      .toBe('/');
    expect(await store.page.getByRole('heading', { name: 'Best Sellers in Luxury Beauty' }).isVisible()).toBe(
      true,
    );
  });

  it('navigates the top menu in the browser and highlights the entry whose path and query match', async () => {
    await store.openHydrated('/');
    await markWindow();
    await store.page
      .getByRole('navigation', { name: 'Best sellers' })
      .getByRole('link', { name: 'Luxury Beauty' })
      .click();
    await store.page.waitForURL(/\/best-sellers-online\/Luxury%20Beauty$/);
    expect(await stillSamePage()).toBe(true);
    await expect.poll(() => store.page.title()).toBe('Best Sellers');
    const menu = store.page.getByRole('navigation', { name: 'Best sellers' });
    expect(await menu.getByRole('link', { name: 'Luxury Beauty' }).getAttribute('aria-current')).toBe('page');
    expect(await menu.locator('a.active').count()).toBe(1);

    await store.openHydrated('/best-sellers-online/Luxury%20Beauty?page=2');
    expect(await menu.locator('a.active').count()).toBe(0);
  });

  it('searches for a keyword on Enter and does nothing for an empty box', async () => {
    await store.openHydrated('/');
    const box = store.page.getByRole('combobox', { name: 'Search products, brands and categories' });
    await box.press('Enter');
    expect(new URL(store.page.url()).pathname).toBe('/');
    // a category's whole name: its results page (requirements#search-submit), whenever the suggestions answer
    await box.fill('  sarees  ');
    await box.press('Enter');
    await store.page.waitForURL(/\/searchpage\/sarees$/);
    await expect.poll(() => store.page.title()).toBe('Search');
  });

  it('shows the number of stored cart lines on the cart badge, and none for an empty or malformed cart', async () => {
    await store.openHydrated('/');
    const cart = store.page.getByRole('link', { name: /^Cart/ });
    expect(await cart.getAttribute('aria-label')).toBe('Cart');
    await store.page.evaluate(() => {
      localStorage.setItem(
        'cartItems',
        JSON.stringify([{ product_id: '1-2-SKU' }, { product_id: '3-4-SKU' }]),
      );
      window.dispatchEvent(new Event('cartUpdated'));
    });
    await expect.poll(() => cart.getAttribute('aria-label')).toBe('Cart, 2 items');
    expect(await store.page.locator('.cart-badge').textContent()).toBe('2');
    await store.page.evaluate(() => localStorage.setItem('cartItems', '{not json'));
    await store.openHydrated('/');
    await expect.poll(() => store.page.locator('.cart-badge').count()).toBe(0);
  });

  it('sends a visitor opening a login-required page to /login, remembering where they were going', async () => {
    await store.openHydrated('/');
    await store.page
      .getByRole('banner')
      .getByRole('link', { name: /Returns/ })
      .click();
    await store.page.waitForURL(/\/login\?redirectTo=%2Fmyorder$/);
    await expect.poll(() => store.page.title()).toBe('Login');
    await store.page.goto(store.url('/settings'));
    expect(store.page.url()).toBe(store.url('/login?redirectTo=%2Fsettings'));
  });

  it('shows the 404 page for unknown paths, with a way home', async () => {
    const response = await store.page.goto(store.url('/no/such/page'));
    expect(response?.status()).toBe(404);
    expect(await store.page.getByRole('heading', { name: 'Oops! Page Not Found' }).isVisible()).toBe(true);
    await store.page.getByRole('link', { name: 'Go to Home' }).click();
    await store.page.waitForURL(store.url('/'));
    await expect.poll(() => store.page.title()).toBe('Home');
  });

  it('links the footer policies to their pages and shows items without a destination as plain text', async () => {
    await store.openHydrated('/');
    const footer = store.page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Privacy Notice' }).getAttribute('href')).toBe(
      '/policy/privacy-notice',
    );
    expect(await footer.getByRole('link', { name: 'Sell on the marketplace' }).getAttribute('href')).toBe(
      '/seller',
    );
    expect(await footer.getByText('Affiliate program').isVisible()).toBe(true);
    expect(await footer.getByRole('link', { name: 'Affiliate program' }).count()).toBe(0);
    await markWindow();
    await footer.getByRole('link', { name: 'Shipping Policy' }).click();
    await store.page.waitForURL(/\/policy\/shipping-policy$/);
    expect(await stillSamePage()).toBe(true);
  });

  it('keeps developer links off shopping pages: the small print leads to About, which credits the data and links the API docs', async () => {
    await store.openHydrated('/');
    const footer = store.page.getByRole('contentinfo');
    expect(await store.page.getByRole('link', { name: 'API documentation' }).count()).toBe(0);
    expect(await footer.getByText(/GeoNames/).count()).toBe(0);
    // requirements#footer: the app downloads have their own section, first offering to install the shop (requirements#pwa)
    const apps = footer.getByRole('region', { name: 'App downloads' });
    const entries = await apps.getByRole('listitem').allTextContents();
    expect(entries[0]).toContain('Install the app');
    expect(entries.slice(1)).toEqual(['iOS App', 'Android App']);
    expect(await footer.getByRole('region', { name: 'Support center' }).getByText('iOS App').count()).toBe(0);
    await markWindow();
    await footer.getByRole('link', { name: 'About Bazaar' }).click();
    await store.page.waitForURL(/\/about$/);
    expect(await stillSamePage()).toBe(true);
    await store.page.getByRole('heading', { level: 1, name: 'About Bazaar' }).waitFor();
    await expect.poll(() => store.page.title()).toBe('About');
    expect(await store.page.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe(
      '/api/docs',
    );
    expect(await store.page.getByRole('main').textContent()).toContain('GeoNames');
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) await store.screenshot('about', width);
  });

  it('shows a policy page from the footer with its icon, and stored markup never runs', async () => {
    let dialogs = 0;
    store.page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await store.openHydrated('/');
    await store.page.getByRole('contentinfo').getByRole('link', { name: 'Return and Refund Policy' }).click();
    await store.page.waitForURL(/\/policy\/return-and-refund-policy$/);
    await store.page.getByRole('heading', { level: 1, name: 'Return and Refund Policy' }).waitFor();
    expect(await store.page.locator('svg[data-icon="refund"]').count()).toBe(1);
    expect(await store.page.locator('article p').count()).toBeGreaterThan(2);
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) await store.screenshot('policy', width);
    expect(dialogs).toBe(0);
  });

  it('opens an explore page from the footer at the top of the page, and Back returns to where the shopper was', async () => {
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 700 });
    await store.openHydrated('/');
    await markWindow();
    const link = store.page.getByRole('contentinfo').getByRole('link', { name: 'About Us' });
    await link.scrollIntoViewIfNeeded();
    const scrolledTo = await store.page.evaluate(() => window.scrollY);
    expect(scrolledTo).toBeGreaterThan(200);
    await link.click();
    await store.page.waitForURL(/\/explore\/about-us$/);
    await store.page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    expect(await stillSamePage()).toBe(true);
    await expect.poll(() => store.page.title()).toBe('About Us');
    await expect.poll(() => store.page.evaluate(() => window.scrollY)).toBe(0);
    expect(await store.page.locator('article p').count()).toBeGreaterThan(1);
    await store.page.goBack();
    await store.page.waitForURL(store.url('/'));
    await expect.poll(() => store.page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  });

  it('titles category, brand and policy pages with their own names (requirements#page-titles)', async () => {
    const [category] = await store.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.level, 1))
      .orderBy(asc(categories.id))
      .limit(1);
    const [brand] = await store.db
      .select({ name: brands.name, isRegistry: brands.isRegistry })
      .from(brands)
      .orderBy(asc(brands.id))
      .limit(1);
    if (!category || !brand) throw new Error('a seeded category and brand');
    await store.openHydrated(categoryListingPath(1, category.name));
    await expect.poll(() => store.page.title()).toBe(category.name);
    await store.openHydrated(
      `/${brand.isRegistry ? 'brandregistry' : 'brand'}/${encodeURIComponent(brand.name)}`,
    );
    await expect.poll(() => store.page.title()).toBe(brand.name);
    await store.openHydrated('/policy/Shipping%20Policy');
    await expect.poll(() => store.page.title()).toBe('Shipping Policy');
    // an unknown one keeps the page's kind as its title, over the not-found page
    await store.page.goto(store.url('/policy/No%20Such%20Page'));
    await expect.poll(() => store.page.title()).toBe('Policy');
  });

  it('sends a logged-in shopper who opens /login home', async () => {
    await store.loginAs('priya@example.com');
    const response = await store.page.goto(store.url('/login'));
    expect(new URL(store.page.url()).pathname).toBe('/');
    expect(response?.status()).toBe(200);
    await expect.poll(() => store.page.title()).toBe('Home');
    await store.page.context().clearCookies();
    await store.page.goto(store.url('/login'));
    expect(new URL(store.page.url()).pathname).toBe('/login');
  });

  it("shows the router's error screen, titled 'Unexpected Application Error!', when a page cannot load", async () => {
    await store.openHydrated('/');
    await markWindow();
    // the page data of the next navigation fails on the server
    await store.page.route('**/cart.data*', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }),
    );
    await store.page.getByRole('link', { name: /Cart/ }).first().click();
    await store.page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    expect(await stillSamePage()).toBe(true);
    expect(await store.page.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
  });

  it('offers scroll-to-top only after 200 px, and it scrolls smoothly to the top', async () => {
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 600 });
    await store.openHydrated('/');
    const button = store.page.getByRole('button', { name: 'Scroll to top' });
    expect(await button.count()).toBe(0);
    await store.page.evaluate(() => window.scrollTo(0, 150));
    await store.page.waitForTimeout(100);
    expect(await button.count()).toBe(0);
    await store.page.evaluate(() => window.scrollTo(0, 700));
    await button.waitFor();
    await button.click();
    await expect.poll(() => store.page.evaluate(() => window.scrollY), { timeout: 3_000 }).toBe(0);
  });

  // home and the cart are checked, more strictly and at both widths, in a11y.spec.ts
  it('has no serious or critical accessibility violations on the not-found page', async () => {
    await store.page.goto(store.url('/no-such-page'));
    const results = await new AxeBuilder({ page: store.page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });

  it('fits 360 px and 1366 px with its heading in place (screenshotted)', async () => {
    await store.openHydrated('/');
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await store.page.setViewportSize({ width, height: 900 });
      await store.page.evaluate(async () => {
        // load the lazy images below the fold before the full-page shot
        for (const img of Array.from(document.images)) img.loading = 'eager';
        await Promise.all(
          Array.from(document.images).map((img) =>
            img.complete ? Promise.resolve() : new Promise((r) => (img.onload = img.onerror = r)),
          ),
        );
      });
      await expectFitsWidth(store.page);
      await store.screenshot('home', width);
    }
  });
});
