import { useState } from 'react';
import { type Address, ADDRESS_LIMIT, ADDRESS_MESSAGES } from '@marketplace/domain/accounts/addresses';
import {
  type ClientLoaderFunctionArgs,
  Link,
  useLoaderData,
  useLocation,
  useRevalidator,
} from 'react-router';
import { callApi, hereOf, loadOrLogin } from '../../components/account/account-api.ts';
import { AccountLoading, AccountPage } from '../../components/account/account-page.tsx';
import { AddressCard, AddressRow } from '../../components/account/address-card.tsx';
import { Notice, type NoticeValue } from '../../components/account/notice.tsx';
import { parseStoredAddress } from '@marketplace/domain/location/pincode';
import { STORAGE_KEYS } from '../../lib/storage.ts';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return (await loadOrLogin<{ addresses: Address[] }>('/api/addresses', hereOf(request)))?.addresses ?? [];
}

export function HydrateFallback() {
  return <AccountLoading what="your addresses" />;
}

/**
 * /myaddress (cards) and /manageaddress (a management list): the default first; Set Default, Edit,
 * and delete for the others. Changes reload the page's data and the header's address picker.
 */
export default function MyAddresses() {
  const addresses = useLoaderData<typeof clientLoader>();
  const location = useLocation();
  const managing = location.pathname === '/manageaddress';
  const revalidator = useRevalidator();
  const flash = (location.state as { notice?: unknown } | null)?.notice;
  const [notice, setNotice] = useState<NoticeValue>(
    typeof flash === 'string' ? { kind: 'success', text: flash } : null,
  );
  const [busy, setBusy] = useState(false);

  async function act(path: string, method: 'POST' | 'DELETE', after?: () => void) {
    setBusy(true);
    try {
      const result = await callApi<{ message: string }>(path, { method });
      if (result.ok) {
        after?.();
        setNotice({ kind: 'success', text: result.data.message });
        await revalidator.revalidate();
      } else {
        setNotice({ kind: 'error', text: result.message || ADDRESS_MESSAGES.saveFailed });
      }
    } catch {
      setNotice({ kind: 'error', text: ADDRESS_MESSAGES.saveFailed });
    } finally {
      setBusy(false);
    }
  }
  const actions = {
    busy,
    onSetDefault: (address: Address) => void act(`/api/addresses/${address.id}/default`, 'POST'),
    onDelete: (address: Address) => {
      if (!window.confirm(ADDRESS_MESSAGES.confirmDelete)) return;
      void act(`/api/addresses/${address.id}`, 'DELETE', () => forgetSelected(address.id));
    },
  };
  const full = addresses.length >= ADDRESS_LIMIT;

  return (
    <AccountPage
      title={managing ? 'Manage Addresses' : 'Your Addresses'}
      actions={
        <div className="form-actions">
          {managing ? (
            <Link to="/myaddress" className="btn-secondary">
              Card view
            </Link>
          ) : (
            <Link to="/manageaddress" className="btn-secondary">
              Manage
            </Link>
          )}
          {!full && (
            <Link to="/addressform" className="btn">
              Add New
            </Link>
          )}
        </div>
      }
    >
      <Notice notice={notice} />
      {managing && (
        <p className="manage-summary">
          {addresses.length} of {ADDRESS_LIMIT} addresses saved. The default address is used for delivery
          unless you choose another at checkout; it cannot be deleted.
        </p>
      )}
      {addresses.length === 0 ? (
        <div className="empty-state">
          <p>{ADDRESS_MESSAGES.empty}</p>
          <Link to="/addressform" className="btn">
            Add New
          </Link>
        </div>
      ) : managing ? (
        <ul className="manage-list" aria-label="Saved addresses">
          {addresses.map((address) => (
            <AddressRow key={address.id} address={address} {...actions} />
          ))}
        </ul>
      ) : (
        <ul className="account-cards" aria-label="Saved addresses">
          {addresses.map((address) => (
            <li key={address.id}>
              <AddressCard address={address} {...actions} />
            </li>
          ))}
          {!full && (
            <li>
              <Link to="/addressform" className="add-card">
                <span aria-hidden="true">+</span>
                Add address
              </Link>
            </li>
          )}
        </ul>
      )}
    </AccountPage>
  );
}

/** A deleted address can no longer be the stored delivery choice (spec §3 selectedAddress). */
function forgetSelected(id: number) {
  const selected = parseStoredAddress(localStorage.getItem(STORAGE_KEYS.selectedAddress));
  if (selected?.id === id) localStorage.removeItem(STORAGE_KEYS.selectedAddress);
}
