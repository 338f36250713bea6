import { describe, expect, it } from 'vitest';
import { expectFitsWidth, useStorefront } from './support/storefront.ts';

const store = useStorefront();
const box = () => store.page.getByRole('combobox', { name: 'Search products, brands and categories' });
const list = () => store.page.getByRole('listbox', { name: 'Suggestions' });
const options = () => list().getByRole('option');

async function openHome() {
  await store.page.goto(store.url('/'));
  await store.page.waitForFunction(() => window.__reactRouterRouteModules !== undefined);
}

declare global {
  interface Window {
    __reactRouterRouteModules?: unknown;
  }
}

describe('search suggestions', () => {
  it('looks up once, 300 ms after typing stops, and lists brands, categories and products', async () => {
    await openHome();
    const lookups: string[] = [];
    store.page.on('request', (request) => {
      if (request.url().includes('/api/search/suggestions'))
        lookups.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    await box().pressSequentially('lapt', { delay: 60 });
    await options().first().waitFor();
    expect(lookups).toEqual(['lapt']);
    const names = await options().allTextContents();
    expect(names.some((n) => n.includes('Laptops') && n.includes('Category'))).toBe(true);
    expect(names.some((n) => n.includes('Laptop') && n.includes('Product'))).toBe(true);
  });

  it('moves through suggestions with the arrow keys and opens the chosen one with Enter', async () => {
    await openHome();
    await box().fill('samsng');
    await options().first().waitFor();
    await box().press('ArrowDown');
    await box().press('ArrowDown');
    expect(await options().nth(1).getAttribute('aria-selected')).toBe('true');
    await box().press('ArrowUp');
    expect(await options().nth(0).getAttribute('aria-selected')).toBe('true');
    expect(await box().getAttribute('aria-activedescendant')).toBe(await options().nth(0).getAttribute('id'));
    await box().press('Enter');
    // Samsara Mobile is a brand-registry brand
    await store.page.waitForURL(/\/brandregistry\/Samsara%20Mobile$/);
    expect(await list().isHidden()).toBe(true);
  });

  it('goes to the first suggestion on Enter, and to the results page when nothing matches', async () => {
    await openHome();
    await box().fill('electroni');
    await options().first().waitFor();
    const first = (await options().first().locator('.suggestion-name').textContent()) ?? '';
    await box().press('Enter');
    await store.page.waitForURL((url) => decodeURIComponent(url.pathname).endsWith(`/${first}`));
    expect(store.page.url()).not.toContain('/searchpage/');

    // a category's whole name: its results, which link the category (requirements#search-refine)
    await openHome();
    await box().fill('electronics');
    await options().first().waitFor();
    await box().press('Enter');
    await store.page.waitForURL(/\/searchpage\/electronics$/);

    await box().fill('qqqzzzxxx');
    await store.page.waitForTimeout(600);
    expect(await options().count()).toBe(0);
    await store.page.getByRole('button', { name: 'Search' }).click();
    await store.page.waitForURL(/\/searchpage\/qqqzzzxxx$/);
  });

  // requirements#search-submit: stray letters of junk text draw suggestions, but none is a match
  it.each([
    ['a/b?c#d', '/searchpage/a%2Fb%3Fc%23d'],
    ["' OR 1=1; --", "/searchpage/'%20OR%201%3D1%3B%20--"],
  ])('goes to the results page on Enter for junk text %j, not to a suggested product', async (text, path) => {
    await openHome();
    await box().fill(text);
    await options().first().waitFor();
    await box().press('Enter');
    await store.page.waitForURL((url) => url.pathname === path);
    expect(store.page.url()).not.toContain('/productdetails/');
  });

  // requirements#search-submit: Enter pressed before the suggestions answer (a fast typist, a slow
  // network) lands where it lands once they have answered, and the late answer opens no list
  it('lands on the same page whatever the typing speed, and a late suggestion answer never reopens the list', async () => {
    const destination = async (typing: 'slow' | 'fast') => {
      await openHome();
      if (typing === 'slow') {
        await box().fill('electroni');
        await options().first().waitFor();
      } else {
        await store.page.route('**/api/search/suggestions*', async (route) => {
          await new Promise((done) => setTimeout(done, 1500));
          await route.continue().catch(() => undefined); // the page may have let go of it
        });
        await box().fill('electroni');
      }
      await box().press('Enter');
      await store.page.waitForURL((url) => !url.pathname.endsWith('/') || url.pathname.length > 1);
      // longer than the delayed answer takes to arrive: it must not open the list over the page
      await store.page.waitForTimeout(2500);
      expect(await list().isHidden(), `the list after Enter, typing ${typing}`).toBe(true);
      expect(await box().getAttribute('aria-expanded')).toBe('false');
      await store.page.unroute('**/api/search/suggestions*');
      return new URL(store.page.url()).pathname;
    };
    const slow = await destination('slow');
    expect(slow).not.toContain('/searchpage/');
    for (let attempt = 0; attempt < 2; attempt++) expect(await destination('fast')).toBe(slow);
  });

  it('opens a suggestion by click and clears the list', async () => {
    await openHome();
    await box().fill('kurta');
    await options().first().waitFor();
    const first = options().first();
    const name = (await first.locator('.suggestion-name').textContent()) ?? '';
    await first.click();
    await store.page.waitForURL((url) => decodeURIComponent(url.pathname).endsWith(name));
    expect(await options().count()).toBe(0);
  });

  it('closes on Escape, on an outside click and when the text is emptied', async () => {
    await openHome();
    await box().fill('mixer');
    await options().first().waitFor();
    await box().press('Escape');
    expect(await list().isHidden()).toBe(true);

    await box().fill('mixer grinder');
    await options().first().waitFor();
    await store.page.getByRole('heading', { name: 'Best sellers' }).click();
    await expect.poll(() => options().count()).toBe(0);

    await box().fill('mixer');
    await options().first().waitFor();
    await box().fill('');
    await expect.poll(() => options().count()).toBe(0);
    await box().press('Enter');
    expect(new URL(store.page.url()).pathname).toBe('/'); // requirements#search-submit: empty text does nothing
  });

  it('keeps the page usable when suggestions fail', async () => {
    await store.page.route('**/api/search/suggestions**', (route) => route.abort());
    await openHome();
    await box().fill('kurta');
    await store.page.waitForTimeout(600);
    expect(await options().count()).toBe(0);
    await box().press('Enter');
    await store.page.waitForURL(/\/searchpage\/kurta$/);
  });

  it('fits 360 px and 1366 px with suggestions open, over a page that keeps its heading (screenshotted)', async () => {
    for (const width of [360, 1366]) {
      await store.page.setViewportSize({ width, height: 800 });
      await openHome();
      await box().fill('lapt');
      await options().first().waitFor();
      await store.page.waitForFunction(() =>
        Array.from(document.querySelectorAll('.suggestions img')).every(
          (img) => (img as HTMLImageElement).complete,
        ),
      );
      await expectFitsWidth(store.page);
      await store.page.screenshot({ path: `${import.meta.dirname}/screenshots/search-${width}.png` });
    }
  });
});
