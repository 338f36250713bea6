// Answers of the API that the storefront's scripts read in the browser, parsed with the domain's
// schemas (STYLE.md habit 14). The schemas are imported when an answer arrives, never at the top:
// the storefront's first-load JavaScript stays free of zod (e2e/storefront-scripts.spec.ts).
// A body that does not match throws, which each caller treats as its call having failed.
import type { Suggestion } from '@marketplace/domain/search/suggestions-api';
import type { NearestPincode, PincodeAvailability } from '@marketplace/domain/location/pincode-api';
import type { CartAvailability } from '@marketplace/domain/cart/cart-api';
import type { DeliveryEstimate } from '@marketplace/domain/orders/checkout';
import type { HistoryEntry } from '@marketplace/domain/catalog/history-rules';
import type { ProductCard } from '@marketplace/domain/catalog/product-cards-api';

/** `GET /api/search/suggestions`: the suggestions, as the server ordered them. */
export async function readSuggestions(res: Response): Promise<Suggestion[]> {
  const { SuggestionList } = await import('@marketplace/domain/search/suggestions-api');
  return SuggestionList.parse(await res.json()).suggestions;
}

/** `GET /api/pincodes/nearest`: the pincode nearest to a position. */
export async function readNearestPincode(res: Response): Promise<NearestPincode> {
  const { NearestPincode } = await import('@marketplace/domain/location/pincode-api');
  return NearestPincode.parse(await res.json());
}

/** `POST /api/pincodes/check`: whether a pincode is served, and its place. */
export async function readPincodeAvailability(res: Response): Promise<PincodeAvailability> {
  const { PincodeAvailability } = await import('@marketplace/domain/location/pincode-api');
  return PincodeAvailability.parse(await res.json());
}

/** `POST /api/cart/availability`: each asked line's status and stock, in the order asked. */
export async function readCartAvailability(res: Response): Promise<CartAvailability> {
  const { CartAvailability } = await import('@marketplace/domain/cart/cart-api');
  return CartAvailability.parse(await res.json());
}

/** `POST /api/checkout/estimate`: the cart priced for a pincode, as checkout will price it. */
export async function readDeliveryEstimate(res: Response): Promise<DeliveryEstimate> {
  const { DeliveryEstimate } = await import('@marketplace/domain/orders/checkout');
  return DeliveryEstimate.parse(await res.json());
}

/** `GET` and `POST /api/history`: the shopper's saved browsing history, newest first. */
export async function readBrowsingHistory(res: Response): Promise<HistoryEntry[]> {
  const { BrowsingHistory } = await import('@marketplace/domain/catalog/history');
  return BrowsingHistory.parse(await res.json()).history;
}

/** `GET /api/products/cards`: the cards asked for, in the order asked. */
export async function readProductCards(res: Response): Promise<ProductCard[]> {
  const { ProductCards } = await import('@marketplace/domain/catalog/product-cards-api');
  return ProductCards.parse(await res.json()).products;
}

/** `POST /api/auth/logout`: true only for the server's success answer (anything else: logout failed). */
export async function readLogout(res: Response): Promise<boolean> {
  if (!res.ok) return false;
  const body: unknown = await res.json();
  const { LogoutResult } = await import('@marketplace/domain/accounts/logout-api');
  return LogoutResult.safeParse(body).success;
}

/**
 * `POST /api/saved-items`: the server's message to alert. A success answer off its schema reads
 * as a failure; a refusal brings the message of the API's error answer (or none).
 */
export async function readSaveItem(res: Response): Promise<{ ok: boolean; message: string }> {
  const body: unknown = await res.json();
  if (res.ok) {
    const { SaveItemResult } = await import('@marketplace/domain/cart/saved-items');
    const saved = SaveItemResult.safeParse(body);
    return saved.success
      ? { ok: true, message: saved.data.message }
      : { ok: false, message: 'Unexpected answer' };
  }
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return { ok: false, message: typeof message === 'string' ? message : res.statusText };
}
