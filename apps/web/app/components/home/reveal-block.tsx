import { type ReactNode, useEffect, useRef, useState } from 'react';
import { isRevealed } from './reveal.ts';

/**
 * A home block that fades in as it scrolls into view (requirements#scroll-reveal). It renders visible:
 * only once scripts run is a block below the fold hidden until it is reached, so the page never
 * depends on JavaScript to show its content.
 */
export function RevealBlock({
  children,
  className = '',
  label,
  testId,
}: {
  children: ReactNode;
  className?: string;
  label?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<'server' | 'waiting' | 'active'>('server');
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => {
      if (isRevealed(element.getBoundingClientRect(), window.innerHeight)) {
        setState('active');
        return true;
      }
      return false;
    };
    if (check()) return;
    // a block already scrolled past (the page was scrolled before scripts ran) stays shown
    if (element.getBoundingClientRect().bottom < 0) {
      setState('active');
      return;
    }
    setState('waiting');
    const onScroll = () => {
      if (check()) {
        window.removeEventListener('scroll', onScroll);
        window.removeEventListener('resize', onScroll);
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);
  return (
    <section
      ref={ref}
      aria-label={label}
      data-testid={testId}
      className={`home-block reveal ${state === 'active' ? 'active' : ''} ${state === 'waiting' ? 'waiting' : ''} ${className}`}
    >
      {children}
    </section>
  );
}
