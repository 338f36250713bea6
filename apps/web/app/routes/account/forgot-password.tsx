import { PasswordResetInput, PasswordResetRequest, RESET_MESSAGES } from '@marketplace/domain/accounts/login';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard, Field, FormAlert, SubmitButton } from '../../components/account/form-parts.tsx';
import { callApi, fieldErrors, SuccessMessage } from '../../lib/account-api.ts';

/** /forgotpassword/{uname}: a reset code to the email, then the new password twice (spec §5). */
export default function ForgotPasswordPage() {
  const { uname = '' } = useParams();
  const navigate = useNavigate();
  const prefilled = PasswordResetRequest.shape.email.safeParse(uname);
  const [email, setEmail] = useState(prefilled.success ? prefilled.data : '');
  const [sent, setSent] = useState(false);
  const [form, setForm] = useState({ code: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const parsed = PasswordResetRequest.safeParse({ email });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const result = await callApi('POST', '/api/auth/password-resets', SuccessMessage, parsed.data);
    setBusy(false);
    if (!result.ok) {
      // spec: 'Failed to send the password reset link.'; a limit says when to try again
      const text =
        result.kind === 'refused' && result.status === 429 ? result.message : RESET_MESSAGES.sendFailed;
      return setAlert({ tone: 'error', text });
    }
    setEmail(parsed.data.email);
    setSent(true);
    setAlert({ tone: 'success', text: result.data.message });
  }

  async function reset(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const parsed = PasswordResetInput.safeParse({ email, ...form });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const result = await callApi('POST', '/api/auth/password-resets/confirm', SuccessMessage, parsed.data);
    setBusy(false);
    if (result.ok) return navigate('/login?reset=done', { replace: true });
    if (result.kind === 'unreachable') return setAlert({ tone: 'error', text: RESET_MESSAGES.failed });
    setErrors(result.fields);
    setAlert({ tone: 'error', text: result.message });
  }

  const set = (name: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((value) => ({ ...value, [name]: event.target.value }));
  return (
    <AuthCard
      title="Password assistance"
      below={
        <p>
          Remembered it? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      {alert && <FormAlert tone={alert.tone}>{alert.text}</FormAlert>}
      {!sent ? (
        <form noValidate onSubmit={(event) => void sendCode(event)}>
          <p className="auth-note" style={{ marginTop: 0 }}>
            Enter the email address of your account and we will send you a code to reset your password.
          </p>
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
          />
          <SubmitButton busy={busy}>Send reset code</SubmitButton>
        </form>
      ) : (
        <form noValidate onSubmit={(event) => void reset(event)}>
          <p className="auth-note" style={{ marginTop: 0 }}>
            Code sent to <b>{email}</b>.{' '}
            <button type="button" className="auth-link-button" onClick={() => setSent(false)}>
              Change
            </button>
          </p>
          <Field
            label="Reset code"
            name="code"
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={form.code}
            onChange={set('code')}
            error={errors.code}
          />
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={form.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
          />
          <Field
            label="Confirm Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
          />
          <SubmitButton busy={busy}>Save new password</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
