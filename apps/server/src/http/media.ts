import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context.ts';
import { fileValidators } from './file-validators.ts';

// Generated catalog images carry a content hash in their name (name-1a2b3c4d.svg): they never change.
const FINGERPRINTED = /-[0-9a-f]{8,}\.[a-z0-9]+$/i;

/**
 * Catalog images and customer uploads under the media folder, with ETag and Last-Modified so a
 * browser revalidates an unfingerprinted file with a 304 instead of downloading it again. SVGs are
 * compressed by the app's compression middleware; other images are sent as they are.
 */
export function mediaRoutes(mediaDir: string) {
  const app = new Hono<AppEnv>();
  const validators = fileValidators();
  app.use('/*', async (c, next) => {
    await next();
    if (![200, 206, 304].includes(c.res.status)) return;
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
  app.use('/*', validators.middleware);
  app.use(
    '/*',
    serveStatic({
      root: mediaDir,
      rewriteRequestPath: (path) => path.replace(/^\/media/, ''),
      onFound: validators.onFound,
    }),
  );
  app.all('/*', (c) => c.text('Not found', 404));
  return app;
}
