import { CODE_RULES } from '@marketplace/domain/accounts/codes';
import {
  CODE_LOGIN_MESSAGES,
  CodeLoginRequest,
  CodeLoginVerify,
  safeReturnPath,
} from '@marketplace/domain/accounts/login';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, Field, FormAlert, SubmitButton } from '../../components/account/form-parts.tsx';
import { useCountdown } from '../../components/account/use-countdown.ts';
import { callApi, fieldErrors, LoggedIn, SuccessMessage } from '../../lib/account-api.ts';

/** /otpverification: a contact, then the 4-digit code with a 30-second resend countdown (spec §4). */
export default function OtpLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [contact, setContact] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const wait = useCountdown(resendAt);

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    setAlert(null);
    const parsed = CodeLoginRequest.safeParse({ emailOrMobile: contact });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const result = await callApi('POST', '/api/auth/login-codes', SuccessMessage, parsed.data);
    setBusy(false);
    if (!result.ok) {
      if (result.kind === 'refused') setErrors(result.fields);
      return setAlert({
        tone: 'error',
        text: result.kind === 'refused' ? result.message : CODE_LOGIN_MESSAGES.sendFailed,
      });
    }
    setSentTo(parsed.data.emailOrMobile);
    setCode('');
    setResendAt(Date.now() + CODE_RULES.resendSeconds * 1000);
    setAlert({ tone: 'success', text: result.data.message });
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const parsed = CodeLoginVerify.safeParse({ emailOrMobile: sentTo ?? '', code });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const result = await callApi('POST', '/api/auth/login-codes/verify', LoggedIn, parsed.data);
    setBusy(false);
    if (result.ok) return navigate(safeReturnPath(params.get('redirectTo')), { replace: true });
    setAlert({
      tone: 'error',
      text: result.kind === 'refused' ? result.message : CODE_LOGIN_MESSAGES.verifyFailed,
    });
  }

  return (
    <AuthCard
      title="Login with OTP"
      below={
        <p>
          Prefer your password?{' '}
          <Link to={`/login${params.size ? `?${params.toString()}` : ''}`}>Sign in with password</Link>
        </p>
      }
    >
      {alert && <FormAlert tone={alert.tone}>{alert.text}</FormAlert>}
      {sentTo === null ? (
        <form noValidate onSubmit={(event) => void sendCode(event)}>
          <Field
            label="Email or mobile number"
            name="emailOrMobile"
            autoComplete="username"
            value={contact}
            onChange={(event) => setContact(event.target.value)}
            error={errors.emailOrMobile}
          />
          <SubmitButton busy={busy}>Send OTP</SubmitButton>
        </form>
      ) : (
        <form noValidate onSubmit={(event) => void verify(event)}>
          <p className="auth-note">
            Enter the 4-digit OTP sent to <b>{sentTo}</b>.{' '}
            <button type="button" className="auth-link-button" onClick={() => setSentTo(null)}>
              Change
            </button>
          </p>
          <Field
            label="OTP"
            name="code"
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            error={errors.code}
          />
          <SubmitButton busy={busy}>Verify and sign in</SubmitButton>
          <p className="auth-note">
            {wait > 0 ? (
              <span role="timer" aria-live="off">
                Resend OTP in {wait}s
              </span>
            ) : (
              <button
                type="button"
                className="auth-link-button"
                disabled={busy}
                onClick={() => void sendCode()}
              >
                Resend OTP
              </button>
            )}
          </p>
        </form>
      )}
    </AuthCard>
  );
}
