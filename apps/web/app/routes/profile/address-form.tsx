import { type ComponentProps, type FormEvent, useEffect, useState } from 'react';
import {
  type Address,
  ADDRESS_FIELDS,
  ADDRESS_MESSAGES,
  AddressInput,
} from '@marketplace/domain/accounts/addresses';
import { fieldMessages, type Profile } from '@marketplace/domain/accounts/profile';
import { PINCODE_PATTERN, pincodeInput } from '@marketplace/domain/location/pincode';
import {
  type ClientLoaderFunctionArgs,
  Link,
  useLoaderData,
  useNavigate,
  useSearchParams,
} from 'react-router';
import { callApi, hereOf, loadOrLogin } from '../../components/account/account-api.ts';
import { AccountLoading, AccountPage } from '../../components/account/account-page.tsx';
import { Field } from '../../components/account/field.tsx';
import { Notice, type NoticeValue } from '../../components/account/notice.tsx';
import { selectAddress } from '../../lib/checkout.ts';

type Values = Record<(typeof ADDRESS_FIELDS)[number], string>;
const CHECKOUT = '/checkout';

/** An edit loads the address (?id=); a new address starts from the shopper's own name and contacts. */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const id = new URL(request.url).searchParams.get('id');
  const here = hereOf(request);
  if (id && /^[1-9][0-9]{0,9}$/.test(id)) {
    const address = await loadOrLogin<Address>(`/api/addresses/${id}`, here);
    return { address, start: address, missing: address === null };
  }
  const profile = await loadOrLogin<Profile>('/api/profile', here);
  const start: Partial<Values> = {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    email: profile?.email ?? '',
    mobile: profile?.mobile ?? '',
  };
  return { address: null, start, missing: id !== null };
}

export function HydrateFallback() {
  return <AccountLoading what="the address form" />;
}

/** /addressform: add or edit an address; ?fromCheckout=1 links back to checkout and returns there. */
export default function AddressForm() {
  const { address, start, missing } = useLoaderData<typeof clientLoader>();
  const [params] = useSearchParams();
  const fromCheckout = params.has('fromCheckout');
  const back = fromCheckout
    ? { to: CHECKOUT, label: 'Back to checkout' }
    : { to: '/myaddress', label: 'Back to your addresses' };
  if (missing) {
    return (
      <AccountPage title="Edit Address" back={back} narrow>
        <div className="empty-state">
          <p>{ADDRESS_MESSAGES.notFound}</p>
          <Link to="/addressform" className="btn">
            Add New
          </Link>
        </div>
      </AccountPage>
    );
  }
  const initial = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, start?.[field] ?? ''])) as Values;
  return (
    <AddressEditor
      key={address?.id ?? 'new'}
      address={address}
      initial={initial}
      fromCheckout={fromCheckout}
      back={back}
    />
  );
}

function AddressEditor({
  address,
  initial,
  fromCheckout,
  back,
}: {
  address: Address | null;
  initial: Values;
  fromCheckout: boolean;
  back: { to: string; label: string };
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [place, setPlace] = useState(address ? { city: address.city, state: address.state } : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [saving, setSaving] = useState(false);

  // city and state follow the pincode (GET /api/pincodes/{pincode}); an unknown one is said at once
  useEffect(() => {
    if (!PINCODE_PATTERN.test(values.pincode)) return setPlace(null);
    const controller = new AbortController();
    fetch(`/api/pincodes/${values.pincode}`, { signal: controller.signal })
      .then(async (res) => {
        if (res.ok) {
          const body = (await res.json()) as { city: string; state: string };
          setPlace({ city: body.city, state: body.state });
          setErrors(({ pincode: _, ...rest }) => rest);
        } else {
          setPlace(null);
          setErrors((current) => ({ ...current, pincode: ADDRESS_MESSAGES.pincode }));
        }
      })
      .catch(() => undefined); // an aborted or failed lookup leaves the check to saving
    return () => controller.abort();
  }, [values.pincode]);

  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({
      ...current,
      [name]: name === 'pincode' ? pincodeInput(event.target.value) : event.target.value,
    }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = AddressInput.safeParse(values);
    if (!parsed.success) {
      const fields = fieldMessages(parsed.error);
      setErrors(fields);
      // spec §5: the checks are told as an alert; ours names the first field to fix
      return setNotice({ kind: 'error', text: Object.values(fields)[0] ?? ADDRESS_MESSAGES.saveFailed });
    }
    setSaving(true);
    try {
      const result = await callApi<{ message: string; address?: Address }>(
        address ? `/api/addresses/${address.id}` : '/api/addresses',
        {
          method: address ? 'PUT' : 'POST',
          body: parsed.data,
        },
      );
      if (result.ok) {
        const saved = result.data.address;
        if (fromCheckout && saved) {
          // spec §2 Address form: from checkout, Proceed goes on to the delivery review with this address
          selectAddress(saved);
          await navigate('/deliveryreview');
          return;
        }
        await navigate(fromCheckout ? CHECKOUT : '/myaddress', { state: { notice: result.data.message } });
        return;
      }
      setErrors(result.fields);
      const known = result.status === 400 || result.status === 409 || result.status === 404;
      setNotice({
        kind: 'error',
        text: known && result.message ? result.message : ADDRESS_MESSAGES.saveFailed,
      });
    } catch {
      setNotice({ kind: 'error', text: ADDRESS_MESSAGES.saveFailed });
    } finally {
      setSaving(false);
    }
  }

  const field = (name: keyof Values, label: string, extra: Partial<ComponentProps<typeof Field>> = {}) => (
    <Field label={label} value={values[name]} onChange={set(name)} error={errors[name]} required {...extra} />
  );

  return (
    <AccountPage
      title={address ? 'Edit Address' : 'Add New Address'}
      crumb={{ to: '/myaddress', label: 'Your Addresses' }}
      back={back}
      narrow
    >
      <Notice notice={notice} />
      <form className="account-form" onSubmit={(event) => void save(event)} noValidate>
        <div className="form-grid">
          {field('firstName', 'First name', { autoComplete: 'given-name', maxLength: 50 })}
          {field('lastName', 'Last name', { autoComplete: 'family-name', maxLength: 50 })}
          {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
          {field('mobile', 'Mobile No', {
            inputMode: 'numeric',
            autoComplete: 'tel-national',
            maxLength: 10,
          })}
          {field('doorNo', 'Address (door / apartment)', {
            wide: true,
            autoComplete: 'address-line1',
            maxLength: 200,
          })}
          {field('street', 'Address 2 (street)', {
            wide: true,
            autoComplete: 'address-line2',
            maxLength: 200,
          })}
          {field('landmark', 'LandMark', { maxLength: 200 })}
          {field('pincode', 'PinCode', { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 6 })}
          <Field label="City" value={place?.city ?? ''} readOnly placeholder="From the pincode" />
          <Field label="State" value={place?.state ?? ''} readOnly placeholder="From the pincode" />
        </div>
        <div className="form-actions">
          <button type="submit" className="btn" disabled={saving}>
            {saving ? 'Saving…' : fromCheckout ? 'Proceed' : address ? 'Update Address' : 'Save Address'}
          </button>
          <Link to={back.to} className="btn-secondary">
            Cancel
          </Link>
        </div>
      </form>
    </AccountPage>
  );
}
