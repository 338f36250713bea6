import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@marketplace/db';
import { createApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { ROBOTS_DISALLOWED, writeSitemaps } from './index.ts';

/** The canonical entry of a page's `Link` header; the language alternates (ADR-0063) stand beside it. */
const canonicalOf = (res: Response) =>
  (res.headers.get('link') ?? '').split(/,\s*(?=<)/).find((part) => part.endsWith('rel="canonical"'));

// requirements#seo: robots.txt keeps crawlers out of private pages; the sitemaps list every live product once
let t: TestApp;
let dir: string;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  dir = join(await mkdtemp(join(tmpdir(), 'sitemaps-')), 'sitemaps');
  app = createApp({
    database: t.database,
    logger: pino({ level: 'silent' }),
    mediaDir: t.source.mediaDir,
    sitemapDir: dir,
  });
});
afterAll(async () => {
  await rm(join(dir, '..'), { recursive: true, force: true });
  await t.close();
});

const XML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
};
const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
    (m[1] ?? '').replace(/&(amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity] ?? entity),
  );
const get = (path: string, host = 'shop.example') => app.request(`http://${host}${path}`);

describe('robots.txt', () => {
  it('keeps crawlers out of accounts, the cart, checkout, the consoles and the API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const path of ['/api/', '/admin', '/sellercentral', '/cart', '/checkout', '/myorder', '/myprofile'])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(ROBOTS_DISALLOWED).toContain('/login');
    expect(text).toContain('Sitemap: http://shop.example/sitemap.xml');
    expect(text).not.toMatch(/Disallow: \/\n/);
  });
});

describe('the sitemaps', () => {
  it('answer 503 before the job has written them', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('60');
  });

  it('list every live product once, in files of at most the limit, under an index', async () => {
    const [hidden] = await t.db.select({ id: products.id, name: products.name }).from(products).limit(1);
    if (!hidden) throw new Error('no product');
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, hidden.id));
    const live = await t.db.select({ name: products.name }).from(products).where(eq(products.isActive, true));
    const counts = await writeSitemaps(t.db, dir, { origin: null, perFile: 500 });
    const productFiles = Object.keys(counts).filter((name) => name.startsWith('products-'));
    expect(productFiles).toHaveLength(Math.ceil(live.length / 500));
    expect(Math.max(...productFiles.map((name) => counts[name] ?? 0))).toBeLessThanOrEqual(500);

    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const files = locs(await index.text());
    expect(files).toContain('http://shop.example/sitemaps/categories.xml');
    const listed: string[] = [];
    for (const file of files) {
      const res = await app.request(file);
      expect(res.status, file).toBe(200);
      const xml = await res.text();
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      if (file.includes('/products-')) listed.push(...locs(xml));
    }
    const expected = live.map((p) => `http://shop.example/productdetails/${encodeURIComponent(p.name)}`);
    expect(listed.sort()).toEqual(expected.sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).not.toContain(`http://shop.example/productdetails/${encodeURIComponent(hidden.name)}`);
    await t.db.update(products).set({ isActive: true }).where(eq(products.id, hidden.id));
  });

  it('carry PUBLIC_URL when it is set, whatever host was asked', async () => {
    await writeSitemaps(t.db, dir, { origin: 'https://bazaar.example' });
    const fixed = createApp({
      database: t.database,
      logger: pino({ level: 'silent' }),
      mediaDir: t.source.mediaDir,
      sitemapDir: dir,
      siteUrl: 'https://bazaar.example',
    });
    const xml = await (await fixed.request('http://evil.example/sitemap.xml')).text();
    expect(locs(xml).every((loc) => loc.startsWith('https://bazaar.example/sitemaps/'))).toBe(true);
    expect(await (await fixed.request('http://evil.example/robots.txt')).text()).toContain(
      'Sitemap: https://bazaar.example/sitemap.xml',
    );
  });

  it.each([
    '/sitemaps/..%2F..%2Fetc%2Fpasswd',
    '/sitemaps/products-1.xml%00',
    '/sitemaps/secret.xml',
    '/sitemaps/products-x.xml',
    '/sitemaps/%E0%A4%A',
    `/sitemaps/${'a'.repeat(5000)}.xml`,
  ])('refuse %s without reading outside the folder', async (path) => {
    const res = await get(path);
    expect([400, 404]).toContain(res.status);
  });
});

describe('what search engines read of a page', () => {
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
    );

  it('a product page: one canonical address whatever the query, Product with its offers, breadcrumbs, social tags', async () => {
    const [product] = await t.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    if (!product) throw new Error('no product');
    const path = `/productdetails/${encodeURIComponent(product.name)}`;
    const res = await t.request(
      `/productdetails/${encodeURIComponent(product.name.toUpperCase())}?seller=99999`,
    );
    expect(res.status).toBe(200);
    expect(canonicalOf(res)).toBe(`<http://localhost${path}>; rel="canonical"`);
    const html = await res.text();
    expect(html).toMatch(/<meta property="og:type" content="product"\/>/);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost\/[^"]+"\/>/);
    const [item, crumbs] = jsonLd(html);
    expect(item).toMatchObject({ '@type': 'Product', name: product.name, url: `http://localhost${path}` });
    // Google's merchant listing: name, image, and an offer's price, currency and availability
    const offers = [item?.offers].flat() as Record<string, unknown>[];
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      expect(offer.priceCurrency).toBe('INR');
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    }
    expect((item?.image as string[]).length).toBeGreaterThan(0);
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    const trail = crumbs?.itemListElement as { name: string; item: string }[];
    expect(trail[0]).toMatchObject({ name: 'Home' });
    expect(trail.at(-1)).toMatchObject({ name: product.name });
    expect(trail.length).toBeGreaterThanOrEqual(3);
  });

  it('the home page: the Organization and the site search', async () => {
    const res = await t.request('/');
    expect(canonicalOf(res)).toBe('<http://localhost/>; rel="canonical"');
    const html = await res.text();
    const types = jsonLd(html).map((json) => json['@type']);
    expect(types).toEqual(['Organization', 'WebSite']);
  });

  it('a category listing: its page kept and its filters dropped from the canonical address, and its breadcrumbs', async () => {
    const res = await t.request('/categorylist/c/Electronics?page=2&sort=price-low-high');
    expect(res.status).toBe(200);
    expect(canonicalOf(res)).toBe('<http://localhost/categorylist/c/Electronics?page=2>; rel="canonical"');
    expect(jsonLd(await res.text())).toMatchObject([
      { '@type': 'BreadcrumbList', itemListElement: [{ name: 'Home' }, { name: 'Electronics' }] },
    ]);
  });
});
