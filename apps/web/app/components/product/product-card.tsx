import type { MouseEvent, ReactNode } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import type { ProductCardData } from '../../lib/catalog.ts';
import { Price } from '../ui/price.tsx';
import { AssuredBadge } from './assured-badge.tsx';
import { RatingPopover } from './rating-popover.tsx';
import './product.css';
import { useMediaUrl } from '../../lib/media-url.ts';

/** The product page of a product (names round-trip through the URL, spaces, slashes and all). */
export function productHref(name: string): string {
  return `/productdetails/${encodeURIComponent(name)}`;
}

/** The prices of a card: sale, struck M.R.P. only when the sale is lower, and '% Off' (requirements#discount-badge). */
export function CardPrices({
  salePricePaise,
  mrpPaise,
}: {
  salePricePaise: number | null;
  mrpPaise: number | null;
}) {
  const t = useT();
  if (salePricePaise === null || mrpPaise === null)
    return <div className="unavailable">{t('product.sellersNotAvailable')}</div>;
  return <Price salePaise={salePricePaise} mrpPaise={mrpPaise} />;
}

/**
 * A product card (requirements#product-cards): image, name clamped to two lines, star rating
 * with its popover, prices and the assured badge. `onOpen` runs before navigation (ad clicks).
 */
export function ProductCard({
  product,
  onOpen,
  state,
  badge,
  to,
}: {
  product: ProductCardData;
  /** Gets the click event, so a tracked ad can record before it navigates (preventDefault). */
  onOpen?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Navigation state for the product page (requirements#ad-clicks: product_ad_type). */
  state?: unknown;
  /** A label above the name, such as 'Sponsored'. */
  badge?: ReactNode;
  /** Where the card leads when not the product's default page (a coupon's seller, say). */
  to?: string;
}) {
  const media = useMediaUrl();
  return (
    <div className="card product-card">
      <Link to={to ?? productHref(product.name)} state={state} onClick={onOpen} className="card-link">
        <img src={media(product.image)} alt="" loading="lazy" width={200} height={200} />
        {badge && <span className="card-badge">{badge}</span>}
        <span className="name" translate="no">
          {product.title ?? product.name}
        </span>
      </Link>
      <RatingPopover productName={product.name} stars={product.stars} ratingCount={product.ratingCount} />
      <CardPrices salePricePaise={product.salePricePaise} mrpPaise={product.mrpPaise} />
      {product.isAssured && <AssuredBadge />}
    </div>
  );
}

/** A grid of product cards. */
export function ProductGrid({
  products,
  label,
  renderCard,
}: {
  products: ProductCardData[];
  label?: string;
  renderCard?: (product: ProductCardData) => ReactNode;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product) => (
        <li key={product.id}>{renderCard ? renderCard(product) : <ProductCard product={product} />}</li>
      ))}
    </ul>
  );
}
