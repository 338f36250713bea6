// The logged-in shopper's Save For Later list, wishlist and Buy Again products, from the JSON API,
// each answer checked against its schema. The cart page's tabs use these in the browser; the
// client and the schemas (zod) load with the first call, so the cart page's first load stays lean.
import type { ListedProduct, SavedProduct } from '@marketplace/domain/cart/saved-items';
import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from './account-api.ts';
import { fetchCart } from './cart-store.ts';

export type ListSource = 'save_for_later' | 'wishlist' | 'buy-again';
/** A tile of a list: a saved entry (with its id, to move or remove it) or a Buy Again product. */
export type ListItem = ListedProduct | SavedProduct;
export type ListState = { status: 'loading' } | { status: 'ready'; items: ListItem[] } | { status: 'failed' };

/** The API path of a list. */
export const listPathOf = (source: ListSource) =>
  source === 'buy-again' ? '/api/buy-again' : `/api/saved-items?type=${source}`;

const client = async () => {
  const [api, schemas] = await Promise.all([
    import('./account-api.ts'),
    import('@marketplace/domain/cart/saved-items'),
  ]);
  return { ...api, ...schemas };
};
/** A script that did not load is a server that could not be reached. */
const UNREACHABLE = () => ({ ok: false, kind: 'unreachable' }) as const;

/** What a move, removal or save came to: the server's message (empty when it could not be reached). */
export type ListChange = { ok: boolean; message: string };
const changeOf = (result: ApiResult<{ message: string }>): ListChange =>
  result.ok
    ? { ok: true, message: result.data.message }
    : { ok: false, message: result.kind === 'refused' ? result.message : '' };

export function useProductList(source: ListSource | null) {
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const reload = useCallback(async () => {
    if (source === null) return;
    const result = await client().then(
      ({ callApi, BuyAgainList, SavedList }) =>
        source === 'buy-again'
          ? callApi('GET', listPathOf(source), BuyAgainList)
          : callApi('GET', listPathOf(source), SavedList),
      UNREACHABLE,
    );
    if (result.ok) return setState({ status: 'ready', items: result.data.items });
    console.warn('The list could not be loaded', result); // requirements#failures-only-logged: list load failures are only logged
    setState({ status: 'failed' });
  }, [source]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, reload };
}

/** After a move to the cart: the cart kept in the browser (and the header's badge) follows the server's. */
export async function followServerCart(): Promise<void> {
  await fetchCart().catch((error: unknown) => console.warn('The cart could not be loaded', error));
}

/** Moves a saved product into the cart; the stored cart follows the server's. */
export async function moveToCart(id: number): Promise<ListChange> {
  const change = changeOf(
    await client().then(
      ({ requestApi, browserFetch, SavedItemChanged }) =>
        requestApi(browserFetch, 'POST', `/api/saved-items/${id}/move-to-cart`, SavedItemChanged),
      UNREACHABLE,
    ),
  );
  if (change.ok) await followServerCart();
  return change;
}

export async function removeSaved(id: number): Promise<ListChange> {
  return changeOf(
    await client().then(
      ({ requestApi, browserFetch, SavedItemChanged }) =>
        requestApi(browserFetch, 'DELETE', `/api/saved-items/${id}`, SavedItemChanged),
      UNREACHABLE,
    ),
  );
}

export async function saveForLater(productId: number, sellerId: number): Promise<ListChange> {
  const body = { productId, sellerId, type: 'save_for_later' };
  return changeOf(
    await client().then(
      ({ callApi, SaveItemResult }) => callApi('POST', '/api/saved-items', SaveItemResult, body),
      UNREACHABLE,
    ),
  );
}
