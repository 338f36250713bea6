import { LoggedIn, LOGIN_MESSAGES, LoginInput } from '@marketplace/domain/accounts/login';
import { useState } from 'react';
import { data, Form, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { AuthCard } from '../../components/account/form-parts.tsx';
import { returnPathIn } from '../../components/account/signin-paths.ts';
import { useSigninText } from '../../components/account/signin-texts.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../lib/account-api.ts';
import { actionApi, formFields, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs } from '../../lib/services.ts';
import { SITE_NAME } from '../../lib/titles.ts';

/**
 * The posted sign-in form (ADR-0013: it works before the page's scripts arrive). The password
 * travels only in the POST body; the answer keeps the typed email, never the password.
 */
export async function action({ request, url, context }: ActionArgs) {
  const form = await readForm(request);
  if (!form) return data({ alert: LOGIN_MESSAGES.failed, errors: {}, email: '' }, { status: 400 });
  const fields = formFields(form, ['email', 'password', 'redirectTo']);
  const email = fields.email.slice(0, 320);
  const parsed = LoginInput.safeParse(fields);
  if (!parsed.success)
    return data({ alert: null, errors: fieldErrors(parsed.error), email }, { status: 400 });
  const api = actionApi(context);
  const result = await api.call('POST', '/api/auth/login', LoggedIn, parsed.data);
  // requirements#languages: back to where the shopper was going, in the language they signed in
  if (result.ok) return redirect(returnPathIn(url, fields.redirectTo || null), { headers: api.headers });
  if (result.kind === 'unreachable')
    return data({ alert: LOGIN_MESSAGES.failed, errors: {}, email }, { status: 503 });
  return data({ alert: result.message, errors: result.fields, email }, { status: result.status });
}

/** /login: email and password; afterwards back to the page the visitor was going to (or home). */
export default function LoginPage() {
  const t = useT();
  const say = useSigninText();
  const [params] = useSearchParams();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const redirectTo = params.get('redirectTo');
  const [email, setEmail] = useState(answer?.email ?? '');
  const withReturn = (path: string) =>
    redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path;
  const errors: Record<string, string> = answer?.errors ?? {};
  const alert = answer?.alert ?? null;
  const typedEmail = LoginInput.shape.email.safeParse(email);

  return (
    <AuthCard
      title={t('signin.signIn')}
      below={
        <>
          <p className="auth-divider">{t('signin.newTo', { site: SITE_NAME })}</p>
          <ButtonLink to="/registration" variant="secondary" block>
            {t('signin.createSiteAccount', { site: SITE_NAME })}
          </ButtonLink>
        </>
      }
    >
      {params.get('reset') === 'done' && !alert && (
        <Alert tone="success">{t('signin.notice.passwordReset')}</Alert>
      )}
      {alert && <Alert tone="error">{say(alert)}</Alert>}
      <Form method="post" noValidate>
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <Field
          label={t('signin.email')}
          name="email"
          type="email"
          autoComplete="username"
          defaultValue={answer?.email ?? ''}
          onChange={(event) => setEmail(event.target.value)}
          error={say(errors.email)}
        />
        <Field
          label={t('signin.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          error={say(errors.password)}
        />
        <Button type="submit" variant="primary" block busy={busy}>
          {busy ? t('signin.signingIn') : t('signin.signIn')}
        </Button>
      </Form>
      <div className="auth-links">
        <Link to={withReturn('/otpverification')}>{t('signin.loginWithOtp')}</Link>
        <Link to={`/forgotpassword/${encodeURIComponent(typedEmail.success ? typedEmail.data : 'email')}`}>
          {t('signin.forgotPassword')}
        </Link>
      </div>
    </AuthCard>
  );
}
