import useEmblaCarousel from 'embla-carousel-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
// the previous and next buttons look like the product carousels'
import '../ui/product-carousel.css';

/**
 * The brand page's carousel (spec §2 brand page): 4 slides per view, 3 under 1024 px, 2 under
 * 768 and 1 under 480 (`brandCarouselPerView`), looping one slide at a time. Widths come from
 * CSS, so the server-rendered page already has its layout.
 */
export function BrandCarousel({ label, children }: { label: string; children: ReactNode[] }) {
  const n = children.length;
  const [viewport, api] = useEmblaCarousel({ loop: true, align: 'start', duration: 30 });
  const [canMove, setCanMove] = useState(true);
  const update = useCallback(() => {
    if (api) setCanMove(api.scrollSnapList().length > 1);
  }, [api]);
  useEffect(() => {
    if (!api) return;
    update();
    api.on('reInit', update);
    return () => {
      api.off('reInit', update);
    };
  }, [api, update]);
  return (
    <div className="brand-carousel" role="region" aria-roledescription="carousel" aria-label={label}>
      <div className="brand-carousel-viewport" ref={viewport}>
        <ul className="brand-carousel-track">
          {children.map((child, index) => (
            <li
              className="brand-slide"
              key={index}
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${n}`}
            >
              {child}
            </li>
          ))}
        </ul>
      </div>
      {canMove && (
        <>
          <button
            type="button"
            className="carousel-prev"
            aria-label={`Previous: ${label}`}
            onClick={() => api?.scrollPrev()}
          >
            ‹
          </button>
          <button
            type="button"
            className="carousel-next"
            aria-label={`Next: ${label}`}
            onClick={() => api?.scrollNext()}
          >
            ›
          </button>
        </>
      )}
    </div>
  );
}
