// requirements#operator-catalog: how the catalog screens call the console API from their loaders
// and actions: a visitor goes to log in, a refusal of the role shows the error page, the rest is the
// API's own message.
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { requestApi } from '../../../lib/account-api.ts';
import { actionApi, loginPathFor } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';

/** A loader's read: the data, or a thrown redirect (login) or error page (403, 404, 503). */
export async function readConsole<T extends z.ZodType>(
  { request, context }: Pick<LoaderArgs, 'request' | 'context'>,
  path: string,
  schema: T,
  what: string,
): Promise<z.infer<T>> {
  const result = await requestApi(context.api, 'GET', path, schema);
  if (result.ok) return result.data;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
  if (result.kind === 'refused' && result.status === 401) throw redirect(loginPathFor(request));
  if (result.kind === 'refused' && [400, 403, 404].includes(result.status))
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
    throw data(result.message || STAFF_MESSAGES.wrongRole, { status: result.status });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data(`${what} could not be loaded. Please try again.`, { status: 503 });
}

export type ChangeAnswer = {
  ok: boolean;
  /** which form answered (a page holds several) */
  form: string;
  message: string;
  fields: Record<string, string>;
};

/** An action's change: the API's message to show, with the status to answer (a login redirect thrown). */
export async function sendChange<T extends z.ZodType>(
  { request, context }: Pick<ActionArgs, 'request' | 'context'>,
  form: string,
  method: 'POST' | 'PATCH',
  path: string,
  schema: T,
  body: unknown,
) {
  const result = await actionApi(context).call(method, path, schema, body);
  if (result.ok) return { ok: true as const, value: result.data };
  if (result.kind === 'unreachable')
    return {
      ok: false as const,
      answer: data<ChangeAnswer>(
        { ok: false, form, message: 'The change could not be saved. Please try again.', fields: {} },
        { status: 503 },
      ),
    };
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from an action by a thrown Response
  if (result.status === 401) throw redirect(loginPathFor(request));
  return {
    ok: false as const,
    answer: data<ChangeAnswer>(
      { ok: false, form, message: result.message, fields: result.fields },
      { status: result.status },
    ),
  };
}

/** The form's answer on success: its message, shown beside the form that sent it. */
export const saved = (form: string, message: string) =>
  data<ChangeAnswer>({ ok: true, form, message, fields: {} });

/** A posted id as a number (0 when it is not one: the API then refuses it). */
export const postedId = (value: FormDataEntryValue | null) =>
  typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0;
