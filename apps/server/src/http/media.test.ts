import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNotModified } from './file-validators.ts';
import { mediaRoutes } from './media.ts';

const SVG = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="4"/>'.repeat(100)}</svg>`;
const MODIFIED = new Date('2025-11-20T10:00:00Z');

let mediaDir: string;
let app: Hono;
beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'media-test-'));
  await writeFile(join(mediaDir, 'banner.svg'), SVG);
  await writeFile(join(mediaDir, 'kurta-1a2b3c4d.svg'), SVG);
  for (const name of ['banner.svg', 'kurta-1a2b3c4d.svg'])
    await utimes(join(mediaDir, name), MODIFIED, MODIFIED);
  app = new Hono().route('/media', mediaRoutes(mediaDir));
});
afterAll(() => rm(mediaDir, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  app.request(path, { method, headers });

describe('media validators', () => {
  it('sends ETag, Last-Modified and a day of caching with an unfingerprinted file', async () => {
    const res = await get('/media/banner.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers.get('last-modified')).toBe(MODIFIED.toUTCString());
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await res.text()).toBe(SVG);
  });

  it('answers 304 without a body when the ETag matches, keeping the caching headers', async () => {
    const etag = (await get('/media/banner.svg')).headers.get('etag') ?? '';
    for (const ifNoneMatch of [etag, `"other", ${etag}`, etag.replace('W/', ''), '*']) {
      const res = await get('/media/banner.svg', { 'if-none-match': ifNoneMatch });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(res.headers.get('content-length')).toBeNull();
      expect(await res.text()).toBe('');
    }
  });

  it('answers 304 to If-Modified-Since at or after the file time, 200 before it', async () => {
    const at = await get('/media/banner.svg', { 'if-modified-since': MODIFIED.toUTCString() });
    expect(at.status).toBe(304);
    const before = await get('/media/banner.svg', {
      'if-modified-since': new Date(MODIFIED.getTime() - 1000).toUTCString(),
    });
    expect(before.status).toBe(200);
    expect(await before.text()).toBe(SVG);
    const garbage = await get('/media/banner.svg', { 'if-modified-since': 'yesterday-ish' });
    expect(garbage.status).toBe(200);
  });

  it('lets a different ETag win over a current If-Modified-Since', async () => {
    const res = await get('/media/banner.svg', {
      'if-none-match': 'W/"stale"',
      'if-modified-since': MODIFIED.toUTCString(),
    });
    expect(res.status).toBe(200);
  });

  it('answers HEAD with the validators and no body, and 304 to a conditional HEAD', async () => {
    const head = await get('/media/banner.svg', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBeTruthy();
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(SVG)));
    expect(await head.text()).toBe('');
    const etag = head.headers.get('etag') ?? '';
    expect((await get('/media/banner.svg', { 'if-none-match': etag }, 'HEAD')).status).toBe(304);
  });

  it('keeps a year of caching for fingerprinted files, and 404 for missing ones', async () => {
    const res = await get('/media/kurta-1a2b3c4d.svg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await get('/media/none.svg', { 'if-none-match': '*' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
  });
});

describe('isNotModified', () => {
  const etag = 'W/"10-20"';
  it.each([
    [{ ifNoneMatch: 'W/"10-20"' }, true],
    [{ ifNoneMatch: '"10-20"' }, true],
    [{ ifNoneMatch: '"a", W/"10-20" ' }, true],
    [{ ifNoneMatch: '*' }, true],
    [{ ifNoneMatch: '"10-21"' }, false],
    [{ ifNoneMatch: '' }, false],
    [{ ifNoneMatch: ',,,' }, false],
    [{ ifModifiedSince: 'Thu, 20 Nov 2025 10:00:00 GMT' }, true],
    [{ ifModifiedSince: 'Thu, 20 Nov 2025 09:59:59 GMT' }, false],
    [{ ifModifiedSince: 'not a date' }, false],
    [{}, false],
  ])('%j: %s', (headers, expected) => {
    expect(isNotModified(headers, etag, new Date('2025-11-20T10:00:00.400Z'))).toBe(expected);
  });
});
