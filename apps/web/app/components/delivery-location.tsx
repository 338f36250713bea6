import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  chosenPlaceFromCookies,
  CLEAR_CHOSEN_PLACE_COOKIE,
  GEOLOCATION_TIMEOUT_MS,
  initialPincode,
  MODAL_CLOSE_DELAY_MS,
  parseStoredAddress,
  PINCODE_MESSAGES,
  PINCODE_PATTERN,
  PINCODE_POLL_MS,
  pincodeCookie,
  pincodeGuessedCookie,
  pincodeInput,
  REVERSE_LOOKUP_TIMEOUT_MS,
} from '@marketplace/domain/location/pincode';
import { useLocation } from 'react-router';
import type { SavedAddress } from '../lib/services.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { readNearestPincode, readPincodeAvailability } from '../lib/storefront-answers.ts';
import { Dialog } from './ui/dialog.tsx';
import { useLocalPath, useT } from '../i18n/intl.tsx';

/** Fired on window after the delivery pincode changes, so pages can re-check availability. */
export const PINCODE_UPDATED_EVENT = 'pincodeUpdated';

type Place = { pincode: string; city: string };
type Status =
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'available'; place: Place } | { kind: 'unavailable' };

/** Server-rendered pages read the pincode from a cookie mirroring the stored one. */
function mirrorPincode(pincode: string) {
  if (!PINCODE_PATTERN.test(pincode)) return;
  if (!document.cookie.split('; ').includes(`pincode=${pincode}`)) document.cookie = pincodeCookie(pincode);
}

/** Stores the delivery place (and the saved address it came from) and tells the pages. */
export function storeDeliveryPlace(
  place: Place,
  address: Pick<SavedAddress, 'id' | 'pincode' | 'city'> | null,
  { guessed = false }: { guessed?: boolean } = {},
) {
  localStorage.setItem(STORAGE_KEYS.pincode, place.pincode);
  if (guessed) localStorage.setItem(STORAGE_KEYS.pincodeGuessed, '1');
  else localStorage.removeItem(STORAGE_KEYS.pincodeGuessed);
  document.cookie = pincodeGuessedCookie(guessed);
  mirrorPincode(place.pincode);
  localStorage.setItem(STORAGE_KEYS.pincodeCity, place.city);
  if (address) {
    localStorage.setItem(
      STORAGE_KEYS.selectedAddress,
      JSON.stringify({ id: address.id, pincode: address.pincode, city: address.city }),
    );
  } else {
    localStorage.removeItem(STORAGE_KEYS.selectedAddress); // requirements#initial-pincode: removed when no address is selected
  }
  window.dispatchEvent(new Event(PINCODE_UPDATED_EVENT));
}

/** The pincode nearest to the browser's location (requirements#reverse-geolocation), or null when it cannot be had. */
async function pincodeFromLocation(): Promise<Place | null> {
  if (!('geolocation' in navigator)) return null;
  const position = await new Promise<GeolocationPosition | null>((resolve) =>
    navigator.geolocation.getCurrentPosition(resolve, () => resolve(null), {
      enableHighAccuracy: true,
      timeout: GEOLOCATION_TIMEOUT_MS,
    }),
  );
  if (!position) return null;
  const { latitude, longitude } = position.coords;
  const res = await fetch(`/api/pincodes/nearest?latitude=${latitude}&longitude=${longitude}`, {
    signal: AbortSignal.timeout(REVERSE_LOOKUP_TIMEOUT_MS),
  }).catch(() => null);
  if (!res?.ok) return null;
  // an answer that is not the nearest pincode is a failed lookup, like no answer at all
  const body = await readNearestPincode(res).catch((error: unknown) => {
    console.warn('nearest pincode lookup failed', error);
    return null;
  });
  return body && { pincode: body.pincode, city: body.city };
}

/** The city of a pincode as the server names it (ADR-0004), or '' when it cannot be had. */
async function lookUpCity(pincode: string): Promise<string> {
  const res = await fetch('/api/pincodes/check', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pincode }),
  }).catch(() => null);
  if (!res?.ok) return '';
  const body = await readPincodeAvailability(res).catch(() => null);
  return body?.place?.pincode === pincode ? body.place.city : '';
}

/** The header's 'Deliver to' button and its delivery-location modal. */
export function DeliveryLocation({
  isLoggedIn,
  addresses,
  serverPlace,
  defaultPlace,
}: {
  isLoggedIn: boolean;
  addresses: SavedAddress[];
  /** the pincode in the mirror cookie and its city, shown until the browser's stored place is read */
  serverPlace: Place | null;
  /** the pincode to fall back to and its city, from the server, so naming it needs no lookup */
  defaultPlace: Place;
}) {
  const t = useT();
  const local = useLocalPath();
  const [place, setPlace] = useState<Place | null>(serverPlace);
  const [open, setOpen] = useState(false);
  const location = useLocation();

  useEffect(() => {
    // a place chosen on the picker's page without scripts becomes the stored one
    const chosen = chosenPlaceFromCookies(document.cookie);
    if (chosen) {
      const address = chosen.addressId === null ? null : { id: chosen.addressId, ...chosen };
      storeDeliveryPlace({ pincode: chosen.pincode, city: chosen.city }, address);
      document.cookie = CLEAR_CHOSEN_PLACE_COOKIE;
    }
    const stored = localStorage.getItem(STORAGE_KEYS.pincode);
    const selectedAddress = parseStoredAddress(localStorage.getItem(STORAGE_KEYS.selectedAddress));
    const storedIsGuess = localStorage.getItem(STORAGE_KEYS.pincodeGuessed) !== null;
    const defaultAddress = addresses.find((a) => a.isDefault) ?? null;
    const pincode = initialPincode({ stored, storedIsGuess, selectedAddress, defaultAddress, isLoggedIn });
    if (pincode && storedIsGuess && pincode !== stored) {
      // the shop's guess gives way to the logged-in shopper's own address, which becomes the chosen one
      const address = selectedAddress ?? defaultAddress;
      const city = address?.city ?? '';
      if (address) storeDeliveryPlace({ pincode: address.pincode, city }, { ...address, city });
      setPlace({ pincode, city });
    } else if (pincode) {
      mirrorPincode(pincode);
      // the server names the city of the pincode it was sent: a city stored by an older page gives way
      const city =
        (serverPlace?.pincode === pincode && serverPlace.city) ||
        (defaultPlace.pincode === pincode && defaultPlace.city) ||
        (localStorage.getItem(STORAGE_KEYS.pincodeCity) ?? selectedAddress?.city ?? '');
      if (city) localStorage.setItem(STORAGE_KEYS.pincodeCity, city);
      setPlace({ pincode, city });
    } else {
      // requirements#initial-pincode: a denied or failed location falls back silently to 600100, which is stored
      void pincodeFromLocation().then((found) => {
        // a pincode chosen while the location was looked up (in the modal, another tab) stays
        const meanwhile = localStorage.getItem(STORAGE_KEYS.pincode);
        if (meanwhile) {
          setPlace({ pincode: meanwhile, city: localStorage.getItem(STORAGE_KEYS.pincodeCity) ?? '' });
          return;
        }
        const chosen = found ?? defaultPlace;
        storeDeliveryPlace(chosen, null, { guessed: true });
        setPlace(chosen);
      });
    }
    // requirements#initial-pincode: the pincode is re-read from storage every second (another tab or page may change it)
    const timer = setInterval(() => {
      const now = localStorage.getItem(STORAGE_KEYS.pincode);
      if (now) mirrorPincode(now);
      if (now)
        setPlace((current) =>
          current?.pincode === now
            ? current
            : { pincode: now, city: localStorage.getItem(STORAGE_KEYS.pincodeCity) ?? '' },
        );
    }, PINCODE_POLL_MS);
    return () => clearInterval(timer);
  }, [isLoggedIn, addresses.length]);

  // a place known only by its pincode (the 600100 default, one stored without its city) is given
  // the city the product page names for it
  const pincodeWithoutCity = place && !place.city ? place.pincode : null;
  useEffect(() => {
    if (!pincodeWithoutCity) return;
    let isCurrent = true;
    void lookUpCity(pincodeWithoutCity).then((city) => {
      if (!isCurrent || !city || localStorage.getItem(STORAGE_KEYS.pincode) !== pincodeWithoutCity) return;
      localStorage.setItem(STORAGE_KEYS.pincodeCity, city);
      setPlace((current) => (current?.pincode === pincodeWithoutCity ? { ...current, city } : current));
    });
    return () => {
      isCurrent = false;
    };
  }, [pincodeWithoutCity]);

  return (
    <>
      {/* without scripts (or before they arrive) the button opens the picker as a page (ADR-0013) */}
      <form method="get" action={local('/deliverylocation')} className="inline-form">
        <input type="hidden" name="back" value={location.pathname + location.search} />
        <button
          type="submit"
          className="deliver-to"
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
          aria-haspopup="dialog"
        >
          <span>{t('location.deliverTo')}</span>
          <b>
            {place ? (
              <span translate="no">{`${place.city ? `${place.city} ` : ''}${place.pincode}`}</span>
            ) : (
              t('location.selectPincode')
            )}
          </b>
        </button>
      </form>
      {open && (
        <LocationModal
          current={place?.pincode ?? ''}
          back={location.pathname + location.search}
          addresses={isLoggedIn ? addresses : []}
          onClose={() => setOpen(false)}
          onChosen={(chosen, address) => {
            storeDeliveryPlace(chosen, address);
            setPlace(chosen);
          }}
        />
      )}
    </>
  );
}

/** A saved address as the picker lists it: name, street, city and pincode, and whether it is the default. */
export function SavedAddressText({ address }: { address: SavedAddress }) {
  const t = useT();
  return (
    <span>
      <b>{address.name}</b> {address.line}, {address.city} {address.pincode}
      {address.isDefault && <em> {t('location.default')}</em>}
    </span>
  );
}

function LocationModal({
  current,
  back,
  addresses,
  onClose,
  onChosen,
}: {
  current: string;
  /** where the picker's page goes back to, if the form is ever posted */
  back: string;
  addresses: SavedAddress[];
  onClose: () => void;
  onChosen: (place: Place, address: SavedAddress | null) => void;
}) {
  const t = useT();
  const local = useLocalPath();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [selected, setSelected] = useState<number | null>(
    () => parseStoredAddress(localStorage.getItem(STORAGE_KEYS.selectedAddress))?.id ?? null,
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // the parent re-renders (and passes a new onClose) while the close timer runs: keep the latest in a ref
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const closeSoon = () => {
    // requirements#location-modal: the modal closes 300 ms after a successful apply
    closeTimer.current = setTimeout(() => onCloseRef.current(), MODAL_CLOSE_DELAY_MS);
  };

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!text || text === current) return; // requirements#pincode-input: apply does nothing if equal to the current pincode
    setStatus({ kind: 'checking' });
    try {
      const res = await fetch('/api/pincodes/check', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pincode: text }),
      });
      if (res.status === 400) return setStatus({ kind: 'unavailable' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = await readPincodeAvailability(res);
      if (!body.available || !body.place) return setStatus({ kind: 'unavailable' });
      const place = { pincode: body.place.pincode, city: body.place.city };
      setStatus({ kind: 'available', place });
      onChosen(place, null);
      setSelected(null);
      closeSoon();
    } catch (error) {
      console.warn('pincode check failed', error);
      setStatus({ kind: 'idle' });
      window.alert(PINCODE_MESSAGES.failed);
    }
  };

  const chooseAddress = (address: SavedAddress) => {
    setSelected(address.id);
    onChosen({ pincode: address.pincode, city: address.city }, address);
    closeSoon();
  };

  return (
    <Dialog open onClose={onClose} title={t('location.choose')} initialFocus={inputRef}>
      <p className="modal-note">{t('location.note')}</p>
      {addresses.length > 0 && (
        <fieldset className="address-choices">
          <legend>{t('location.savedAddresses')}</legend>
          {addresses.map((address) => (
            <label key={address.id} className={selected === address.id ? 'chosen' : undefined}>
              <input
                type="radio"
                name="saved-address"
                checked={selected === address.id}
                onChange={() => chooseAddress(address)}
              />
              <SavedAddressText address={address} />
            </label>
          ))}
        </fieldset>
      )}
      {/* the picker page's own form: with scripts the dialog checks the pincode in place */}
      <form
        className="pincode-form"
        method="post"
        action={local('/deliverylocation')}
        onSubmit={(event) => void apply(event)}
      >
        <input type="hidden" name="back" value={back} />
        <label htmlFor="pincode-input">
          {addresses.length > 0 ? t('location.orEnterPincode') : t('location.enterPincode')}
        </label>
        <div className="pincode-row">
          <input
            id="pincode-input"
            name="pincode"
            ref={inputRef}
            inputMode="numeric"
            autoComplete="postal-code"
            value={text}
            onChange={(event) => {
              setText(pincodeInput(event.target.value));
              setStatus({ kind: 'idle' });
            }}
            placeholder={t('location.pincodePlaceholder')}
          />
          <button type="submit" className="btn" disabled={status.kind === 'checking'}>
            {t('location.apply')}
          </button>
        </div>
        <p role="status" className="pincode-status">
          {status.kind === 'unavailable' && <span className="error">{t('location.unavailable')}</span>}
          {status.kind === 'available' && (
            <span className="success">
              {t('location.available', { pincode: status.place.pincode })}
              {status.place.city && ` (${status.place.city})`}
            </span>
          )}
        </p>
      </form>
    </Dialog>
  );
}
