import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { useState } from 'react';
import { Form } from 'react-router';
import { Link } from '../../i18n/link.tsx';
import {
  type ListChange,
  type ListItem,
  type ListSource,
  moveToCart,
  removeSaved,
  useProductList,
} from '../../lib/saved-lists.ts';
import { productHref } from '../product/product-card.tsx';
import { ProductTiles } from './product-tiles.tsx';
import { Spinner } from '../ui/skeleton.tsx';
import { useT } from '../../i18n/intl.tsx';

export const SAVED_LIST_EMPTY: Record<ListSource, string> = {
  save_for_later: CART_MESSAGES.noSavedForLater,
  wishlist: CART_MESSAGES.wishlistEmpty,
  'buy-again': CART_MESSAGES.noBuyAgain,
};

/** What a list page's action is asked to do with one saved product. */
export const SAVED_LIST_INTENTS = ['move', 'remove'] as const;
export type SavedListIntent = (typeof SAVED_LIST_INTENTS)[number];

/** The text a failed change shows when the server said nothing. */
export const SAVED_LIST_FAILED = 'Something went wrong!';

export type SavedNoticeValue = { kind: 'success' | 'error'; text: string } | null;

export function SavedNotice({ notice }: { notice: SavedNoticeValue }) {
  if (!notice) return null;
  return (
    <p className={`saved-notice is-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </p>
  );
}

/** Buy Again (and a product the list cannot change) opens the product with the seller shown. */
function BuyAgainLink({ item }: { item: ListItem }) {
  const t = useT();
  return (
    <Link
      className="btn btn-small"
      to={productHref(item.name) + (item.sellerId ? `?seller=${item.sellerId}` : '')}
    >
      {t('cart.buyAgain')}
    </Link>
  );
}

const removeLabel = (source: ListSource) => (source === 'wishlist' ? 'Remove' : 'Delete');

/** One list loaded in the browser, with its actions (the cart page's tabs). */
export function SavedListView({ source, label }: { source: ListSource; label: string }) {
  const { state, reload } = useProductList(source);
  const [notice, setNotice] = useState<SavedNoticeValue>(null);
  const [busy, setBusy] = useState(false);

  const act = async (call: () => Promise<ListChange>) => {
    setBusy(true);
    try {
      const result = await call();
      setNotice({ kind: result.ok ? 'success' : 'error', text: result.message || SAVED_LIST_FAILED });
      await reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="saved-list">
      <SavedNotice notice={notice} />
      {state.status === 'loading' && <Spinner label={`Loading ${label}`} />}
      {state.status === 'failed' && <p className="saved-empty">{SAVED_LIST_EMPTY[source]}</p>}
      {state.status === 'ready' && state.items.length === 0 && (
        <p className="saved-empty">{SAVED_LIST_EMPTY[source]}</p>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <ProductTiles
          items={state.items}
          label={label}
          actions={(item) => {
            if (source === 'buy-again' || !('id' in item)) return <BuyAgainLink item={item} />;
            return (
              <>
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={busy}
                  onClick={() => void act(() => moveToCart(item.id))}
                >
                  Move to Cart
                </button>
                <button
                  type="button"
                  className="btn-secondary btn-small"
                  disabled={busy}
                  onClick={() => void act(() => removeSaved(item.id))}
                >
                  {removeLabel(source)}
                </button>
              </>
            );
          }}
        />
      )}
    </div>
  );
}

/**
 * A list rendered on the server (the /saveforlater, /mywhishlist and /buyagain pages): Move to Cart
 * and Remove are small posted forms, so they work before the page's scripts arrive (ADR-0013).
 */
export function SavedListForms({
  source,
  label,
  items,
  notice,
  busy,
}: {
  source: ListSource;
  label: string;
  items: readonly ListItem[];
  notice: SavedNoticeValue;
  busy: boolean;
}) {
  const button = (
    item: ListItem & { id: number },
    intent: SavedListIntent,
    className: string,
    text: string,
  ) => (
    <Form method="post" className="inline-form">
      <input type="hidden" name="id" value={item.id} />
      <button type="submit" name="intent" value={intent} className={className} disabled={busy}>
        {text}
      </button>
    </Form>
  );
  return (
    <div className="saved-list">
      <SavedNotice notice={notice} />
      {items.length === 0 ? (
        <p className="saved-empty">{SAVED_LIST_EMPTY[source]}</p>
      ) : (
        <ProductTiles
          items={items}
          label={label}
          actions={(item) =>
            source === 'buy-again' || !('id' in item) ? (
              <BuyAgainLink item={item} />
            ) : (
              <>
                {button(item, 'move', 'btn btn-small', 'Move to Cart')}
                {button(item, 'remove', 'btn-secondary btn-small', removeLabel(source))}
              </>
            )
          }
        />
      )}
    </div>
  );
}
