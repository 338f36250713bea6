import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compression } from '../http/compression.ts';
import { precompressDirectory } from './precompress.ts';
import { IMMUTABLE_CACHE, productionAssets, SHORT_CACHE } from './production.ts';

const SCRIPT =
  `export function price(paise){return new Intl.NumberFormat("en-IN").format(paise/100)}\n`.repeat(80);
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h16v16H0z"/>'.repeat(60)}</svg>`;
const TINY = 'body{margin:0}';

let clientDir: string;
let app: Hono;
beforeAll(async () => {
  clientDir = await mkdtemp(join(tmpdir(), 'web-client-'));
  await mkdir(join(clientDir, 'assets'));
  await mkdir(join(clientDir, 'images'));
  await writeFile(join(clientDir, 'assets/home-Bx12ab3Z.js'), SCRIPT);
  await writeFile(join(clientDir, 'assets/tiny-C9a8b7c6.css'), TINY);
  await writeFile(join(clientDir, 'assets/photo-D1e2f3a4.png'), new Uint8Array(5000).fill(1));
  await writeFile(join(clientDir, 'favicon.svg'), FAVICON);
  await writeFile(join(clientDir, 'images/default.svg'), FAVICON);
  await precompressDirectory(clientDir);
  // as in the app: compression outside, the build's files inside
  app = new Hono();
  app.use('*', compression());
  app.route('/', productionAssets(clientDir));
});
afterAll(() => rm(clientDir, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  app.request(path, { method, headers });

describe('precompressing the build', () => {
  it('writes .br and .gz beside scripts and SVGs, none beside tiny files or images', () => {
    expect(existsSync(join(clientDir, 'assets/home-Bx12ab3Z.js.br'))).toBe(true);
    expect(existsSync(join(clientDir, 'assets/home-Bx12ab3Z.js.gz'))).toBe(true);
    expect(existsSync(join(clientDir, 'favicon.svg.br'))).toBe(true);
    expect(existsSync(join(clientDir, 'assets/tiny-C9a8b7c6.css.br'))).toBe(false);
    expect(existsSync(join(clientDir, 'assets/photo-D1e2f3a4.png.br'))).toBe(false);
  });

  it('writes variants that decompress to the file', async () => {
    const path = join(clientDir, 'assets/home-Bx12ab3Z.js');
    expect(brotliDecompressSync(await readFile(`${path}.br`)).toString()).toBe(SCRIPT);
    expect(gunzipSync(await readFile(`${path}.gz`)).toString()).toBe(SCRIPT);
  });
});

describe('serving the build', () => {
  it('sends the brotli file of a script with its own type and a year of caching', async () => {
    const res = await get('/assets/home-Bx12ab3Z.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    // the file written at build time, not a fresh compression
    expect(body.equals(await readFile(join(clientDir, 'assets/home-Bx12ab3Z.js.br')))).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(body.byteLength));
  });

  it('sends the gzip file to a client without brotli, and the file itself to one without either', async () => {
    const gz = await get('/assets/home-Bx12ab3Z.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);
    const plain = await get('/assets/home-Bx12ab3Z.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('answers HEAD with the length of the file it would send', async () => {
    const res = await get('/assets/home-Bx12ab3Z.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
  });

  it('sends tiny files and images as they are', async () => {
    const tiny = await get('/assets/tiny-C9a8b7c6.css', { 'accept-encoding': 'br' });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe(TINY);
    const png = await get('/assets/photo-D1e2f3a4.png', { 'accept-encoding': 'br' });
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-encoding')).toBeNull();
  });

  it('caches files without a fingerprint for a short while, revalidated by ETag', async () => {
    for (const path of ['/favicon.svg', '/images/default.svg']) {
      const res = await get(path, { 'accept-encoding': 'br' });
      expect(res.headers.get('cache-control')).toBe(SHORT_CACHE);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
      const etag = res.headers.get('etag') ?? '';
      expect(etag).toMatch(/^W\//);
      const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.headers.get('cache-control')).toBe(SHORT_CACHE);
    }
  });
});
