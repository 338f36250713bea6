import { describe, expect, it } from 'vitest';
import {
  mayKeepResponse,
  offlinePathFor,
  offlineStrategy,
  type OfflineStrategy,
  PERSONAL_PREFIXES,
  SHELL_FILES,
} from './offline-strategy.ts';

// requirements#pwa: the service worker's choice for every request it sees
const ORIGIN = 'https://bazaar.example';
const page = (path: string) => ({ url: `${ORIGIN}${path}`, method: 'GET', mode: 'navigate' });
const file = (path: string) => ({ url: `${ORIGIN}${path}`, method: 'GET', mode: 'cors' });

describe('offlineStrategy', () => {
  const table: [string, { url: string; method: string; mode?: string }, OfflineStrategy][] = [
    // fingerprinted build files and the shell's own files: from the cache
    ['a script of the build', file('/assets/entry.client-BzX81kQa.js'), 'cache-first'],
    ['a style sheet of the build', file('/assets/app-C7f0aQ2e.css'), 'cache-first'],
    ['the icon', file('/icons/icon-192.png'), 'cache-first'],
    ['the manifest', file('/manifest.webmanifest'), 'cache-first'],
    ['a build file with a query', file('/assets/app-C7f0aQ2e.css?v=2'), 'never-cache'],
    ['a build file without a fingerprint', file('/assets/app.css'), 'never-cache'],
    ['a build file in a sub-folder', file('/assets/x/app-C7f0aQ2e.css'), 'never-cache'],
    ['a build file of another kind', file('/assets/report-C7f0aQ2e.json'), 'never-cache'],
    [
      'a build file from another site',
      { ...file('/'), url: 'https://evil.example/assets/app-C7f0aQ2e.css' },
      'never-cache',
    ],
    ['a product photo', file('/media/products/kurta.webp'), 'never-cache'],
    ['a public lookup', file('/api/products/12'), 'never-cache'],
    // public storefront pages: the network, then the offline page
    ['the home page', page('/'), 'network-first'],
    ['the home page in Hindi', page('/hi'), 'network-first'],
    ['the home page in Tamil with a slash', page('/ta/'), 'network-first'],
    ['a product page', page('/productdetails/Cotton%20Kurta'), 'network-first'],
    ['a product page in Telugu', page('/te/productdetails/Cotton%20Kurta?seller=2'), 'network-first'],
    ['a category listing', page('/categorylist/leaf/Kurtas'), 'network-first'],
    ['search results', page('/searchresults/kurta'), 'network-first'],
    ['a seller’s public page', page('/sellerdetails?seller=3'), 'network-first'],
    ['the offline page', page('/offline'), 'network-first'],
    ['a page upper-cased', page('/PRODUCTDETAILS/x'), 'network-first'],
    // personal pages and data: never
    ['the cart', page('/cart'), 'never-cache'],
    ['the cart in Hindi', page('/hi/cart'), 'never-cache'],
    ['the cart upper-cased', page('/CART'), 'never-cache'],
    ['the cart percent-encoded', page('/%63art'), 'never-cache'],
    ['the cart after a trailing slash', page('/cart/'), 'never-cache'],
    ['checkout', page('/checkout'), 'never-cache'],
    ['Buy Now', page('/buynow?offer=3'), 'never-cache'],
    ['sign-in', page('/login'), 'never-cache'],
    ['one-time-password sign-in', page('/otpverification'), 'never-cache'],
    ['My Orders', page('/myorder'), 'never-cache'],
    ['an order', page('/neworderdetail?order=OD123'), 'never-cache'],
    ['tracking', page('/trackitem?item=4'), 'never-cache'],
    ['the profile', page('/myprofile'), 'never-cache'],
    ['an address form', page('/addressform'), 'never-cache'],
    ['the privacy page', page('/privacy'), 'never-cache'],
    ['the privacy notice (begins like it)', page('/privacynotice'), 'never-cache'],
    ['Seller Central', page('/sellercentral'), 'never-cache'],
    ['a Seller Central order', page('/sellercentral/orders/OD1'), 'never-cache'],
    ['the console', page('/admin'), 'never-cache'],
    ['the console in a language', page('/hi/admin/staff'), 'never-cache'],
    ['an API address opened as a page', page('/api/me'), 'never-cache'],
    ['a page’s data', file('/productdetails/x.data'), 'never-cache'],
    ['a page’s data as a navigation', page('/productdetails/x.data'), 'never-cache'],
    ['a page not listed as public', page('/somethingnew'), 'never-cache'],
    ['a public page requested by a script', file('/productdetails/x'), 'never-cache'],
    // hostile addresses
    ['a form post', { url: `${ORIGIN}/`, method: 'POST', mode: 'navigate' }, 'never-cache'],
    ['a HEAD request', { url: `${ORIGIN}/`, method: 'HEAD', mode: 'navigate' }, 'never-cache'],
    ['an encoded slash reaching the cart', page('/productdetails%2F..%2Fcart'), 'never-cache'],
    ['an encoded dot segment', page('/productdetails/%2e%2e/cart'), 'never-cache'],
    ['an encoded dot segment in a file', file('/assets/%2e%2e/api/me-AAAAAAAA.js'), 'never-cache'],
    ['double encoding', page('/productdetails/%252e%252e%252fcart'), 'never-cache'],
    ['a broken escape', page('/productdetails/%E0%A4'), 'never-cache'],
    ['a backslash', page('/productdetails\\..\\cart'), 'never-cache'],
    ['an encoded backslash', page('/productdetails%5c..%5ccart'), 'never-cache'],
    ['a double slash', page('//cart'), 'never-cache'],
    ['an encoded control character', page('/productdetails/a%00b'), 'never-cache'],
    ['a user name in the address', { ...page('/'), url: 'https://me:pw@bazaar.example/' }, 'never-cache'],
    ['another site', { ...page('/'), url: 'https://bazaar.example.evil.example/' }, 'never-cache'],
    ['another port', { ...page('/'), url: 'https://bazaar.example:8443/' }, 'never-cache'],
    ['plain http', { ...page('/'), url: 'http://bazaar.example/' }, 'never-cache'],
    ['not an address', { url: 'not a url', method: 'GET', mode: 'navigate' }, 'never-cache'],
    ['a javascript: address', { url: 'javascript:alert(1)', method: 'GET', mode: 'navigate' }, 'never-cache'],
    ['a very long address', page(`/productdetails/${'a'.repeat(100_000)}`), 'network-first'],
    ['a very long personal address', page(`/cart/${'a'.repeat(100_000)}`), 'never-cache'],
  ];
  it.each(table)('%s', (_name, request, expected) => {
    expect(offlineStrategy(request, ORIGIN)).toBe(expected);
  });

  it('never caches any personal prefix, in any language and case', () => {
    for (const prefix of PERSONAL_PREFIXES)
      for (const language of ['', '/hi', '/ta', '/te'])
        for (const path of [`${language}/${prefix}`, `${language}/${prefix.toUpperCase()}x/1`])
          expect(offlineStrategy(page(path), ORIGIN), path).toBe('never-cache');
  });

  it('keeps every shell file', () => {
    for (const path of SHELL_FILES) expect(offlineStrategy(file(path), ORIGIN)).toBe('cache-first');
  });
});

describe('mayKeepResponse', () => {
  const response = (headers: Record<string, string>, status = 200, type = 'basic') => ({
    status,
    type,
    headers: new Headers(headers),
  });
  it.each([
    ['a fingerprinted file', response({ 'cache-control': 'public, max-age=31536000, immutable' }), true],
    ['no Cache-Control', response({}), true],
    ['no-cache (revalidate, but may be kept)', response({ 'cache-control': 'no-cache' }), true],
    ['private', response({ 'cache-control': 'private, max-age=60' }), false],
    ['no-store', response({ 'cache-control': 'no-store' }), false],
    ['private, no-store upper-cased', response({ 'cache-control': 'PRIVATE, NO-STORE' }), false],
    ['a cookie set', response({ 'set-cookie': 'session=1' }), false],
    ['a redirect', response({}, 302), false],
    ['a partial answer', response({}, 206), false],
    ['a not-found', response({}, 404), false],
    ['another site’s opaque answer', response({}, 200, 'opaque'), false],
    ['another site’s cors answer', response({}, 200, 'cors'), false],
  ])('%s', (_name, candidate, expected) => {
    expect(mayKeepResponse(candidate)).toBe(expected);
  });
});

describe('offlinePathFor', () => {
  it.each([
    [`${ORIGIN}/productdetails/x`, '/offline'],
    [`${ORIGIN}/hi/productdetails/x`, '/hi/offline'],
    [`${ORIGIN}/ta`, '/ta/offline'],
    [`${ORIGIN}/te/`, '/te/offline'],
    [`${ORIGIN}/hindi/x`, '/offline'],
    ['not a url', '/offline'],
  ])('%s → %s', (url, expected) => {
    expect(offlinePathFor(url)).toBe(expected);
  });
});
