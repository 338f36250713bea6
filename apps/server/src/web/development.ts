import type { Server } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { AppEnv } from '../http/context.ts';
import { webRoot } from './build.ts';
import type { WebApp } from './web-app.ts';

/** `npm run dev`: Vite serves the browser modules with hot reload; pages render from the live sources. */
export async function createDevelopmentWeb(httpServer: Server): Promise<WebApp & { close(): Promise<void> }> {
  const vite = await import('vite');
  const devServer = await vite.createServer({
    root: webRoot,
    configFile: `${webRoot}/vite.config.ts`,
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: 'custom',
  });
  const assets = new Hono<AppEnv & { Bindings: HttpBindings }>();
  assets.use('*', async (c, next) => {
    const { incoming, outgoing } = c.env;
    const handled = await new Promise<boolean>((resolve) => {
      outgoing.once('finish', () => resolve(true));
      devServer.middlewares(incoming, outgoing, () => resolve(false));
    });
    if (handled) return RESPONSE_ALREADY_SENT;
    await next();
  });
  return {
    assets: assets as unknown as Hono<AppEnv>,
    handle: async (request, context) => {
      const build = (await devServer.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
      return createRequestHandler(build, 'development')(request, context);
    },
    // no worker while developing: it would keep yesterday's modules from hot reload
    serviceWorker: null,
    // no release: the check of the payment page's scripts looks at production builds only
    release: null,
    close: () => devServer.close(),
  };
}
