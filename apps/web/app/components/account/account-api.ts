// Account pages render in the browser behind the login guard and talk to the JSON API (same origin).
import { redirect } from 'react-router';

export type ApiFailure = { ok: false; status: number; message: string; fields: Record<string, string> };
export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

type ErrorBody = { error?: { message?: unknown; fields?: unknown } };

function failure(status: number, body: unknown): ApiFailure {
  const error = (body as ErrorBody | null)?.error;
  const fields: Record<string, string> = {};
  if (error?.fields && typeof error.fields === 'object') {
    for (const [key, value] of Object.entries(error.fields))
      if (typeof value === 'string') fields[key] = value;
  }
  return { ok: false, status, message: typeof error?.message === 'string' ? error.message : '', fields };
}

/**
 * Calls an account endpoint. Answers of the server come back as values; only a network failure
 * throws (the pages show the spec's "error" texts for those).
 */
export async function callApi<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<ApiResult<T>> {
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body: unknown = await res.json().catch(() => null);
  return res.ok ? { ok: true, data: body as T } : failure(res.status, body);
}

/** For client loaders: the data, or off to /login when the session has ended meanwhile. */
export async function loadOrLogin<T>(path: string, here: string): Promise<T | null> {
  const result = await callApi<T>(path);
  if (result.ok) return result.data;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
  if (result.status === 401) throw redirect(`/login?redirectTo=${encodeURIComponent(here)}`);
  if (result.status === 404) return null;
  throw new Error(result.message || `Could not load ${path}`);
}

/** The page a client loader runs for, to come back to after logging in. */
export const hereOf = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};
