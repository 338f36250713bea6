import { averageRating } from '@marketplace/domain/catalog/ratings';
import { formatInr } from '@marketplace/domain/money/money';
import { Link } from '../../i18n/link.tsx';
import type { ProductCardData } from '../../lib/catalog.ts';
import type { CompareColumn, ProductDetail, ProductOffer } from '../../lib/product-data.ts';
import { ProductCard, productHref } from '../product/product-card.tsx';
import { reviewsHref } from '../product/rating-popover.tsx';
import { RatingStars } from '../ui/rating-stars.tsx';
import { CarouselOrGrid } from '../ui/product-carousel.tsx';
import { RatingSummary, Review } from './reviews.tsx';
import { formatCount } from '@marketplace/domain/text/indian-format';

/** Technical details and additional information tables. */
export function Specifications({ detail, offer }: { detail: ProductDetail; offer: ProductOffer | null }) {
  const a = offer?.additional;
  const rows: [string, string | null | undefined][] = a
    ? [
        ['Manufacturer', a.manufacturer],
        ['Importer', a.importer],
        ['Packer', a.packer],
        ['Item Weight', `${formatCount(a.weightGrams)} g`],
        ['Package Weight', `${formatCount(a.packWeightGrams)} g`],
        ['Dimensions', `${a.dimensionsCm.length} x ${a.dimensionsCm.width} x ${a.dimensionsCm.height} cm`],
        ['Country of Origin', a.origin],
        ['UPC', detail.product.upc],
      ]
    : [['UPC', detail.product.upc]];
  return (
    <section className="pd-specs panel" aria-labelledby="pd-specs">
      <h2 id="pd-specs">Product information</h2>
      <div className="pd-specs-grid">
        {detail.product.technicalDetails.length > 0 && (
          <table aria-label="Technical Details">
            <caption>Technical Details</caption>
            <tbody>
              {detail.product.technicalDetails.map((row) => (
                <tr key={row.name}>
                  <th scope="row">{row.name}</th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <table aria-label="Additional Information">
          <caption>Additional Information</caption>
          <tbody>
            {rows
              .filter((row): row is [string, string] => Boolean(row[1]))
              .map(([name, value]) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>{value}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function CardList({ title, cards }: { title: string; cards: ProductCardData[] }) {
  if (cards.length === 0) return null;
  return (
    <section className="panel pd-section" aria-label={title}>
      <h2>{title}</h2>
      <CarouselOrGrid label={title}>
        {cards.map((card) => (
          <ProductCard key={card.id} product={card} />
        ))}
      </CarouselOrGrid>
    </section>
  );
}

export function RelatedSections({ sections }: { sections: ProductDetail['sections'] }) {
  return (
    <>
      <CardList title="Related products" cards={sections.related} />
      <CardList title="More from this brand" cards={sections.brand} />
      {sections.compare.length > 1 && <Compare columns={sections.compare} />}
      <CardList title="You may also like" cards={sections.alsoLike} />
      <CardList title="Add-on items" cards={sections.addOn} />
      <CardList title="Products from other brands" cards={sections.otherBrand} />
    </>
  );
}

function Compare({ columns }: { columns: CompareColumn[] }) {
  const names = [...new Set(columns.flatMap((column) => Object.keys(column.attributes)))].sort();
  return (
    <section className="panel pd-compare" aria-labelledby="pd-compare">
      <h2 id="pd-compare">Compare with similar items</h2>
      <div className="pd-compare-scroll">
        <table>
          <thead>
            <tr>
              <td />
              {columns.map(({ card }, index) => (
                <th scope="col" key={card.id}>
                  <Link to={productHref(card.name)}>
                    <img src={card.image} alt="" width={120} height={120} loading="lazy" />
                    <span>{card.name}</span>
                  </Link>
                  {index === 0 && <span className="pd-compare-this">This item</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Price</th>
              {columns.map(({ card }) => (
                <td key={card.id}>{card.salePricePaise === null ? '—' : formatInr(card.salePricePaise)}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">Sold by</th>
              {columns.map(({ card, sellerName }) => (
                <td key={card.id}>{sellerName ?? '—'}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">Customer rating</th>
              {columns.map(({ card }) => (
                <td key={card.id}>
                  {card.ratingCount > 0 ? (
                    <>
                      <RatingStars rating={averageRating(card.stars)} size={12} /> ({card.ratingCount})
                    </>
                  ) : (
                    'No ratings yet'
                  )}
                </td>
              ))}
            </tr>
            {names.map((name) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                {columns.map((column) => (
                  <td key={column.card.id}>{column.attributes[name] ?? '—'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The rating summary (when complete) and the latest reviews with links to the full lists. */
export function ReviewsPreview({ detail, offer }: { detail: ProductDetail; offer: ProductOffer | null }) {
  const { product } = detail;
  return (
    <section className="panel pd-reviews" aria-label="Reviews">
      {/* ADR-0021: the star breakdown shows beside the reviews whenever the product has ratings */}
      {product.ratingCount > 0 && <RatingSummary stars={product.stars} total={product.ratingCount} />}
      <div className={`pd-reviews-list${product.ratingCount > 0 ? '' : ' pd-reviews-alone'}`}>
        <h2>Top reviews</h2>
        {detail.reviews.length === 0 ? (
          <p>No reviews yet.</p>
        ) : (
          detail.reviews.map((review) => <Review key={review.id} review={review} />)
        )}
        <p className="pd-reviews-links">
          {offer && (
            <Link
              to={`/viewreviews/${encodeURIComponent(product.name)}/${encodeURIComponent(offer.sellerName)}`}
            >
              See reviews for {offer.sellerName}
            </Link>
          )}
          {product.ratingCount > 0 && <Link to={reviewsHref(product.name)}>See all reviews</Link>}
        </p>
      </div>
    </section>
  );
}
