import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { cacheControlOf, mediaKeyOfPath, type MediaStore } from '../media-store.ts';
import type { AppEnv } from './context.ts';
import { fileValidators, isNotModified } from './file-validators.ts';

// what a 304 leaves out: it has no body (RFC 9110 §15.4.5)
const BODY_HEADERS = ['content-length', 'content-type', 'content-encoding', 'content-range', 'accept-ranges'];

/**
 * The public media files (requirements#media-store), with ETag and Last-Modified so a browser
 * revalidates an unfingerprinted file with a 304 instead of downloading it again; content-hashed
 * names are cached for a year as immutable. Files come from the media folder, or, when the media
 * store is a bucket, from the bucket (streamed with the same headers, so every server of the shop
 * serves the same image). SVGs are compressed by the app's compression middleware; other images
 * are sent as they are.
 */
export function mediaRoutes(mediaDir: string, store?: MediaStore) {
  const app = new Hono<AppEnv>();
  app.use('/*', async (c, next) => {
    await next();
    if (![200, 206, 304].includes(c.res.status)) return;
    c.res.headers.set('Cache-Control', cacheControlOf(c.req.path));
    // uploaded SVGs could carry scripts: never let a media file run anything
    c.res.headers.set(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
    );
  });
  if (store && store.kind !== 'disk') {
    app.on(['GET', 'HEAD'], '/*', async (c) => {
      // a key with anything but safe pieces (../, NUL, %-encoding, backslashes) is simply not there
      const key = mediaKeyOfPath(c.req.path);
      const object = key === null ? null : await store.get(key);
      if (!object) return c.text('Not found', 404);
      const headers = new Headers({
        'content-type': object.contentType,
        'content-length': String(object.size),
      });
      if (object.etag) headers.set('etag', object.etag);
      if (object.lastModified) headers.set('last-modified', object.lastModified.toUTCString());
      const conditional = {
        ifNoneMatch: c.req.header('if-none-match'),
        ifModifiedSince: c.req.header('if-modified-since'),
      };
      const current =
        object.etag !== null &&
        isNotModified(conditional, object.etag, object.lastModified ?? new Date(Number.MAX_SAFE_INTEGER));
      if (current || c.req.method === 'HEAD') {
        await object.body.cancel();
        if (current) for (const name of BODY_HEADERS) headers.delete(name);
        return new Response(null, { status: current ? 304 : 200, headers });
      }
      return new Response(object.body, { status: 200, headers });
    });
  } else {
    const validators = fileValidators();
    app.use('/*', validators.middleware);
    app.use(
      '/*',
      serveStatic({
        root: mediaDir,
        rewriteRequestPath: (path) => path.replace(/^\/media/, ''),
        onFound: validators.onFound,
      }),
    );
  }
  app.all('/*', (c) => c.text('Not found', 404));
  return app;
}
