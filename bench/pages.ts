// The storefront pages as a shopper's phone gets them: the first-load JavaScript of home, a
// category listing, a product page, search results and the cart, then (unless skipped) Lighthouse
// on each of them.
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '@marketplace/db';
import { firstLoadJs } from './first-load-js.ts';
import type { LighthousePage } from './lighthouse.ts';

type Line = (name: string, value: string | number, note?: string) => void;
/** The storefront pages held to 100 KB gzip of first-load JavaScript (the cart is reported, not held). */
const JS_TARGET_PAGES = new Set(['home', 'listing', 'product', 'search']);

/** Home, the first top category's listing, the best seller's page, a search for its first word, the cart. */
export async function storefrontPages(db: Database): Promise<LighthousePage[]> {
  const [category] = await queryRows<{ name: string }>(
    db,
    sql`SELECT name FROM categories WHERE level = 1 ORDER BY id LIMIT 1`,
  );
  const [product] = await queryRows<{ name: string }>(
    db,
    sql`SELECT name FROM products WHERE lowest_price_paise IS NOT NULL ORDER BY units_sold DESC, id LIMIT 1`,
  );
  if (!category || !product) throw new Error('the bench database has no category or product to show');
  const keyword = (product.name.split(/\s+/)[0] ?? product.name).toLowerCase();
  return [
    { name: 'home', path: '/' },
    { name: 'listing', path: `/categorylist/c/${encodeURIComponent(category.name)}` },
    { name: 'product', path: `/productdetails/${encodeURIComponent(product.name)}` },
    { name: 'search', path: `/searchpage/${encodeURIComponent(keyword)}` },
    { name: 'cart', path: '/cart' },
  ];
}

export async function benchPages(
  db: Database,
  base: string,
  clientDir: string,
  line: Line,
  options: { lighthouse: boolean },
) {
  const pages = await storefrontPages(db);
  console.log(
    `# first-load JavaScript (modulepreload links, module scripts and their imports in each page's HTML): ${pages.map((p) => `${p.name} ${p.path}`).join(', ')}`,
  );
  for (const page of pages) {
    const response = await fetch(`${base}${page.path}`);
    const html = await response.text();
    if (response.status !== 200) console.log(`# ${page.path} answered ${response.status}`);
    const js = await firstLoadJs(html, clientDir);
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const target = JS_TARGET_PAGES.has(page.name) ? 'target ≤ 100 KB gzip' : '';
    line(`js.${page.name}.files`, js.files);
    line(`js.${page.name}.raw_kb`, kb(js.rawBytes));
    line(`js.${page.name}.gzip_kb`, kb(js.gzipBytes), target);
    line(`js.${page.name}.brotli_kb`, kb(js.brotliBytes));
  }
  if (!options.lighthouse) return;

  const { lighthouseTable, runLighthouse } = await import('./lighthouse.ts');
  const began = performance.now();
  const figures = await runLighthouse(base, pages);
  console.log(
    `# Lighthouse (mobile, simulated slow 4G, Chromium headless), ${pages.length} pages in ${Math.round((performance.now() - began) / 1000)} s; this machine's benchmark index ${figures[0]?.benchmarkIndex ?? '?'}; targets: performance ≥ 95 and accessibility 100 on every storefront page`,
  );
  for (const row of lighthouseTable(figures)) console.log(row);
}
