import { type BankAccount, canDeleteBankAccount } from '@marketplace/domain/accounts/bank-accounts';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import './account-cards.css';

/** What the bank account list's action is asked to do with one account. */
export const BANK_ACCOUNT_INTENTS = ['default', 'delete'] as const;
export type BankAccountIntent = (typeof BANK_ACCOUNT_INTENTS)[number];

/**
 * Set Default and delete as small posted forms (ADR-0013: they work before scripts arrive); a
 * delete asks first when the page's scripts are there to ask.
 */
function AccountButton({
  account,
  intent,
  busy,
  children,
  ...button
}: {
  account: BankAccount;
  intent: BankAccountIntent;
  busy: boolean;
  children: ReactNode;
  className: string;
  'aria-label'?: string;
  title?: string;
}) {
  const t = useT();
  return (
    <Form
      method="post"
      className="inline-form"
      // the form adds no box: the button lays out as it did alone (no extra gap in the card's column)
      style={{ display: 'contents' }}
      onSubmit={(event) => {
        if (intent === 'delete' && !window.confirm(t('profile.bank.msg.confirmDelete')))
          event.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={account.id} />
      <button type="submit" name="intent" value={intent} disabled={busy} {...button}>
        {children}
      </button>
    </Form>
  );
}

/** requirements#bank-accounts: name, masked number, IFSC, bank, type; X on non-default; Default or Set Default; Edit. */
export function BankAccountCard({ account, busy }: { account: BankAccount; busy: boolean }) {
  const t = useT();
  const ending = account.maskedNumber.slice(-4);
  // the holder's and the bank's names, the number and the IFSC stay as stored
  return (
    <article
      className={`account-card${account.isDefault ? ' is-default' : ''}`}
      aria-label={t('profile.bank.cardLabel', { ending })}
    >
      {canDeleteBankAccount(account) && (
        <AccountButton
          account={account}
          intent="delete"
          busy={busy}
          className="card-delete"
          aria-label={t('profile.bank.deleteLabel', { ending })}
          title={t('profile.delete')}
        >
          ×
        </AccountButton>
      )}
      <h2 translate="no">{account.accountName}</h2>
      <p>
        <span className="muted">{t('profile.bank.accountNo')} </span>
        <span className="account-number" translate="no">
          {account.maskedNumber}
        </span>
      </p>
      <p>
        <span className="muted">{t('profile.bank.ifscLabel')} </span>
        <span translate="no">{account.ifsc}</span>
      </p>
      <p>
        <span className="muted">{t('profile.bank.bank')} </span>
        <span translate="no">{account.bankName}</span>
      </p>
      <p>
        <span className="muted">{t('profile.bank.type')} </span>
        {t(`profile.bank.type.${account.accountType}`)}
      </p>
      <div className="card-actions">
        {account.isDefault ? (
          <span className="default-label">{t('profile.default')}</span>
        ) : (
          <AccountButton account={account} intent="default" busy={busy} className="link-like">
            {t('profile.setDefault')}
          </AccountButton>
        )}
        <span aria-hidden="true">|</span>
        <Link to={`/accountform?id=${account.id}`} aria-label={t('profile.bank.editLabel', { ending })}>
          {t('profile.edit')}
        </Link>
      </div>
    </article>
  );
}
