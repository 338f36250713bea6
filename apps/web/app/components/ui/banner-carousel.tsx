import { useEffect, useState } from 'react';
import { Link } from '../../i18n/link.tsx';
import { useLazyCarousel } from './use-lazy-carousel.ts';
import { useT } from '../../i18n/intl.tsx';

export type BannerSlide = { id: number; image: string; alt: string; href: string | null };

/** requirements#product-carousels: banner carousels autoplay, loop, show one slide and have no dots. */
export const BANNER_AUTOPLAY_MS = 5000;

/**
 * A full-width banner carousel: one slide at a time, looping, autoplaying (paused while the
 * pointer or focus is on it, and off for shoppers who ask for reduced motion), with previous and
 * next buttons and no dots. Without JavaScript the first slide shows.
 */
export function BannerCarousel({ slides, label }: { slides: BannerSlide[]; label: string }) {
  const t = useT();
  const [viewport, api, withCarousel] = useLazyCarousel({ loop: true, duration: 25 }, autoplay);
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    if (!api) return;
    const onSelect = () => setCurrent(api.selectedScrollSnap());
    api.on('select', onSelect);
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);

  if (slides.length === 0) return null;
  return (
    <section className="banner-carousel" aria-roledescription="carousel" aria-label={label}>
      <div className="banner-viewport" ref={viewport}>
        <div className="banner-track">
          {slides.map((slide, index) => {
            const image = (
              <img
                src={slide.image}
                alt={slide.alt}
                width={1500}
                height={300}
                loading={index === 0 ? 'eager' : 'lazy'}
              />
            );
            return (
              <div
                className="banner-slide"
                key={slide.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${slides.length}`}
                aria-hidden={index !== current}
                inert={index !== current}
              >
                {slide.href ? <Link to={slide.href}>{image}</Link> : image}
              </div>
            );
          })}
        </div>
      </div>
      {slides.length > 1 && (
        <>
          <button
            type="button"
            className="banner-prev"
            aria-label={t('carousel.previousBanner')}
            onClick={() => withCarousel((carousel) => carousel.scrollPrev())}
          >
            ‹
          </button>
          <button
            type="button"
            className="banner-next"
            aria-label={t('carousel.nextBanner')}
            onClick={() => withCarousel((carousel) => carousel.scrollNext())}
          >
            ›
          </button>
        </>
      )}
    </section>
  );
}

/** Autoplay, loaded with the carousel; none for shoppers who ask for reduced motion. */
async function autoplay() {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return [];
  const { default: Autoplay } = await import('embla-carousel-autoplay');
  return [
    Autoplay({
      delay: BANNER_AUTOPLAY_MS,
      stopOnMouseEnter: true,
      stopOnFocusIn: true,
      stopOnInteraction: false,
    }),
  ];
}
