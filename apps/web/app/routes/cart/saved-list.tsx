import { BuyAgainList, SavedItemChanged, SavedList } from '@marketplace/domain/cart/saved-items';
import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import { useEffect } from 'react';
import { data, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { type MessageKey, useT } from '../../i18n/intl.tsx';
import { AccountPage } from '../../components/account/account-page.tsx';
import { useProfileText } from '../../components/account/profile-texts.ts';
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

/** The list a path shows, in any of the shop's languages ('/hi/mywhishlist' is the wishlist). */
const sourceOf = (pathname: string): ListSource => {
  const { path } = splitLanguage(pathname);
  return path === '/mywhishlist' ? 'wishlist' : path === '/buyagain' ? 'buy-again' : 'save_for_later';
};

/** Each list's title (requirements#saved-lists: CART_MESSAGES' wishlistTitle, buyAgain, saveForLater). */
const TITLES = {
  wishlist: 'profile.lists.wishlistTitle',
  'buy-again': 'cart.buyAgain',
  save_for_later: 'cart.saveForLater',
} as const satisfies Record<ListSource, MessageKey>;

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
export async function action({ request, url, context }: ActionArgs) {
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
  if (result.status === 401)
    return redirect(localizedPath(splitLanguage(url.pathname).language, loginPathFor(request)));
  return failed(result.message || SAVED_LIST_FAILED, result.status);
}

/** /saveforlater, /mywhishlist and /buyagain: one list each, behind the login guard. */
export default function SavedListPage() {
  const { source, items } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const say = useProfileText();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const moved = answer?.moved === true;
  // the cart kept in the browser (and the header's badge) follows the server's after a move
  useEffect(() => {
    if (moved) void followServerCart();
  }, [answer, moved]);
  const title = t(TITLES[source]);
  const notice = answer?.notice ? { ...answer.notice, text: say(answer.notice.text) } : null;
  return (
    <AccountPage title={title}>
      <SavedListForms key={source} source={source} label={title} items={items} notice={notice} busy={busy} />
    </AccountPage>
  );
}
