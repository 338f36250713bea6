import {
  AFTER_SWITCH_PATH,
  LINKED_ACCOUNT_MESSAGES as M,
  SwitchAccountInput,
} from '@marketplace/domain/accounts/linked-accounts';
import { CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { AuthCard, Field, FormAlert, SubmitButton } from '../../components/account/form-parts.tsx';
import { callApi, fieldErrors, LoggedIn, SuccessMessage } from '../../lib/account-api.ts';

const Accounts = z.object({
  accounts: z.array(
    z.object({ id: z.number(), firstName: z.string(), email: z.string(), mobile: z.string().nullable() }),
  ),
});
type Account = z.infer<typeof Accounts>['accounts'][number];

/** /switchaccount: choose a linked account, a code is sent to it, verify, land on its profile (spec §4). */
export default function SwitchAccountPage() {
  const navigate = useNavigate();
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [chosen, setChosen] = useState<Account | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void callApi('GET', '/api/linked-accounts', Accounts).then((result) => {
      if (result.ok) setAccounts(result.data.accounts);
      else {
        setAccounts([]);
        setAlert({ tone: 'error', text: result.kind === 'refused' ? result.message : M.failed });
      }
    });
  }, []);

  async function choose(account: Account) {
    setAlert(null);
    setBusy(true);
    const result = await callApi('POST', `/api/linked-accounts/${account.id}/codes`, SuccessMessage);
    setBusy(false);
    if (!result.ok)
      return setAlert({
        tone: 'error',
        text: result.kind === 'refused' ? result.message : CODE_MESSAGES.sendFailed,
      });
    setChosen(account);
    setCode('');
    setAlert({ tone: 'success', text: result.data.message });
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setAlert(null);
    const parsed = SwitchAccountInput.safeParse({ code });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const result = await callApi('POST', `/api/linked-accounts/${chosen.id}/switch`, LoggedIn, parsed.data);
    setBusy(false);
    if (result.ok) return navigate(AFTER_SWITCH_PATH, { replace: true });
    setAlert({
      tone: 'error',
      text: result.kind === 'refused' ? result.message : CODE_MESSAGES.verifyFailed,
    });
  }

  return (
    <AuthCard
      title="Switch Account"
      below={
        <p>
          <Link to="/addaccount">Add another account</Link> · <Link to="/settings">Back to settings</Link>
        </p>
      }
    >
      {alert && <FormAlert tone={alert.tone}>{alert.text}</FormAlert>}
      {accounts === null ? (
        <div className="spinner" role="status" aria-label="Loading your linked accounts" />
      ) : accounts.length === 0 ? (
        <p className="auth-note">{M.none}</p>
      ) : (
        <ul className="account-cards" aria-label="Linked accounts">
          {accounts.map((account) => (
            <li key={account.id} className={`account-card${chosen?.id === account.id ? ' chosen' : ''}`}>
              <span className="account-avatar" aria-hidden="true">
                {account.firstName.slice(0, 1).toUpperCase()}
              </span>
              <span className="account-who">
                <b>{account.firstName}</b>
                <span>{account.email}</span>
                {account.mobile && <span>{account.mobile}</span>}
              </span>
              <button
                type="button"
                className="auth-submit"
                disabled={busy}
                aria-label={`Switch to ${account.firstName} (${account.email})`}
                onClick={() => void choose(account)}
              >
                {chosen?.id === account.id ? 'Resend' : 'Switch'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <form noValidate onSubmit={(event) => void verify(event)}>
          <Field
            label={`OTP sent to ${chosen.firstName}’s email and mobile`}
            name="code"
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={errors.code}
          />
          <SubmitButton busy={busy}>Verify and switch</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
