// requirements#operator-content: the content screens' calls to the console API, with one way to
// meet a refusal: a visitor logs in, another role sees the console's "Not allowed", no answer is a 503.
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { type ApiResult, requestApi } from '../../../lib/account-api.ts';
import { loginPathFor } from '../../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../../lib/services.ts';

/** A screen's data from the API; refusals other than 400 and 404 are thrown as the screen's answer. */
export async function loadContent<T extends z.ZodType>(
  { request, context }: Pick<LoaderArgs, 'request' | 'context'>,
  method: 'GET' | 'POST',
  path: string,
  schema: T,
  body?: unknown,
): Promise<ApiResult<z.infer<T>>> {
  const result = await requestApi(context.api, method, path, schema, body);
  throwRefusal(result, request);
  return result;
}

/** Throws the answer for a refusal a screen does not show itself: 401 (log in), 403 and no answer. */
export function throwRefusal(result: ApiResult<unknown>, request: Request) {
  if (result.ok) return;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects by a thrown Response
  if (result.kind === 'refused' && result.status === 401) throw redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 403)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the console's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: 403 });
  if (result.kind === 'unreachable')
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the console's error boundary shows it
    throw data('The storefront content could not be loaded. Please try again.', { status: 503 });
}
