// requirements#seo, #merchant-feed, #media-store: with the media store in a bucket, the sitemaps and
// merchant feeds one server's jobs write are published there, and a server that wrote nothing
// itself (another host) serves the same files; a sitemap the new index no longer names is removed.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3MediaStore, type MediaStore } from '../../media-store.ts';
import { startTestBucket, type TestBucket } from '../../../test-support/s3-bucket.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { writeMerchantFeeds } from './merchant-feed.ts';
import { publishFeeds, publishSitemaps, sitemapsNamedIn, storeSeoFiles } from './published.ts';
import { merchantFeedJob, sitemapJob } from './routes.ts';
import { SITEMAP_ORIGIN_MARKER } from './sitemap.ts';

let bucket: TestBucket;
let store: MediaStore;
let t: TestApp;
let written: string;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  bucket = await startTestBucket();
  store = createS3MediaStore(bucket.settings);
  // this app's own sitemap and feed folders stay empty: it can only serve what the bucket holds
  t = await createTestApp({ media: store });
  written = await mkdtemp(join(tmpdir(), 'seo-written-'));
});
afterAll(async () => {
  await t.close();
  await bucket.close();
  await rm(written, { recursive: true, force: true });
});

const text = async (path: string) => {
  const res = await t.request(path);
  return { status: res.status, body: await res.text(), type: res.headers.get('content-type') };
};

describe('sitemaps written by one server, served by every server', () => {
  it('answers 503 before the first publish, then the published index and files with this host’s origin', async () => {
    expect((await text('/sitemap.xml')).status).toBe(503);
    const dir = join(written, 'sitemaps');
    await sitemapJob(t.db, dir, silent, { siteUrl: null, publishTo: store }).run();
    const index = await text('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.type).toBe('application/xml; charset=utf-8');
    const local = await readFile(join(dir, 'sitemap.xml'), 'utf8');
    expect(index.body).toBe(local.replaceAll(SITEMAP_ORIGIN_MARKER, 'http://localhost'));
    const names = sitemapsNamedIn(local);
    expect(names).toContain('products-1.xml');
    for (const name of names) {
      const file = await text(`/sitemaps/${name}`);
      expect(file.status, name).toBe(200);
      expect(file.body, name).toBe(
        (await readFile(join(dir, name), 'utf8')).replaceAll(SITEMAP_ORIGIN_MARKER, 'http://localhost'),
      );
    }
  });

  it('removes from the bucket a file the new index no longer names, after the new index is up', async () => {
    const dir = join(written, 'sitemaps');
    // an earlier set had a second products file
    await store.put('seo/sitemaps/products-2.xml', new TextEncoder().encode('<urlset/>'));
    const previous = await readFile(join(dir, 'sitemap.xml'), 'utf8');
    await store.put(
      'seo/sitemaps/sitemap.xml',
      new TextEncoder().encode(
        previous.replace(
          '</sitemapindex>',
          '<sitemap><loc>https://x/sitemaps/products-2.xml</loc></sitemap></sitemapindex>',
        ),
      ),
    );
    expect((await text('/sitemaps/products-2.xml')).status).toBe(200);
    await publishSitemaps(dir, store);
    expect((await text('/sitemaps/products-2.xml')).status).toBe(404);
    expect(sitemapsNamedIn((await storeSeoFiles(store)('sitemaps', 'sitemap.xml')) ?? '')).not.toContain(
      'products-2.xml',
    );
  });
});

describe('merchant feeds written by one server, served by every server', () => {
  it('serves each language’s feed from the bucket, and a republish replaces it', async () => {
    expect((await text('/feeds/google-merchant-hi.xml')).status).toBe(404);
    const dir = join(written, 'feeds');
    await merchantFeedJob(t.db, dir, silent, { siteUrl: 'https://bazaar.example', publishTo: store }).run();
    for (const name of [
      'google-merchant.xml',
      'google-merchant-hi.xml',
      'google-merchant-ta.xml',
      'google-merchant-te.xml',
    ]) {
      const feed = await text(`/feeds/${name}`);
      expect(feed.status, name).toBe(200);
      expect(feed.body, name).toBe(await readFile(join(dir, name), 'utf8'));
      expect(feed.body).toContain('https://bazaar.example/');
    }
    await writeMerchantFeeds(t.db, dir, { origin: 'https://other.example' });
    expect(await publishFeeds(dir, store)).toBe(4);
    expect((await text('/feeds/google-merchant.xml')).body).toContain('https://other.example/');
  });
});
