import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context.ts';

const require = createRequire(import.meta.url);
// the package's folder, found without loading it: its main module evaluates the 1.4 MB browser
// bundle, a quarter to most of a second of every start (README: the first minute)
const swaggerUiDir = dirname(require.resolve('swagger-ui-dist/package.json'));

const page = (nonce: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Marketplace API</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" nonce="${nonce}">
</head>
<body>
  <div id="docs"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js" nonce="${nonce}"></script>
  <script nonce="${nonce}">SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true });</script>
</body>
</html>`;

/** A readable docs page over the OpenAPI document, served from the installed swagger-ui-dist (no CDN). */
export function apiDocsRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', (c) => c.html(page(c.get('nonce'))));
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=86400');
  });
  app.use(
    '/assets/*',
    serveStatic({
      root: swaggerUiDir,
      rewriteRequestPath: (path) => path.replace(/^\/api\/docs\/assets/, ''),
    }),
  );
  return app;
}
