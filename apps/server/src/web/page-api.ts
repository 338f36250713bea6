import type { Context } from 'hono';
import type { PageApi } from '@marketplace/web';
import type { AppEnv } from '../http/context.ts';

// The headers of the shopper's request that the API reads: who (the session cookie), from where
// (the address for rate limits, https for the cookie's Secure flag) and the request's id for the log.
const FORWARDED = [
  'cookie',
  'user-agent',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'accept-language',
  'x-request-id',
];

// requests a page's server code makes: its shopper's visit was counted once already
const inProcess = new WeakSet<Request>();

/** True for an API request a page's loader or action made in this process. */
export function isPageApiRequest(request: Request): boolean {
  return inProcess.has(request);
}

/**
 * The API as a page's server code sees it (ADR-0013: forms are route actions). An action calls
 * the same endpoint the page's script would, through the whole API middleware chain (validation,
 * rate limits, error mapping), without a network hop; the shopper's connection (its address for
 * rate limits) comes along.
 */
export function pageApi(fetchApp: (request: Request, env: unknown) => Response | Promise<Response>) {
  return (c: Context<AppEnv>): PageApi =>
    (path, init = {}) => {
      if (!path.startsWith('/api/')) throw new Error(`pages call the API only: ${path}`);
      const headers = new Headers();
      for (const name of FORWARDED) {
        const value = name === 'x-request-id' ? c.get('requestId') : c.req.header(name);
        if (value) headers.set(name, value);
      }
      // requirements#message-languages: the page making the call is where the request comes from
      headers.set('referer', c.req.url);
      // a form (files a page's form carried, for the upload endpoint) goes as multipart, the rest as JSON
      const isForm = init.body instanceof FormData;
      if (init.body !== undefined && !isForm) headers.set('content-type', 'application/json');
      const body = init.body instanceof FormData ? init.body : JSON.stringify(init.body);
      const request = new Request(new URL(path, c.req.url), {
        method: init.method ?? 'GET',
        headers,
        ...(init.body === undefined ? {} : { body }),
      });
      inProcess.add(request);
      return Promise.resolve(fetchApp(request, c.env));
    };
}
