import { useEffect, useState } from 'react';

let pageHydrated = false;

/**
 * False in the server's HTML and until the page has hydrated, true after. A control that needs the
 * page's scripts stays disabled until then, so a click is never silently lost (ADR-0013).
 * State and an effect rather than useSyncExternalStore's server snapshot, which the browser's
 * renderer (Preact, ADR-0020) does not take: the first render in the browser must match the HTML.
 * A component mounted later, after a navigation, starts hydrated.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
