import type { HomeContentColumn, HomeContentRow } from '../../lib/home-data.ts';
import { ProductCard } from '../product/product-card.tsx';
import { BannerCarousel } from '../ui/banner-carousel.tsx';
import { Carousel } from '../ui/product-carousel.tsx';
import { CONTENT_BANNER_SLIDES, contentProductLayout } from './content-layout.ts';
import { RevealBlock } from './reveal-block.tsx';
import { Link } from 'react-router';

// The home page's own rendering of page-content rows (frontpg / frontcol / frontcol_products);
// kept apart so the shared content-blocks renderer can replace it.

function ProductColumn({ column, label }: { column: HomeContentColumn; label: string }) {
  const products = column.items.flatMap((item) => (item.kind === 'product' ? [item.product] : []));
  const cards = products.map((product) => <ProductCard key={product.id} product={product} />);
  switch (contentProductLayout(products.length)) {
    case 'single':
      return <div className="content-single">{cards}</div>;
    case 'single-slide':
      return (
        <Carousel label={label} show={1}>
          {cards}
        </Carousel>
      );
    case 'four-up':
      return (
        <ul className="content-four-up" aria-label={label}>
          {cards.map((card, i) => (
            <li key={i}>{card}</li>
          ))}
        </ul>
      );
    default:
      return (
        <Carousel label={label} show={column.displayCount}>
          {cards}
        </Carousel>
      );
  }
}

function BannerColumn({ column, label }: { column: HomeContentColumn; label: string }) {
  const banners = column.items.flatMap((item) => (item.kind === 'banner' ? [item] : []));
  if (banners.length > 1) {
    const slides = banners
      .slice(0, CONTENT_BANNER_SLIDES)
      .map((b, i) => ({ id: i, image: b.image, alt: b.alt, href: b.href }));
    return <BannerCarousel slides={slides} label={label} />;
  }
  const [banner] = banners;
  if (!banner) return null;
  const image = <img src={banner.image} alt={banner.alt} loading="lazy" />;
  return banner.href ? (
    <Link to={banner.href} className="content-banner">
      {image}
    </Link>
  ) : (
    <div className="content-banner">{image}</div>
  );
}

function Column({
  column,
  rowTitle,
  showTitle,
}: {
  column: HomeContentColumn;
  rowTitle: string;
  showTitle: boolean;
}) {
  const label = column.header ?? rowTitle;
  // a header repeating its row's shown title is left out
  const header = column.header && !(showTitle && column.header === rowTitle) ? column.header : null;
  return (
    <div
      className={`content-column content-${column.displayType}`}
      style={{ gridColumn: `span ${column.span}` }}
    >
      {header && <h3>{header}</h3>}
      {column.displayType === 'product' && <ProductColumn column={column} label={label} />}
      {column.displayType === 'banner' && <BannerColumn column={column} label={label} />}
      {column.items.map((item, i) =>
        item.kind === 'video' ? (
          <video key={i} className="content-video" src={item.video} controls preload="metadata" />
        ) : item.kind === 'content' ? (
          <p key={i} className="content-text">
            {item.text}
          </p>
        ) : null,
      )}
    </div>
  );
}

/** Content rows of the home page: a 12-column grid per row. */
export function HomeContentRows({ rows, variant }: { rows: HomeContentRow[]; variant: 'promo' | 'home' }) {
  return rows.map((row) => (
    <RevealBlock
      key={row.id}
      className={`content-row content-row-${variant}`}
      label={row.showTitle ? undefined : row.title}
    >
      {row.showTitle && <h2>{row.title}</h2>}
      <div className="content-grid">
        {row.columns.map((column) => (
          <Column key={column.id} column={column} rowTitle={row.title} showTitle={row.showTitle} />
        ))}
      </div>
    </RevealBlock>
  ));
}
