import { CODE_MESSAGES, CODE_RULES, MAX_CODE_LENGTH } from '@marketplace/domain/accounts/codes';
import {
  AFTER_REGISTRATION_PATH,
  REGISTRATION_MESSAGES as M,
  RegistrationCodesInput,
} from '@marketplace/domain/accounts/registration';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { AuthCard, Field, FormAlert, SubmitButton } from '../../components/account/form-parts.tsx';
import { useCountdown } from '../../components/account/use-countdown.ts';
import { callApi, fieldErrors, LoggedIn, SuccessMessage } from '../../lib/account-api.ts';

const Pending = z.object({ email: z.string(), mobile: z.string(), expiresAt: z.string() });
type Pending = z.infer<typeof Pending>;

/**
 * /verifyotp?registration=…: the two codes. The pending registration lives on the server and is
 * found by the id in the URL, so a reload keeps working (no password in the browser).
 */
export default function VerifyOtpPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('registration') ?? '';
  const [pending, setPending] = useState<Pending | 'missing' | null>(null);
  const [codes, setCodes] = useState({ emailCode: '', mobileCode: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const wait = useCountdown(resendAt);

  useEffect(() => {
    if (!id) return setPending('missing');
    let live = true;
    void callApi('GET', `/api/registrations/${encodeURIComponent(id)}`, Pending).then((result) => {
      if (live) setPending(result.ok ? result.data : 'missing');
    });
    return () => {
      live = false;
    };
  }, [id]);

  async function verify(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const parsed = RegistrationCodesInput.safeParse(codes);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const result = await callApi(
      'POST',
      `/api/registrations/${encodeURIComponent(id)}/verify`,
      LoggedIn,
      parsed.data,
    );
    setBusy(false);
    if (result.ok) return navigate(AFTER_REGISTRATION_PATH, { replace: true });
    if (result.kind === 'unreachable') return setAlert({ tone: 'error', text: M.failed });
    setErrors(result.fields);
    setAlert({ tone: 'error', text: result.message });
  }

  async function resend() {
    setAlert(null);
    setBusy(true);
    const result = await callApi(
      'POST',
      `/api/registrations/${encodeURIComponent(id)}/codes`,
      SuccessMessage,
    );
    setBusy(false);
    if (result.ok) {
      setResendAt(Date.now() + CODE_RULES.resendSeconds * 1000);
      return setAlert({ tone: 'success', text: result.data.message });
    }
    setAlert({
      tone: 'error',
      text:
        result.kind === 'unreachable'
          ? CODE_MESSAGES.resendError
          : result.message || CODE_MESSAGES.resendFailed,
    });
  }

  if (pending === null)
    return (
      <AuthCard title="Verify OTP">
        <div className="spinner" role="status" aria-label="Loading" />
      </AuthCard>
    );
  if (pending === 'missing')
    return (
      <AuthCard title="Verify OTP">
        <FormAlert tone="error">{M.expired}</FormAlert>
        <Link
          to="/registration"
          className="auth-secondary"
          style={{ display: 'block', textAlign: 'center', textDecoration: 'none' }}
        >
          Register again
        </Link>
      </AuthCard>
    );

  const set = (name: keyof typeof codes) => (event: { target: { value: string } }) =>
    setCodes((value) => ({ ...value, [name]: event.target.value }));
  return (
    <AuthCard title="Verify OTP">
      <p className="auth-note" style={{ marginTop: 0 }}>
        We have sent an OTP to <b>{pending.email}</b> and another to <b>{pending.mobile}</b>. Enter both to
        create your account.
      </p>
      {alert && <FormAlert tone={alert.tone}>{alert.text}</FormAlert>}
      <form noValidate onSubmit={(event) => void verify(event)}>
        <Field
          label="Email OTP"
          name="emailCode"
          className="code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={MAX_CODE_LENGTH}
          value={codes.emailCode}
          onChange={set('emailCode')}
          error={errors.emailCode}
        />
        <Field
          label="Mobile OTP"
          name="mobileCode"
          className="code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={MAX_CODE_LENGTH}
          value={codes.mobileCode}
          onChange={set('mobileCode')}
          error={errors.mobileCode}
        />
        <SubmitButton busy={busy}>Verify and create account</SubmitButton>
        <p className="auth-note">
          Didn’t get them?{' '}
          {wait > 0 ? (
            <span role="timer">Resend OTP in {wait}s</span>
          ) : (
            <button type="button" className="auth-link-button" disabled={busy} onClick={() => void resend()}>
              Resend OTP
            </button>
          )}
        </p>
      </form>
    </AuthCard>
  );
}
