import {
  PRICE_BOX_PARAMS,
  PRICE_STEP_RUPEES,
  type PriceRange,
} from '@marketplace/domain/catalog/listing-filters';
import { type FormEvent, useEffect, useState } from 'react';
import { formatCount } from '@marketplace/domain/text/indian-format';
import { useT } from '../../i18n/intl.tsx';

const rupees = (value: number) => `₹${formatCount(value)}`;
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * requirements#listing-filters: two thumbs moving in ₹100 steps across the listed prices (keyboard: arrows,
 * Page Up/Down, Home, End), with labelled number boxes for typing a price. A change is applied when
 * a thumb is let go, or with Apply.
 */
export function PriceRangeSlider({
  bounds,
  value,
  onCommit,
  boxNames = false,
}: {
  bounds: PriceRange;
  value: PriceRange | null;
  onCommit: (range: PriceRange | null) => void;
  /** The number boxes are named for a form sent without scripts (`price-min`, `price-max`). */
  boxNames?: boolean;
}) {
  const t = useT();
  const initial = value ?? bounds;
  const [range, setRange] = useState<PriceRange>(initial);
  // follow the URL when it changes (Back, a cleared filter)
  useEffect(() => setRange(value ?? bounds), [value?.min, value?.max, bounds.min, bounds.max]);

  const commit = (asked: PriceRange) => {
    const next = { min: Math.min(asked.min, asked.max), max: Math.max(asked.min, asked.max) };
    const whole = next.min <= bounds.min && next.max >= bounds.max;
    onCommit(whole ? null : next);
  };
  const setMin = (min: number) => setRange((r) => ({ min: clamp(min, bounds.min, r.max), max: r.max }));
  const setMax = (max: number) => setRange((r) => ({ min: r.min, max: clamp(max, r.min, bounds.max) }));
  const span = Math.max(1, bounds.max - bounds.min);
  const left = ((clamp(range.min, bounds.min, bounds.max) - bounds.min) / span) * 100;
  const right = ((clamp(range.max, bounds.min, bounds.max) - bounds.min) / span) * 100;
  const onApply = (event: FormEvent) => {
    event.preventDefault();
    commit(range);
  };
  const release = () => commit(range);

  return (
    <div className="price-range">
      <p className="price-range-shown" aria-live="polite">
        {rupees(range.min)} – {rupees(range.max)}
      </p>
      <div className="price-track">
        <div className="price-fill" style={{ left: `${left}%`, right: `${100 - right}%` }} />
        <input
          type="range"
          aria-label={t('listing.minPriceLabel')}
          min={bounds.min}
          max={bounds.max}
          step={PRICE_STEP_RUPEES}
          value={clamp(range.min, bounds.min, bounds.max)}
          onChange={(e) => setMin(Number(e.currentTarget.value))}
          onPointerUp={release}
          onKeyUp={release}
          onTouchEnd={release}
        />
        <input
          type="range"
          aria-label={t('listing.maxPriceLabel')}
          min={bounds.min}
          max={bounds.max}
          step={PRICE_STEP_RUPEES}
          value={clamp(range.max, bounds.min, bounds.max)}
          onChange={(e) => setMax(Number(e.currentTarget.value))}
          onPointerUp={release}
          onKeyUp={release}
          onTouchEnd={release}
        />
      </div>
      <div className="price-inputs" role="group" aria-label={t('listing.priceRange')}>
        <label>
          {t('listing.minPrice')}
          <input
            type="number"
            inputMode="numeric"
            name={boxNames ? PRICE_BOX_PARAMS.min : undefined}
            min={0}
            step={PRICE_STEP_RUPEES}
            value={range.min}
            onChange={(e) => {
              const typed = Math.max(0, Math.trunc(Number(e.currentTarget.value) || 0));
              setRange((r) => ({ ...r, min: typed }));
            }}
            onKeyDown={(e) => e.key === 'Enter' && onApply(e)}
          />
        </label>
        <label>
          {t('listing.maxPrice')}
          <input
            type="number"
            inputMode="numeric"
            name={boxNames ? PRICE_BOX_PARAMS.max : undefined}
            min={0}
            step={PRICE_STEP_RUPEES}
            value={range.max}
            onChange={(e) => {
              const typed = Math.max(0, Math.trunc(Number(e.currentTarget.value) || 0));
              setRange((r) => ({ ...r, max: typed }));
            }}
            onKeyDown={(e) => e.key === 'Enter' && onApply(e)}
          />
        </label>
        {/* a submit button: without scripts it sends the filter form with the boxes' prices */}
        <button type="submit" className="price-apply" onClick={onApply}>
          {t('listing.apply')}
        </button>
      </div>
    </div>
  );
}
