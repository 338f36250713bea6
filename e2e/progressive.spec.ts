// Pages before their scripts (ADR-0013): a browser that runs no scripts, and one whose scripts
// arrive 5 s late (a cheap phone on slow 4G).
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offers, orders, products } from '@marketplace/db';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { ADDRESS_MESSAGES } from '@marketplace/domain/accounts/addresses';
import { LOGIN_MESSAGES } from '@marketplace/domain/accounts/login';
import { PINCODE_MESSAGES } from '@marketplace/domain/location/pincode';
import { SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SCRIPTS_LATE_MS = 5_000;

declare global {
  interface Window {
    __reactRouterRouteModules?: unknown;
  }
}

const field = (label: string) => store.page.getByLabel(label, { exact: true });
const signIn = () => store.page.getByRole('button', { name: 'Sign in', exact: true });
const searchBox = () => store.page.getByRole('combobox', { name: 'Search products, brands and categories' });
const hasSession = async () =>
  (await store.page.context().cookies()).some((cookie) => cookie.name === SESSION_COOKIE);
const isHydrated = () => store.page.evaluate(() => window.__reactRouterRouteModules !== undefined);

/** Every address the page's browser asked for, to prove no password went into one. */
function requestedUrls() {
  const urls: string[] = [];
  store.page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** An in-stock product; `cheap` keeps its offers within the cash-on-delivery limit. */
async function inStockProduct(cheap = false) {
  const [row] = await store.db
    .select({ name: products.name })
    .from(products)
    .innerJoin(offers, eq(offers.productId, products.id))
    .where(
      and(
        eq(products.isActive, true),
        eq(offers.isActive, true),
        gte(offers.stock, 10),
        cheap ? lt(offers.salePricePaise, 300_000) : undefined,
      ),
    )
    .orderBy(asc(products.id))
    .limit(1);
  if (!row) throw new Error('an in-stock product expected');
  return `/productdetails/${encodeURIComponent(row.name)}`;
}

describe('without JavaScript', () => {
  it('signs in: a wrong password gets the spec’s message with the email kept, the right one logs in; the password is never in a URL', async () => {
    await store.restartPage({ javaScript: false });
    const urls = requestedUrls();
    await store.page.goto(store.url('/login?redirectTo=%2Fmyprofile'));
    await signIn().click();
    await store.page.getByText(LOGIN_MESSAGES.email, { exact: true }).waitFor();

    await field('Email').fill('priya@example.com');
    await field('Password').fill('wrong-password');
    await signIn().click();
    await store.page.getByRole('alert').filter({ hasText: LOGIN_MESSAGES.wrongCredentials }).waitFor();
    expect(await field('Email').inputValue()).toBe('priya@example.com');
    expect(await field('Password').inputValue()).toBe('');
    await store.screenshot('login-no-script-error', WIDTHS.mobile);

    await field('Password').fill(DEMO_PASSWORDS.shopper);
    await signIn().click();
    await store.page.waitForURL(store.url('/myprofile'));
    expect(await hasSession()).toBe(true);
    // no query string names or carries a password (a script file may be called forgot-password)
    const queries = urls.map((url) => new URL(url).search);
    expect(queries.some((query) => query.includes('password'))).toBe(false);
    expect(urls.some((url) => url.includes(encodeURIComponent(DEMO_PASSWORDS.shopper)))).toBe(false);
  });

  it('adds an address: messages beside the fields first, then saved and listed with the spec’s message', async () => {
    await store.loginAs('ananya@example.com');
    await store.restartPage({ javaScript: false });
    await store.page.goto(store.url('/addressform'));
    // the form starts from the shopper's own name and contacts, rendered on the server
    expect(await field('First name').inputValue()).toBe('Ananya');
    await field('Address (door / apartment)').fill('4, Sea Breeze');
    await field('PinCode').fill('40002');
    await store.page.getByRole('button', { name: 'Save Address' }).click();
    await store.page.getByText(ADDRESS_MESSAGES.required.street).first().waitFor();
    expect(await field('Address (door / apartment)').inputValue()).toBe('4, Sea Breeze');
    await field('Address 2 (street)').fill('Marine Lines');
    await field('LandMark').fill('Near Liberty Cinema');
    await field('PinCode').fill('400020');
    await store.page.getByRole('button', { name: 'Save Address' }).click();
    await store.page.waitForURL(store.url('/myaddress'));
    await store.page.getByRole('status').filter({ hasText: ADDRESS_MESSAGES.added }).waitFor();
    await store.page.getByText('Marine Lines').first().waitFor();
    await store.screenshot('myaddress-no-script', WIDTHS.mobile);
  });

  it('applies a delivery pincode: an unknown one is told, a served one goes back to the page with its delivery', async () => {
    await store.restartPage({ javaScript: false });
    const product = await inStockProduct();
    await store.page.goto(store.url(product));
    await store.page.getByRole('button', { name: /^Deliver to/ }).click();
    await store.page.waitForURL(/\/deliverylocation\?back=/);
    await field('Enter an Indian pincode').fill('999999');
    await store.page.getByRole('button', { name: 'Apply' }).click();
    await store.page.getByText(PINCODE_MESSAGES.unavailable).waitFor();
    await store.screenshot('deliverylocation-no-script', WIDTHS.mobile);
    await store.screenshot('deliverylocation-no-script', WIDTHS.desktop);
    await field('Enter an Indian pincode').fill('400020');
    await store.page.getByRole('button', { name: 'Apply' }).click();
    await store.page.waitForURL(store.url(product));
    // the product page now tells delivery for the new pincode, rendered on the server
    await store.page.locator('.pd-deliver-to').filter({ hasText: '400020' }).waitFor();
    const cookies = await store.page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'pincode')?.value).toBe('400020');
  });

  it('adds to a logged-in shopper’s cart, changes the quantity and removes the line', async () => {
    await store.loginAs('rahul@example.com');
    await store.restartPage({ javaScript: false });
    const product = await inStockProduct();
    await store.page.goto(store.url(product));
    await store.page.getByRole('button', { name: 'Add to Cart' }).click();
    // the form lands on the cart, which says the product was added
    await store.page.waitForURL(store.url('/cart?added=1'));
    await store.page.getByRole('status').filter({ hasText: 'Product added to cart!' }).waitFor();
    const lines = store.page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect.poll(() => lines.count()).toBeGreaterThan(0);
    const line = lines.first();
    await line.getByRole('combobox').selectOption('2');
    await line.getByRole('button', { name: 'Update' }).click();
    await store.page.waitForURL(store.url('/cart'));
    expect(await lines.first().getByRole('combobox').inputValue()).toBe('2');
    await store.screenshot('cart-no-script', WIDTHS.mobile);
    await store.screenshot('cart-no-script', WIDTHS.desktop);
    const count = await lines.count();
    await lines.first().getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => lines.count()).toBe(count - 1);
  });

  it('checks out a logged-in shopper’s cart and places a COD order', async () => {
    await store.loginAs('ananya@example.com');
    await store.restartPage({ javaScript: false });
    await store.page.goto(store.url(await inStockProduct(true)));
    await store.page.getByRole('button', { name: 'Add to Cart' }).click();
    await store.page.waitForURL(store.url('/cart?added=1'));
    await store.page.getByRole('button', { name: 'CheckOut' }).click();
    await store.page.waitForURL(/\/checkout\??$/);
    await store.page.getByRole('button', { name: 'Proceed' }).click();
    await store.page.waitForURL(/\/deliveryreview\?address=[0-9]+/);
    await store.page
      .getByRole('radio', { name: /Standard Delivery/ })
      .first()
      .waitFor();
    await store.screenshot('deliveryreview-no-script', WIDTHS.mobile);
    await store.page.getByRole('button', { name: 'Proceed' }).click();
    // the picks and the address travel in the URL
    await store.page.waitForURL(/\/deliveryfinalreview\?(.*&)?delivery\.[0-9]+\.[0-9]+=standard(&.*)?$/);
    await store.screenshot('deliveryfinalreview-no-script', WIDTHS.mobile);
    const before = await store.db.select({ id: orders.id }).from(orders);
    await store.page.getByRole('button', { name: 'Pay COD' }).click();
    await store.page.waitForURL(store.url('/myorder'));
    const after = await store.db.select({ id: orders.id }).from(orders);
    expect(after.length).toBe(before.length + 1);
  });

  it('searches from the header to the results page', async () => {
    await store.restartPage({ javaScript: false });
    await store.page.goto(store.url('/'));
    await searchBox().fill('blue shirt');
    await searchBox().press('Enter');
    await store.page.waitForURL(store.url('/searchpage/blue%20shirt'));
    await store.page.getByRole('heading', { level: 1 }).first().waitFor();
  });
});

describe('with the page’s scripts arriving 5 s late', () => {
  it('a Sign in clicked before the scripts arrive logs in', async () => {
    await store.restartPage({ delayScriptsMs: SCRIPTS_LATE_MS });
    await store.page.goto(store.url('/login'), { waitUntil: 'commit' });
    await field('Email').fill('rahul@example.com');
    await field('Password').fill(DEMO_PASSWORDS.shopper);
    expect(await isHydrated()).toBe(false);
    await signIn().click();
    await store.page.waitForURL(store.url('/'));
    expect(await hasSession()).toBe(true);
  });

  it('a Search clicked before the scripts arrive reaches the results', async () => {
    await store.restartPage({ delayScriptsMs: SCRIPTS_LATE_MS });
    await store.page.goto(store.url('/'), { waitUntil: 'commit' });
    await searchBox().fill('laptop');
    expect(await isHydrated()).toBe(false);
    await store.page.getByRole('button', { name: 'Search', exact: true }).click();
    await store.page.waitForURL(/\/searchpage\/laptop$/);
  });

  it('Add to Cart and Buy Now wait visibly (disabled) until the scripts arrive, then work', async () => {
    await store.restartPage({ delayScriptsMs: SCRIPTS_LATE_MS });
    await store.page.goto(store.url(await inStockProduct()), { waitUntil: 'commit' });
    const addToCart = store.page.getByRole('button', { name: 'Add to Cart' });
    await addToCart.waitFor();
    expect(await isHydrated()).toBe(false);
    expect(await addToCart.isDisabled()).toBe(true);
    expect(await store.page.getByRole('button', { name: 'Buy Now' }).isDisabled()).toBe(true);
    await store.screenshot('product-before-scripts', WIDTHS.mobile);
    await store.page.waitForFunction(() => window.__reactRouterRouteModules !== undefined, null, {
      timeout: 20_000,
    });
    await expect.poll(() => addToCart.isEnabled()).toBe(true);
  });

  it('Deliver to clicked before the scripts arrive opens the picker as a page, which applies the pincode and comes back', async () => {
    await store.restartPage({ delayScriptsMs: SCRIPTS_LATE_MS });
    const product = await inStockProduct();
    await store.page.goto(store.url(product), { waitUntil: 'commit' });
    await store.page.getByRole('button', { name: /^Deliver to/ }).click();
    await store.page.waitForURL(/\/deliverylocation\?back=/);
    await store.page.getByRole('heading', { name: 'Choose your location' }).waitFor();
  });
});
