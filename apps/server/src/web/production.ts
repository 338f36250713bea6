import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { AppEnv } from '../http/context.ts';
import { fileValidators } from '../http/file-validators.ts';
import { webBuildDir } from './build.ts';
import { IMMUTABLE_CACHE, SHORT_CACHE } from './cache-headers.ts';
import { loadServiceWorker } from './pwa.ts';
import type { WebApp } from './web-app.ts';

export { IMMUTABLE_CACHE, SHORT_CACHE };

function cacheFor(value: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if ([200, 206, 304].includes(c.res.status)) c.res.headers.set('Cache-Control', value);
  };
}

/**
 * The build's static files. Scripts, styles and SVGs are sent as the brotli or gzip file written
 * beside them at build time (`Content-Encoding` set, the type of the original file kept).
 */
export function productionAssets(clientDir: string): Hono<AppEnv> {
  const assets = new Hono<AppEnv>();
  const validators = fileValidators();
  const files = serveStatic({ root: clientDir, precompressed: true, onFound: validators.onFound });
  assets.use('/assets/*', cacheFor(IMMUTABLE_CACHE), files);
  assets.get('/favicon.svg', cacheFor(SHORT_CACHE), validators.middleware, files);
  assets.get('/images/*', cacheFor(SHORT_CACHE), validators.middleware, files);
  // requirements#pwa: the installed app's icons
  assets.get('/icons/*', cacheFor(SHORT_CACHE), validators.middleware, files);
  return assets;
}

/** Serves the production build: static files as above, pages rendered on the server. */
export async function loadProductionWeb(buildDir = webBuildDir): Promise<WebApp> {
  // the release `current` names now: a later build switches the link, not what this process serves
  const releaseDir = await realpath(buildDir);
  const build = (await import(pathToFileURL(join(releaseDir, 'server/index.js')).href)) as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  return {
    assets: productionAssets(join(releaseDir, 'client')),
    serviceWorker: await loadServiceWorker(join(releaseDir, 'client'), build),
    release: { clientDir: join(releaseDir, 'client'), assets: build.assets },
    handle: (request, context) => handler(request, context),
  };
}
