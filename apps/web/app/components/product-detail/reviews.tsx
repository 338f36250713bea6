import { averageRating, ratingBars } from '@marketplace/domain/catalog/ratings';
import { useState } from 'react';
import type { StarCountsData } from '../../lib/catalog.ts';
import type { ReviewData } from '../../lib/product-data.ts';
import { RatingStars } from '../ui/rating-stars.tsx';
import './product-detail.css';
import { formatIndianDate } from '@marketplace/domain/text/dates';
import { formatCount } from '@marketplace/domain/text/indian-format';
import { useDateText, useLanguage, useRichT, useT } from '../../i18n/intl.tsx';

/** Average and per-star bars (requirements#ratings). */
export function RatingSummary({ stars, total }: { stars: StarCountsData; total: number }) {
  const t = useT();
  const average = averageRating(stars);
  return (
    <div className="pd-rating-summary">
      <h2>{t('pd.customerReviews')}</h2>
      <p className="pd-rating-average">
        <RatingStars rating={average} size={18} />{' '}
        <b>{t('rating.outOf5', { average: average.toFixed(1) })}</b>
      </p>
      <p className="pd-rating-total">{t('rating.global', { count: total, shown: formatCount(total) })}</p>
      <ul className="pd-bars">
        {ratingBars(stars).map((bar) => (
          <li key={bar.star}>
            <span>{t('rating.star', { star: bar.star })}</span>
            <span className="pd-bar" aria-hidden="true">
              <span style={{ width: `${bar.percent}%` }} />
            </span>
            <span>{bar.percent}%</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One review (requirements#reviews: first name, date, order number, text, stars, images, seller message). */
export function Review({ review }: { review: ReviewData }) {
  const t = useT();
  const rich = useRichT();
  const language = useLanguage();
  const dateText = useDateText();
  const reviewed =
    language === 'en'
      ? formatIndianDate(review.date)
      : dateText(review.date, { day: 'numeric', month: 'long', year: 'numeric' });
  return (
    <article className="pd-review" aria-label={t('pd.reviewBy', { name: review.firstName })}>
      <p className="pd-review-head">
        <span className="pd-avatar" aria-hidden="true">
          {review.firstName.slice(0, 1)}
        </span>
        <b translate="no">{review.firstName}</b>
      </p>
      <p>
        <RatingStars rating={review.stars} /> <span className="pd-review-stars">{review.stars}.0</span>
      </p>
      <p className="pd-review-meta">
        {t('pd.reviewedOn', { date: reviewed })}
        {review.orderNo && <> · {t('pd.order', { number: review.orderNo })}</>} ·{' '}
        {rich('pd.soldByLine', {
          seller: review.sellerName,
          b: (chunks) => <span translate="no">{chunks}</span>,
        })}
      </p>
      <p className="pd-review-text">{review.text}</p>
      {review.images.length > 0 && <ReviewImages images={review.images} />}
      {review.sellerMessage && (
        <p className="pd-seller-message">
          <b>{t('pd.sellerResponse')}</b> {review.sellerMessage}
        </p>
      )}
    </article>
  );
}

const REVIEW_IMAGES_SHOWN = 4;

/** requirements#reviews: a review's images; a carousel above 4 images. */
function ReviewImages({ images }: { images: string[] }) {
  const t = useT();
  const [start, setStart] = useState(0);
  const isCarousel = images.length > REVIEW_IMAGES_SHOWN;
  const shown = isCarousel
    ? Array.from({ length: REVIEW_IMAGES_SHOWN }, (_, i) => images[(start + i) % images.length] ?? '')
    : images;
  return (
    <div className={`pd-review-images${isCarousel ? ' carousel' : ''}`}>
      {isCarousel && (
        <button
          type="button"
          aria-label={t('pd.prevImages')}
          onClick={() => setStart((s) => (s - 1 + images.length) % images.length)}
        >
          ‹
        </button>
      )}
      <ul>
        {shown.map((image, index) => (
          <li key={`${image}-${index}`}>
            <a href={image} target="_blank" rel="noreferrer">
              <img
                src={image}
                alt={t('pd.customerImage', { number: index + 1 })}
                width={88}
                height={88}
                loading="lazy"
              />
            </a>
          </li>
        ))}
      </ul>
      {isCarousel && (
        <button
          type="button"
          aria-label={t('pd.nextImages')}
          onClick={() => setStart((s) => (s + 1) % images.length)}
        >
          ›
        </button>
      )}
    </div>
  );
}
