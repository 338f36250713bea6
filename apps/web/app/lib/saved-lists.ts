// The logged-in shopper's Save For Later list, wishlist and Buy Again products, from the JSON API.
import { useCallback, useEffect, useState } from 'react';
import type { ListedProduct } from '../components/cart/product-tiles.tsx';
import { fetchCart } from './cart-store.ts';

export type ListSource = 'save_for_later' | 'wishlist' | 'buy-again';
export type ListState =
  { status: 'loading' } | { status: 'ready'; items: ListedProduct[] } | { status: 'failed' };

const pathOf = (source: ListSource) =>
  source === 'buy-again' ? '/api/buy-again' : `/api/saved-items?type=${source}`;

export function useProductList(source: ListSource | null) {
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const reload = useCallback(async () => {
    if (source === null) return;
    try {
      const res = await fetch(pathOf(source), { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`${res.status}`);
      setState({ status: 'ready', items: ((await res.json()) as { items: ListedProduct[] }).items });
    } catch (error) {
      console.warn('The list could not be loaded', error); // spec: list load failures are only logged
      setState({ status: 'failed' });
    }
  }, [source]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, reload };
}

async function messageOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => ({}))) as { message?: string; error?: { message?: string } };
  return body.message ?? body.error?.message ?? '';
}

/** Moves a saved product into the cart; the stored cart follows the server's. */
export async function moveToCart(id: number): Promise<{ ok: boolean; message: string }> {
  const res = await fetch(`/api/saved-items/${id}/move-to-cart`, {
    method: 'POST',
    credentials: 'same-origin',
  });
  const message = await messageOf(res);
  if (res.ok)
    await fetchCart().catch((error: unknown) => console.warn('The cart could not be loaded', error));
  return { ok: res.ok, message };
}

export async function removeSaved(id: number): Promise<{ ok: boolean; message: string }> {
  const res = await fetch(`/api/saved-items/${id}`, { method: 'DELETE', credentials: 'same-origin' });
  return { ok: res.ok, message: await messageOf(res) };
}

export async function saveForLater(
  productId: number,
  sellerId: number,
): Promise<{ ok: boolean; message: string }> {
  const res = await fetch('/api/saved-items', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId, sellerId, type: 'save_for_later' }),
  });
  return { ok: res.ok, message: await messageOf(res) };
}
