import { asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { categories, products } from '@marketplace/db';
import { useStorefront } from './support/storefront.ts';

const store = useStorefront();

/** Zod's core names its base class so; minifying keeps the string. */
const ZOD_MARKER = '$ZodType';

/** Home, the first top category's listing, the best seller's page and a search for its first word. */
async function storefrontPaths() {
  const [category] = await store.db
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.level, 1))
    .orderBy(asc(categories.id))
    .limit(1);
  const [product] = await store.db
    .select({ name: products.name })
    .from(products)
    .where(isNotNull(products.lowestPricePaise))
    .orderBy(desc(products.unitsSold), asc(products.id))
    .limit(1);
  if (!category || !product) throw new Error('a category and a product expected');
  const keyword = (product.name.split(/\s+/)[0] ?? '').toLowerCase();
  return [
    '/',
    `/categorylist/c/${encodeURIComponent(category.name)}`,
    `/productdetails/${encodeURIComponent(product.name)}`,
    `/searchpage/${encodeURIComponent(keyword)}`,
  ];
}

describe('the scripts of the storefront pages', () => {
  it('leave validation to the server: no page of home, listing, product or search loads zod', async () => {
    for (const path of await storefrontPaths()) {
      const urls = new Set<string>();
      const onResponse = (response: Response) => {
        if (new URL(response.url()).pathname.endsWith('.js')) urls.add(response.url());
      };
      store.page.on('response', onResponse);
      await store.openHydrated(path);
      await store.page.waitForLoadState('networkidle');
      store.page.off('response', onResponse);
      // each script the page loaded, asked of the server again (a busy browser may already have
      // dropped a body it no longer needs)
      const loaded = await Promise.all(
        [...urls].map(async (url) => ({ url, body: await (await fetch(url)).text() })),
      );
      expect(loaded.length, path).toBeGreaterThan(0);
      expect(
        loaded.filter((script) => script.body.includes(ZOD_MARKER)).map((script) => script.url),
        path,
      ).toEqual([]);
    }
  });

  it('break none of the Content-Security-Policy while pages read answers with their schemas', async () => {
    const violations: string[] = [];
    await store.page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await store.page.addInitScript(() =>
      document.addEventListener(
        'securitypolicyviolation',
        (event) =>
          void (window as unknown as { reportViolation: (text: string) => Promise<void> }).reportViolation(
            `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
          ),
      ),
    );
    // the cart reads availability, the header the browser's cart: both parse with zod in the page
    for (const path of [...(await storefrontPaths()), '/cart']) {
      await store.openHydrated(path);
      await store.page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });
});
