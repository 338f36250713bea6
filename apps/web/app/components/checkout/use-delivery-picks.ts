import { useEffect, useRef, useState } from 'react';
import type { DeliveryType } from '@marketplace/domain/delivery/constants';
import { DELIVERY_PICK_DELAY_MS } from '@marketplace/domain/orders/checkout';
import { saveDeliveryType } from '../../lib/checkout.ts';

/**
 * requirements#delivery-choice: a picked option shows at once and is finalised (saved, then quoted)
 * 1 second later; a newer pick of the same line replaces the waiting one. `savedVersion` changes
 * whenever a pick was saved, so the page asks for a new quote.
 */
export function useDeliveryPicks() {
  const [pending, setPending] = useState<Record<string, DeliveryType>>({});
  const [savedVersion, setSavedVersion] = useState(0);
  const timers = useRef(new Map<string, number>());
  useEffect(() => {
    const running = timers.current;
    return () => running.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const pick = (lineKey: string, type: DeliveryType) => {
    setPending((current) => ({ ...current, [lineKey]: type }));
    window.clearTimeout(timers.current.get(lineKey));
    timers.current.set(
      lineKey,
      window.setTimeout(() => {
        saveDeliveryType(lineKey, type);
        timers.current.delete(lineKey);
        setPending(({ [lineKey]: _, ...rest }) => rest);
        setSavedVersion((n) => n + 1);
      }, DELIVERY_PICK_DELAY_MS),
    );
  };
  return { pending, isPending: Object.keys(pending).length > 0, pick, savedVersion };
}
