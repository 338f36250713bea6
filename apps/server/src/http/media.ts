import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context.ts';

// Generated catalog images carry a content hash in their name (name-1a2b3c4d.svg): they never change.
const FINGERPRINTED = /-[0-9a-f]{8,}\.[a-z0-9]+$/i;

/** Catalog images and customer uploads under the media folder. */
export function mediaRoutes(mediaDir: string) {
  const app = new Hono<AppEnv>();
  app.use('/*', async (c, next) => {
    await next();
    if (c.res.status !== 200 && c.res.status !== 206) return;
    c.res.headers.set(
      'Cache-Control',
      FINGERPRINTED.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
    );
    // uploaded SVGs could carry scripts: never let a media file run anything
    c.res.headers.set(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
    );
  });
  app.use('/*', serveStatic({ root: mediaDir, rewriteRequestPath: (path) => path.replace(/^\/media/, '') }));
  app.all('/*', (c) => c.text('Not found', 404));
  return app;
}
