import { averageRating, ratingBars } from '@marketplace/domain/catalog/ratings';
import { useId, useRef, useState } from 'react';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { Link } from '../../i18n/link.tsx';
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
        aria-label={`Rating details: ${average.toFixed(1)} out of 5, ${formatCount(ratingCount)} ratings`}
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
        <div className="rating-panel" id={panelId} role="dialog" aria-label="Customer ratings">
          <button
            type="button"
            className="rating-close"
            aria-label="Close rating details"
            onClick={(event) => {
              event.preventDefault();
              event.stopPropagation();
              setOpen(false);
            }}
          >
            ×
          </button>
          <div className="rating-head">
            <RatingStars rating={average} size={18} /> <b>{average.toFixed(1)} out of 5</b>
          </div>
          <div className="rating-total">{formatCount(ratingCount)} global ratings</div>
          <ul className="rating-bars">
            {ratingBars(stars).map((bar) => (
              <li key={bar.star}>
                <span>{bar.star} star</span>
                <span className="bar" aria-hidden="true">
                  <span style={{ width: `${bar.percent}%` }} />
                </span>
                <span>{bar.percent}%</span>
              </li>
            ))}
          </ul>
          <Link to={reviewsHref(productName)} onClick={(event) => event.stopPropagation()}>
            See customer reviews ›
          </Link>
        </div>
      )}
    </div>
  );
}
