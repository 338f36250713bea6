import { expect, it } from 'vitest';
import { useStorefront } from './support/storefront.ts';

// The browser hydrates the server's React HTML with Preact (ADR-0020): the page must come out of
// hydration as the server sent it, with its head, one body, quiet consoles, and ids that agree.

const store = useStorefront();

declare global {
  interface Window {
    __reactRouterDataRouter?: unknown;
  }
}

/** Opens a path and waits until the router exists, which it does once the page has hydrated. */
async function openAndHydrate(path: string) {
  const problems: string[] = [];
  store.page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  store.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const response = await store.page.goto(store.url(path));
  const html = (await response?.text()) ?? '';
  await store.page.waitForFunction(() => window.__reactRouterDataRouter !== undefined);
  return { html, problems };
}

const stylesheetsIn = (html: string) =>
  [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]);

it('keeps the head, one body and a quiet console on home, a listing, search and the cart', async () => {
  for (const path of ['/', '/categorylist/c/Electronics', '/searchpage/book', '/cart']) {
    const { html, problems } = await openAndHydrate(path);
    await store.page.waitForLoadState('networkidle');
    const page = await store.page.evaluate(() => ({
      bodies: document.querySelectorAll('body').length,
      heads: document.querySelectorAll('head').length,
      stylesheets: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) =>
        link.getAttribute('href'),
      ),
      headings: document.querySelectorAll('h1').length,
    }));
    expect(page.bodies, path).toBe(1);
    expect(page.heads, path).toBe(1);
    expect(page.headings, path).toBeGreaterThan(0);
    expect(page.stylesheets, path).toEqual(stylesheetsIn(html));
    expect(problems, path).toEqual([]);
  }
});

it('names the same id on a control hydrated from the server and on the panel it opens later', async () => {
  await openAndHydrate('/searchpage/book');
  const button = store.page.locator('.rating-toggle[aria-controls]').first();
  await button.focus();
  await store.page.keyboard.press('Enter'); // a pointer would open it on hover, then toggle it shut
  const controls = await button.getAttribute('aria-controls');
  expect(controls).toBeTruthy();
  await store.page.locator('.rating-panel').first().waitFor();
  expect(await store.page.locator('.rating-panel').first().getAttribute('id')).toBe(controls);
});
