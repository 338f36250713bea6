import type { Hono } from 'hono';
import type { AppLoadContext } from 'react-router';
import type { AppEnv } from '../http/context.ts';
import type {} from '@marketplace/web'; // brings in the AppLoadContext the web app declares

/** The server-rendered web app: its static files, and a handler for every page request. */
export type WebApp = {
  assets: Hono<AppEnv>;
  handle(request: Request, context: AppLoadContext): Promise<Response>;
};
