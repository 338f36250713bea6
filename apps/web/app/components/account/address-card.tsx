import type { Address } from '@marketplace/domain/accounts/addresses';
import { ADDRESS_MESSAGES, canDeleteAddress } from '@marketplace/domain/accounts/addresses';
import { Form } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import './account-cards.css';

/** What the address list's action is asked to do with one address. */
export const ADDRESS_INTENTS = ['default', 'delete'] as const;
export type AddressIntent = (typeof ADDRESS_INTENTS)[number];

export type AddressActions = { busy: boolean };

/**
 * Set Default and delete as small posted forms (ADR-0013: they work before scripts arrive); a
 * delete asks first when the page's scripts are there to ask.
 */
function AddressButton({
  address,
  intent,
  busy,
  className,
  children,
}: {
  address: Address;
  intent: AddressIntent;
  busy: boolean;
  className: string;
  children: string;
}) {
  return (
    <Form
      method="post"
      className="inline-form"
      onSubmit={(event) => {
        if (intent === 'delete' && !window.confirm(ADDRESS_MESSAGES.confirmDelete)) event.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={address.id} />
      <button type="submit" name="intent" value={intent} className={className} disabled={busy}>
        {children}
      </button>
    </Form>
  );
}

const fullName = (a: Address) => `${a.firstName} ${a.lastName}`;

/** One saved address as a card (requirements#addresses): default marked, COD flag, Set Default, Edit, delete. */
export function AddressCard({ address, busy }: { address: Address } & AddressActions) {
  return (
    <article
      className={`account-card${address.isDefault ? ' is-default' : ''}`}
      aria-label={`Address of ${fullName(address)}, ${address.pincode}`}
    >
      <h2>{fullName(address)}</h2>
      <p>{address.doorNo}</p>
      <p>{address.street}</p>
      <p className="muted">Landmark: {address.landmark}</p>
      <p>
        {address.city}, {address.state} {address.pincode}
      </p>
      <p className="muted">Phone: {address.mobile}</p>
      <p className="muted">{address.email}</p>
      <div className="card-badges">
        {address.isDefault && <span className="badge default">Default</span>}
        <span className={`badge cod-${address.cod.toLowerCase()}`}>COD: {address.cod}</span>
      </div>
      <div className="card-actions">
        <Link to={`/addressform?id=${address.id}`}>Edit</Link>
        {canDeleteAddress(address) && (
          <>
            <span aria-hidden="true">|</span>
            <AddressButton address={address} intent="delete" busy={busy} className="link-like">
              Remove
            </AddressButton>
            <span aria-hidden="true">|</span>
            <AddressButton address={address} intent="default" busy={busy} className="link-like">
              Set Default
            </AddressButton>
          </>
        )}
      </div>
    </article>
  );
}

/** One address as a row of the management list (/manageaddress). */
export function AddressRow({ address, busy }: { address: Address } & AddressActions) {
  return (
    <li className="manage-row" aria-label={`Address of ${fullName(address)}, ${address.pincode}`}>
      <div>
        <strong>{fullName(address)}</strong>{' '}
        {address.isDefault && <span className="badge default">Default</span>}{' '}
        <span className={`badge cod-${address.cod.toLowerCase()}`}>COD: {address.cod}</span>
        <p>
          {address.doorNo}, {address.street}, {address.landmark}, {address.city}, {address.state} -{' '}
          {address.pincode}
        </p>
        <p>
          {address.mobile} · {address.email}
        </p>
      </div>
      <div className="card-actions">
        <Link to={`/addressform?id=${address.id}`} className="btn-secondary btn-small">
          Edit
        </Link>
        {canDeleteAddress(address) && (
          <>
            <AddressButton address={address} intent="default" busy={busy} className="btn-secondary btn-small">
              Set Default
            </AddressButton>
            <AddressButton address={address} intent="delete" busy={busy} className="btn-secondary btn-small">
              Delete
            </AddressButton>
          </>
        )}
      </div>
    </li>
  );
}
