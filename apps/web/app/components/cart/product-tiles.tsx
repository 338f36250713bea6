import { formatInr } from '@marketplace/domain/money/money';
import type { ListItem } from '../../lib/saved-lists.ts';
import { Link } from '../../i18n/link.tsx';
import { AssuredBadge } from '../product/assured-badge.tsx';
import { productHref } from '../product/product-card.tsx';
import { useT } from '../../i18n/intl.tsx';

/** A grid of product tiles with per-tile actions (move to cart, delete, buy again). */
export function ProductTiles({
  items,
  label,
  actions,
}: {
  items: readonly ListItem[];
  label: string;
  actions: (item: ListItem) => React.ReactNode;
}) {
  const t = useT();
  return (
    <ul className="saved-tiles" aria-label={label}>
      {items.map((item) => {
        const href = productHref(item.name) + (item.sellerId ? `?seller=${item.sellerId}` : '');
        return (
          <li key={'id' in item ? item.id : item.productId} className="saved-tile" aria-label={item.name}>
            {/* the name below is the tile's link for keyboards and screen readers; the image repeats it for a tap */}
            <Link to={href} className="saved-tile-image" tabIndex={-1} aria-hidden="true">
              <img src={item.image} alt="" loading="lazy" />
            </Link>
            <Link to={href} className="saved-tile-name">
              {item.name}
            </Link>
            {item.isAssured && <AssuredBadge />}
            <p className="saved-tile-price">
              {item.salePricePaise === null || item.mrpPaise === null ? (
                t('product.sellersNotAvailable')
              ) : (
                <>
                  <b>{formatInr(item.salePricePaise)}</b>
                  {item.mrpPaise > item.salePricePaise && <s>{formatInr(item.mrpPaise)}</s>}
                </>
              )}
            </p>
            <div className="saved-tile-actions">{actions(item)}</div>
          </li>
        );
      })}
    </ul>
  );
}
