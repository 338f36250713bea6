import {
  LOGIN_MESSAGES,
  LoginInput,
  RESET_MESSAGES,
  safeReturnPath,
} from '@marketplace/domain/accounts/login';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, Field, FormAlert, SubmitButton } from '../../components/account/form-parts.tsx';
import { callApi, fieldErrors, LoggedIn } from '../../lib/account-api.ts';

/** /login: email and password; afterwards back to the page the visitor was going to (or home). */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirectTo = params.get('redirectTo');
  const [form, setForm] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const withReturn = (path: string) =>
    redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const parsed = LoginInput.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const result = await callApi('POST', '/api/auth/login', LoggedIn, parsed.data);
    setBusy(false);
    if (result.ok) return navigate(safeReturnPath(redirectTo), { replace: true });
    if (result.kind === 'unreachable') return setAlert(LOGIN_MESSAGES.failed);
    setErrors(result.fields);
    setAlert(result.message);
  }

  const set = (name: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((value) => ({ ...value, [name]: event.target.value }));
  const typedEmail = LoginInput.shape.email.safeParse(form.email);

  return (
    <AuthCard
      title="Sign in"
      below={
        <>
          <p className="auth-divider">New to Bazaar?</p>
          <Link to="/registration" className="auth-secondary">
            Create your Bazaar account
          </Link>
        </>
      }
    >
      {params.get('reset') === 'done' && !alert && (
        <FormAlert tone="success">{RESET_MESSAGES.done}</FormAlert>
      )}
      {alert && <FormAlert tone="error">{alert}</FormAlert>}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
        />
        <SubmitButton busy={busy}>{busy ? 'Signing in…' : 'Sign in'}</SubmitButton>
      </form>
      <div className="auth-links">
        <Link to={withReturn('/otpverification')}>Login with OTP</Link>
        <Link to={`/forgotpassword/${encodeURIComponent(typedEmail.success ? typedEmail.data : 'email')}`}>
          Forgot password?
        </Link>
      </div>
    </AuthCard>
  );
}
