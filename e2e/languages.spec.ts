// requirements#languages: the shop in English, Hindi, Tamil and Telugu. The language is in the
// address (/hi/…), chosen from the header's menu (with or without scripts), remembered by a cookie,
// announced to search engines by hreflang alternates and to the browser by <html lang>.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, products } from '@marketplace/db';
import { productPath } from '@marketplace/domain/seo/structured-data';
import { DEMO_SHOPPERS } from '@marketplace/db/seed';
import { englishWordsOf, storedNameWords } from './support/english-words.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

async function someProduct() {
  const [product] = await store.db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(desc(products.unitsSold))
    .limit(1);
  if (!product) throw new Error('no seeded product');
  return product.name;
}

async function topCategory() {
  const [category] = await store.db
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.level, 1))
    .limit(1);
  if (!category) throw new Error('no seeded category');
  return category.name;
}

describe('the shop in four languages', () => {
  it('announces every language of home, listing and product pages as hreflang alternates', async () => {
    const product = await someProduct();
    const category = await topCategory();
    for (const [path, englishPath] of [
      ['/hi', '/'],
      ['/ta', '/'],
      [
        `/hi/categorylist/c/${encodeURIComponent(category)}`,
        `/categorylist/c/${encodeURIComponent(category)}`,
      ],
      [`/te${productPath(product)}`, productPath(product)],
      [productPath(product), productPath(product)],
    ] as const) {
      const response = await fetch(store.url(path), { redirect: 'manual' });
      expect(response.status, path).toBe(200);
      const link = response.headers.get('link') ?? '';
      const origin = /<(https?:\/\/[^/>]+)/.exec(link)?.[1] ?? '';
      const at = (prefix: string) => `${origin}${prefix}${englishPath === '/' && prefix ? '' : englishPath}`;
      expect(link, path).toContain(`<${at('')}>; rel="alternate"; hreflang="en-IN"`);
      expect(link, path).toContain(`<${at('/hi')}>; rel="alternate"; hreflang="hi-IN"`);
      expect(link, path).toContain(`<${at('/ta')}>; rel="alternate"; hreflang="ta-IN"`);
      expect(link, path).toContain(`<${at('/te')}>; rel="alternate"; hreflang="te-IN"`);
      expect(link, path).toContain(`<${at('')}>; rel="alternate"; hreflang="x-default"`);
      expect(link, path).toContain(
        `<${origin}${path === '/hi' || path === '/ta' ? path : path}>; rel="canonical"`,
      );
      const html = await response.text();
      const lang = path.startsWith('/hi')
        ? 'hi-IN'
        : path.startsWith('/ta')
          ? 'ta-IN'
          : path.startsWith('/te')
            ? 'te-IN'
            : 'en-IN';
      expect(html).toContain(`<html lang="${lang}"`);
    }
  });

  it('answers 404 for a first segment that is no language, and for /en', async () => {
    for (const path of ['/xx', '/en', '/en/cart', '/hi/no-such-page']) {
      const response = await fetch(store.url(path), { redirect: 'manual' });
      expect(response.status, path).toBe(404);
    }
  });

  it('refuses an unknown language and never leaves the site from the language link', async () => {
    expect((await fetch(store.url('/language?to=fr&next=/cart'), { redirect: 'manual' })).status).toBe(400);
    for (const [next, expected] of [
      ['//evil.example/x', '/hi'],
      ['https://evil.example', '/hi'],
      ['/\\evil.example', '/hi'],
      ['/ta/cart?x=1', '/hi/cart?x=1'],
      ['x'.repeat(5000), '/hi'],
    ] as const) {
      const response = await fetch(store.url(`/language?to=hi&next=${encodeURIComponent(next)}`), {
        redirect: 'manual',
      });
      expect(response.status, next).toBe(303);
      expect(response.headers.get('location'), next).toBe(expected);
      expect(response.headers.get('set-cookie'), next).toContain('lang=hi');
    }
    // a NUL byte or broken percent-encoding is refused or ignored, never followed and never a 500
    for (const query of ['to=hi&next=%2Fcart%00', 'to=hi&next=%E0%A4', 'to=%00', 'next=%ZZ']) {
      const response = await fetch(store.url(`/language?${query}`), { redirect: 'manual' });
      expect([303, 400, 404], query).toContain(response.status);
      if (response.status === 303) expect(response.headers.get('location'), query).toMatch(/^\/(hi)?$/);
    }
  });

  it('switches language from the header without scripts, remembers it, and switches back to English', async () => {
    const page = await store.restartPage({ javaScript: false });
    await page.goto(store.url('/cart'));
    await page.locator('.language-menu summary').click();
    await page.getByRole('link', { name: 'हिन्दी' }).click();
    await page.waitForURL(/\/hi\/cart$/);
    expect(await page.locator('html').getAttribute('lang')).toBe('hi-IN');
    // the cart link is named in Hindi (a phone shows its icon only)
    await page.locator('header').getByRole('link', { name: 'कार्ट', exact: true }).waitFor();
    // the next visit to an English address opens the Hindi page
    await page.goto(store.url('/'));
    await page.waitForURL(/\/hi$/);
    await page.locator('.language-menu summary').click();
    await page.getByRole('link', { name: 'English', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(store.url('/cart'));
    expect(new URL(page.url()).pathname).toBe('/cart');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-IN');
  });

  it('keeps the language on the links of a page', async () => {
    await store.openHydrated('/ta');
    const hrefs = await store.page
      .locator('header a[href^="/"], footer a[href^="/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(5);
    expect(hrefs.filter((href) => !href.startsWith('/ta') && !href.startsWith('/language'))).toEqual([]);
  });
});

const SHOTS = '/tmp/shots-languages';

describe('the shopper’s pages in Hindi and Tamil', () => {
  it('renders Indic text, fits 360 and 1366 px, and keeps a product in the cart in the shopper’s language', async () => {
    await mkdir(SHOTS, { recursive: true });
    const product = await someProduct();
    await store.loginAs(DEMO_SHOPPERS[0].email);
    for (const language of ['hi', 'ta'] as const) {
      await store.openHydrated(`/${language}${productPath(product)}`);
      const add = store.page.locator('.pd-buybox .pd-add');
      await add.click();
      await store.page.locator('.pd-popup').waitFor();
      for (const [name, path] of [
        ['home', ''],
        ['product', productPath(product)],
        ['cart', '/cart'],
        ['checkout', '/checkout'],
        ['my-orders', '/myorder'],
      ] as const) {
        await store.openHydrated(`/${language}${path}`);
        expect(await store.page.locator('html').getAttribute('lang')).toBe(`${language}-IN`);
        for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
          await store.page.setViewportSize({ width, height: 900 });
          const widths = await store.page.evaluate(() => ({
            page: document.documentElement.scrollWidth,
            window: window.innerWidth,
            // the deepest element that reaches past the window's right edge, to say where
            outside: [...document.querySelectorAll('body *')]
              .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
              .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`)
              .slice(-3),
          }));
          expect(
            widths.page,
            `${language} ${name} at ${width} px scrolls sideways (${widths.outside.join(' ')})`,
          ).toBeLessThanOrEqual(widths.window);
          await store.page.screenshot({
            path: join(SHOTS, `${language}-${name}-${width}.png`),
            fullPage: true,
          });
        }
        // the shell speaks the language: no English word left in the header and footer but names
        const shell = await store.page.evaluate(() =>
          [...document.querySelectorAll('header:not(main header), footer:not(main footer)')]
            .map((element) => (element as HTMLElement).innerText)
            .join('\n'),
        );
        const english = shell
          .replace(/Bazaar Assured|Bazaar|iOS|Android|COD|EMI|HI|TA|TE|English/g, '')
          .match(/[A-Za-z]{3,}/g);
        const allowed = new Set(await shellNames());
        expect(
          (english ?? []).filter((word) => !allowed.has(word)),
          `${language} ${name}`,
        ).toEqual([]);
      }
      const cart = await store.page.evaluate(() => document.body.innerText);
      expect(cart.length).toBeGreaterThan(0);
    }
    await store.openHydrated('/hi/cart');
    const body = await store.page.locator('main').innerText();
    expect(body).toContain('कीमत की जानकारी');
    expect(body).toContain('कुल');
    expect(body).toContain('विक्रेता:');
    expect(body).not.toMatch(/Price Details|Subtotal|Remove\b|Seller:/);
  });
});

/** Words of stored names shown in the shell: the top menu's and the category menu's entries, the city. */
async function shellNames(): Promise<string[]> {
  const rows = await store.db.select({ name: categories.name }).from(categories);
  const words = rows.flatMap((row) => row.name.match(/[A-Za-z]{3,}/g) ?? []);
  const places = await store.page.locator('.deliver-to b, .top-menu a').allInnerTexts();
  // the signed-in shopper's own name
  return [
    ...words,
    DEMO_SHOPPERS[0].firstName,
    ...places.flatMap((text) => text.match(/[A-Za-z]{3,}/g) ?? []),
  ];
}

describe('finding and choosing a product in Hindi, Tamil and Telugu', () => {
  it('leaves no English on search results, a listing and a product page but stored names', async () => {
    const allowed = await storedNameWords(store.db, store.page);
    const product = await someProduct();
    const category = await topCategory();
    for (const language of ['hi', 'ta', 'te'] as const) {
      for (const path of [
        '/searchpage/phone',
        '/searchpage/qqqzzzxxx',
        `/categorylist/c/${encodeURIComponent(category)}`,
        productPath(product),
      ]) {
        await store.openHydrated(`/${language}${path}`);
        const names = new Set([...allowed, ...(await storedNameWords(store.db, store.page))]);
        expect(await englishWordsOf(store.page, names), `${language}${path}`).toEqual([]);
      }
    }
    await store.openHydrated('/ta/searchpage/phone');
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await store.screenshot('languages-ta-search', width);
      // Tamil's longer words wrap: the page never scrolls sideways
      expect(await store.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    }
    await store.openHydrated(`/hi${productPath(product)}`);
    for (const width of [WIDTHS.mobile, WIDTHS.desktop])
      await store.screenshot('languages-hi-product', width);
  });

  it('finds the words it looks for: an English sentence in the shop’s own text fails the check', async () => {
    const allowed = await storedNameWords(store.db, store.page);
    await store.openHydrated('/hi/searchpage/phone');
    await store.page.evaluate(() => {
      const note = document.createElement('p');
      note.textContent = 'Unexpected untranslated sentence';
      document.querySelector('main')?.append(note);
    });
    expect(await englishWordsOf(store.page, allowed)).toEqual(['Unexpected', 'untranslated', 'sentence']);
  });
});
