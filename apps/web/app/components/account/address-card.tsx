import type { Address } from '@marketplace/domain/accounts/addresses';
import { canDeleteAddress } from '@marketplace/domain/accounts/addresses';
import { Form } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { useStateName } from './profile-texts.ts';
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
  const t = useT();
  return (
    <Form
      method="post"
      className="inline-form"
      onSubmit={(event) => {
        if (intent === 'delete' && !window.confirm(t('profile.address.msg.confirmDelete')))
          event.preventDefault();
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
  const t = useT();
  const stateName = useStateName();
  // the shopper's own words (names, door, street, landmark, city) stay as stored
  return (
    <article
      className={`account-card${address.isDefault ? ' is-default' : ''}`}
      aria-label={t('profile.address.of', { name: fullName(address), pincode: address.pincode })}
    >
      <h2 translate="no">{fullName(address)}</h2>
      <p translate="no">{address.doorNo}</p>
      <p translate="no">{address.street}</p>
      <p className="muted">
        {t('profile.address.landmarkLabel')} <span translate="no">{address.landmark}</span>
      </p>
      <p>
        <span translate="no">{address.city}</span>, {stateName(address.state)} {address.pincode}
      </p>
      <p className="muted">
        {t('profile.address.phoneLabel')} {address.mobile}
      </p>
      <p className="muted" translate="no">
        {address.email}
      </p>
      <div className="card-badges">
        {address.isDefault && <span className="badge default">{t('profile.default')}</span>}
        <span className={`badge cod-${address.cod.toLowerCase()}`}>
          {t('profile.address.cod', { cod: address.cod })}
        </span>
      </div>
      <div className="card-actions">
        <Link to={`/addressform?id=${address.id}`}>{t('profile.edit')}</Link>
        {canDeleteAddress(address) && (
          <>
            <span aria-hidden="true">|</span>
            <AddressButton address={address} intent="delete" busy={busy} className="link-like">
              {t('profile.remove')}
            </AddressButton>
            <span aria-hidden="true">|</span>
            <AddressButton address={address} intent="default" busy={busy} className="link-like">
              {t('profile.setDefault')}
            </AddressButton>
          </>
        )}
      </div>
    </article>
  );
}

/** One address as a row of the management list (/manageaddress). */
export function AddressRow({ address, busy }: { address: Address } & AddressActions) {
  const t = useT();
  const stateName = useStateName();
  return (
    <li
      className="manage-row"
      aria-label={t('profile.address.of', { name: fullName(address), pincode: address.pincode })}
    >
      <div>
        <strong translate="no">{fullName(address)}</strong>{' '}
        {address.isDefault && <span className="badge default">{t('profile.default')}</span>}{' '}
        <span className={`badge cod-${address.cod.toLowerCase()}`}>
          {t('profile.address.cod', { cod: address.cod })}
        </span>
        <p>
          <span translate="no">
            {address.doorNo}, {address.street}, {address.landmark}, {address.city}
          </span>
          , {stateName(address.state)} - {address.pincode}
        </p>
        <p>
          {address.mobile} · <span translate="no">{address.email}</span>
        </p>
      </div>
      <div className="card-actions">
        <Link to={`/addressform?id=${address.id}`} className="btn-secondary btn-small">
          {t('profile.edit')}
        </Link>
        {canDeleteAddress(address) && (
          <>
            <AddressButton address={address} intent="default" busy={busy} className="btn-secondary btn-small">
              {t('profile.setDefault')}
            </AddressButton>
            <AddressButton address={address} intent="delete" busy={busy} className="btn-secondary btn-small">
              {t('profile.delete')}
            </AddressButton>
          </>
        )}
      </div>
    </li>
  );
}
