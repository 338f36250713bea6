import type { Address } from '@marketplace/domain/accounts/addresses';
import { canDeleteAddress } from '@marketplace/domain/accounts/addresses';
import { Link } from 'react-router';
import './account-cards.css';

export type AddressActions = {
  busy: boolean;
  onSetDefault: (address: Address) => void;
  onDelete: (address: Address) => void;
};

const fullName = (a: Address) => `${a.firstName} ${a.lastName}`;

/** One saved address as a card (spec §3 Address): default marked, COD flag, Set Default, Edit, delete. */
export function AddressCard({
  address,
  busy,
  onSetDefault,
  onDelete,
}: { address: Address } & AddressActions) {
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
            <button type="button" className="link-like" disabled={busy} onClick={() => onDelete(address)}>
              Remove
            </button>
            <span aria-hidden="true">|</span>
            <button type="button" className="link-like" disabled={busy} onClick={() => onSetDefault(address)}>
              Set Default
            </button>
          </>
        )}
      </div>
    </article>
  );
}

/** One address as a row of the management list (/manageaddress). */
export function AddressRow({ address, busy, onSetDefault, onDelete }: { address: Address } & AddressActions) {
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
            <button
              type="button"
              className="btn-secondary btn-small"
              disabled={busy}
              onClick={() => onSetDefault(address)}
            >
              Set Default
            </button>
            <button
              type="button"
              className="btn-secondary btn-small"
              disabled={busy}
              onClick={() => onDelete(address)}
            >
              Delete
            </button>
          </>
        )}
      </div>
    </li>
  );
}
