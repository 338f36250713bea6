import { type FormEvent, useState } from 'react';
import {
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
  BANK_ACCOUNT_MESSAGES,
  type BankAccountForEdit,
  BankAccountInput,
  bankAccountError,
} from '@marketplace/domain/accounts/bank-accounts';
import { fieldMessages } from '@marketplace/domain/accounts/profile';
import { type ClientLoaderFunctionArgs, Link, useLoaderData, useNavigate } from 'react-router';
import { callApi, hereOf, loadOrLogin } from '../../components/account/account-api.ts';
import { AccountLoading, AccountPage } from '../../components/account/account-page.tsx';
import { Field } from '../../components/account/field.tsx';
import { Notice, type NoticeValue } from '../../components/account/notice.tsx';

/** An edit (?id=) loads the account with its full number: only its owner's session can read it. */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const id = new URL(request.url).searchParams.get('id');
  if (id === null) return { account: null, missing: false };
  const account = /^[1-9][0-9]{0,9}$/.test(id)
    ? await loadOrLogin<BankAccountForEdit>(`/api/bank-accounts/${id}`, hereOf(request))
    : null;
  return { account, missing: account === null };
}

export function HydrateFallback() {
  return <AccountLoading what="the account form" />;
}

const BACK = { to: '/bankaccount', label: 'Back to bank accounts' };

/** accountform: titled Add Account or Edit Account, its button Submit or Update (spec §2). */
export default function AccountForm() {
  const { account, missing } = useLoaderData<typeof clientLoader>();
  if (missing) {
    return (
      <AccountPage title="Edit Account" back={BACK} narrow>
        <div className="empty-state">
          <p>{BANK_ACCOUNT_MESSAGES.notFound}</p>
          <Link to="/accountform" className="btn">
            Add New
          </Link>
        </div>
      </AccountPage>
    );
  }
  return <AccountEditor key={account?.id ?? 'new'} account={account} />;
}

function AccountEditor({ account }: { account: BankAccountForEdit | null }) {
  const navigate = useNavigate();
  const [values, setValues] = useState({
    accountName: account?.accountName ?? '',
    accountNumber: account?.accountNumber ?? '',
    ifsc: account?.ifsc ?? '',
    bankName: account?.bankName ?? '',
    accountType: account?.accountType ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [saving, setSaving] = useState(false);
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = BankAccountInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return setNotice(null);
    }
    setErrors({});
    setSaving(true);
    try {
      const result = await callApi<{ message: string }>(
        account ? `/api/bank-accounts/${account.id}` : '/api/bank-accounts',
        {
          method: account ? 'PUT' : 'POST',
          body: parsed.data,
        },
      );
      if (result.ok) {
        const text = account ? BANK_ACCOUNT_MESSAGES.updated : BANK_ACCOUNT_MESSAGES.added;
        await navigate('/bankaccount', { state: { notice: text } });
        return;
      }
      setErrors(result.fields);
      setNotice({ kind: 'error', text: bankAccountError(result.message || 'Something went wrong!') });
    } catch (error) {
      console.warn('The bank account was not sent.', error); // spec §8: network errors are only logged
      setNotice({
        kind: 'error',
        text: bankAccountError('The server could not be reached. Please try again.'),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <AccountPage
      title={account ? 'Edit Account' : 'Add Account'}
      crumb={{ to: '/bankaccount', label: 'Bank Accounts' }}
      back={BACK}
      narrow
    >
      <Notice notice={notice} />
      <form className="account-form" onSubmit={(event) => void save(event)} noValidate>
        <Field
          label="Account holder name"
          value={values.accountName}
          onChange={set('accountName')}
          error={errors.accountName}
          autoComplete="name"
          maxLength={100}
          required
        />
        <Field
          label="Account number"
          value={values.accountNumber}
          onChange={set('accountNumber')}
          error={errors.accountNumber}
          inputMode="numeric"
          autoComplete="off"
          maxLength={22}
          hint="9 to 18 digits."
          required
        />
        <Field
          label="IFSC code"
          value={values.ifsc}
          onChange={set('ifsc')}
          error={errors.ifsc}
          autoComplete="off"
          maxLength={11}
          hint="For example SBIN0001234."
          style={{ textTransform: 'uppercase' }}
          required
        />
        <Field
          label="Bank name"
          value={values.bankName}
          onChange={set('bankName')}
          error={errors.bankName}
          maxLength={100}
          required
        />
        <div className={`field${errors.accountType ? ' has-error' : ''}`}>
          <label htmlFor="account-type">Account type</label>
          <select
            id="account-type"
            value={values.accountType}
            onChange={set('accountType')}
            required
            aria-invalid={errors.accountType ? true : undefined}
          >
            <option value="">Choose…</option>
            {ACCOUNT_TYPES.map((type) => (
              <option key={type} value={type}>
                {ACCOUNT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
          {errors.accountType && <small className="field-error">{errors.accountType}</small>}
        </div>
        <div className="form-actions">
          <button type="submit" className="btn" disabled={saving}>
            {account ? 'Update' : 'Submit'}
          </button>
          <Link to="/bankaccount" className="btn-secondary">
            Cancel
          </Link>
        </div>
      </form>
    </AccountPage>
  );
}
