// requirements#pwa: what the shop's service worker does with each request. Only the build's
// fingerprinted files and the shell's own files are ever kept in the browser's cache; public
// storefront pages go to the network first and fall back to the offline page; everything else,
// above all a shopper's own pages and data, passes through untouched and is never cached.

export type OfflineStrategy =
  /** a fingerprinted or precached shell file: from the cache, the network only when missing */
  | 'cache-first'
  /** a public storefront page: the network, with the offline page when it does not answer */
  | 'network-first'
  /** the service worker stays out of it: nothing is cached, nothing served from a cache */
  | 'never-cache';

/** What the service worker sees of a request. */
export type OfflineRequest = { url: string; method: string; mode?: string };

/** The build's fingerprinted files: `/assets/name-HASH.ext`, nothing else under the folder. */
const FINGERPRINTED = /^\/assets\/[\w.-]+-[\w-]{8,}\.(?:js|css|woff2?|svg|png|webp|avif|jpe?g)$/;

/** The shell's own files that keep their name across builds (the cache's version renews them). */
export const SHELL_FILES = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
] as const;

/** The offline page's path in each language; the service worker keeps all four. */
export const OFFLINE_PATHS = {
  en: '/offline',
  hi: '/hi/offline',
  ta: '/ta/offline',
  te: '/te/offline',
} as const;

/**
 * A shopper's, seller's or staff member's own pages, and the data behind every page: never cached.
 * Matched on the path's first segment after its language prefix, lower-cased, as its beginning
 * (so `privacynotice`, public but beginning like `privacy`, is left to the browser too).
 */
export const PERSONAL_PREFIXES = [
  'api',
  'admin',
  'sellercentral',
  'cart',
  'buynow',
  'checkout',
  'deliveryreview',
  'deliveryfinalreview',
  'paymentgateway',
  'thankyou',
  'login',
  'logout',
  'registration',
  'verifyotp',
  'otpverification',
  'forgotpassword',
  'switchaccount',
  'addaccount',
  'account',
  'my',
  'neworderdetail',
  'order',
  'trackitem',
  'cancel',
  'return',
  'replace',
  'contactseller',
  'previlageclaim',
  'feedback',
  'sellerfeedback',
  'deliveryfeedback',
  'productfeedback',
  'saveforlater',
  'buyagain',
  'updateprofile',
  'updatepassword',
  'settings',
  'messagepreferences',
  'privacy',
  'manageaddress',
  'addressform',
  'newaddress',
  'bankaccount',
  'accountform',
  'language',
  'media',
  'dev',
] as const;

/**
 * The public storefront pages (first segment after the language): the only pages the service
 * worker answers, and only with the network or the offline page. A page not named here, such as
 * one added later, is left to the browser until it is listed.
 */
const STOREFRONT_PAGES = new Set([
  '',
  'todaydeals',
  'percentageoffer',
  'coupons',
  'reviews',
  'privilegeclaim',
  'seller',
  'sellerdetails',
  'brandregistry',
  'best-sellers-online',
  'searchresults',
  'searchpage',
  'deliverylocation',
  'brand',
  'categorylist',
  'productdetails',
  'viewreviews',
  'explore',
  'policy',
  'about',
  'grievance',
  'offline',
]);

/** The path decoded once and lower-cased, or null when it cannot be decoded or hides a trick. */
function cleanPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  // an encoded dot segment, slash, backslash or control character: read differently by the
  // server than by the browser's URL parser, so nothing is assumed about it
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/(?:^|\/)\.\.?(?:\/|$)|\\|[\u0000-\u001f\u007f]|\/\//.test(decoded)) return null;
  if (decoded !== pathname && /%/.test(decoded)) return null; // encoded twice
  return decoded.toLowerCase();
}

/** Any first segment that begins like a personal one (`myorder`, `cartitems`) is taken for one. */
function isPersonal(segment: string): boolean {
  return PERSONAL_PREFIXES.some((prefix) => segment.startsWith(prefix));
}

/**
 * The strategy for one request, decided from its method, address and mode alone. `origin` is the
 * shop's own origin (the service worker's `location.origin`): another site's files are never kept.
 */
export function offlineStrategy(request: OfflineRequest, origin: string): OfflineStrategy {
  if (request.method !== 'GET') return 'never-cache';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'never-cache';
  }
  if (url.origin !== origin || url.username !== '' || url.password !== '') return 'never-cache';
  const path = cleanPath(url.pathname);
  if (path === null) return 'never-cache';
  if (
    url.search === '' &&
    (FINGERPRINTED.test(url.pathname) || (SHELL_FILES as readonly string[]).includes(url.pathname))
  )
    return 'cache-first';
  if (request.mode !== 'navigate') return 'never-cache';
  // a page's data request (React Router's `.data`) is the page's content: never cached
  if (path.endsWith('.data')) return 'never-cache';
  const match = /^\/(?:(?:hi|ta|te)(?=\/|$))?\/?([^/]*)/.exec(path);
  const segment = match?.[1] ?? '';
  if (isPersonal(segment)) return 'never-cache';
  return STOREFRONT_PAGES.has(segment) ? 'network-first' : 'never-cache';
}

/**
 * Whether a response may be kept: a complete, successful answer from the shop itself that says
 * nothing about being private. A Set-Cookie (when the browser lets it be seen) or a private or
 * no-store Cache-Control means the answer was made for one person.
 */
export function mayKeepResponse(response: { status: number; type?: string; headers: Headers }): boolean {
  if (response.status !== 200) return false;
  if (response.type !== undefined && response.type !== 'basic' && response.type !== 'default') return false;
  if (response.headers.has('set-cookie')) return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  return !/(?:^|[\s,])(?:private|no-store)(?:[\s,=]|$)/.test(cacheControl);
}

/** The offline page in the language of the path the shopper asked for. */
export function offlinePathFor(url: string): string {
  let pathname = '/';
  try {
    pathname = new URL(url).pathname;
  } catch {
    // the English page
  }
  const match = /^\/(hi|ta|te)(?=\/|$)/.exec(pathname);
  return match ? OFFLINE_PATHS[match[1] as 'hi' | 'ta' | 'te'] : OFFLINE_PATHS.en;
}
