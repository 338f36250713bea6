import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ICONS, BACKGROUND_COLOUR, THEME_COLOUR } from '@marketplace/domain/pwa/manifest';
import { OFFLINE_PATHS } from '@marketplace/domain/pwa/offline-strategy';
import { createTestApp, type TestApp } from '../../test-support/testing.ts';
import { webRoot } from './build.ts';

// requirements#pwa: the manifest, the service worker and the offline page through the whole app
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tokens = () => readFile(join(webRoot, 'app/styles/tokens.css'), 'utf8');
const token = (css: string, name: string) => new RegExp(`${name}:\\s*(#[0-9a-f]+)`, 'i').exec(css)?.[1];

describe('the web app manifest', () => {
  it('answers as a manifest, cached for an hour, and says what makes the shop installable', async () => {
    const res = await t.request('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const manifest = (await res.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'Bazaar',
      short_name: 'Bazaar',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOUR,
      background_color: BACKGROUND_COLOUR,
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it('takes its colours from the storefront’s tokens', async () => {
    const css = await tokens();
    expect(THEME_COLOUR.toLowerCase()).toBe(token(css, '--color-brand'));
    expect(BACKGROUND_COLOUR.replace(/^#fff$/i, '#ffffff')).toBe(
      token(css, '--color-surface')?.replace(/^#fff$/i, '#ffffff'),
    );
  });

  it.each(APP_ICONS.map((icon) => [icon.src, icon.sizes] as const))(
    'serves the icon %s, a PNG of %s',
    async (src, sizes) => {
      const res = await t.request(src);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      // the IHDR chunk: width and height, big-endian, at bytes 16 and 20
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(sizes);
    },
  );

  it('is linked from a storefront page’s head with the theme colour and the home-screen icon', async () => {
    for (const path of ['/', '/hi/productdetails/x']) {
      const html = await (await t.request(path)).text();
      expect(html).toMatch(/<link [^>]*rel="manifest" href="\/manifest\.webmanifest"\/>/);
      expect(html).toMatch(/<link [^>]*rel="apple-touch-icon" href="\/icons\/icon-192\.png"\/>/);
      expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOUR}"/>`);
    }
  });
});

describe('the service worker', () => {
  it('answers as a script that is asked for again on every visit, with the build’s shell before it', async () => {
    const res = await t.request('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('set-cookie')).toBeNull();
    const script = await res.text();
    const shell = JSON.parse(/^self\.SHELL=(.*);\n/.exec(script)?.[1] ?? 'null') as {
      version: string;
      files: string[];
    };
    expect(shell.version).toMatch(/^\w+$/);
    expect(shell.files.length).toBeGreaterThan(2);
    // every precached file exists and is a fingerprinted build file, served for a year
    for (const file of shell.files) {
      expect(file).toMatch(/^\/assets\/[\w.-]+-[\w-]{8,}\.(js|css)$/);
      const asset = await t.request(file);
      expect(asset.status, file).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    // the worker itself carries the decision (offlineStrategy), not a list of its own
    expect(script).toContain('sellercentral');
    expect(script).toContain('/offline');
  });

  it('answers 304 to the browser’s copy, and the same script to a logged-in shopper', async () => {
    const first = await t.request('/sw.js');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.request('/sw.js', { headers: { 'if-none-match': `W/${etag}, "other"` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const shopper = await t.request('/sw.js', {
      headers: { cookie: await t.loginCookie('priya@example.com') },
    });
    expect(shopper.headers.get('cache-control')).toBe('no-cache');
    expect(await shopper.text()).toBe(await first.text());
  });

  it.each([
    ['a query string', '/sw.js?v=<script>', { method: 'GET' }],
    ['a broken If-None-Match', '/sw.js', { headers: { 'if-none-match': '\u00ff,,,"' } }],
    ['an oversized If-None-Match', '/sw.js', { headers: { 'if-none-match': '"x",'.repeat(2000) } }],
    ['a manifest with a query', '/manifest.webmanifest?a=1', { method: 'GET' }],
  ])('answers %s without failing', async (_name, path, init) => {
    const res = await t.request(path, init);
    expect(res.status).toBe(200);
  });

  it.each(['/sw.js?a=%00', '/manifest.webmanifest?a=%E0%A4', '/sw.js/../cart', '/SW.JS'])(
    'answers the hostile address %s without a server error',
    async (path) => {
      const res = await t.request(path);
      expect(res.status).toBeLessThan(500);
    },
  );

  it.each(['POST', 'PUT', 'DELETE'])('refuses a %s to the worker or the manifest', async (method) => {
    for (const path of ['/sw.js', '/manifest.webmanifest']) {
      const res = await t.request(path, {
        method,
        headers: { origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
  });
});

describe('the offline page', () => {
  const expected = {
    en: ['You are offline', 'Try again', 'en-IN'],
    hi: ['आप ऑफ़लाइन हैं', 'फिर से कोशिश करें', 'hi-IN'],
    ta: ['நீங்கள் ஆஃப்லைனில் உள்ளீர்கள்', 'மீண்டும் முயலவும்', 'ta-IN'],
    te: ['మీరు ఆఫ్‌లైన్‌లో ఉన్నారు', 'మళ్ళీ ప్రయత్నించండి', 'te-IN'],
  } as const;
  it.each(Object.entries(OFFLINE_PATHS))(
    'is plain HTML in %s, without scripts or anyone’s data',
    async (language, path) => {
      const [title, retry, lang] = expected[language as keyof typeof expected];
      const res = await t.request(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(title);
      // "Try again" asks for the address shown again: a plain link, no script needed
      expect(html).toMatch(new RegExp(`<a class="btn" href="">${retry}</a>`));
      expect(html).not.toMatch(/<script/i);
      expect(html).toMatch(/<link [^>]*rel="stylesheet" href="\/assets\/[^"]+\.css"/);
    },
  );

  it('names nobody even when a logged-in shopper asks for it', async () => {
    const html = await (
      await t.request('/offline', { headers: { cookie: await t.loginCookie('priya@example.com') } })
    ).text();
    expect(html).not.toContain('Priya');
    expect(html).not.toContain('priya@example.com');
  });

  it('answers 404 in a language the shop does not have', async () => {
    const res = await t.request('/fr/offline');
    expect(res.status).toBe(404);
  });
});
