// requirements#pwa: the shop's service worker, built on its own into /sw.js (apps/web/sw.vite.config.ts)
// and served with the build's shell prepended as `self.SHELL` (apps/server/src/web/pwa.ts). What
// it does with a request is offlineStrategy's choice alone:
// - cache-first: the build's fingerprinted files and the shell's own files, precached at install;
// - network-first: public storefront pages, never kept; the offline page in the path's language
//   when the network fails or takes longer than NETWORK_TIMEOUT_MS;
// - never-cache: everything else (a shopper's pages, the consoles, the API, forms, page data) is
//   left to the browser, so nothing of it reaches a cache.
import {
  mayKeepResponse,
  OFFLINE_PATHS,
  offlinePathFor,
  offlineStrategy,
  SHELL_FILES,
} from '@marketplace/domain/pwa/offline-strategy';

type Shell = { version: string; files: string[] };
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type WorkerScope = {
  SHELL?: Shell;
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
};

const worker = self as unknown as WorkerScope;
const shell: Shell = worker.SHELL ?? { version: 'unversioned', files: [] };
const CACHE_PREFIX = 'shell-';
const CACHE = `${CACHE_PREFIX}${shell.version}`;
/** A storefront page that has not answered in this long is taken for a lost connection. */
const NETWORK_TIMEOUT_MS = 5000;

/** Fetched as a visitor: no cookie goes with what is precached, so nothing in it is anyone's. */
async function fetchShellFile(cache: Cache, path: string): Promise<Response> {
  const response = await fetch(new Request(path, { credentials: 'omit', cache: 'no-cache' }));
  if (!mayKeepResponse(response)) throw new Error(`${path} answered ${response.status}: not kept`);
  await cache.put(path, response.clone());
  return response;
}

async function precache(): Promise<void> {
  const cache = await caches.open(CACHE);
  const offlinePages = await Promise.all(
    Object.values(OFFLINE_PATHS).map((path) => fetchShellFile(cache, path)),
  );
  // the style sheets the offline page links: it has no scripts, so these are all it needs
  const linked = new Set<string>();
  for (const page of offlinePages)
    for (const match of (await page.text()).matchAll(/<link[^>]+href="(\/assets\/[^"?#]+\.css)"/g))
      if (match[1]) linked.add(match[1]);
  const files = new Set([...SHELL_FILES, ...shell.files, ...linked]);
  await Promise.all([...files].map((path) => fetchShellFile(cache, path)));
}

worker.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (mayKeepResponse(response)) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request: Request): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), NETWORK_TIMEOUT_MS);
  });
  const answer = await Promise.race([fetch(request).catch(() => null), timedOut]);
  clearTimeout(timer);
  if (answer) return answer;
  const offline = await (await caches.open(CACHE)).match(offlinePathFor(request.url));
  return offline ?? Response.error();
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  // a part of a file (a video's range) is the browser's to fetch
  if (request.headers.has('range')) return;
  const strategy = offlineStrategy(
    { url: request.url, method: request.method, mode: request.mode },
    worker.location.origin,
  );
  if (strategy === 'cache-first') event.respondWith(cacheFirst(request));
  else if (strategy === 'network-first') event.respondWith(networkFirst(request));
});
