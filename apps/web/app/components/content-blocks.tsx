import { blockLayout } from '@marketplace/domain/catalog/listing-filters';
import type { CSSProperties } from 'react';
import { Link } from '../i18n/link.tsx';
import type { ContentBlock, ContentBlockItem } from '../lib/listing-data.ts';
import { ProductCard } from './product/product-card.tsx';
import { CONTENT_BANNER_SIZE } from './ui/content-banner.ts';
import { Carousel } from './ui/product-carousel.tsx';
import './content-blocks.css';

type Column = ContentBlock['columns'][number];

/** requirements#operator-content: the words of a content block's link. */
export const CONTENT_LINK_TEXT = 'Learn more';

function Banner({ item, alt }: { item: Extract<ContentBlockItem, { displayType: 'banner' }>; alt: string }) {
  const image = (
    <img
      src={item.image}
      alt={alt}
      width={CONTENT_BANNER_SIZE.width}
      height={CONTENT_BANNER_SIZE.height}
      loading="lazy"
    />
  );
  return item.link ? (
    <Link className="block-banner" to={item.link}>
      {image}
    </Link>
  ) : (
    <div className="block-banner">{image}</div>
  );
}

function Item({ item, alt }: { item: ContentBlockItem; alt: string }) {
  switch (item.displayType) {
    case 'product':
      return <ProductCard product={item.product} />;
    case 'banner':
      return <Banner item={item} alt={alt} />;
    case 'video':
      // requirements#content-blocks: 16:9 with controls, no autoplay
      return (
        <video className="block-video" src={item.video} controls preload="metadata">
          <track kind="captions" />
        </video>
      );
    case 'content':
      return (
        <>
          <p className="block-text">{item.content}</p>
          {item.link && (
            <Link className="block-text-link" to={item.link}>
              {CONTENT_LINK_TEXT}
            </Link>
          )}
        </>
      );
  }
}

/** One column laid out by requirements#content-blocks: single card, single-slide carousel, 4-up block or carousel. */
function BlockColumn({ column, label }: { column: Column; label: string }) {
  const layout = blockLayout(column.displayType, column.items.length, column.displayCount);
  const alt = column.header ?? label;
  const items = column.items.map((item) => <Item key={item.id} item={item} alt={alt} />);
  switch (layout.kind) {
    case 'none':
      return null;
    case 'single':
      return <div className={`block-single block-${column.displayType}`}>{items}</div>;
    case 'grid':
      return <div className="block-four-up">{items}</div>;
    case 'carousel':
      return (
        <div
          className={
            layout.perView <= 2 ? `block-carousel block-per-view-${layout.perView}` : 'block-carousel'
          }
        >
          <Carousel label={alt} show={layout.perView}>
            {items}
          </Carousel>
        </div>
      );
    case 'video':
    case 'text':
      return <div className={`block-${layout.kind}-column`}>{items}</div>;
  }
}

/**
 * Page-content blocks (requirements#content-blocks) on a 12-column grid: the
 * home page and the category listings share them.
 */
export function ContentBlocks({ blocks, label = 'Featured' }: { blocks: ContentBlock[]; label?: string }) {
  if (blocks.length === 0) return null;
  return (
    <div className="content-blocks">
      {blocks.map((block) => (
        <section
          key={block.id}
          className="content-block"
          aria-label={block.showTitle ? undefined : block.title || label}
          aria-labelledby={block.showTitle ? `content-block-${block.id}` : undefined}
        >
          {block.showTitle && <h2 id={`content-block-${block.id}`}>{block.title}</h2>}
          <div className="content-row">
            {block.columns.map((column) => (
              <div
                key={column.id}
                className="content-column"
                style={{ '--span': column.span } as CSSProperties}
              >
                {column.header && column.header !== block.title && <h3>{column.header}</h3>}
                <BlockColumn column={column} label={block.title || label} />
              </div>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
