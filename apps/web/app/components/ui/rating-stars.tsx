import { useId } from 'react';
import { useT } from '../../i18n/intl.tsx';

/** Five stars filled to a rating (0 to 5, one decimal), read by screen readers as 'N out of 5 stars'. */
export function RatingStars({ rating, size = 14 }: { rating: number; size?: number }) {
  const t = useT();
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span
      className="ui-stars"
      style={{ fontSize: size }}
      role="img"
      aria-label={t('rating.stars', { average: rating.toFixed(1) })}
    >
      <span className="ui-stars-empty" aria-hidden="true">
        ★★★★★
      </span>
      <span className="ui-stars-full" aria-hidden="true" style={{ width: `${percent}%` }}>
        ★★★★★
      </span>
    </span>
  );
}

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Stars 1 to 5 to choose from, as a radio group posted under `name` (so it works before scripts):
 * arrow keys move between stars, each star's name is read out (`labels[1..5]`).
 */
export function StarInput({
  legend,
  name,
  value,
  onChange,
  labels,
  prompt,
  error,
}: {
  legend: string;
  name: string;
  value: number;
  onChange: (stars: number) => void;
  labels: Readonly<Record<1 | 2 | 3 | 4 | 5, string>>;
  /** the caption before a star is chosen */
  prompt: string;
  error?: string | undefined;
}) {
  const id = useId();
  const chosen = STARS.find((star) => star === value);
  return (
    <fieldset
      className={`ui-star-input${error ? ' has-error' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{legend}</legend>
      <div className="ui-star-row">
        {STARS.map((star) => (
          <label key={star} className={star <= value ? 'ui-star is-on' : 'ui-star'}>
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={`${star} star${star > 1 ? 's' : ''}: ${labels[star]}`}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
        <span className="ui-star-caption" aria-hidden="true">
          {chosen ? labels[chosen] : prompt}
        </span>
      </div>
      {error && (
        <small id={`${id}-error`} className="ui-field-error">
          {error}
        </small>
      )}
    </fieldset>
  );
}
