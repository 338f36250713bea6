import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

// Ad and deal clicks are recorded before the product opens (requirements#ad-clicks: 'records the click, then opens
// /productdetails/{name} with state product_ad_type; it navigates even if recording fails').

/** How long a click waits for its recording before opening the product anyway. */
export const RECORD_TIMEOUT_MS = 2_000;

/** The navigation state a product page gets from an ad or a deal. */
export type ProductAdState = { product_ad_type: 'sponsored' | 'deals' | 'percentage_offer' };

async function post(path: string, body: unknown, signal?: AbortSignal): Promise<void> {
  const response = await fetch(path, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
    credentials: 'same-origin',
    keepalive: true,
    signal,
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

/**
 * A click handler for a tracked product link: records through the API, then navigates with the
 * state. A click that opens a new tab or window records in the background and lets the browser go.
 */
export function useTrackedOpen() {
  const navigate = useNavigate();
  return (
    event: MouseEvent<HTMLAnchorElement>,
    { href, state, path, body }: { href: string; state: ProductAdState; path: string; body?: unknown },
  ) => {
    const record = (signal?: AbortSignal) =>
      post(path, body, signal).catch((error: unknown) => {
        console.warn('the click could not be recorded; opening the product anyway', error);
      });
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      void record();
      return;
    }
    event.preventDefault();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), RECORD_TIMEOUT_MS);
    void record(controller.signal).finally(() => {
      clearTimeout(timer);
      void navigate(href, { state });
    });
  };
}
