import {
  brandCarouselPerView,
  CAROUSEL_THRESHOLD,
  carouselLayout,
} from '@marketplace/domain/catalog/listing';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useLazyCarousel } from './use-lazy-carousel.ts';
import './product-carousel.css';
import { useT } from '../../i18n/intl.tsx';

const BREAKPOINTS = [1366, 1024, 768, 480] as const;

/**
 * A looping row of slides. `products` follows the requirements#product-carousels: `show` slides at
 * full width (scrolling half of them), at or below 1024 px min(5, n) scrolling 2, 768 px min(3, n)
 * and 480 px min(2, n) scrolling 1. `brand` is the brand page's (requirements#brand-page): 4 per view, 3 under
 * 1024 px, 2 under 768 and 1 under 480, one slide at a time (`brandCarouselPerView`; widths in
 * brand.css). Slide widths come from CSS, so the server-rendered page already has its layout;
 * with fewer slides than fit, it is a plain row without buttons.
 */
export function Carousel({
  label,
  show = 5,
  perView = 'products',
  children,
}: {
  label: string;
  show?: number;
  perView?: 'products' | 'brand';
  children: ReactNode[];
}) {
  const t = useT();
  const n = children.length;
  const layout = (width: number) =>
    perView === 'brand'
      ? { slidesToShow: Math.min(n, brandCarouselPerView(width)), slidesToScroll: 1 }
      : carouselLayout(width, n, show);
  const [xl, lg, md, sm] = BREAKPOINTS.map(layout) as [
    ReturnType<typeof carouselLayout>,
    ReturnType<typeof carouselLayout>,
    ReturnType<typeof carouselLayout>,
    ReturnType<typeof carouselLayout>,
  ];
  const [viewport, api, withCarousel] = useLazyCarousel({
    loop: true,
    align: 'start',
    duration: 30, // about 500 ms (requirements#product-carousels)
    slidesToScroll: xl.slidesToScroll,
    breakpoints: {
      '(max-width: 1024px)': { slidesToScroll: lg.slidesToScroll },
      '(max-width: 768px)': { slidesToScroll: md.slidesToScroll },
      '(max-width: 480px)': { slidesToScroll: sm.slidesToScroll },
    },
  });
  const [canMove, setCanMove] = useState(n > xl.slidesToShow);
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
  const style = (
    perView === 'brand'
      ? {}
      : {
          '--show-xl': xl.slidesToShow,
          '--show-lg': lg.slidesToShow,
          '--show-md': md.slidesToShow,
          '--show-sm': sm.slidesToShow,
        }
  ) as CSSProperties;
  return (
    <div
      className={perView === 'brand' ? 'carousel brand-carousel' : 'carousel'}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      style={style}
    >
      <div className="carousel-viewport" ref={viewport}>
        <ul className="carousel-track">
          {children.map((child, index) => (
            <li
              className="carousel-slide"
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
            aria-label={t('carousel.previous', { label })}
            onClick={() => withCarousel((carousel) => carousel.scrollPrev())}
          >
            ‹
          </button>
          <button
            type="button"
            className="carousel-next"
            aria-label={t('carousel.next', { label })}
            onClick={() => withCarousel((carousel) => carousel.scrollNext())}
          >
            ›
          </button>
        </>
      )}
    </div>
  );
}

/** requirements#product-lists: deal and related lists are a carousel only above 6 items, otherwise a static grid. */
export function CarouselOrGrid({ label, children }: { label: string; children: ReactNode[] }) {
  if (children.length > CAROUSEL_THRESHOLD) return <Carousel label={label}>{children}</Carousel>;
  return (
    <ul className="product-grid" aria-label={label}>
      {children.map((child, index) => (
        <li key={index}>{child}</li>
      ))}
    </ul>
  );
}
