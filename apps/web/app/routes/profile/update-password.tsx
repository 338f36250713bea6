import { useEffect, useRef } from 'react';
import {
  fieldMessages,
  PASSWORD_FIELDS,
  PASSWORD_MESSAGES,
  PASSWORD_REDIRECT_MS,
  PasswordChange,
  PasswordChanged,
} from '@marketplace/domain/accounts/profile';
import { MIN_PASSWORD_LENGTH } from '@marketplace/domain/accounts/registration';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import {
  data,
  Form,
  type HeadersFunction,
  redirect,
  useActionData,
  useNavigate,
  useNavigation,
} from 'react-router';
import { useLocalPath, useT } from '../../i18n/intl.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { errorNotice, Notice, successNotice } from '../../components/account/notice.tsx';
import { useFieldText } from '../../components/account/profile-texts.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs } from '../../lib/services.ts';

const PROFILE = '/myprofile';

/**
 * Changes the password. The passwords travel only in the POST body and never come back in the
 * answer; a refusal brings the messages beside the fields, success the spec's message.
 */
export async function action({ request, url, context }: ActionArgs) {
  const local = (path: string) => localizedPath(splitLanguage(url.pathname).language, path);
  const form = await readForm(request);
  const refused = (text: string | null, errors: Record<string, string>, status: number) =>
    data({ done: false, errors, notice: text === null ? null : errorNotice(text) }, { status });
  if (!form) return refused(PASSWORD_MESSAGES.error, {}, 400);
  const values = formFields(form, PASSWORD_FIELDS);
  const parsed = PasswordChange.safeParse(values);
  // the mismatch is told even while another field is still wrong
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
  if (result.ok)
    // requirements#change-password: the profile follows after 2 s; a browser without scripts is told so by the Refresh header
    return data(
      { done: true, errors: {}, notice: successNotice(result.data.message) },
      { headers: { refresh: `${PASSWORD_REDIRECT_MS / 1000}; url=${local(PROFILE)}` } },
    );
  if (result.kind === 'unreachable') return refused(PASSWORD_MESSAGES.error, {}, 503);
  if (result.status === 401) return redirect(local(loginPathFor(request)));
  return refused(result.message || PASSWORD_MESSAGES.failed, result.fields, result.status);
}

/** A document answer keeps the action's Refresh header (React Router passes on only cookies by itself). */
export const headers: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const refresh = actionHeaders.get('refresh');
  if (refresh) headers.set('refresh', refresh);
  return headers;
};

/** /updatepassword: current, new (6+), confirm; on success a message and the profile after 2 s (requirements#change-password). */
export default function UpdatePassword() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const profilePath = useLocalPath()(PROFILE);
  const t = useT();
  const say = useFieldText();
  const form = useRef<HTMLFormElement>(null);
  const saving = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const done = answer?.done === true;
  const errors: Record<string, string> = answer?.errors ?? {};

  useEffect(() => {
    if (!done) return;
    form.current?.reset();
    const timer = setTimeout(() => void navigate(profilePath), PASSWORD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [answer, done, navigate, profilePath]);

  return (
    <AccountPage
      title={t('profile.changePassword')}
      crumb={{ to: PROFILE, label: t('profile.title') }}
      narrow
    >
      <Notice notice={answer?.notice ?? null} />
      <Form method="post" className="account-form ui-form" noValidate ref={form}>
        <Field
          label={t('profile.password.currentPassword')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={say(errors.currentPassword)}
        />
        <Field
          label={t('profile.password.newPassword')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          error={say(errors.newPassword)}
          hint={t('profile.password.rule', { min: MIN_PASSWORD_LENGTH })}
        />
        <Field
          label={t('profile.password.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={say(errors.confirmPassword)}
        />
        <div className="form-actions">
          <Button type="submit" busy={saving} disabled={done}>
            {saving ? t('profile.password.updating') : t('profile.password.update')}
          </Button>
        </div>
      </Form>
    </AccountPage>
  );
}
