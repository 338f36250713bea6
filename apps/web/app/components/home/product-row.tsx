import type { ReactNode } from 'react';
import { Link } from '../../i18n/link.tsx';
import type { ProductCardData } from '../../lib/catalog.ts';
import { ProductCard } from '../product/product-card.tsx';
import { Carousel, CarouselOrGrid } from '../ui/product-carousel.tsx';
import { RevealBlock } from './reveal-block.tsx';

/** A titled home block of product cards: a carousel (requirements#product-lists), or a grid for deal rows of 6 or fewer. */
export function ProductRow({
  title,
  products,
  note,
  viewAll,
  kind = 'carousel',
  testId,
  show,
}: {
  title: string;
  products: ProductCardData[];
  note?: ReactNode;
  viewAll?: string;
  kind?: 'carousel' | 'carousel-or-grid';
  testId?: string;
  show?: number;
}) {
  if (products.length === 0) return null;
  const cards = products.map((product) => <ProductCard key={product.id} product={product} />);
  return (
    <RevealBlock className="home-row" testId={testId}>
      <div className="home-row-head">
        <h2>{title}</h2>
        {viewAll && (
          <Link to={viewAll} className="home-view-all">
            View All
          </Link>
        )}
      </div>
      {note && <p className="home-row-note">{note}</p>}
      {kind === 'carousel' ? (
        <Carousel label={title} show={show}>
          {cards}
        </Carousel>
      ) : (
        <CarouselOrGrid label={title}>{cards}</CarouselOrGrid>
      )}
    </RevealBlock>
  );
}
