import type { Address } from '@marketplace/domain/accounts/addresses';
import { Link } from '../../i18n/link.tsx';

/** The chosen delivery address in short, with a way back to change it. */
export function AddressSummary({
  address,
  change,
}: {
  address: Address;
  change: { to: string; label: string } | { onClick: () => void; label: string };
}) {
  return (
    <section className="checkout-box checkout-address" aria-label="Delivery address">
      <div>
        <h2>Delivering to {`${address.firstName} ${address.lastName}`}</h2>
        <p>
          {address.doorNo}, {address.street}, {address.landmark}
        </p>
        <p>
          {address.city}, {address.state} {address.pincode}
        </p>
        <p className="checkout-muted">Phone: {address.mobile}</p>
      </div>
      {'to' in change ? (
        <Link to={change.to} className="btn-secondary btn-small">
          {change.label}
        </Link>
      ) : (
        <button type="button" className="btn-secondary btn-small" onClick={change.onClick}>
          {change.label}
        </button>
      )}
    </section>
  );
}
