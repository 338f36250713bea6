import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { BuyAgainList, SavedItemChanged, SavedList } from '@marketplace/domain/cart/saved-items';
import { useEffect } from 'react';
import { data, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { AccountPage } from '../../components/account/account-page.tsx';
import {
  SAVED_LIST_FAILED,
  SAVED_LIST_INTENTS,
  SavedListForms,
} from '../../components/cart/saved-list-view.tsx';
import { actionApi, formFields, loadFromApi, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import { followServerCart, listPathOf, type ListSource } from '../../lib/saved-lists.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import '../../components/cart/cart.css';
import { isRecordId } from '@marketplace/domain/validation/record-id';

const sourceOf = (pathname: string): ListSource =>
  pathname === '/mywhishlist' ? 'wishlist' : pathname === '/buyagain' ? 'buy-again' : 'save_for_later';

const TITLES: Record<ListSource, string> = {
  wishlist: CART_MESSAGES.wishlistTitle,
  'buy-again': CART_MESSAGES.buyAgain,
  save_for_later: CART_MESSAGES.saveForLater,
};

export async function loader({ request, url, context }: LoaderArgs) {
  // `url`, not the request's: a script's data request ends in .data
  const source = sourceOf(url.pathname);
  const path = listPathOf(source);
  const list =
    source === 'buy-again'
      ? await loadFromApi(context, request, path, BuyAgainList)
      : await loadFromApi(context, request, path, SavedList);
  return { source, items: list?.items ?? [] };
}

/** Move to Cart or remove one saved product (the posted forms of the tiles). */
export async function action({ request, context }: ActionArgs) {
  const form = await readForm(request);
  const { intent, id } = formFields(form ?? new FormData(), ['intent', 'id']);
  const failed = (text: string, status: number) =>
    data({ notice: { kind: 'error' as const, text }, moved: false }, { status });
  const known = SAVED_LIST_INTENTS.find((value) => value === intent);
  if (!known || !isRecordId(id)) return failed(SAVED_LIST_FAILED, 400);
  const api = actionApi(context);
  const result =
    known === 'move'
      ? await api.call('POST', `/api/saved-items/${id}/move-to-cart`, SavedItemChanged)
      : await api.call('DELETE', `/api/saved-items/${id}`, SavedItemChanged);
  if (result.ok)
    return data({ notice: { kind: 'success' as const, text: result.data.message }, moved: known === 'move' });
  if (result.kind === 'unreachable') return failed(SAVED_LIST_FAILED, 503);
  if (result.status === 401) return redirect(loginPathFor(request));
  return failed(result.message || SAVED_LIST_FAILED, result.status);
}

/** /saveforlater, /mywhishlist and /buyagain: one list each, behind the login guard. */
export default function SavedListPage() {
  const { source, items } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const moved = answer?.moved === true;
  // the cart kept in the browser (and the header's badge) follows the server's after a move
  useEffect(() => {
    if (moved) void followServerCart();
  }, [answer, moved]);
  const title = TITLES[source];
  return (
    <AccountPage title={title}>
      <SavedListForms
        key={source}
        source={source}
        label={title}
        items={items}
        notice={answer?.notice ?? null}
        busy={busy}
      />
    </AccountPage>
  );
}
