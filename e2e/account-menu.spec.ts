import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '@marketplace/db';
import { useStorefront } from './support/storefront.ts';

const store = useStorefront();

declare global {
  interface Window {
    __reactRouterRouteModules?: unknown;
    __alerts?: string[];
    __stillHere?: boolean;
  }
}
const accountButton = () => store.page.getByRole('button', { name: /Account & Lists/ });
const panel = () => store.page.locator('.account-panel');
/** window.alert records its messages instead of blocking. */
const recordAlerts = () =>
  store.page.evaluate(() => {
    window.__alerts = [];
    window.alert = (message?: unknown) => window.__alerts?.push(String(message));
  });
const alerts = () => store.page.evaluate(() => window.__alerts ?? []);

describe('the account dropdown', () => {
  it('has exactly the spec’s entries for a visitor, with a Login button', async () => {
    await store.openHydrated('/');
    expect(await accountButton().textContent()).toContain('Hello, sign in');
    expect(await panel().isVisible()).toBe(false);
    await accountButton().click();
    expect(await accountButton().getAttribute('aria-expanded')).toBe('true');
    const texts = await panel()
      .locator('h2, a, button, hr')
      .evaluateAll((nodes) =>
        nodes.map((node) => (node.tagName === 'HR' ? '---' : `${node.tagName}:${node.textContent?.trim()}`)),
      );
    expect(texts).toEqual([
      'H2:Your Lists',
      'A:Your Orders',
      '---',
      'H2:Your Account',
      'A:Your Account',
      'A:Your Wishlist',
      'A:Login',
    ]);
    const hrefs = await panel()
      .locator('a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/myorder', '/login', '/mywhishlist', '/login']);
  });

  it('closes on an outside click, on Escape (focus back on the button) and on choosing an entry', async () => {
    await store.openHydrated('/');
    await accountButton().click();
    await store.page.getByRole('contentinfo').getByRole('heading').first().click(); // outside the menu
    expect(await panel().isVisible()).toBe(false);

    await accountButton().click();
    await store.page.keyboard.press('Escape');
    expect(await panel().isVisible()).toBe(false);
    expect(await accountButton().evaluate((el) => el === document.activeElement)).toBe(true);

    await accountButton().click();
    await panel().getByRole('link', { name: 'Your Wishlist' }).click();
    await store.page.waitForURL(/\/login\?redirectTo=%2Fmywhishlist$/);
    expect(await panel().isVisible()).toBe(false);
  });

  it('closes on an Escape pressed as soon as it has opened, before the next frame', async () => {
    await store.openHydrated('/');
    const stillOpen = await store.page.evaluate(async () => {
      const button = [...document.querySelectorAll('button')].find((b) =>
        b.textContent?.includes('Account & Lists'),
      );
      button?.click();
      await Promise.resolve(); // the render that opens the panel; no frame has been painted yet
      await Promise.resolve();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)));
      return !document.querySelector<HTMLElement>('.account-panel')?.hidden;
    });
    expect(stillOpen).toBe(false);
  });

  it('offers Log Out to a logged-in shopper, and Your Account leads to the profile', async () => {
    await store.loginAs('priya@example.com');
    await store.openHydrated('/');
    expect(await accountButton().textContent()).toContain('Hello, Priya');
    await accountButton().click();
    expect(await panel().getByRole('button', { name: 'Log Out' }).isVisible()).toBe(true);
    expect(await panel().getByRole('link', { name: 'Login' }).count()).toBe(0);
    await panel().getByRole('link', { name: 'Your Account' }).click();
    await store.page.waitForURL(store.url('/myprofile'));
    await expect.poll(() => store.page.title()).toBe('Profile');
  });

  it('logs out: the session ends, the stored cart is emptied, and /login loads afresh', async () => {
    await store.loginAs('rahul@example.com');
    await store.openHydrated('/todaydeals');
    await store.page.evaluate(() => {
      localStorage.setItem('cartItems', JSON.stringify([{ product_id: '1-2-SKU' }]));
      localStorage.setItem('pincode', '560001');
      window.__stillHere = true;
    });
    await accountButton().click();
    await panel().getByRole('button', { name: 'Log Out' }).click();
    await store.page.waitForURL(store.url('/login'));
    await store.page.waitForFunction(() => window.__reactRouterRouteModules !== undefined);
    expect(await store.page.evaluate(() => window.__stillHere)).toBeUndefined(); // the page reloaded
    expect(await store.page.evaluate(() => localStorage.getItem('cartItems'))).toBeNull();
    expect(await store.page.evaluate(() => localStorage.getItem('pincode'))).toBe('560001');
    expect(await accountButton().textContent()).toContain('Hello, sign in');
    await store.page.goto(store.url('/myorder'));
    expect(store.page.url()).toBe(store.url('/login?redirectTo=%2Fmyorder'));
  });

  it.each([
    ['the server answers without success', 'Logout failed', { status: 500, body: '{"error":{}}' }],
    ['the request fails', 'There was an error while logging out.', null],
  ])('when %s, alerts %j and stays logged in', async (_, message, reply) => {
    await store.loginAs('ananya@example.com');
    await store.page.route('**/api/auth/logout', (route) =>
      reply ? route.fulfill({ ...reply, contentType: 'application/json' }) : route.abort('connectionrefused'),
    );
    await store.openHydrated('/todaydeals');
    await recordAlerts();
    await accountButton().click();
    await panel().getByRole('button', { name: 'Log Out' }).click();
    await expect.poll(alerts).toEqual([message]);
    expect(new URL(store.page.url()).pathname).toBe('/todaydeals');
    await store.page.unroute('**/api/auth/logout');
    await store.openHydrated('/');
    expect(await accountButton().textContent()).toContain('Hello, Ananya');
  });

  it('re-checks the login on every route change', async () => {
    await store.loginAs('priya@example.com');
    await store.openHydrated('/');
    expect(await accountButton().textContent()).toContain('Hello, Priya');
    // the session ends elsewhere (logged out on another device)
    const [priya] = await store.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'priya@example.com'));
    await store.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, priya?.id ?? 0));
    await store.page.getByRole('navigation', { name: 'Best sellers' }).getByRole('link').first().click();
    await store.page.waitForURL(/best-sellers-online/);
    await expect.poll(() => accountButton().textContent()).toContain('Hello, sign in');
  });
});
