import { formatInr } from '@marketplace/domain/money/money';
import { type RefObject, useEffect, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';

/**
 * On a phone, a bar along the bottom of the window with the price, Add to Cart and Buy Now, shown
 * once the buy box's own buttons have scrolled up out of sight (requirements#product-page). It
 * runs the buy box's handlers and mirrors its buttons' states; it shows only after the page's
 * scripts have run, so it never offers a button that would do nothing (ADR-0013).
 */
export function StickyBuyBar({
  watch,
  pricePaise,
  addLabel,
  addDisabled,
  buyNowDisabled,
  busy,
  onAdd,
  onBuyNow,
}: {
  /** the buy box's last buying button: the bar shows while it is above the window */
  watch: RefObject<HTMLElement | null>;
  pricePaise: number;
  addLabel: string;
  addDisabled: boolean;
  buyNowDisabled: boolean;
  busy: boolean;
  onAdd: () => void;
  onBuyNow: () => void;
}) {
  const t = useT();
  const shown = useScrolledPast(watch);
  return (
    // hidden in the HTML itself, so it stays out of sight (and of the accessibility tree) even before the styles arrive
    <section className="pd-sticky-buy" aria-label={t('pd.buyBar')} hidden={!shown}>
      <b className="pd-sticky-price">{formatInr(pricePaise)}</b>
      <button type="button" className="pd-add" disabled={addDisabled} aria-busy={busy} onClick={onAdd}>
        {addLabel}
      </button>
      <button
        type="button"
        className="pd-buynow"
        disabled={buyNowDisabled}
        aria-busy={busy}
        onClick={onBuyNow}
      >
        Buy Now
      </button>
    </section>
  );
}

/** True while the element lies wholly above the window (scrolled past), false before the scripts run. */
function useScrolledPast(target: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    // a scroll listener rather than an IntersectionObserver: a fling or a jump (Home, a link to a
    // section) can carry the buttons from below the window to above it without ever crossing it
    let frame = 0;
    const check = () => {
      frame = 0;
      setPast(element.getBoundingClientRect().bottom <= 0);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, [target]);
  return past;
}
