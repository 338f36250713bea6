import { useEffect } from 'react';
import {
  ADDRESS_LIMIT,
  ADDRESS_MESSAGES,
  AddressChanged,
  AddressList,
} from '@marketplace/domain/accounts/addresses';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { parseStoredAddress } from '@marketplace/domain/location/pincode';
import { data, redirect, useActionData, useLoaderData, useLocation, useNavigation } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { ADDRESS_INTENTS, AddressCard, AddressRow } from '../../components/account/address-card.tsx';
import { errorNotice, Notice, type NoticeValue, successNotice } from '../../components/account/notice.tsx';
import { takeFlash } from '../../lib/flash.server.ts';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { isRecordId } from '@marketplace/domain/validation/record-id';

export async function loader({ request, context }: LoaderArgs) {
  const list = await loadFromApi(context, request, '/api/addresses', AddressList);
  const { flash, headers } = takeFlash(request);
  return data({ addresses: list?.addresses ?? [], flash }, { headers });
}

/** Set Default or delete one address (the posted forms of the cards and rows). */
export async function action({ request, url, context }: ActionArgs) {
  const form = await readForm(request);
  const { intent, id } = formFields(form ?? new FormData(), ['intent', 'id']);
  const failed = (text: string, status: number) =>
    data({ notice: errorNotice(text), deleted: null }, { status });
  const known = ADDRESS_INTENTS.find((value) => value === intent);
  if (!known || !isRecordId(id)) return failed(ADDRESS_MESSAGES.saveFailed, 400);
  const api = actionApi(context);
  const result =
    known === 'default'
      ? await api.call('POST', `/api/addresses/${id}/default`, AddressChanged)
      : await api.call('DELETE', `/api/addresses/${id}`, AddressChanged);
  if (result.ok)
    return data({
      notice: successNotice(result.data.message),
      deleted: known === 'delete' ? Number(id) : null,
    });
  if (result.kind === 'refused' && result.status === 401)
    return redirect(localizedPath(splitLanguage(url.pathname).language, loginPathFor(request)));
  if (result.kind === 'refused') return failed(result.message || ADDRESS_MESSAGES.saveFailed, result.status);
  return failed(ADDRESS_MESSAGES.saveFailed, 503);
}

/**
 * /myaddress (cards) and /manageaddress (a management list): the default first; Set Default, Edit,
 * and delete for the others. Changes reload the page's data and the header's address picker.
 */
export default function MyAddresses() {
  const { addresses, flash } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const navigation = useNavigation();
  const t = useT();
  const managing = splitLanguage(location.pathname).path === '/manageaddress';
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const notice: NoticeValue = answer?.notice ?? flash;
  const deleted = answer?.deleted ?? null;
  useEffect(() => {
    if (deleted !== null) forgetSelected(deleted);
  }, [deleted]);
  const actions = { busy };
  const full = addresses.length >= ADDRESS_LIMIT;

  return (
    <AccountPage
      title={managing ? t('profile.address.manageTitle') : t('profile.yourAddresses')}
      actions={
        <div className="form-actions">
          {managing ? (
            <Link to="/myaddress" className="btn-secondary">
              {t('profile.address.cardView')}
            </Link>
          ) : (
            <Link to="/manageaddress" className="btn-secondary">
              {t('profile.address.manage')}
            </Link>
          )}
          {!full && (
            <Link to="/addressform" className="btn">
              {t('profile.addNew')}
            </Link>
          )}
        </div>
      }
    >
      <Notice notice={notice} />
      {managing && (
        <p className="manage-summary">
          {t('profile.address.summary', { count: addresses.length, limit: ADDRESS_LIMIT })}
        </p>
      )}
      {addresses.length === 0 ? (
        <div className="empty-state">
          <p>{t('profile.address.msg.empty')}</p>
          <Link to="/addressform" className="btn">
            {t('profile.addNew')}
          </Link>
        </div>
      ) : managing ? (
        <ul className="manage-list" aria-label={t('profile.address.listLabel')}>
          {addresses.map((address) => (
            <AddressRow key={address.id} address={address} {...actions} />
          ))}
        </ul>
      ) : (
        <ul className="account-cards" aria-label={t('profile.address.listLabel')}>
          {addresses.map((address) => (
            <li key={address.id}>
              <AddressCard address={address} {...actions} />
            </li>
          ))}
          {!full && (
            <li>
              <Link to="/addressform" className="add-card">
                <span aria-hidden="true">+</span>
                {t('profile.address.add')}
              </Link>
            </li>
          )}
        </ul>
      )}
    </AccountPage>
  );
}

/** A deleted address can no longer be the stored delivery choice (requirements#browser-storage: selectedAddress). */
function forgetSelected(id: number) {
  const selected = parseStoredAddress(localStorage.getItem(STORAGE_KEYS.selectedAddress));
  if (selected?.id === id) localStorage.removeItem(STORAGE_KEYS.selectedAddress);
}
