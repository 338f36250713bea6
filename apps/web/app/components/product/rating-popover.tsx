import { averageRating, ratingBars } from '@marketplace/domain/catalog/ratings';
import { useId, useRef, useState } from 'react';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { Link } from '../../i18n/link.tsx';
import { useT } from '../../i18n/intl.tsx';
import type { StarCountsData } from '../../lib/catalog.ts';
import { RatingStars } from '../ui/rating-stars.tsx';
import { formatCount } from '@marketplace/domain/text/indian-format';

/** Where a product's reviews are listed (the spec's /reviews route, for one product). */
export function reviewsHref(productName: string): string {
  return `/reviews?product=${encodeURIComponent(productName)}`;
}

/**
 * A card's star rating with its popover (requirements#ratings): per-star percentage bars, the count of global
 * ratings and a link to the reviews. Opens on hover over the arrow or on click; closes on the
 * close icon, an outside click or Escape. Shown only when the product has ratings (requirements#ratings).
 */
export function RatingPopover({
  productName,
  stars,
  ratingCount,
}: {
  productName: string;
  stars: StarCountsData;
  ratingCount: number;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useDismiss(open, box, () => setOpen(false));
  if (ratingCount <= 0) return null;
  const average = averageRating(stars);
  return (
    <div className="rating" ref={box}>
      <RatingStars rating={average} />
      <button
        type="button"
        className="rating-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('rating.details', {
          average: average.toFixed(1),
          count: ratingCount,
          shown: formatCount(ratingCount),
        })}
        onMouseEnter={() => setOpen(true)}
        onClick={(event) => {
          // the card around it is a link: the arrow opens the popover instead
          event.preventDefault();
          event.stopPropagation();
          setOpen((value) => !value);
        }}
      >
        <span aria-hidden="true">▾</span>
      </button>
      <span className="rating-count">{formatCount(ratingCount)}</span>
      {open && (
        <div className="rating-panel" id={panelId} role="dialog" aria-label={t('rating.customerRatings')}>
          <button
            type="button"
            className="rating-close"
            aria-label={t('rating.close')}
            onClick={(event) => {
              event.preventDefault();
              event.stopPropagation();
              setOpen(false);
            }}
          >
            ×
          </button>
          <div className="rating-head">
            <RatingStars rating={average} size={18} />{' '}
            <b>{t('rating.outOf5', { average: average.toFixed(1) })}</b>
          </div>
          <div className="rating-total">
            {t('rating.global', { count: ratingCount, shown: formatCount(ratingCount) })}
          </div>
          <ul className="rating-bars">
            {ratingBars(stars).map((bar) => (
              <li key={bar.star}>
                <span>{t('rating.star', { star: bar.star })}</span>
                <span className="bar" aria-hidden="true">
                  <span style={{ width: `${bar.percent}%` }} />
                </span>
                <span>{bar.percent}%</span>
              </li>
            ))}
          </ul>
          <Link to={reviewsHref(productName)} onClick={(event) => event.stopPropagation()}>
            {t('rating.seeReviews')} ›
          </Link>
        </div>
      )}
    </div>
  );
}
