import { readdir, readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/testing.ts';
import { webBuildDir } from '../web/build.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BROWSER = 'gzip, deflate, br, zstd';
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('compressed pages and API answers through the whole app', () => {
  it('sends the home page with brotli, whole, to a browser that offers it', async () => {
    const res = await t.request('/', { headers: { 'accept-encoding': BROWSER } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    const compressed = await bytes(res);
    const html = brotliDecompressSync(compressed).toString();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(compressed.byteLength).toBeLessThan(Buffer.byteLength(html) / 4);
  });

  it('sends the home page with gzip without brotli, and as it is without either', async () => {
    const gz = await t.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toContain('</html>');
    const plain = await t.request('/');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).trimEnd().endsWith('</html>')).toBe(true);
  });

  it('compresses a large API answer and leaves a small one alone', async () => {
    const spec = await t.request('/api/openapi.json', { headers: { 'accept-encoding': BROWSER } });
    expect(spec.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(await bytes(spec)).toString())).toMatchObject({
      openapi: '3.1.0',
    });
    const health = await t.request('/healthz', { headers: { 'accept-encoding': BROWSER } });
    expect(health.headers.get('content-encoding')).toBeNull();
    expect(await health.json()).toEqual({ status: 'ok' });
  });

  it('answers HEAD of a page without a body', async () => {
    const res = await t.request('/', { method: 'HEAD', headers: { 'accept-encoding': BROWSER } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('');
  });

  it.each(['br;q=abc', 'br;q=abc, gzip;q=', ';;;,,,=', 'br;q=9, *;q=-1', 'x'.repeat(4000)])(
    'answers a page to Accept-Encoding %.20j without failing',
    async (header) => {
      const res = await t.request('/', { headers: { 'accept-encoding': header } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    },
  );
});

describe('the build and media files through the whole app', () => {
  it('sends a script of the home page as its precompressed brotli file', async () => {
    const html = await (await t.request('/')).text();
    const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    if (!script) throw new Error('the home page names no script');
    const res = await t.request(script, { headers: { 'accept-encoding': BROWSER } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(res);
    const file = join(await realpath(webBuildDir), 'client', script);
    expect(body.equals(await readFile(`${file}.br`))).toBe(true);
  });

  it('answers 304 to a media file the browser already has', async () => {
    const folder = join(t.source.mediaDir, 'catalog');
    const [first] = await readdir(folder);
    const [name] = await readdir(join(folder, first ?? ''));
    const path = `/media/catalog/${first}/${name}`;
    const res = await t.request(path, { headers: { 'accept-encoding': BROWSER } });
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(res.headers.get('last-modified')).toBeTruthy();
    const again = await t.request(path, {
      headers: { 'if-none-match': etag ?? '', 'accept-encoding': BROWSER },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-encoding')).toBeNull();
    expect(await again.text()).toBe('');
  });
});
