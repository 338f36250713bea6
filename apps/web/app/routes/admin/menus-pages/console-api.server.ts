import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { type AppLoadContext, data, redirect } from 'react-router';
import type { z } from 'zod';
import { requestApi } from '../../../lib/account-api.ts';
import { actionApi, loginPathFor } from '../../../lib/page-api.server.ts';

/**
 * requirements#operator-console: a console page's data from the API. A visitor logs in and comes
 * back; a role that does not reach the area sees the API's refusal; a missing record is null.
 */
export async function loadConsole<T extends z.ZodType>(
  context: AppLoadContext,
  request: Request,
  path: string,
  schema: T,
): Promise<z.infer<T> | null> {
  const result = await requestApi(context.api, 'GET', path, schema);
  if (result.ok) return result.data;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
  if (result.kind === 'refused' && result.status === 401) throw redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  if (result.kind === 'refused' && (result.status === 404 || result.status === 400)) return null;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('This page could not be loaded. Please try again.', { status: 503 });
}

export type ConsoleAnswer<T> =
  { ok: true; data: T } | { ok: false; status: number; message: string; fields: Record<string, string> };

/** A console form's change sent to the API; a lapsed session is a redirect to log in (thrown). */
export async function sendConsole<T extends z.ZodType>(
  context: AppLoadContext,
  request: Request,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: T,
  body?: unknown,
): Promise<ConsoleAnswer<z.infer<T>>> {
  const result = await actionApi(context).call(method, path, schema, body);
  if (result.ok) return result;
  if (result.kind === 'unreachable')
    return { ok: false, status: 503, message: 'Something went wrong. Please try again.', fields: {} };
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from an action by a thrown Response
  if (result.status === 401) throw redirect(loginPathFor(request));
  return { ok: false, status: result.status, message: result.message, fields: result.fields };
}
