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
import { useT } from '../../i18n/intl.tsx';

/** Technical details and additional information tables. */
export function Specifications({ detail, offer }: { detail: ProductDetail; offer: ProductOffer | null }) {
  const t = useT();
  const a = offer?.additional;
  const rows: [string, string | null | undefined][] = a
    ? [
        [t('pd.manufacturer'), a.manufacturer],
        [t('pd.importer'), a.importer],
        [t('pd.packer'), a.packer],
        [t('pd.itemWeight'), `${formatCount(a.weightGrams)} g`],
        [t('pd.packageWeight'), `${formatCount(a.packWeightGrams)} g`],
        [
          t('pd.dimensions'),
          `${a.dimensionsCm.length} x ${a.dimensionsCm.width} x ${a.dimensionsCm.height} cm`,
        ],
        [t('pd.origin'), a.origin],
        ['UPC', detail.product.upc],
      ]
    : [['UPC', detail.product.upc]];
  return (
    <section className="pd-specs panel" aria-labelledby="pd-specs">
      <h2 id="pd-specs">{t('pd.info')}</h2>
      <div className="pd-specs-grid">
        {detail.product.technicalDetails.length > 0 && (
          <table aria-label={t('pd.technical')}>
            <caption>{t('pd.technical')}</caption>
            <tbody>
              {detail.product.technicalDetails.map((row) => (
                <tr key={row.name} translate="no">
                  <th scope="row">{row.name}</th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <table aria-label={t('pd.additional')}>
          <caption>{t('pd.additional')}</caption>
          <tbody>
            {rows
              .filter((row): row is [string, string] => Boolean(row[1]))
              .map(([name, value]) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td translate="no">{value}</td>
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
  const t = useT();
  return (
    <>
      <CardList title={t('listing.related')} cards={sections.related} />
      <CardList title={t('pd.moreFromBrand')} cards={sections.brand} />
      {sections.compare.length > 1 && <Compare columns={sections.compare} />}
      <CardList title={t('pd.alsoLike')} cards={sections.alsoLike} />
      <CardList title={t('pd.addOn')} cards={sections.addOn} />
      <CardList title={t('pd.otherBrands')} cards={sections.otherBrand} />
    </>
  );
}

function Compare({ columns }: { columns: CompareColumn[] }) {
  const t = useT();
  const names = [...new Set(columns.flatMap((column) => Object.keys(column.attributes)))].sort();
  return (
    <section className="panel pd-compare" aria-labelledby="pd-compare">
      <h2 id="pd-compare">{t('pd.compare')}</h2>
      <div className="pd-compare-scroll">
        <table>
          <thead>
            <tr>
              <td />
              {columns.map(({ card }, index) => (
                <th scope="col" key={card.id}>
                  <Link to={productHref(card.name)}>
                    <img src={card.image} alt="" width={120} height={120} loading="lazy" />
                    <span translate="no">{card.name}</span>
                  </Link>
                  {index === 0 && <span className="pd-compare-this">{t('pd.thisItem')}</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('listing.price')}</th>
              {columns.map(({ card }) => (
                <td key={card.id}>{card.salePricePaise === null ? '—' : formatInr(card.salePricePaise)}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t('pd.soldBy')}</th>
              {columns.map(({ card, sellerName }) => (
                <td key={card.id} translate="no">
                  {sellerName ?? '—'}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t('pd.customerRating')}</th>
              {columns.map(({ card }) => (
                <td key={card.id}>
                  {card.ratingCount > 0 ? (
                    <>
                      <RatingStars rating={averageRating(card.stars)} size={12} /> ({card.ratingCount})
                    </>
                  ) : (
                    t('pd.noRatings')
                  )}
                </td>
              ))}
            </tr>
            {names.map((name) => (
              <tr key={name} translate="no">
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
  const t = useT();
  const { product } = detail;
  return (
    <section className="panel pd-reviews" aria-label={t('pd.reviews')}>
      {/* ADR-0021: the star breakdown shows beside the reviews whenever the product has ratings */}
      {product.ratingCount > 0 && <RatingSummary stars={product.stars} total={product.ratingCount} />}
      <div className={`pd-reviews-list${product.ratingCount > 0 ? '' : ' pd-reviews-alone'}`}>
        <h2>{t('pd.topReviews')}</h2>
        {detail.reviews.length === 0 ? (
          <p>{t('pd.noReviews')}</p>
        ) : (
          detail.reviews.map((review) => <Review key={review.id} review={review} />)
        )}
        <p className="pd-reviews-links">
          {offer && (
            <Link
              to={`/viewreviews/${encodeURIComponent(product.name)}/${encodeURIComponent(offer.sellerName)}`}
            >
              {t('pd.reviewsFor', { seller: offer.sellerName })}
            </Link>
          )}
          {product.ratingCount > 0 && <Link to={reviewsHref(product.name)}>{t('pd.allReviews')}</Link>}
        </p>
      </div>
    </section>
  );
}
