import {
  fieldMessages,
  PASSWORD_FIELDS,
  PASSWORD_MESSAGES,
  PasswordChange,
  PasswordChanged,
} from '@marketplace/domain/accounts/profile';
import { NEW_PASSWORD_MESSAGES } from '@marketplace/domain/accounts/registration';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { data, Form, redirect, useActionData, useNavigation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs } from '../../lib/services.ts';

/**
 * requirements#operator-console: a staff member made from the command line got a temporary
 * password, printed once. Before anything else the console asks for a password of their own (the
 * shop's change-password rules and API); the authenticator app's set-up follows.
 */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const refused = (error: string | null, errors: Record<string, string>, status: number) =>
    data({ error, errors }, { status });
  if (!form) return refused(PASSWORD_MESSAGES.error, {}, 400);
  const values = formFields(form, PASSWORD_FIELDS);
  const parsed = PasswordChange.safeParse(values);
  const mismatch = values.confirmPassword !== values.newPassword ? PASSWORD_MESSAGES.mismatch : undefined;
  if (!parsed.success || mismatch)
    return refused(
      null,
      {
        ...(parsed.success ? {} : fieldMessages(parsed.error)),
        ...(mismatch ? { confirmPassword: mismatch } : {}),
      },
      400,
    );
  const api = actionApi(context);
  const result = await api.call('PUT', '/api/profile/password', PasswordChanged, parsed.data);
  // the console's frame sends the staff member on to setting up the app
  if (result.ok) return redirect('/admin/enrol', { headers: api.headers });
  if (result.kind === 'unreachable') return refused(PASSWORD_MESSAGES.error, {}, 503);
  if (result.status === 401) return redirect(loginPathFor(request));
  return refused(result.message || PASSWORD_MESSAGES.failed, result.fields, result.status);
}

export function meta() {
  return [{ title: 'Choose your password · Console' }];
}

export default function ChoosePassword() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const errors: Record<string, string> = answer?.errors ?? {};
  return (
    <div className="admin-code">
      <h1>Choose your password</h1>
      <p>{STAFF_MESSAGES.needsNewPassword}</p>
      <p>The temporary password was shown once, when your account was made; enter it as the current one.</p>
      <Form method="post" noValidate>
        {answer?.error && <Alert tone="error">{answer.error}</Alert>}
        <Field
          label="Temporary password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <Field
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.newPassword}
          hint={NEW_PASSWORD_MESSAGES.rule}
        />
        <Field
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <Button type="submit" disabled={busy}>
          Save and continue
        </Button>
      </Form>
    </div>
  );
}
