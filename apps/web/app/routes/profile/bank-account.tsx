import {
  BANK_ACCOUNT_LIMIT,
  BANK_ACCOUNT_MESSAGES,
  BankAccountChanged,
  BankAccountList,
  bankAccountError,
} from '@marketplace/domain/accounts/bank-accounts';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { data, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { BANK_ACCOUNT_INTENTS, BankAccountCard } from '../../components/account/bank-account-card.tsx';
import { errorNotice, Notice, type NoticeValue, successNotice } from '../../components/account/notice.tsx';
import { SOMETHING_WENT_WRONG } from '../../components/account/profile-texts.ts';
import { takeFlash } from '../../lib/flash.server.ts';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { isRecordId } from '@marketplace/domain/validation/record-id';

const SERVER_FAILED = SOMETHING_WENT_WRONG;

export async function loader({ request, context }: LoaderArgs) {
  const list = await loadFromApi(context, request, '/api/bank-accounts', BankAccountList);
  const { flash, headers } = takeFlash(request);
  return data({ accounts: list?.accounts ?? [], flash }, { headers });
}

/** Set Default or delete one account (the posted forms of the cards). */
export async function action({ request, url, context }: ActionArgs) {
  const form = await readForm(request);
  const { intent, id } = formFields(form ?? new FormData(), ['intent', 'id']);
  // requirements#bank-accounts: a failure says 'Error: ' and the server's message
  const failed = (text: string, status: number) =>
    data({ notice: errorNotice(bankAccountError(text)) }, { status });
  const known = BANK_ACCOUNT_INTENTS.find((value) => value === intent);
  if (!known || !isRecordId(id)) return failed(BANK_ACCOUNT_MESSAGES.notFound, 400);
  const api = actionApi(context);
  const result =
    known === 'default'
      ? await api.call('POST', `/api/bank-accounts/${id}/default`, BankAccountChanged)
      : await api.call('DELETE', `/api/bank-accounts/${id}`, BankAccountChanged);
  if (result.ok) return data({ notice: successNotice(result.data.message) });
  if (result.kind === 'unreachable') return failed(SERVER_FAILED, 503);
  if (result.status === 401)
    return redirect(localizedPath(splitLanguage(url.pathname).language, loginPathFor(request)));
  return failed(result.message || SERVER_FAILED, result.status);
}

/** /bankaccount: the shopper's bank accounts as cards, numbers masked but the last 4 digits. */
export default function BankAccounts() {
  const { accounts, flash } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const notice: NoticeValue = answer?.notice ?? flash;

  return (
    <AccountPage
      title={t('profile.bank.title')}
      back={{ to: '/settings', label: t('profile.bank.backToAccount') }}
      actions={
        accounts.length < BANK_ACCOUNT_LIMIT && (
          <Link to="/accountform" className="btn">
            {t('profile.addNew')}
          </Link>
        )
      }
    >
      <Notice notice={notice} />
      {accounts.length === 0 ? (
        <div className="empty-state">
          <p>{t('profile.bank.msg.empty')}</p>
          <Link to="/accountform" className="btn">
            {t('profile.addNew')}
          </Link>
        </div>
      ) : (
        <ul className="account-cards" aria-label={t('profile.bank.listLabel')}>
          {accounts.map((account) => (
            <li key={account.id}>
              <BankAccountCard account={account} busy={busy} />
            </li>
          ))}
        </ul>
      )}
    </AccountPage>
  );
}
