import type { EmblaCarouselType, EmblaOptionsType, EmblaPluginType } from 'embla-carousel';
import { useCallback, useEffect, useRef, useState } from 'react';

/** How far below the screen a carousel starts loading its script. */
const LOAD_MARGIN = '200px';

/**
 * Embla on a carousel's viewport, with its script loaded when the carousel comes near the screen
 * rather than with the page: the server-rendered row is already laid out, so the carousel's code
 * stays out of every page's first-load JavaScript. A press on a button before the script is there
 * loads it and then moves the carousel, once per press (never a lost click). `plugins` is called
 * once, on load.
 */
export function useLazyCarousel(
  options: EmblaOptionsType,
  plugins?: () => EmblaPluginType[] | Promise<EmblaPluginType[]>,
) {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const latest = useRef({ options, plugins });
  latest.current = { options, plugins };
  const load = useRef<(() => void) | null>(null);
  const pending = useRef<((api: EmblaCarouselType) => void)[]>([]);
  const optionsKey = JSON.stringify(options);

  useEffect(() => {
    if (!viewport) return;
    let stopped = false;
    let started = false;
    let embla: EmblaCarouselType | null = null;
    const start = () => {
      if (started) return;
      started = true;
      observer.disconnect();
      void Promise.all([import('embla-carousel'), latest.current.plugins?.() ?? []]).then(
        ([{ default: EmblaCarousel }, extra]) => {
          if (stopped) return;
          embla = EmblaCarousel(viewport, latest.current.options, extra);
          setApi(embla);
          for (const action of pending.current.splice(0)) action(embla);
        },
        () => {
          started = false; // the script did not arrive (offline): the next press tries again
        },
      );
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
      rootMargin: LOAD_MARGIN,
    });
    observer.observe(viewport);
    load.current = start;
    return () => {
      stopped = true;
      observer.disconnect();
      load.current = null;
      embla?.destroy();
      setApi(null);
    };
  }, [viewport, optionsKey]);

  /** Runs an action on the carousel now, or as soon as its script has loaded. */
  const withCarousel = useCallback(
    (action: (api: EmblaCarouselType) => void) => {
      if (api) return action(api);
      pending.current.push(action);
      load.current?.();
    },
    [api],
  );

  return [setViewport, api, withCarousel] as const;
}
