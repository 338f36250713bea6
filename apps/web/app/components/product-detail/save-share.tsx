import { PRODUCT_MESSAGES } from '@marketplace/domain/catalog/product-detail';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { readSaveItem } from '../../lib/storefront-answers.ts';
import { useT } from '../../i18n/intl.tsx';

type ListType = 'save_for_later' | 'wishlist';

/** requirements#save-for-later: Save for later and Wishlist need login; the server's message (or 'Error: ...') is alerted. */
export function SaveButtons({
  productId,
  sellerId,
  isLoggedIn,
}: {
  productId: number | null;
  sellerId: number | null;
  isLoggedIn: boolean;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<ListType | null>(null);
  const save = async (type: ListType) => {
    if (!isLoggedIn) {
      await navigate('/login');
      return;
    }
    if (!productId) {
      window.alert(PRODUCT_MESSAGES.invalidProduct);
      return;
    }
    setBusy(type);
    try {
      const res = await fetch('/api/saved-items', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ productId, type, ...(sellerId ? { sellerId } : {}) }),
      });
      const answer = await readSaveItem(res);
      if (res.status === 401) {
        await navigate('/login');
        return;
      }
      window.alert(answer.ok ? answer.message : PRODUCT_MESSAGES.saveFailed(answer.message));
    } catch (error) {
      window.alert(PRODUCT_MESSAGES.saveFailed(error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="pd-lists">
      <button type="button" disabled={busy !== null} onClick={() => void save('save_for_later')}>
        {t('pd.saveForLater')}
      </button>
      <button type="button" disabled={busy !== null} onClick={() => void save('wishlist')}>
        {t('pd.addToWishlist')}
      </button>
    </div>
  );
}

/** Web Share where the browser has it, else copies the link and says so. */
export function ShareButton({ name }: { name: string }) {
  const t = useT();
  const [copied, setCopied] = useState<string | null>(null);
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: name, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(t('pd.linkCopied'));
    } catch {
      setCopied(url); // no clipboard either: show the link to copy by hand
    }
  };
  return (
    <div className="pd-share">
      <button type="button" onClick={() => void share()}>
        {t('pd.share')}
      </button>
      {copied && (
        <span role="status" className="pd-share-note">
          {copied}
        </span>
      )}
    </div>
  );
}
