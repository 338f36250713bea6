import { type ComponentProps, useEffect, useState } from 'react';
import {
  type Address,
  ADDRESS_FIELDS,
  ADDRESS_MESSAGES,
  Address as AddressSchema,
  AddressInput,
  AddressSaved,
} from '@marketplace/domain/accounts/addresses';
import { fieldMessages, Profile } from '@marketplace/domain/accounts/profile';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { PINCODE_PATTERN, pincodeInput } from '@marketplace/domain/location/pincode';
import { Pincode } from '@marketplace/domain/location/pincode-api';
import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { type MessageKey, useT } from '../../i18n/intl.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { errorNotice, Notice, type NoticeValue } from '../../components/account/notice.tsx';
import { useFieldText, useStateName } from '../../components/account/profile-texts.ts';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { flashCookie } from '../../lib/flash.server.ts';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { isRecordId } from '@marketplace/domain/validation/record-id';

type Values = Record<(typeof ADDRESS_FIELDS)[number], string>;
const CHECKOUT = '/checkout';

/** An edit loads the address (?id=); a new address starts from the shopper's own name and contacts. */
export async function loader({ request, context }: LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id');
  if (id !== null) {
    const address = isRecordId(id)
      ? await loadFromApi(context, request, `/api/addresses/${id}`, AddressSchema)
      : null;
    const start: Partial<Values> = address ?? {};
    return { address, start, missing: address === null };
  }
  const profile = await loadFromApi(context, request, '/api/profile', Profile);
  const start: Partial<Values> = {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    email: profile?.email ?? '',
    mobile: profile?.mobile ?? '',
  };
  return { address: null, start, missing: false };
}

/**
 * Saves the posted address (a new one, or ?id= for an edit). Checked with the API's own schema
 * first, so each field's message shows beside it; the typed values come back with any refusal.
 * From checkout (?fromCheckout) it goes on to the delivery review with this address.
 */
export async function action({ request, url, context }: ActionArgs) {
  const local = (path: string) => localizedPath(splitLanguage(url.pathname).language, path);
  const id = url.searchParams.get('id');
  const form = await readForm(request);
  // what the shopper typed comes back with a refusal, cut to a field's length
  const posted = formFields(form ?? new FormData(), ADDRESS_FIELDS);
  const values = Object.fromEntries(
    ADDRESS_FIELDS.map((name) => [name, posted[name].slice(0, 300)]),
  ) as Values;
  const refused = (text: string, errors: Record<string, string>, status: number) =>
    data({ values, errors, notice: errorNotice(text) }, { status });
  if (!form) return refused(ADDRESS_MESSAGES.saveFailed, {}, 400);
  if (id !== null && !isRecordId(id)) return refused(ADDRESS_MESSAGES.notFound, {}, 404);
  const parsed = AddressInput.safeParse(values);
  if (!parsed.success) {
    const errors = fieldMessages(parsed.error);
    // requirements#addresses: the checks are told as an alert; ours names the first field to fix
    return refused(Object.values(errors)[0] ?? ADDRESS_MESSAGES.saveFailed, errors, 400);
  }
  const api = actionApi(context);
  const result = id
    ? await api.call('PUT', `/api/addresses/${id}`, AddressSaved, parsed.data)
    : await api.call('POST', '/api/addresses', AddressSaved, parsed.data);
  if (result.ok) {
    // requirements#addresses: from checkout, Proceed goes on to the delivery review with this address
    if (url.searchParams.has('fromCheckout'))
      return redirect(local(`/deliveryreview?address=${result.data.address.id}`), { headers: api.headers });
    // from Buy Now, back to Buy Now with this address chosen
    if (url.searchParams.has('fromBuyNow'))
      return redirect(local(`/buynow?address=${result.data.address.id}`), { headers: api.headers });
    api.headers.append('set-cookie', flashCookie({ kind: 'success', text: result.data.message }));
    return redirect(local('/myaddress'), { headers: api.headers });
  }
  if (result.kind === 'refused' && result.status === 401) return redirect(local(loginPathFor(request)));
  const known = result.kind === 'refused' && [400, 404, 409].includes(result.status);
  return refused(
    known && result.message ? result.message : ADDRESS_MESSAGES.saveFailed,
    result.kind === 'refused' ? result.fields : {},
    result.kind === 'refused' ? result.status : 503,
  );
}

/**
 * /addressform: add or edit an address; ?fromCheckout=1 links back to checkout and returns there,
 * ?fromBuyNow=1 to Buy Now.
 */
export default function AddressForm() {
  const { address, start, missing } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const t = useT();
  const fromCheckout = params.has('fromCheckout');
  const back = fromCheckout
    ? { to: CHECKOUT, label: t('profile.address.backToCheckout') }
    : params.has('fromBuyNow')
      ? { to: '/buynow', label: t('profile.address.backToBuyNow') }
      : { to: '/myaddress', label: t('profile.address.backToAddresses') };
  if (missing) {
    return (
      <AccountPage title={t('profile.address.editTitle')} back={back} narrow>
        <div className="empty-state">
          <p>{t('profile.address.msg.notFound')}</p>
          <ButtonLink to="/addressform">{t('profile.addNew')}</ButtonLink>
        </div>
      </AccountPage>
    );
  }
  const initial = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, start[field] ?? ''])) as Values;
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
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const say = useFieldText();
  const stateName = useStateName();
  const saving = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [values, setValues] = useState(answer?.values ?? initial);
  const [place, setPlace] = useState(address ? { city: address.city, state: address.state } : null);
  const [errors, setErrors] = useState<Record<string, string>>(answer?.errors ?? {});
  const notice: NoticeValue = answer?.notice ?? null;
  // each refusal of the action brings its own field messages
  useEffect(() => {
    if (answer) setErrors(answer.errors);
  }, [answer]);

  // city and state follow the pincode (GET /api/pincodes/{pincode}); an unknown one is said at once
  useEffect(() => {
    if (!PINCODE_PATTERN.test(values.pincode)) return setPlace(null);
    const controller = new AbortController();
    fetch(`/api/pincodes/${values.pincode}`, { signal: controller.signal })
      .then(async (res) => {
        if (res.ok) {
          const body = Pincode.parse(await res.json());
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

  const field = (
    name: keyof Values,
    label: MessageKey,
    extra: Partial<ComponentProps<typeof Field>> = {},
  ) => (
    <Field
      label={t(label)}
      name={name}
      value={values[name]}
      onChange={set(name)}
      error={say(errors[name])}
      required
      {...extra}
    />
  );

  return (
    <AccountPage
      title={address ? t('profile.address.editTitle') : t('profile.address.newTitle')}
      crumb={{ to: '/myaddress', label: t('profile.yourAddresses') }}
      back={back}
      narrow
    >
      <Notice notice={notice} />
      <Form method="post" className="account-form ui-form" noValidate>
        <div className="ui-form-grid">
          {field('firstName', 'profile.firstName', { autoComplete: 'given-name', maxLength: 50 })}
          {field('lastName', 'profile.lastName', { autoComplete: 'family-name', maxLength: 50 })}
          {field('email', 'profile.email', { type: 'email', autoComplete: 'email' })}
          {field('mobile', 'profile.address.mobileNo', {
            inputMode: 'numeric',
            autoComplete: 'tel-national',
            maxLength: 10,
          })}
          {field('doorNo', 'profile.address.doorNo', {
            wide: true,
            autoComplete: 'address-line1',
            maxLength: 200,
          })}
          {field('street', 'profile.address.street', {
            wide: true,
            autoComplete: 'address-line2',
            maxLength: 200,
          })}
          {field('landmark', 'profile.address.landmark', { maxLength: 200 })}
          {field('pincode', 'profile.address.pincode', {
            inputMode: 'numeric',
            autoComplete: 'postal-code',
            maxLength: 6,
          })}
          <Field
            label={t('profile.address.city')}
            value={place?.city ?? ''}
            readOnly
            placeholder={t('profile.address.fromPincode')}
            translate="no"
          />
          <Field
            label={t('profile.address.state')}
            value={place ? stateName(place.state) : ''}
            readOnly
            placeholder={t('profile.address.fromPincode')}
          />
        </div>
        <div className="form-actions">
          <Button type="submit" busy={saving}>
            {saving
              ? t('profile.saving')
              : fromCheckout
                ? t('profile.address.proceed')
                : address
                  ? t('profile.address.update')
                  : t('profile.address.save')}
          </Button>
          <ButtonLink to={back.to} variant="secondary">
            {t('profile.cancel')}
          </ButtonLink>
        </div>
      </Form>
    </AccountPage>
  );
}
