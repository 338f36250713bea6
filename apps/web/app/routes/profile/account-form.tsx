import { useEffect, useState } from 'react';
import {
  ACCOUNT_TYPES,
  BANK_ACCOUNT_FIELDS,
  BANK_ACCOUNT_MESSAGES,
  type BankAccountForEdit,
  BankAccountForEdit as BankAccountForEditSchema,
  BankAccountInput,
  BankAccountSaved,
  bankAccountError,
} from '@marketplace/domain/accounts/bank-accounts';
import { fieldMessages } from '@marketplace/domain/accounts/profile';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { errorNotice, Notice, type NoticeValue } from '../../components/account/notice.tsx';
import { SOMETHING_WENT_WRONG, useFieldText } from '../../components/account/profile-texts.ts';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field, SelectField } from '../../components/ui/field.tsx';
import { flashCookie } from '../../lib/flash.server.ts';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { isRecordId } from '@marketplace/domain/validation/record-id';

/** Longer than any field takes (the longest, a bank's name, is 100). */
const TYPED_MAX = 200;
type Values = Record<(typeof BANK_ACCOUNT_FIELDS)[number], string>;
const SERVER_FAILED = SOMETHING_WENT_WRONG;
const BACK = '/bankaccount';

/** An edit (?id=) loads the account with its full number: only its owner's session can read it. */
export async function loader({ request, url, context }: LoaderArgs) {
  const id = url.searchParams.get('id');
  if (id === null) return { account: null, missing: false };
  const account = isRecordId(id)
    ? await loadFromApi(context, request, `/api/bank-accounts/${id}`, BankAccountForEditSchema)
    : null;
  return { account, missing: account === null };
}

/**
 * Saves the posted account (a new one, or ?id= for an edit). Checked with the API's own schema
 * first, so each field's message shows beside it; the typed values come back with any refusal.
 */
export async function action({ request, url, context }: ActionArgs) {
  const local = (path: string) => localizedPath(splitLanguage(url.pathname).language, path);
  const id = url.searchParams.get('id');
  const form = await readForm(request);
  const values: Values = formFields(form ?? new FormData(), BANK_ACCOUNT_FIELDS);
  // what was typed comes back to the form, cut to a length no real entry reaches
  const typed: Values = { ...values };
  for (const name of BANK_ACCOUNT_FIELDS) typed[name] = values[name].slice(0, TYPED_MAX);
  // requirements#bank-accounts: a failure says 'Error: ' and the server's message
  const refused = (text: string | null, errors: Record<string, string>, status: number) =>
    data(
      { values: typed, errors, notice: text === null ? null : errorNotice(bankAccountError(text)) },
      { status },
    );
  if (!form) return refused(SERVER_FAILED, {}, 400);
  if (id !== null && !isRecordId(id)) return refused(BANK_ACCOUNT_MESSAGES.notFound, {}, 404);
  const parsed = BankAccountInput.safeParse(values);
  if (!parsed.success) return refused(null, fieldMessages(parsed.error), 400);
  const api = actionApi(context);
  const result = id
    ? await api.call('PUT', `/api/bank-accounts/${id}`, BankAccountSaved, parsed.data)
    : await api.call('POST', '/api/bank-accounts', BankAccountSaved, parsed.data);
  if (result.ok) {
    api.headers.append('set-cookie', flashCookie({ kind: 'success', text: result.data.message }));
    return redirect(local('/bankaccount'), { headers: api.headers });
  }
  if (result.kind === 'unreachable') return refused(SERVER_FAILED, {}, 503);
  if (result.status === 401) return redirect(local(loginPathFor(request)));
  return refused(result.message || SERVER_FAILED, result.fields, result.status);
}

/** accountform: titled Add Account or Edit Account, its button Submit or Update (requirements#bank-accounts). */
export default function AccountForm() {
  const { account, missing } = useLoaderData<typeof loader>();
  const t = useT();
  if (missing) {
    return (
      <AccountPage
        title={t('profile.bank.editTitle')}
        back={{ to: BACK, label: t('profile.bank.backToList') }}
        narrow
      >
        <div className="empty-state">
          <p>{t('profile.bank.msg.notFound')}</p>
          <ButtonLink to="/accountform">{t('profile.addNew')}</ButtonLink>
        </div>
      </AccountPage>
    );
  }
  return <AccountEditor key={account?.id ?? 'new'} account={account} />;
}

function AccountEditor({ account }: { account: BankAccountForEdit | null }) {
  const answer = useActionData<typeof action>();
  const t = useT();
  const say = useFieldText();
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [values, setValues] = useState<Values>(
    answer?.values ?? {
      accountName: account?.accountName ?? '',
      accountNumber: account?.accountNumber ?? '',
      ifsc: account?.ifsc ?? '',
      bankName: account?.bankName ?? '',
      accountType: account?.accountType ?? '',
    },
  );
  const [errors, setErrors] = useState<Record<string, string>>(answer?.errors ?? {});
  const notice: NoticeValue = answer?.notice ?? null;
  // each refusal of the action brings its own field messages
  useEffect(() => {
    if (answer) setErrors(answer.errors);
  }, [answer]);
  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  return (
    <AccountPage
      title={account ? t('profile.bank.editTitle') : t('profile.bank.addTitle')}
      crumb={{ to: '/bankaccount', label: t('profile.bank.title') }}
      back={{ to: BACK, label: t('profile.bank.backToList') }}
      narrow
    >
      <Notice notice={notice} />
      <Form method="post" className="account-form ui-form" noValidate>
        <Field
          label={t('profile.bank.accountName')}
          name="accountName"
          value={values.accountName}
          onChange={set('accountName')}
          error={say(errors.accountName)}
          autoComplete="name"
          maxLength={100}
          required
        />
        <Field
          label={t('profile.bank.accountNumber')}
          name="accountNumber"
          value={values.accountNumber}
          onChange={set('accountNumber')}
          error={say(errors.accountNumber)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={22}
          hint={t('profile.bank.accountNumberHint')}
          required
        />
        <Field
          label={t('profile.bank.ifsc')}
          name="ifsc"
          value={values.ifsc}
          onChange={set('ifsc')}
          error={say(errors.ifsc)}
          autoComplete="off"
          maxLength={11}
          hint={t('profile.bank.ifscHint', { example: 'SBIN0001234' })}
          style={{ textTransform: 'uppercase' }}
          required
        />
        <Field
          label={t('profile.bank.bankName')}
          name="bankName"
          value={values.bankName}
          onChange={set('bankName')}
          error={say(errors.bankName)}
          maxLength={100}
          required
        />
        <SelectField
          label={t('profile.bank.accountType')}
          id="account-type"
          name="accountType"
          value={values.accountType}
          onChange={set('accountType')}
          error={say(errors.accountType)}
          required
        >
          <option value="">{t('profile.bank.choose')}</option>
          {ACCOUNT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`profile.bank.type.${type}`)}
            </option>
          ))}
        </SelectField>
        <div className="form-actions">
          <Button type="submit" busy={saving}>
            {account ? t('profile.bank.update') : t('profile.bank.submit')}
          </Button>
          <ButtonLink to="/bankaccount" variant="secondary">
            {t('profile.cancel')}
          </ButtonLink>
        </div>
      </Form>
    </AccountPage>
  );
}
