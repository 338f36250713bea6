import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { moveToCart, removeSaved, type ListSource, useProductList } from '../../lib/saved-lists.ts';
import { productHref } from '../product/product-card.tsx';
import { ProductTiles } from './product-tiles.tsx';

const EMPTY: Record<ListSource, string> = {
  save_for_later: CART_MESSAGES.noSavedForLater,
  wishlist: CART_MESSAGES.wishlistEmpty,
  'buy-again': CART_MESSAGES.noBuyAgain,
};

/** One list with its actions: saved lists move to the cart or delete; Buy Again opens the product. */
export function SavedListView({ source, label }: { source: ListSource; label: string }) {
  const { state, reload } = useProductList(source);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (call: () => Promise<{ ok: boolean; message: string }>) => {
    setBusy(true);
    try {
      const result = await call();
      setNotice({ kind: result.ok ? 'success' : 'error', text: result.message || 'Something went wrong!' });
      await reload();
    } catch (error) {
      console.warn('The list could not be changed', error);
      setNotice({ kind: 'error', text: 'Something went wrong!' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="saved-list">
      {notice && (
        <p className={`saved-notice is-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {state.status === 'loading' && (
        <div className="spinner" role="status" aria-label={`Loading ${label}`} />
      )}
      {state.status === 'failed' && <p className="saved-empty">{EMPTY[source]}</p>}
      {state.status === 'ready' && state.items.length === 0 && <p className="saved-empty">{EMPTY[source]}</p>}
      {state.status === 'ready' && state.items.length > 0 && (
        <ProductTiles
          items={state.items}
          label={label}
          actions={(item) => {
            const id = item.id;
            if (source === 'buy-again' || id === undefined) {
              return (
                <Link
                  className="btn btn-small"
                  to={productHref(item.name) + (item.sellerId ? `?seller=${item.sellerId}` : '')}
                >
                  {CART_MESSAGES.buyAgain}
                </Link>
              );
            }
            return (
              <>
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={busy}
                  onClick={() => void act(() => moveToCart(id))}
                >
                  Move to Cart
                </button>
                <button
                  type="button"
                  className="btn-secondary btn-small"
                  disabled={busy}
                  onClick={() => void act(() => removeSaved(id))}
                >
                  {source === 'wishlist' ? 'Remove' : 'Delete'}
                </button>
              </>
            );
          }}
        />
      )}
    </div>
  );
}
