// The shopper's delivery pincode (requirements#location-modal, requirements#initial-pincode, requirements#pincode-input).

export const DEFAULT_PINCODE = '600100';
export const PINCODE_MAX_DIGITS = 6;
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
export const GEOLOCATION_TIMEOUT_MS = 15_000;
export const REVERSE_LOOKUP_TIMEOUT_MS = 10_000;
export const PINCODE_POLL_MS = 1_000;
export const MODAL_CLOSE_DELAY_MS = 300;

export const PINCODE_MESSAGES = {
  unavailable: 'Pincode not available',
  available: (pincode: string) => `Pincode Available: ${pincode}`,
  failed: 'Something went wrong!',
} as const;

/** requirements#pincode-input: the pincode box takes digits only, at most 6. */
export function pincodeInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, PINCODE_MAX_DIGITS);
}

export type StoredAddress = { id: number; pincode: string; city?: string };

/** A stored selected address, or null when it is missing or malformed (requirements#initial-pincode: treated as none). */
export function parseStoredAddress(raw: string | null): StoredAddress | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { id, pincode, city } = value as Record<string, unknown>;
    if (typeof id !== 'number' || typeof pincode !== 'string' || !PINCODE_PATTERN.test(pincode)) return null;
    return { id, pincode, ...(typeof city === 'string' ? { city } : {}) };
  } catch {
    return null;
  }
}

/**
 * requirements#initial-pincode: the initial pincode is the stored pincode; else, for a logged-in
 * shopper, the stored selected address's; else null, meaning: ask the browser's location (and fall
 * back to 600100). A stored pincode the shop filled in itself (`storedIsGuess`: from the location or
 * the 600100 fallback, never chosen by the shopper) gives way, once she is logged in, to her selected
 * address and then to her default address (`defaultAddress`): she told the shop where she lives.
 */
export function initialPincode(args: {
  stored: string | null;
  storedIsGuess?: boolean;
  selectedAddress: StoredAddress | null;
  defaultAddress?: StoredAddress | null;
  isLoggedIn: boolean;
}): string | null {
  const stored = args.stored && PINCODE_PATTERN.test(args.stored) ? args.stored : null;
  if (stored && !args.storedIsGuess) return stored;
  if (args.isLoggedIn && args.selectedAddress) return args.selectedAddress.pincode;
  if (args.isLoggedIn && args.defaultAddress) return args.defaultAddress.pincode;
  return stored;
}

/**
 * The delivery pincode is kept in browser storage (spec) and mirrored in this cookie, so pages
 * rendered on the server (listings, product pages) can show delivery for it.
 */
export const PINCODE_COOKIE = 'pincode';

/** The cookie that mirrors a stored pincode: a year, whole site, not sent by other sites' requests. */
export function pincodeCookie(pincode: string): string {
  return `${PINCODE_COOKIE}=${pincode}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The shopper's pincode from a Cookie header: a valid mirrored pincode, else the default 600100. */
export function pincodeFromCookies(cookieHeader: string | null | undefined): string {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === PINCODE_COOKIE) {
      const value = rest.join('=').trim();
      return PINCODE_PATTERN.test(value) ? value : DEFAULT_PINCODE;
    }
  }
  return DEFAULT_PINCODE;
}

/**
 * Set beside the mirror while the stored pincode is the shop's own guess (the browser's location or
 * the 600100 fallback), so a page rendered on the server applies the same rule as the header
 * (`initialPincode`): a logged-in shopper's default address beats the guess, in the first HTML too.
 */
export const PINCODE_GUESSED_COOKIE = 'pincodeGuessed';

/** The guess marker's cookie: set for a guessed pincode, expired for one the shopper chose. */
export function pincodeGuessedCookie(isGuess: boolean): string {
  return isGuess
    ? `${PINCODE_GUESSED_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${PINCODE_GUESSED_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/**
 * The shopper's delivery pincode for a page rendered on the server, by the header's rule
 * (`initialPincode`): the mirrored pincode unless it is the shop's guess and the shopper, logged
 * in, has a default address; else the default 600100.
 */
export function serverPincode(
  cookieHeader: string | null | undefined,
  defaultAddressPincode: string | null,
): string {
  const cookies = (cookieHeader ?? '').split(';').map((part) => part.trim());
  const mirrored = cookies.some((part) => part.startsWith(`${PINCODE_COOKIE}=`))
    ? pincodeFromCookies(cookieHeader)
    : null;
  const chosen = initialPincode({
    stored: mirrored,
    storedIsGuess: cookies.includes(`${PINCODE_GUESSED_COOKIE}=1`),
    selectedAddress: null,
    defaultAddress: defaultAddressPincode ? { id: 0, pincode: defaultAddressPincode, city: '' } : null,
    isLoggedIn: defaultAddressPincode !== null,
  });
  return chosen ?? DEFAULT_PINCODE;
}

/**
 * A place chosen on the delivery-location page without scripts (ADR-0013): the server sets
 * this cookie beside the pincode mirror, and the page's scripts, once they run, store the place
 * (and the saved address it came from) in the browser as the picker would have, then drop it.
 */
export const CHOSEN_PLACE_COOKIE = 'chosenPlace';

export type ChosenPlace = { pincode: string; city: string; addressId: number | null };

/** The cookie for a chosen place: ten minutes, whole site, readable by the page's scripts. */
export function chosenPlaceCookie(place: ChosenPlace): string {
  const value = encodeURIComponent(
    JSON.stringify({ pincode: place.pincode, city: place.city.slice(0, 100), addressId: place.addressId }),
  );
  return `${CHOSEN_PLACE_COOKIE}=${value}; Path=/; Max-Age=600; SameSite=Lax`;
}

/** The chosen place in a Cookie header (`document.cookie`), or null when none or malformed. */
export function chosenPlaceFromCookies(cookieHeader: string | null | undefined): ChosenPlace | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CHOSEN_PLACE_COOKIE) continue;
    try {
      const value: unknown = JSON.parse(decodeURIComponent(rest.join('=')));
      if (typeof value !== 'object' || value === null) return null;
      const { pincode, city, addressId } = value as Record<string, unknown>;
      if (typeof pincode !== 'string' || !PINCODE_PATTERN.test(pincode) || typeof city !== 'string')
        return null;
      const id =
        typeof addressId === 'number' && Number.isSafeInteger(addressId) && addressId > 0 ? addressId : null;
      return { pincode, city, addressId: id };
    } catch {
      return null;
    }
  }
  return null;
}

/** Clears the chosen-place cookie once the browser has stored the place. */
export const CLEAR_CHOSEN_PLACE_COOKIE = `${CHOSEN_PLACE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
