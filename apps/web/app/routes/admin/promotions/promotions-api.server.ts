import { data, redirect, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { requestApi } from '../../../lib/account-api.ts';
import { actionApi, loginPathFor } from '../../../lib/page-api.server.ts';

// requirements#operator-promotions: how the promotions pages read and write through the admin API.

/** A page's data: a visitor goes to log in, a refused role sees why, a missing record is 404. */
export async function loadAdmin<T extends z.ZodType>(
  context: AppLoadContext,
  request: Request,
  path: string,
  schema: T,
): Promise<{ ok: true; data: z.infer<T> } | { ok: false; message: string; fields: Record<string, string> }> {
  const result = await requestApi(context.api, 'GET', path, schema);
  if (result.ok) return result;
  if (result.kind === 'refused' && result.status === 401)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
    throw redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  if (result.kind === 'refused' && result.status === 404)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message, { status: 404 });
  if (result.kind === 'refused' && result.status === 400)
    return { ok: false, message: result.message, fields: result.fields };
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('This page could not be loaded. Please try again.', { status: 503 });
}

export type WriteAnswer<T> =
  { ok: true; data: T } | { ok: false; status: number; message: string; fields: Record<string, string> };

/** A form's write through the API: the answer, or the API's message and per-field messages. */
export async function writeAdmin<T extends z.ZodType>(
  context: AppLoadContext,
  request: Request,
  method: 'POST' | 'PUT',
  path: string,
  schema: T,
  body?: unknown,
): Promise<WriteAnswer<z.infer<T>>> {
  const result = await actionApi(context).call(method, path, schema, body);
  if (result.ok) return result;
  if (result.kind === 'refused' && result.status === 401)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from an action by a thrown Response
    throw redirect(loginPathFor(request));
  if (result.kind === 'unreachable')
    return { ok: false, status: 503, message: 'Something went wrong. Please try again.', fields: {} };
  return { ok: false, status: result.status, message: result.message, fields: result.fields };
}
