import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { AppEnv } from '../http/context.ts';
import { webBuildDir } from './build.ts';
import type { WebApp } from './web-app.ts';

/** Serves the production build: fingerprinted assets with immutable caching, pages rendered on the server. */
export async function loadProductionWeb(buildDir = webBuildDir): Promise<WebApp> {
  const build = (await import(pathToFileURL(join(buildDir, 'server/index.js')).href)) as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  const clientDir = join(buildDir, 'client');
  const assets = new Hono<AppEnv>();
  assets.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  assets.use('/assets/*', serveStatic({ root: clientDir }));
  assets.get('/favicon.svg', serveStatic({ root: clientDir }));
  assets.get('/images/*', serveStatic({ root: clientDir }));
  return { assets, handle: (request, context) => handler(request, context) };
}
