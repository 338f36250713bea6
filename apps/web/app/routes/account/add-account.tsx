import { CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
import {
  LINKED_ACCOUNT_MESSAGES as M,
  LinkByCodeInput,
  LinkByPasswordInput,
  LinkCodeRequest,
} from '@marketplace/domain/accounts/linked-accounts';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard, Field, FormAlert, SubmitButton } from '../../components/account/form-parts.tsx';
import { callApi, fieldErrors, SuccessMessage } from '../../lib/account-api.ts';

type Mode = 'password' | 'code';

/** /addaccount: link another account after proving it, by its password or a code sent to it (spec §5). */
export default function AddAccountPage() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('password');
  const [form, setForm] = useState({ emailOrMobile: '', password: '', code: '' });
  const [codeSent, setCodeSent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((value) => ({ ...value, [name]: event.target.value }));

  async function post(path: string, body: unknown, fallback: string) {
    setBusy(true);
    const result = await callApi('POST', path, SuccessMessage, body);
    setBusy(false);
    if (result.ok) return result.data.message;
    if (result.kind === 'refused') setErrors(result.fields);
    setAlert({ tone: 'error', text: result.kind === 'refused' ? result.message : fallback });
    return null;
  }

  async function linked(message: string) {
    setAlert({ tone: 'success', text: message });
    // spec: success popups show for 1500 ms
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await navigate('/switchaccount');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    if (mode === 'password') {
      const parsed = LinkByPasswordInput.safeParse(form);
      if (!parsed.success) return showErrors(fieldErrors(parsed.error));
      setErrors({});
      const message = await post('/api/linked-accounts', parsed.data, M.failed);
      if (message) await linked(message);
      return;
    }
    if (!codeSent) {
      const parsed = LinkCodeRequest.safeParse(form);
      if (!parsed.success) return showErrors(fieldErrors(parsed.error));
      setErrors({});
      const message = await post('/api/linked-accounts/codes', parsed.data, CODE_MESSAGES.sendFailed);
      if (message) {
        setCodeSent(true);
        setAlert({ tone: 'success', text: message });
      }
      return;
    }
    const parsed = LinkByCodeInput.safeParse(form);
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    setErrors({});
    const message = await post('/api/linked-accounts/verify', parsed.data, CODE_MESSAGES.verifyFailed);
    if (message) await linked(message);
  }

  function showErrors(fields: Record<string, string>) {
    setErrors(fields);
    // spec: 'Please enter both Email/Mobile and Password.' is one message for the form
    if (fields._) setAlert({ tone: 'error', text: fields._ });
  }

  function switchMode(next: Mode) {
    setMode(next);
    setCodeSent(false);
    setErrors({});
    setAlert(null);
  }

  return (
    <AuthCard
      title="Add Account"
      below={
        <p>
          <Link to="/switchaccount">Back to your accounts</Link>
        </p>
      }
    >
      <div className="auth-tabs" role="tablist" aria-label="How to prove the account is yours">
        <button
          type="button"
          role="tab"
          aria-selected={mode === 'password'}
          onClick={() => switchMode('password')}
        >
          With password
        </button>
        <button type="button" role="tab" aria-selected={mode === 'code'} onClick={() => switchMode('code')}>
          With OTP
        </button>
      </div>
      {alert && <FormAlert tone={alert.tone}>{alert.text}</FormAlert>}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Field
          label="Email or mobile number"
          name="emailOrMobile"
          autoComplete="off"
          value={form.emailOrMobile}
          onChange={set('emailOrMobile')}
          error={errors.emailOrMobile}
          readOnly={mode === 'code' && codeSent}
        />
        {mode === 'password' && (
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="off"
            value={form.password}
            onChange={set('password')}
            error={errors.password}
          />
        )}
        {mode === 'code' && codeSent && (
          <Field
            label="OTP"
            name="code"
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={form.code}
            onChange={set('code')}
            error={errors.code}
          />
        )}
        <SubmitButton busy={busy}>
          {mode === 'password' ? 'Add account' : codeSent ? 'Verify and add account' : 'Send OTP'}
        </SubmitButton>
      </form>
      <p className="auth-note">
        A linked account can be switched to from <b>Switch Account</b> with a code sent to it.
      </p>
    </AuthCard>
  );
}
