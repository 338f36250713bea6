import { type AppLoadContext, redirect } from 'react-router';
import type { z } from 'zod';
import { requestApi } from './account-api.ts';
import { loginPathFor } from './page-api.server.ts';

/** What an order page found: its data, nothing (not the shopper's, or a malformed link), or no answer. */
export type OrderPageData<T> = { kind: 'found'; data: T } | { kind: 'missing' } | { kind: 'failed' };

/**
 * An order page's server data from the API, parsed with the answer's schema (STYLE.md habit 14).
 * A visitor goes to /login and back; a record that is not the shopper's (404) or a malformed link
 * (400) is 'missing'; anything else is 'failed', so each page shows the spec's own text for it.
 */
export async function loadOrderPage<T extends z.ZodType>(
  context: AppLoadContext,
  url: URL,
  path: string,
  schema: T,
): Promise<OrderPageData<z.infer<T>>> {
  const result = await requestApi(context.api, 'GET', path, schema);
  if (result.ok) return { kind: 'found', data: result.data };
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
  if (result.kind === 'refused' && result.status === 401) throw redirect(loginPathFor(url));
  if (result.kind === 'refused' && (result.status === 404 || result.status === 400))
    return { kind: 'missing' };
  return { kind: 'failed' };
}

/** The page's HTTP status for what it found: 404 for a record that is not the shopper's. */
export function orderPageStatus(loaded: { kind: 'found' | 'missing' | 'failed' }): number {
  return loaded.kind === 'found' ? 200 : loaded.kind === 'missing' ? 404 : 503;
}
