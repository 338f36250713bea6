import {
  ACCOUNT_TYPE_LABELS,
  type BankAccount,
  canDeleteBankAccount,
} from '@marketplace/domain/accounts/bank-accounts';
import { Link } from 'react-router';
import './account-cards.css';

/** spec §2 /bankaccount: name, masked number, IFSC, bank, type; X on non-default; Default or Set Default; Edit. */
export function BankAccountCard({
  account,
  busy,
  onSetDefault,
  onDelete,
}: {
  account: BankAccount;
  busy: boolean;
  onSetDefault: (account: BankAccount) => void;
  onDelete: (account: BankAccount) => void;
}) {
  const ending = account.maskedNumber.slice(-4);
  return (
    <article
      className={`account-card${account.isDefault ? ' is-default' : ''}`}
      aria-label={`Bank account ending ${ending}`}
    >
      {canDeleteBankAccount(account) && (
        <button
          type="button"
          className="card-delete"
          aria-label={`Delete account ending ${ending}`}
          title="Delete"
          disabled={busy}
          onClick={() => onDelete(account)}
        >
          ×
        </button>
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
          <button type="button" className="link-like" disabled={busy} onClick={() => onSetDefault(account)}>
            Set Default
          </button>
        )}
        <span aria-hidden="true">|</span>
        <Link to={`/accountform?id=${account.id}`} aria-label={`Edit account ending ${ending}`}>
          Edit
        </Link>
      </div>
    </article>
  );
}
