import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '../../../test-support/s3-bucket.ts';
import { createDiskUploadStore, createS3UploadStore, type UploadStore } from './store.ts';

const KEY = '0123456789abcdef0123456789abcdef';
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'store-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const source = async (text: string) => {
  const path = join(dir, `src-${Math.random()}`);
  await writeFile(path, text);
  return path;
};
const text = async (body: ReadableStream<Uint8Array>) => new Response(body).text();

async function roundTrip(store: UploadStore) {
  const path = await source('photo bytes');
  await store.put(KEY, path, 'image/png');
  await expect(stat(path)).rejects.toThrow(); // the temporary source is gone
  const found = await store.get(KEY);
  expect(found?.size).toBe(11);
  expect(found && (await text(found.body))).toBe('photo bytes');
  await store.delete(KEY);
  expect(await store.get(KEY)).toBeNull();
  await store.delete(KEY); // deleting twice is fine
}

describe('disk upload store', () => {
  it('puts, gets and deletes a file under two hex levels', async () => {
    const store = createDiskUploadStore(join(dir, 'uploads'));
    const path = await source('x');
    await store.put(KEY, path, 'image/png');
    expect(await readFile(join(dir, 'uploads', '01', '23', KEY), 'utf8')).toBe('x');
    await store.delete(KEY);
    await roundTrip(store);
  });

  it('refuses a key that is not ours', async () => {
    const store = createDiskUploadStore(join(dir, 'uploads'));
    await expect(store.get('../../etc/passwd')).rejects.toThrow();
  });
});

describe('S3-compatible upload store', () => {
  // a bucket on the loopback interface that keeps objects in memory and records what it was sent
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: { method: string; url: string; authorization: string; sha: string }[] = [];
  let server: Server;
  let endpoint: string;
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = req.url ?? '';
        seen.push({
          method: req.method ?? '',
          url,
          authorization: String(req.headers.authorization ?? ''),
          sha: String(req.headers['x-amz-content-sha256'] ?? ''),
        });
        if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
          res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
          return;
        }
        if (req.method === 'PUT') {
          objects.set(url, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
          res.writeHead(200).end();
        } else if (req.method === 'GET') {
          const found = objects.get(url);
          if (!found) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
          else
            res
              .writeHead(200, { 'content-type': found.type, 'content-length': found.body.length })
              .end(found.body);
        } else if (req.method === 'DELETE') {
          objects.delete(url);
          res.writeHead(204).end();
        } else res.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const settings = () => ({
    endpoint,
    bucket: 'bazaar-uploads',
    region: 'ap-south-1',
    accessKeyId: 'AKIAEXAMPLE',
    secretAccessKey: 'very-secret-key',
  });

  it('puts, gets and deletes objects with SigV4-signed, path-style requests', async () => {
    await roundTrip(createS3UploadStore(settings()));
    const put = seen.find((r) => r.method === 'PUT');
    expect(put?.url).toBe(`/bazaar-uploads/uploads/${KEY}`);
    expect(put?.authorization).toMatch(/Credential=AKIAEXAMPLE\/\d{8}\/ap-south-1\/s3\/aws4_request/);
    expect(put?.authorization).not.toContain('very-secret-key');
    expect(put?.sha).toMatch(/^([0-9a-f]{64}|UNSIGNED-PAYLOAD)$/);
  });

  it('fails loudly when the bucket refuses', async () => {
    const store = createS3UploadStore(settings(), (request) => fetch(new Request(request, { headers: {} })));
    await expect(store.put(KEY, await source('x'), 'image/png')).rejects.toThrow(/HTTP 403/);
  });
});

describe('S3-compatible upload store against a bucket', () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await startTestBucket('shop-uploads');
  });
  afterAll(() => bucket.close());

  it('puts, gets and deletes objects under the uploads/ prefix', async () => {
    await roundTrip(createS3UploadStore(bucket.settings));
    const store = createS3UploadStore(bucket.settings);
    await store.put(KEY, await source('kept'), 'image/png');
    const stored = await fetch(`${bucket.settings.endpoint}/shop-uploads/uploads/${KEY}`);
    expect(await stored.text()).toBe('kept');
  });

  it('fails loudly when the bucket refuses the key pair', async () => {
    const store = createS3UploadStore({ ...bucket.settings, accessKeyId: 'NOT-THE-KEY' });
    await expect(store.put(KEY, await source('x'), 'image/png')).rejects.toThrow(/HTTP 403/);
  });

  it('never sends a key that is not ours', async () => {
    const sent: unknown[] = [];
    const store = createS3UploadStore(bucket.settings, (request) => {
      sent.push(request);
      return fetch(request);
    });
    for (const key of ['../media/x', `${KEY}/../x`, `${KEY}%00`, '%2e%2e'])
      await expect(store.get(key)).rejects.toThrow(/32 hex/);
    expect(sent).toEqual([]);
  });
});
