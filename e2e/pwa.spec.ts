import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS, useStorefront, WIDTHS } from './support/storefront.ts';

// requirements#pwa: the shop as an installable app with an offline page (Chromium, at 127.0.0.1,
// which browsers count as a secure context like https)
const store = useStorefront();

/** Opens a page and waits until the service worker is active and controls it. */
async function openControlled(path: string) {
  await store.openHydrated(path);
  const registration = () =>
    store.page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { scope: ready.scope, state: ready.active?.state };
    });
  // ready once there is an active worker: activated when its old caches are cleared
  await expect.poll(registration).toEqual({ scope: store.url('/'), state: 'activated' });
  // the worker claims the page it was installed from
  await expect.poll(() => store.page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Every address the shop's caches hold, as paths. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths.sort();
  });
}

async function screenshotOf(page: Page, name: string, width: number, selector?: string) {
  await page.setViewportSize({ width, height: 900 });
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}-${width}.png`);
  if (selector) await page.locator(selector).screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
}

describe('the installable shop', () => {
  it('registers its service worker after the page loads, which precaches the shell and nothing personal', async () => {
    await store.loginAs('priya@example.com');
    await openControlled('/');
    const names = await store.page.evaluate(() => caches.keys());
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^shell-\w+$/);
    // a logged-in shopper's own pages, opened while the worker runs, are never kept
    for (const path of ['/cart', '/myorder', '/myprofile']) {
      await store.page.goto(store.url(path));
      await store.page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    const paths = await cachedPaths(store.page);
    for (const path of ['/offline', '/hi/offline', '/ta/offline', '/te/offline', '/manifest.webmanifest'])
      expect(paths).toContain(path);
    expect(paths.some((path) => /^\/assets\/app-[\w-]+\.css$/.test(path))).toBe(true);
    for (const path of paths)
      expect(path).toMatch(
        /^(\/assets\/[\w.-]+-[\w-]{8,}\.(js|css)|\/((hi|ta|te)\/)?offline|\/manifest\.webmanifest|\/favicon\.svg|\/icons\/[\w-]+\.png)$/,
      );
  });

  it('has a manifest Chromium takes for installable', async () => {
    await openControlled('/');
    const cdp = await store.page.context().newCDPSession(store.page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(manifest.url).toBe(store.url('/manifest.webmanifest'));
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ start_url: '/', display: 'standalone' });
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // a test browser's context is a private one, which no browser installs apps from
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  });

  it('shows the offline page in the shopper’s language without the network, and never a personal page from the cache', async () => {
    await openControlled('/');
    const context = store.page.context();
    await context.setOffline(true);
    try {
      await store.page.goto(store.url('/productdetails/Anything'));
      await store.page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
      for (const width of [WIDTHS.mobile, WIDTHS.desktop]) await screenshotOf(store.page, 'offline', width);
      await store.page.goto(store.url('/hi/todaydeals'));
      await store.page.getByRole('heading', { level: 1, name: 'आप ऑफ़लाइन हैं' }).waitFor();
      expect(await store.page.getAttribute('html', 'lang')).toBe('hi-IN');
      for (const width of [WIDTHS.mobile, WIDTHS.desktop])
        await screenshotOf(store.page, 'offline-hi', width);

      // the cart, checkout, sign-in and Seller Central are left to the browser: no page at all offline
      for (const path of ['/cart', '/checkout', '/login', '/sellercentral', '/admin']) {
        const failed = await store.page.goto(store.url(path)).then(
          () => null,
          (error: Error) => error.message,
        );
        expect(failed, path).toMatch(/ERR_INTERNET_DISCONNECTED/);
        expect(await store.page.getByText('You are offline').count(), path).toBe(0);
      }
    } finally {
      await context.setOffline(false);
    }
    // back online, "Try again" (a plain link) asks for the page shown again
    await store.page.goto(store.url('/'));
    await context.setOffline(true);
    await store.page.goto(store.url('/todaydeals'));
    await store.page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    await context.setOffline(false);
    await store.page.getByRole('link', { name: 'Try again' }).click();
    await store.page.waitForURL(store.url('/todaydeals'));
    await expect.poll(() => store.page.getByText('You are offline').count()).toBe(0);
    expect(await store.page.getByRole('heading', { level: 1 }).first().textContent()).not.toBe(
      'You are offline',
    );
  });

  it('offers Install the app in the footer: the browser’s prompt when offered, how to do it by hand otherwise', async () => {
    await store.openHydrated('/');
    const apps = store.page.getByRole('contentinfo').getByRole('region', { name: 'App downloads' });
    // no offer from the browser (a test browser makes none): the way to add the shop by hand
    await apps.getByText('Install the app').click();
    await apps.getByText(/Add to Home screen/).waitFor();
    for (const width of [WIDTHS.mobile, WIDTHS.desktop])
      await screenshotOf(store.page, 'footer-install-hint', width, 'footer');
    // the browser offers to install (Chromium's beforeinstallprompt): the button opens its prompt
    await store.page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt'), {
        prompt: () => {
          (window as { prompted?: boolean }).prompted = true;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
    });
    const button = apps.getByRole('button', { name: 'Install the app' });
    await button.waitFor();
    for (const width of [WIDTHS.mobile, WIDTHS.desktop])
      await screenshotOf(store.page, 'footer-install', width, 'footer');
    await button.click();
    await expect
      .poll(() => store.page.evaluate(() => (window as { prompted?: boolean }).prompted))
      .toBe(true);
    await apps.getByText('The app is installed on this device.').waitFor();
    expect(await button.count()).toBe(0);
  });
});
