import { truncateTitle } from '@marketplace/domain/catalog/listing';
import { Link } from '../../i18n/link.tsx';
import type { ProductCardData } from '../../lib/catalog.ts';
import { AssuredBadge } from '../product/assured-badge.tsx';
import { CardPrices, productHref } from '../product/product-card.tsx';
import { RatingPopover } from '../product/rating-popover.tsx';

/** A product on the brand page: like the shared card, with its title cut at 70 characters (requirements#brand-page). */
export function BrandProductCard({ product }: { product: ProductCardData }) {
  const title = truncateTitle(product.name);
  return (
    <div className="card product-card brand-card">
      <Link
        to={productHref(product.name)}
        className="card-link"
        title={title === product.name ? undefined : product.name}
      >
        <img src={product.image} alt="" loading="lazy" width={200} height={200} />
        <span className="name">{title}</span>
      </Link>
      <RatingPopover productName={product.name} stars={product.stars} ratingCount={product.ratingCount} />
      <CardPrices salePricePaise={product.salePricePaise} mrpPaise={product.mrpPaise} />
      {product.isAssured && <AssuredBadge />}
    </div>
  );
}
