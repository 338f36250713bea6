import { z } from 'zod';

/** What an account API call came back with: data, a refusal with the server's message, or no answer. */
export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; kind: 'refused'; status: number; message: string; fields: Record<string, string> }
  | { ok: false; kind: 'unreachable' };

const ErrorBody = z.object({
  error: z.object({
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** How a call reaches the API: the browser's fetch, or (in an action) the server in-process. */
export type ApiFetch = (path: string, init?: { method?: string; body?: unknown }) => Promise<Response>;

/** The browser's way: same origin, the session cookie goes along. */
export const browserFetch: ApiFetch = (path, init = {}) =>
  fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

/** Calls our JSON API from the browser (same origin, the session cookie goes along). */
export function callApi<T extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  schema: T,
  body?: unknown,
): Promise<ApiResult<z.infer<T>>> {
  return requestApi(browserFetch, method, path, schema, body);
}

/** Calls our JSON API through a fetcher and checks the answer against its schema. */
export async function requestApi<T extends z.ZodType>(
  fetcher: ApiFetch,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  schema: T,
  body?: unknown,
): Promise<ApiResult<z.infer<T>>> {
  let res: Response;
  try {
    res = await fetcher(path, body === undefined ? { method } : { method, body });
  } catch {
    return { ok: false, kind: 'unreachable' };
  }
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const parsed = schema.safeParse(json);
    return parsed.success ? { ok: true, data: parsed.data } : { ok: false, kind: 'unreachable' };
  }
  const error = ErrorBody.safeParse(json);
  // a 5xx or a non-JSON answer is "no answer" to the shopper: the spec's fallback text shows
  if (!error.success || res.status >= 500) return { ok: false, kind: 'unreachable' };
  return {
    ok: false,
    kind: 'refused',
    status: res.status,
    message: error.data.error.message,
    fields: error.data.error.fields ?? {},
  };
}

/** The first message per field of a failed schema check, keyed by the field's name ('_' for the form). */
export function fieldErrors(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
