import type { Address } from '@marketplace/domain/accounts/addresses';
import { useRichT, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';

/** The chosen delivery address in short, with a way back to change it (its label in the page's language). */
export function AddressSummary({
  address,
  change,
}: {
  address: Address;
  change: { to: string; label: string } | { onClick: () => void; label: string };
}) {
  const t = useT();
  const rich = useRichT();
  return (
    <section className="checkout-box checkout-address" aria-label={t('checkout.address.label')}>
      <div>
        <h2>
          {rich('checkout.address.deliveringTo', {
            name: <span translate="no">{`${address.firstName} ${address.lastName}`}</span>,
          })}
        </h2>
        {/* the shopper's own address, as stored */}
        <p translate="no">
          {address.doorNo}, {address.street}, {address.landmark}
        </p>
        <p translate="no">
          {address.city}, {address.state} {address.pincode}
        </p>
        <p className="checkout-muted">{t('checkout.address.phone', { mobile: address.mobile })}</p>
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
