import {
  ACCOUNT_TYPE_LABELS,
  BANK_ACCOUNT_MESSAGES,
  type BankAccount,
  canDeleteBankAccount,
} from '@marketplace/domain/accounts/bank-accounts';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
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
  return (
    <Form
      method="post"
      className="inline-form"
      // the form adds no box: the button lays out as it did alone (no extra gap in the card's column)
      style={{ display: 'contents' }}
      onSubmit={(event) => {
        if (intent === 'delete' && !window.confirm(BANK_ACCOUNT_MESSAGES.confirmDelete))
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
  const ending = account.maskedNumber.slice(-4);
  return (
    <article
      className={`account-card${account.isDefault ? ' is-default' : ''}`}
      aria-label={`Bank account ending ${ending}`}
    >
      {canDeleteBankAccount(account) && (
        <AccountButton
          account={account}
          intent="delete"
          busy={busy}
          className="card-delete"
          aria-label={`Delete account ending ${ending}`}
          title="Delete"
        >
          ×
        </AccountButton>
      )}
      <h2>{account.accountName}</h2>
      <p>
        <span className="muted">Account No: </span>
        <span className="account-number">{account.maskedNumber}</span>
      </p>
      <p>
        <span className="muted">IFSC: </span>
        {account.ifsc}
      </p>
      <p>
        <span className="muted">Bank: </span>
        {account.bankName}
      </p>
      <p>
        <span className="muted">Type: </span>
        {ACCOUNT_TYPE_LABELS[account.accountType]}
      </p>
      <div className="card-actions">
        {account.isDefault ? (
          <span className="default-label">Default</span>
        ) : (
          <AccountButton account={account} intent="default" busy={busy} className="link-like">
            Set Default
          </AccountButton>
        )}
        <span aria-hidden="true">|</span>
        <Link to={`/accountform?id=${account.id}`} aria-label={`Edit account ending ${ending}`}>
          Edit
        </Link>
      </div>
    </article>
  );
}
