import { blockLayout } from '@marketplace/domain/catalog/listing-filters';
import type { ContentBlock } from '../../lib/listing-data.ts';
import { ProductCard } from '../product/product-card.tsx';
import { BannerCarousel } from '../ui/banner-carousel.tsx';
import { Carousel } from '../ui/product-carousel.tsx';
import { CONTENT_BANNER_SIZE } from '../ui/content-banner.ts';
import { RevealBlock } from './reveal-block.tsx';
import { Link } from '../../i18n/link.tsx';
import { CONTENT_LINK_TEXT } from '../content-blocks.tsx';

// The home page's rendering of page-content rows (frontpg / frontcol / frontcol_products): the
// same blocks and layout rules as the category pages' ContentBlocks, revealed on scroll, with the
// promo block's banner-and-cards look and sliding banners.

type Column = ContentBlock['columns'][number];
/** requirements#content-blocks: several banners make a carousel of up to 2 slides. */
const BANNER_SLIDES = 2;

function ProductColumn({ column, label }: { column: Column; label: string }) {
  const products = column.items.flatMap((item) => (item.displayType === 'product' ? [item.product] : []));
  const cards = products.map((product) => <ProductCard key={product.id} product={product} />);
  const layout = blockLayout('product', products.length, column.displayCount);
  switch (layout.kind) {
    case 'single':
      return <div className="content-single">{cards}</div>;
    case 'grid':
      return (
        <ul className="content-four-up" aria-label={label}>
          {cards.map((card, i) => (
            <li key={i}>{card}</li>
          ))}
        </ul>
      );
    case 'carousel':
      return (
        <Carousel label={label} show={layout.perView}>
          {cards}
        </Carousel>
      );
    default:
      return null;
  }
}

function BannerColumn({ column, label }: { column: Column; label: string }) {
  const banners = column.items.flatMap((item) => (item.displayType === 'banner' ? [item] : []));
  if (banners.length > 1) {
    const slides = banners
      .slice(0, BANNER_SLIDES)
      .map((b) => ({ id: b.id, image: b.image, alt: label, href: b.link }));
    return <BannerCarousel slides={slides} label={label} />;
  }
  const [banner] = banners;
  if (!banner) return null;
  const image = (
    <img
      src={banner.image}
      alt={label}
      width={CONTENT_BANNER_SIZE.width}
      height={CONTENT_BANNER_SIZE.height}
      loading="lazy"
    />
  );
  return banner.link ? (
    <Link to={banner.link} className="content-banner">
      {image}
    </Link>
  ) : (
    <div className="content-banner">{image}</div>
  );
}

function Column({ column, rowTitle, showTitle }: { column: Column; rowTitle: string; showTitle: boolean }) {
  const label = column.header ?? rowTitle;
  // a header repeating its row's shown title is left out
  const header = column.header && !(showTitle && column.header === rowTitle) ? column.header : null;
  // one level below the row's title, or right below the page's when the row shows none
  const Heading = showTitle ? 'h3' : 'h2';
  return (
    <div
      className={`content-column content-${column.displayType}`}
      style={{ gridColumn: `span ${column.span}` }}
    >
      {header && <Heading className="content-column-title">{header}</Heading>}
      {column.displayType === 'product' && <ProductColumn column={column} label={label} />}
      {column.displayType === 'banner' && <BannerColumn column={column} label={label} />}
      {column.items.map((item, i) =>
        item.displayType === 'video' ? (
          <video key={i} className="content-video" src={item.video} controls preload="metadata" />
        ) : item.displayType === 'content' ? (
          <div key={i} className="content-text-block">
            <p className="content-text">{item.content}</p>
            {item.link && (
              <Link className="content-text-link" to={item.link}>
                {CONTENT_LINK_TEXT}
              </Link>
            )}
          </div>
        ) : null,
      )}
    </div>
  );
}

/** Content rows of the home page: a 12-column grid per row. */
export function HomeContentRows({ rows, variant }: { rows: ContentBlock[]; variant: 'promo' | 'home' }) {
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
