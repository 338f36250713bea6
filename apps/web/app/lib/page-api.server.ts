import type { AppLoadContext } from 'react-router';
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
