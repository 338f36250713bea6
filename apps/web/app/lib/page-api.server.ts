import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { type AppLoadContext, data, redirect } from 'react-router';
import type { z } from 'zod';
import { type ApiFetch, type ApiResult, requestApi } from './account-api.ts';

/**
 * The API as an action sees it: each call goes to the server in-process with the shopper's
 * cookie, and the cookies the API sets (a new session at login) are collected for the page's
 * own answer, so the browser receives them with the redirect or the re-rendered form.
 */
export function actionApi(context: AppLoadContext) {
  const headers = new Headers();
  const fetcher: ApiFetch = async (path, init) => {
    const response = await context.api(path, init);
    for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie);
    return response;
  };
  return {
    /** Headers for the action's answer: the cookies the API set. */
    headers,
    call<T extends z.ZodType>(
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      path: string,
      schema: T,
      body?: unknown,
    ): Promise<ApiResult<z.infer<T>>> {
      return requestApi(fetcher, method, path, schema, body);
    },
  };
}

/** A posted form's text fields as plain strings (a file or a missing field reads as ''). */
export function formFields<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const fields = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    fields[name] = typeof value === 'string' ? value : '';
  }
  return fields;
}

/** The posted form, or null when the body is not a form at all (the action answers 400, never 500). */
export async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/**
 * Where a visitor goes to log in, and comes back to this page after. Pass an action's or loader's
 * `url` argument where the request may be a script's data request (its path ends in `.data`).
 */
export function loginPathFor(request: Request | URL): string {
  const url = new URL(request instanceof URL ? request.href : request.url);
  // a script's data request (/page.data?...) comes back to the page itself
  url.pathname = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\.data$/, '');
  url.searchParams.delete('_routes');
  // requirements#languages: the login page in the page's language
  return localizedPath(
    splitLanguage(url.pathname).language,
    `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`,
  );
}

/**
 * A page's server data from the API, parsed with the answer's schema (STYLE.md habit 14): a
 * visitor whose session ended goes to /login and back, a record that is not (or not theirs) is
 * null, anything else is the page's error.
 */
export async function loadFromApi<T extends z.ZodType>(
  context: AppLoadContext,
  request: Request,
  path: string,
  schema: T,
): Promise<z.infer<T> | null> {
  const result = await requestApi(context.api, 'GET', path, schema);
  if (result.ok) return result.data;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
  if (result.kind === 'refused' && result.status === 401) throw redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 404) return null;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('This page could not be loaded. Please try again.', { status: 503 });
}
