import type { ProductCardData } from '../lib/catalog.ts';
import { ProductCard } from './product/product-card.tsx';
import { Carousel } from './ui/product-carousel.tsx';

export const RECENTLY_VIEWED_TITLE = 'Your Browsing History';

/**
 * The recently viewed products slot. Listings pass the logged-in shopper's history from the
 * server; the browsing-history feature fills it for visitors from local storage. Nothing when empty.
 */
export function RecentlyViewed({
  products,
  title = RECENTLY_VIEWED_TITLE,
}: {
  products: ProductCardData[];
  title?: string;
}) {
  if (products.length === 0) return null;
  return (
    <section className="panel recently-viewed">
      <h2>{title}</h2>
      <Carousel label={title} show={6}>
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </Carousel>
    </section>
  );
}
