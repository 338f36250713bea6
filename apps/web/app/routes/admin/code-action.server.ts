import { STAFF_MESSAGES, StaffCodeInput, StaffMe } from '@marketplace/domain/admin/staff-api';
import { data, redirect } from 'react-router';
import { fieldErrors } from '../../lib/account-api.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs } from '../../lib/services.ts';

/** Where to go back to after entering a code: a console page, never another site. */
export function consoleReturnPath(value: string | null): string {
  return value && /^\/admin(\/[\w\-/]*)?(\?[\w\-=&%.]*)?$/.test(value) ? value : '/admin';
}

export type CodeAnswer = { error: string; fields: Record<string, string> };

/**
 * requirements#operator-console: a code from the authenticator app posted to `apiPath` (set up or
 * verify). Checked with the API's schema first; a right code goes on to the console. The code is
 * never sent back to the page.
 */
export async function postCode({ request, context }: ActionArgs, apiPath: string) {
  const fail = (answer: CodeAnswer, status: number) => data(answer, { status });
  const form = await readForm(request);
  if (!form) return fail({ error: 'The form could not be read. Please try again.', fields: {} }, 400);
  const parsed = StaffCodeInput.safeParse(formFields(form, ['code']));
  if (!parsed.success)
    return fail({ error: STAFF_MESSAGES.codeShape, fields: fieldErrors(parsed.error) }, 400);
  const api = actionApi(context);
  const result = await api.call('POST', apiPath, StaffMe, parsed.data);
  const back = consoleReturnPath(new URL(request.url).searchParams.get('redirectTo'));
  if (result.ok) return redirect(back, { headers: api.headers });
  if (result.kind === 'unreachable')
    return fail({ error: 'The code could not be checked. Please try again.', fields: {} }, 503);
  if (result.status === 401) return redirect(loginPathFor(request));
  // already set up or verified elsewhere: the console's frame sends the staff member on
  if (result.status === 409) return redirect('/admin');
  return fail(
    { error: result.message, fields: result.status === 422 ? { code: result.message } : {} },
    result.status,
  );
}
