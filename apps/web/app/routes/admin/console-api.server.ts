// requirements#operator-console: a console page's data from the API. A visitor logs in and comes
// back, a refusal (a role that does not reach the area) is the page's 403, an unknown record null.
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { type ApiResult, requestApi } from '../../lib/account-api.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';

/** What a loader throws for an answer it cannot show: the login page, the refusal, or a 503. */
export function unshown(result: Exclude<ApiResult<unknown>, { ok: true }>, request: Request) {
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 403)
    return data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  return data('This page could not be loaded. Please try again.', { status: 503 });
}

export async function loadConsole<T extends z.ZodType>(
  { request, context }: Pick<LoaderArgs, 'request' | 'context'>,
  path: string,
  schema: T,
): Promise<z.infer<T> | null> {
  const result = await requestApi(context.api, 'GET', path, schema);
  if (result.ok) return result.data;
  if (result.kind === 'refused' && result.status === 404) return null;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router shows a thrown answer
  throw unshown(result, request);
}
