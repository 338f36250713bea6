import { Link } from '../../i18n/link.tsx';
import type { ReviewsPage } from '../../lib/product-data.ts';
import { productHref } from '../product/product-card.tsx';
import { Pager } from '../ui/pager.tsx';
import { RatingSummary, Review } from './reviews.tsx';
import { formatCount } from '@marketplace/domain/text/indian-format';

/** /viewreviews/{product}/{seller} and /reviews?product={name}: a product's reviews, a page at a time. */
export function ReviewsPageView({ data }: { data: ReviewsPage }) {
  const { product, seller, reviews } = data;
  return (
    <main id="main" tabIndex={-1} className="wrap pd-reviews-page">
      <div className="pd-reviews-layout">
        <aside className="panel pd-reviews-side">
          <Link to={productHref(product.name)} className="pd-reviews-product">
            <img src={product.image} alt="" width={96} height={96} />
            <span>{product.name}</span>
          </Link>
          {product.ratingCount > 0 && <RatingSummary stars={product.stars} total={product.ratingCount} />}
        </aside>
        <section className="panel pd-reviews-main" aria-labelledby="pd-reviews-heading">
          <h1 id="pd-reviews-heading">{seller ? `Reviews for ${seller.name}` : 'All customer reviews'}</h1>
          <p className="pd-reviews-count">
            {reviews.total === 0
              ? 'No reviews yet.'
              : `Showing ${(reviews.page - 1) * 10 + 1}-${(reviews.page - 1) * 10 + reviews.items.length} of ${formatCount(reviews.total)} reviews`}
          </p>
          {reviews.items.map((review) => (
            <Review key={review.id} review={review} />
          ))}
          <Pager page={reviews.page} pages={reviews.pages} />
        </section>
      </div>
    </main>
  );
}
