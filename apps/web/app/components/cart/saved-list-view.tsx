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
import { type MessageKey, useT } from '../../i18n/intl.tsx';

/** The spec's text for an empty list (requirements#cart-page), in the page's language. */
const EMPTY_KEYS = {
  save_for_later: 'cart.noSavedForLater',
  wishlist: 'cart.wishlistEmpty',
  'buy-again': 'cart.noBuyAgain',
} as const satisfies Record<ListSource, MessageKey>;

function EmptyList({ source }: { source: ListSource }) {
  const t = useT();
  return <p className="saved-empty">{t(EMPTY_KEYS[source])}</p>;
}

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

const removeKey = (source: ListSource): MessageKey => (source === 'wishlist' ? 'cart.remove' : 'cart.delete');

/** One list loaded in the browser, with its actions (the cart page's tabs). */
export function SavedListView({ source, label }: { source: ListSource; label: string }) {
  const t = useT();
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
      {state.status === 'failed' && <EmptyList source={source} />}
      {state.status === 'ready' && state.items.length === 0 && <EmptyList source={source} />}
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
                  {t('cart.moveToCart')}
                </button>
                <button
                  type="button"
                  className="btn-secondary btn-small"
                  disabled={busy}
                  onClick={() => void act(() => removeSaved(item.id))}
                >
                  {t(removeKey(source))}
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
  const t = useT();
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
        <EmptyList source={source} />
      ) : (
        <ProductTiles
          items={items}
          label={label}
          actions={(item) =>
            source === 'buy-again' || !('id' in item) ? (
              <BuyAgainLink item={item} />
            ) : (
              <>
                {button(item, 'move', 'btn btn-small', t('cart.moveToCart'))}
                {button(item, 'remove', 'btn-secondary btn-small', t(removeKey(source)))}
              </>
            )
          }
        />
      )}
    </div>
  );
}
