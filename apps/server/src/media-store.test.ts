import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '../test-support/s3-bucket.ts';
import {
  cacheControlOf,
  copyMediaFolder,
  createDiskMediaStore,
  createS3MediaStore,
  IMMUTABLE_CACHE,
  mediaKeyOfPath,
  safeMediaKey,
  type MediaStore,
} from './media-store.ts';

const KEY = 'catalog/sellers/7/0123456789abcdef0123-500.webp';
const HOSTILE = [
  '../secret',
  'catalog/../../etc/passwd',
  '..',
  '.hidden',
  'catalog/.env',
  'catalog//x.webp',
  '/etc/passwd',
  'catalog/x.webp/',
  'catalog\\..\\x',
  'catalog/x\0.webp',
  'catalog/%2e%2e/x',
  '%2e%2e%2fsecret',
  'catalog/x y.webp',
  '',
  'a/'.repeat(20) + 'x',
];

let dir: string;
let bucket: TestBucket;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-store-test-'));
  bucket = await startTestBucket();
});
afterAll(async () => {
  await bucket.close();
  await rm(dir, { recursive: true, force: true });
});

const text = (body: ReadableStream<Uint8Array>) => new Response(body).text();

async function roundTrip(store: MediaStore) {
  expect(await store.get(KEY)).toBeNull();
  expect(await store.size(KEY)).toBeNull();
  await store.put(KEY, new TextEncoder().encode('webp bytes'));
  expect(await store.size(KEY)).toBe(10);
  const found = await store.get(KEY);
  expect(found?.size).toBe(10);
  expect(found?.contentType).toBe('image/webp');
  expect(found?.etag).toBeTruthy();
  expect(found && (await text(found.body))).toBe('webp bytes');
  await store.put(KEY, new TextEncoder().encode('other'));
  expect(await store.size(KEY)).toBe(5);
  await store.delete(KEY);
  expect(await store.get(KEY)).toBeNull();
  await store.delete(KEY); // deleting twice is fine
}

describe('media keys', () => {
  it('takes paths of safe pieces and refuses anything that could climb out or be read two ways', () => {
    expect(safeMediaKey(KEY)).toBe(KEY);
    expect(safeMediaKey('ads/0123abcd.mp4')).toBe('ads/0123abcd.mp4');
    for (const key of HOSTILE) expect(safeMediaKey(key), JSON.stringify(key)).toBeNull();
  });

  it('reads the key of a /media path the shop links, and nothing else', () => {
    expect(mediaKeyOfPath(`/media/${KEY}`)).toBe(KEY);
    expect(mediaKeyOfPath('/media/../uploads/x')).toBeNull();
    expect(mediaKeyOfPath('/uploads/x')).toBeNull();
    expect(mediaKeyOfPath('https://cdn.example/media/x.webp')).toBeNull();
  });

  it('keeps content-hashed names for a year and others for a day', () => {
    expect(cacheControlOf(KEY)).toBe(IMMUTABLE_CACHE);
    expect(cacheControlOf('catalog/kettle-1a2b3c4d.svg')).toBe(IMMUTABLE_CACHE);
    expect(cacheControlOf('ads/0123456789abcdef0123456789abcdef.png')).toBe(IMMUTABLE_CACHE);
    expect(cacheControlOf('banners/home.svg')).toBe('public, max-age=86400');
  });
});

describe('disk media store', () => {
  it('puts, gets and deletes files below its folder', async () => {
    const store = createDiskMediaStore(join(dir, 'media'));
    await roundTrip(store);
    await store.put('a/b.svg', new TextEncoder().encode('<svg/>'));
    expect(await readFile(join(dir, 'media', 'a', 'b.svg'), 'utf8')).toBe('<svg/>');
  });

  it('refuses hostile keys before touching the disk', async () => {
    await writeFile(join(dir, 'secret'), 'keep out');
    const store = createDiskMediaStore(join(dir, 'media'));
    for (const key of HOSTILE) {
      await expect(store.get(key), JSON.stringify(key)).rejects.toThrow(/media key/);
      await expect(store.put(key, new Uint8Array([1])), JSON.stringify(key)).rejects.toThrow(/media key/);
      await expect(store.delete(key), JSON.stringify(key)).rejects.toThrow(/media key/);
    }
    expect(await readFile(join(dir, 'secret'), 'utf8')).toBe('keep out');
  });
});

describe('S3 media store against an S3-compatible bucket', () => {
  it('puts, gets, sizes and deletes objects under the media/ prefix', async () => {
    const store = createS3MediaStore(bucket.settings);
    await roundTrip(store);
    await store.put('catalog/kettle-1a2b3c4d.svg', new TextEncoder().encode('<svg/>'));
    // the object sits under media/ in the bucket, with the type and cache lifetime it is served with
    const response = await fetch(
      `${bucket.settings.endpoint}/${bucket.settings.bucket}/media/catalog/kettle-1a2b3c4d.svg`,
    );
    // s3rver serves anonymous reads: the headers the object was written with come back
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    expect(await response.text()).toBe('<svg/>');
  });

  it('fails loudly when the bucket refuses the key pair', async () => {
    // s3rver checks the access key id, not the SigV4 signature itself: the signature is read below
    const store = createS3MediaStore({ ...bucket.settings, accessKeyId: 'NOT-THE-KEY' });
    await expect(store.put(KEY, new Uint8Array([1]))).rejects.toThrow(/HTTP 403/);
    await expect(store.get(KEY)).rejects.toThrow(/HTTP 403/);
  });

  it('never sends a hostile key to the bucket', async () => {
    const sent: string[] = [];
    const store = createS3MediaStore(bucket.settings, (request) => {
      sent.push(String(request instanceof Request ? request.url : request));
      return fetch(request);
    });
    for (const key of HOSTILE) await expect(store.get(key), JSON.stringify(key)).rejects.toThrow(/media key/);
    expect(sent).toEqual([]);
  });

  it('copies a disk folder into the bucket, and a second run copies nothing', async () => {
    const root = join(dir, 'to-copy');
    await mkdir(join(root, 'catalog', 'sellers', '3'), { recursive: true });
    await writeFile(join(root, 'catalog', 'sellers', '3', 'abcdef0123456789abcd-200.webp'), 'small');
    await writeFile(join(root, 'catalog', 'kettle-0badc0de.svg'), '<svg>kettle</svg>');
    await writeFile(join(root, 'catalog', 'half.webp.1a2b.part'), 'being written');
    await writeFile(join(root, 'catalog', 'bad name.svg'), 'refused');
    const store = createS3MediaStore(bucket.settings);
    // one object is there already with another size: copied again
    await store.put('catalog/kettle-0badc0de.svg', new TextEncoder().encode('old'));

    const first = await copyMediaFolder(root, store);
    expect(first).toEqual({ copied: 2, skipped: 0, refused: 1, bytes: 5 + 17 });
    const copied = await store.get('catalog/sellers/3/abcdef0123456789abcd-200.webp');
    expect(copied && (await text(copied.body))).toBe('small');
    expect(await store.size('catalog/half.webp.1a2b.part')).toBeNull();

    const second = await copyMediaFolder(root, store);
    expect(second).toEqual({ copied: 0, skipped: 2, refused: 1, bytes: 0 });
  });

  it('copies nothing from a folder that is not there', async () => {
    const store = createS3MediaStore(bucket.settings);
    expect(await copyMediaFolder(join(dir, 'none'), store)).toEqual({
      copied: 0,
      skipped: 0,
      refused: 0,
      bytes: 0,
    });
  });
});

describe('S3 media store requests', () => {
  // a bucket that records what it is sent, to read the signature the store puts on each request
  const seen: { method: string; url: string; authorization: string; sha: string; cache: string }[] = [];
  let server: Server;
  let endpoint: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          authorization: String(req.headers.authorization ?? ''),
          sha: String(req.headers['x-amz-content-sha256'] ?? ''),
          cache: String(req.headers['cache-control'] ?? ''),
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('signs each request with SigV4 over the path-style URL, the cache lifetime among the signed headers', async () => {
    const store = createS3MediaStore({
      endpoint,
      bucket: 'shop-media',
      region: 'ap-south-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'very-secret-key',
    });
    await store.put(KEY, new TextEncoder().encode('x'));
    const put = seen.find((r) => r.method === 'PUT');
    expect(put?.url).toBe(`/shop-media/media/${KEY}`);
    expect(put?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE\/\d{8}\/ap-south-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*cache-control[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    expect(put?.authorization).not.toContain('very-secret-key');
    expect(put?.sha).toMatch(/^([0-9a-f]{64}|UNSIGNED-PAYLOAD)$/);
    expect(put?.cache).toBe(IMMUTABLE_CACHE);
  });
});
