import { useId } from 'react';
import { STAR_LABELS } from '@marketplace/domain/orders/feedback';

const STARS = [1, 2, 3, 4, 5] as const;

/** Stars 1 to 5 as a radio group: arrow keys move between stars, each star has its name read out. */
export function StarRating({
  value,
  onChange,
  error,
  name = 'stars',
}: {
  value: number;
  onChange: (stars: number) => void;
  error?: string | undefined;
  /** the posted field (the form works before the page's scripts arrive) */
  name?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className={`star-rating${error ? ' has-error' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>Your rating</legend>
      <div className="star-row">
        {STARS.map((star) => (
          <label key={star} className={star <= value ? 'star on' : 'star'}>
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={`${star} star${star > 1 ? 's' : ''}: ${STAR_LABELS[star]}`}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
        <span className="star-caption" aria-hidden="true">
          {value > 0 ? STAR_LABELS[value as keyof typeof STAR_LABELS] : 'Tap a star to rate'}
        </span>
      </div>
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </fieldset>
  );
}
