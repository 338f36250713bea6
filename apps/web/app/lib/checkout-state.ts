// What the checkout pages load before they show (spec §2: an empty cart, or no chosen address on
// the delivery pages, sends the shopper to /cart).
import type { Address } from '@marketplace/domain/accounts/addresses';
import { redirect } from 'react-router';
import { hereOf, loadOrLogin } from '../components/account/account-api.ts';
import { selectAddress, selectedAddressId } from './checkout.ts';
import { fetchCart, readLocalCart } from './cart-store.ts';

const toCart = () => redirect('/cart', { status: 302 });

/** The cart as stored, asking the server once when this browser holds none yet. */
async function cartLines() {
  if (readLocalCart().length === 0) {
    await fetchCart().catch((error: unknown) => console.warn('The cart could not be loaded', error));
  }
  return readLocalCart();
}

/**
 * /deliveryreview and /deliveryfinalreview: the chosen address, or /cart without one or a cart.
 * `?address=` (an address just saved from checkout) becomes the chosen one.
 */
export async function loadDeliveryStep(request: Request) {
  if ((await cartLines()).length === 0) return toCart();
  const named = new URL(request.url).searchParams.get('address');
  const id = named && /^[1-9][0-9]{0,9}$/.test(named) ? Number(named) : selectedAddressId();
  if (id === null) return toCart();
  const address = await loadOrLogin<Address>(`/api/addresses/${id}`, hereOf(request));
  if (!address) return toCart();
  if (named) selectAddress(address);
  return { address };
}
