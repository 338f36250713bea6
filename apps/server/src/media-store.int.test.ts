// requirements#media-store: with the media store pointed at an S3-compatible bucket (s3rver on the
// loopback interface), what sellers upload lands in the bucket and every server of the shop serves it.
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantOffer, plantSeller, someProducts } from '../test-support/seller-console.ts';
import { startTestBucket, type TestBucket } from '../test-support/s3-bucket.ts';
import { createTestApp, type TestApp } from '../test-support/testing.ts';
import { runCopyToBucket } from './cli/media-command.ts';
import { createDiskMediaStore, createS3MediaStore, IMMUTABLE_CACHE, type MediaStore } from './media-store.ts';

let bucket: TestBucket;
let store: MediaStore;
let t: TestApp;
let seller: Awaited<ReturnType<typeof plantSeller>>;
let shopper: string;
let sku: string;
beforeAll(async () => {
  bucket = await startTestBucket();
  store = createS3MediaStore(bucket.settings);
  t = await createTestApp({ media: store });
  seller = await plantSeller(t);
  shopper = await t.loginCookie('priya@example.com');
  const [product] = await someProducts(t.db, 1, 80);
  if (!product) throw new Error('seeded');
  sku = (await plantOffer(t.db, seller.sellerId, product.id, { sku: `MEDIA-SKU-${seller.sellerId}` })).sku;
});
afterAll(async () => {
  await t.close();
  await bucket.close();
});

const png = (colour: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .png()
    .toBuffer();

function uploadImage(cookie: string, bytes: Uint8Array, name = 'photo.png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return t.request('/api/seller/products/images', { method: 'POST', headers: { cookie }, body: form });
}
async function productBody(cookie: string, images: string[]) {
  const options = (await (
    await t.request('/api/seller/products/form-options', { headers: { cookie } })
  ).json()) as { categories: { id: number }[]; brands: { id: number }[] };
  return {
    categoryId: options.categories[0]?.id ?? 0,
    brandId: options.brands[0]?.id ?? 0,
    content: {
      title: `Steel bottle ${Math.random().toString(36).slice(2, 8)}`,
      bulletPoints: ['Keeps water cold for 24 hours', 'Food-grade steel'],
      technicalDetails: [{ name: 'Capacity', value: '1 litre' }],
      additionalInfo: 'Hand wash only.',
      attributes: [],
      hsnCode: '7323',
      countryOfOrigin: 'India',
      manufacturer: { name: 'Dakshin Steelworks', address: '12 Industrial Estate, Chennai 600032' },
      packer: { name: '', address: '' },
      importer: { name: '', address: '' },
      netQuantity: '1 N',
      returnDays: 10,
      replaceDays: 7,
    },
    variant: { mode: 'none' },
    images,
    offer: {
      sku: `B-${Math.random().toString(36).slice(2, 10)}`,
      salePricePaise: 49_900,
      mrpPaise: 59_900,
      stock: 12,
      maxPerOrder: 5,
      dispatchDays: 2,
      warranty: '1 year manufacturer warranty',
      parcelType: 'unit',
      weightGrams: 450,
      lengthCm: '20',
      widthCm: '10.5',
      heightCm: '8',
      codAllowed: true,
    },
  };
}
/** The object as the bucket itself holds it, read straight from s3rver. */
const inBucket = (key: string) =>
  fetch(`${bucket.settings.endpoint}/${bucket.settings.bucket}/media/${key}`, { method: 'HEAD' });

describe('product images in the bucket', () => {
  it('lands every size of a seller’s image in the bucket, not on disk, and serves it as immutable', async () => {
    const uploaded = await uploadImage(seller.cookie, await png('#228844'), 'kettle.png');
    expect(uploaded.status).toBe(201);
    const { path, sizes } = (await uploaded.json()) as { path: string; sizes: Record<string, string> };
    expect(path).toMatch(new RegExp(`^/media/catalog/sellers/${seller.sellerId}/[0-9a-f]{20}-500\\.webp$`));
    for (const each of Object.values(sizes)) {
      const key = each.slice('/media/'.length);
      expect((await inBucket(key)).status, key).toBe(200);
      await expect(stat(join(t.source.mediaDir, key))).rejects.toThrow();
    }

    const served = await t.request(path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const etag = served.headers.get('etag');
    expect(etag).toBeTruthy();
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(Number(served.headers.get('content-length'))).toBe(bytes.byteLength);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 500, 500]);

    // a browser's copy is current: 304 without a body, still cached as immutable
    const again = await t.request(path, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    expect(await again.text()).toBe('');
    const head = await t.request(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');

    // a second server of the shop, sharing nothing but the database and the bucket, serves the same bytes
    const other = await t.another({ media: createS3MediaStore(bucket.settings) });
    const there = await other.request(path);
    expect(there.status).toBe(200);
    expect(Buffer.from(await there.arrayBuffer()).equals(bytes)).toBe(true);
    expect(there.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
  });

  it('takes a bucket image for a new product only when it is the seller’s own and is there', async () => {
    const dakshin = await t.loginCookie('dakshin-mart@sellers.example.com');
    const uploaded = await uploadImage(dakshin, await png('#884422'));
    const { path } = (await uploaded.json()) as { path: string };
    const create = async (images: string[]) =>
      t.request('/api/seller/products', {
        method: 'POST',
        headers: { cookie: dakshin, 'content-type': 'application/json' },
        body: JSON.stringify(await productBody(dakshin, images)),
      });
    const missing = path.replace(/\/[0-9a-f]{20}-/, `/${'f'.repeat(20)}-`);
    const notTheirs = path.replace(/sellers\/\d+\//, `sellers/${seller.sellerId}/`);
    for (const images of [[missing], [notTheirs]]) {
      const refused = await create(images);
      expect(refused.status, images[0]).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain('images');
    }
    expect((await create([path])).status).toBe(201);
  });

  it('refuses a shopper’s upload, putting nothing in the bucket', async () => {
    const refused = await uploadImage(shopper, await png('#112233'));
    expect(refused.status).toBe(403);
  });

  it('answers 404, never a 500 or another object, to missing and hostile paths', async () => {
    // a customer upload sits beside the media in the same bucket: it stays out of /media's reach
    await fetch(
      `${bucket.settings.endpoint}/${bucket.settings.bucket}/uploads/0123456789abcdef0123456789abcdef`,
      {
        method: 'PUT',
        body: 'private photo',
        headers: { authorization: 'AWS4-HMAC-SHA256 Credential=S3RVER/20250101/us-east-1/s3/aws4_request' },
      },
    );
    for (const path of [
      '/media/catalog/none-0123456789.webp',
      '/media/..%2Fuploads%2F0123456789abcdef0123456789abcdef',
      '/media/%2e%2e/uploads/0123456789abcdef0123456789abcdef',
      '/media/catalog/%2e%2e%2f%2e%2e%2fuploads%2f0123456789abcdef0123456789abcdef',
      '/media/catalog/x%00.webp',
      '/media/catalog/x%2500.webp',
      '/media/catalog%5c..%5cx.webp',
      '/media/.hidden',
      '/media/',
      `/media/${'a/'.repeat(30)}x.webp`,
      `/media/${'x'.repeat(2000)}.webp`,
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('private photo');
    }
  });
});

describe('seller ad creatives in the bucket', () => {
  it('writes the creative to the bucket and serves it from /media', async () => {
    const form = new FormData();
    const fields: Record<string, string> = {
      name: `Bucket sale ${Math.random().toString(36).slice(2, 8)}`,
      kind: 'product',
      sku,
      page: 'home',
      adType: 'image',
      fromDate: new Date().toISOString().slice(0, 10),
      toDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      dailyBudget: '200',
      totalBudget: '1,000',
      bid: '12.50',
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new Blob([new Uint8Array(await png('#aa3300'))], { type: 'image/png' }), 'ad.png');
    const created = await t.request('/api/seller/campaigns', {
      method: 'POST',
      body: form,
      headers: { cookie: seller.cookie },
    });
    expect(created.status).toBe(201);
    const { campaign } = (await created.json()) as { campaign: { media: string } };
    expect(campaign.media).toMatch(/^\/media\/seller-ads\/[0-9a-f]{32}\.png$/);
    expect((await inBucket(campaign.media.slice('/media/'.length))).status).toBe(200);
    const served = await t.request(campaign.media);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
  });
});

describe('MEDIA_BASE_URL', () => {
  it('links product images from the CDN and lets the page load images from there', async () => {
    const other = await t.another({ media: store, mediaBaseUrl: 'https://cdn.bazaar.example/shop/' });
    const page = await other.request('/');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<img src="https:\/\/cdn\.bazaar\.example\/shop\/catalog\/[^"]+"/);
    expect(page.headers.get('content-security-policy')).toMatch(
      /img-src [^;]*https:\/\/cdn\.bazaar\.example(;|\s)/,
    );
    // without it, the shop links its own /media/ and allows no other image host
    const own = await t.request('/');
    expect(await own.text()).not.toContain('cdn.bazaar.example');
    expect(own.headers.get('content-security-policy')).not.toContain('cdn.bazaar.example');
  });
});

describe('npm run media -- copy-to-bucket', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'media-copy-'));
    await mkdir(join(folder, 'catalog', 'sellers', '9'), { recursive: true });
    await writeFile(join(folder, 'catalog', 'sellers', '9', '0123456789abcdef0123-200.webp'), 'tiny webp');
    await writeFile(
      join(folder, 'catalog', 'saree-0badcafe.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    await mkdir(join(folder, 'banners'), { recursive: true });
    await writeFile(join(folder, 'banners', 'home.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  const run = async (target: MediaStore) => {
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await runCopyToBucket(folder, target, {
      log: (l) => lines.push(l),
      error: (l) => errors.push(l),
    });
    return { code, lines, errors };
  };

  it('copies a disk folder into the bucket, and a second run copies nothing', async () => {
    const first = await run(store);
    expect(first.code).toBe(0);
    expect(first.lines.at(-1)).toMatch(
      /^Copied 3 file\(s\) \(0\.0 MB\), skipped 0 already in the bucket, in [\d.]+ s\.$/,
    );
    expect((await inBucket('catalog/saree-0badcafe.svg')).status).toBe(200);
    const served = await t.request('/media/catalog/saree-0badcafe.svg');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    expect((await t.request('/media/banners/home.svg')).headers.get('cache-control')).toBe(
      'public, max-age=86400',
    );

    const second = await run(store);
    expect(second.code).toBe(0);
    expect(second.lines.at(-1)).toMatch(/^Copied 0 file\(s\) \(0\.0 MB\), skipped 3 already in the bucket/);
  });

  it('says so, copying nothing, while the media store is the folder on disk', async () => {
    const result = await run(createDiskMediaStore(join(folder, 'elsewhere')));
    expect(result.code).toBe(1);
    expect(result.errors.join('\n')).toContain('MEDIA_STORE=s3');
    await expect(stat(join(folder, 'elsewhere'))).rejects.toThrow();
  });

  it('counts and leaves out files whose names are not media names', async () => {
    await writeFile(join(folder, 'catalog', 'odd name.svg'), '<svg/>');
    const result = await run(store);
    expect(result.code).toBe(1);
    expect(result.errors.join('\n')).toContain('Left out 1 file(s)');
    await rm(join(folder, 'catalog', 'odd name.svg'));
  });
});
