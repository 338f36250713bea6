// requirements#pwa: the web app manifest, and the service worker with the build's shell.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { ServerBuild } from 'react-router';
import { webAppManifest } from '@marketplace/domain/pwa/manifest';
import { SITE_DESCRIPTION, SITE_NAME } from '@marketplace/domain/site';
import type { AppEnv } from '../http/context.ts';
import { SHORT_CACHE } from './cache-headers.ts';

/** The service worker's script and what it precaches: the build's id and its shell's files. */
export type ServiceWorker = { script: string; shell: { version: string; files: string[] } };

/** The routes whose fingerprinted files every storefront page loads first: kept by the service worker. */
const SHELL_ROUTES = ['root', 'routes/shell', 'routes/home'];

/** What the worker precaches of a build: its entry, its route manifest and the storefront's first routes. */
export function shellFiles(assets: ServerBuild['assets']): string[] {
  const files = new Set<string>([assets.entry.module, ...assets.entry.imports, assets.url]);
  for (const id of SHELL_ROUTES) {
    const route = assets.routes[id];
    if (!route) continue;
    for (const file of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) files.add(file);
  }
  return [...files].filter((file) => file.startsWith('/assets/')).sort();
}

/** The built worker of a release (`client/sw.js`), or null when the build has none. */
export async function loadServiceWorker(
  clientDir: string,
  build: ServerBuild,
): Promise<ServiceWorker | null> {
  const script = await readFile(join(clientDir, 'sw.js'), 'utf8').catch(() => null);
  if (script === null) return null;
  return { script, shell: { version: build.assets.version, files: shellFiles(build.assets) } };
}

/**
 * /manifest.webmanifest always; /sw.js when the web app was built with its worker (not in
 * `npm run dev`, where no worker is registered). The worker is asked for again on every visit
 * (no-cache: a new build reaches browsers at once); its ETag spares the body when unchanged.
 */
export function pwaRoutes(serviceWorker: ServiceWorker | null) {
  const app = new Hono<AppEnv>();
  const manifest = JSON.stringify(webAppManifest(SITE_NAME, SITE_DESCRIPTION));
  app.get('/manifest.webmanifest', (c) =>
    c.body(manifest, 200, { 'Content-Type': 'application/manifest+json', 'Cache-Control': SHORT_CACHE }),
  );
  // nothing else is done to them: a form posted here never reaches a page's action
  app.on(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], ['/sw.js', '/manifest.webmanifest'], (c) =>
    c.text('Method not allowed', 405, { Allow: 'GET, HEAD' }),
  );
  if (serviceWorker) {
    // the shell goes first: JSON of paths and a version, so nothing in it can end the statement
    const body = `self.SHELL=${JSON.stringify(serviceWorker.shell)};\n${serviceWorker.script}`;
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    app.get('/sw.js', (c) => {
      const headers = {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-cache',
        ETag: etag,
      };
      const wanted = c.req.header('If-None-Match');
      if (wanted?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
        return c.body(null, 304, headers);
      return c.body(body, 200, headers);
    });
  }
  return app;
}
