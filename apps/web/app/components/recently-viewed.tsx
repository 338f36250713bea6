import type { ProductCardData } from '../lib/catalog.ts';
import { ProductCard } from './product/product-card.tsx';
import { Carousel } from './ui/product-carousel.tsx';
import { useT } from '../i18n/intl.tsx';

/**
 * The recently viewed products slot. Listings pass the logged-in shopper's history from the
 * server; the browsing-history feature fills it for visitors from local storage. Nothing when empty.
 */
export function RecentlyViewed({ products, title }: { products: ProductCardData[]; title?: string }) {
  const t = useT();
  if (products.length === 0) return null;
  const heading = title ?? t('listing.browsingHistory');
  return (
    <section className="panel recently-viewed">
      <h2>{heading}</h2>
      <Carousel label={heading} show={6}>
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </Carousel>
    </section>
  );
}
