import { useState } from 'react';
import {
  BANK_ACCOUNT_LIMIT,
  BANK_ACCOUNT_MESSAGES,
  type BankAccount,
  bankAccountError,
} from '@marketplace/domain/accounts/bank-accounts';
import {
  type ClientLoaderFunctionArgs,
  Link,
  useLoaderData,
  useLocation,
  useRevalidator,
} from 'react-router';
import { callApi, hereOf, loadOrLogin } from '../../components/account/account-api.ts';
import { AccountLoading, AccountPage } from '../../components/account/account-page.tsx';
import { BankAccountCard } from '../../components/account/bank-account-card.tsx';
import { Notice, type NoticeValue } from '../../components/account/notice.tsx';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return (
    (await loadOrLogin<{ accounts: BankAccount[] }>('/api/bank-accounts', hereOf(request)))?.accounts ?? []
  );
}

export function HydrateFallback() {
  return <AccountLoading what="your bank accounts" />;
}

/** /bankaccount: the shopper's bank accounts as cards, numbers masked but the last 4 digits. */
export default function BankAccounts() {
  const accounts = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  const flash = (useLocation().state as { notice?: unknown } | null)?.notice;
  const [notice, setNotice] = useState<NoticeValue>(
    typeof flash === 'string' ? { kind: 'success', text: flash } : null,
  );
  const [busy, setBusy] = useState(false);

  async function act(path: string, method: 'POST' | 'DELETE', success: string) {
    setBusy(true);
    try {
      const result = await callApi<{ message: string }>(path, { method });
      if (result.ok) {
        setNotice({ kind: 'success', text: success });
        await revalidator.revalidate();
      } else {
        // spec §8: a failure says 'Error: ' and the server's message
        setNotice({ kind: 'error', text: bankAccountError(result.message || 'Something went wrong!') });
      }
    } catch (error) {
      console.warn('The bank account request did not reach the server.', error); // spec §8: network errors are only logged
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountPage
      title="Bank Accounts"
      back={{ to: '/settings', label: 'Back to Your Account' }}
      actions={
        accounts.length < BANK_ACCOUNT_LIMIT && (
          <Link to="/accountform" className="btn">
            Add New
          </Link>
        )
      }
    >
      <Notice notice={notice} />
      {accounts.length === 0 ? (
        <div className="empty-state">
          <p>{BANK_ACCOUNT_MESSAGES.empty}</p>
          <Link to="/accountform" className="btn">
            Add New
          </Link>
        </div>
      ) : (
        <ul className="account-cards" aria-label="Bank accounts">
          {accounts.map((account) => (
            <li key={account.id}>
              <BankAccountCard
                account={account}
                busy={busy}
                onSetDefault={(chosen) =>
                  void act(
                    `/api/bank-accounts/${chosen.id}/default`,
                    'POST',
                    BANK_ACCOUNT_MESSAGES.defaultUpdated,
                  )
                }
                onDelete={(chosen) => {
                  if (!window.confirm(BANK_ACCOUNT_MESSAGES.confirmDelete)) return;
                  void act(`/api/bank-accounts/${chosen.id}`, 'DELETE', BANK_ACCOUNT_MESSAGES.deleted);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </AccountPage>
  );
}
