import type { Hono } from 'hono';
import type { AppLoadContext, ServerBuild } from 'react-router';
import type { AppEnv } from '../http/context.ts';
import type { ServiceWorker } from './pwa.ts';
import type {} from '@marketplace/web'; // brings in the AppLoadContext the web app declares

/** The server-rendered web app: its static files, and a handler for every page request. */
export type WebApp = {
  assets: Hono<AppEnv>;
  handle(request: Request, context: AppLoadContext): Promise<Response>;
  /** requirements#pwa: the built service worker, or null (development, or a build without one) */
  serviceWorker: ServiceWorker | null;
  /** requirements#payment-page-scripts: the release's client files and route manifest; null in development */
  release: { clientDir: string; assets: ServerBuild['assets'] } | null;
};
