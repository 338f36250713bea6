import { safeReturnPath } from '@marketplace/domain/accounts/login';
import { Address } from '@marketplace/domain/accounts/addresses';
import {
  chosenPlaceCookie,
  PINCODE_MESSAGES,
  PINCODE_PATTERN,
  pincodeCookie,
  pincodeFromCookies,
} from '@marketplace/domain/location/pincode';
import { PincodeAvailability } from '@marketplace/domain/location/pincode-api';
import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
} from 'react-router';
import { Link } from '../../i18n/link.tsx';
import { actionApi, formFields, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs, ShellData } from '../../lib/services.ts';
import '../../components/location.css';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { SavedAddressText } from '../../components/delivery-location.tsx';

/**
 * /deliverylocation?back=…: the delivery-location picker as a page, where the header's Deliver to
 * leads before the page's scripts run (ADR-0013); with scripts it opens as a dialog instead.
 */
export function loader({ request }: LoaderArgs) {
  const url = new URL(request.url);
  return {
    back: safeReturnPath(url.searchParams.get('back')),
    pincode: pincodeFromCookies(request.headers.get('cookie')),
  };
}

const refused = (pincode: string, status: 'unavailable' | 'failed', code: number) =>
  data({ pincode, status }, { status: code });

/** Where the chosen place goes: the mirror cookie the pages read, and the note for the browser's storage. */
function placeChosen(back: string, place: { pincode: string; city: string; addressId: number | null }) {
  const headers = new Headers();
  headers.append('set-cookie', pincodeCookie(place.pincode));
  headers.append('set-cookie', chosenPlaceCookie(place));
  return redirect(back, { headers });
}

/** Applies a pincode, or a saved address, and goes back to the page the shopper came from. */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const fields = formFields(form ?? new FormData(), ['pincode', 'addressId', 'back']);
  const back = safeReturnPath(fields.back || null);
  const api = actionApi(context);
  if (fields.addressId) {
    if (!isRecordId(fields.addressId)) return refused('', 'failed', 400);
    const address = await api.call('GET', `/api/addresses/${fields.addressId}`, Address);
    if (!address.ok) return refused('', 'failed', address.kind === 'refused' ? address.status : 503);
    const { pincode, city, id } = address.data;
    return placeChosen(back, { pincode, city, addressId: id });
  }
  const pincode = fields.pincode.replace(/\D/g, '').slice(0, 6);
  // requirements#pincode-input: a pincode that is not six digits is simply not available
  if (!PINCODE_PATTERN.test(pincode)) return refused(pincode, 'unavailable', 400);
  const checked = await api.call('POST', '/api/pincodes/check', PincodeAvailability, { pincode });
  if (!checked.ok) return refused(pincode, 'failed', 503);
  if (!checked.data.available || !checked.data.place) return refused(pincode, 'unavailable', 200);
  return placeChosen(back, { pincode, city: checked.data.place.city, addressId: null });
}

export default function DeliveryLocationPage() {
  const { back, pincode } = useLoaderData<typeof loader>();
  // the shell has read the shopper and their saved addresses already
  const shell = useRouteLoaderData<Pick<ShellData, 'user' | 'addresses'>>('routes/shell');
  const addresses = shell?.user ? shell.addresses : [];
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <main id="main" tabIndex={-1} className="wrap location-page">
      <h1>Choose your location</h1>
      <p className="modal-note">Delivery options and delivery speeds may vary for different locations.</p>
      <p>
        Delivering to <b>{pincode}</b>
      </p>
      {addresses.length > 0 && (
        <Form method="post" className="address-choices">
          <input type="hidden" name="back" value={back} />
          <fieldset>
            <legend>Your saved addresses</legend>
            {addresses.map((address, index) => (
              <label key={address.id}>
                <input type="radio" name="addressId" value={address.id} defaultChecked={index === 0} />
                <SavedAddressText address={address} />
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn" disabled={busy}>
            Deliver here
          </button>
        </Form>
      )}
      <Form method="post" className="pincode-form">
        <input type="hidden" name="back" value={back} />
        <label htmlFor="pincode-page-input">
          {addresses.length > 0 ? 'or enter an Indian pincode' : 'Enter an Indian pincode'}
        </label>
        <div className="pincode-row">
          <input
            id="pincode-page-input"
            name="pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            defaultValue={result?.pincode ?? ''}
            placeholder="6-digit pincode"
          />
          <button type="submit" className="btn" disabled={busy}>
            Apply
          </button>
        </div>
        <p role="status" className="pincode-status">
          {result?.status === 'unavailable' && <span className="error">{PINCODE_MESSAGES.unavailable}</span>}
          {result?.status === 'failed' && <span className="error">{PINCODE_MESSAGES.failed}</span>}
        </p>
      </Form>
      <Link to={back} className="location-back">
        Back
      </Link>
    </main>
  );
}
