import { useEffect, useState } from 'react';
import type { ProductCardData } from './catalog.ts';
import { useLocalHistory } from './history.ts';
import { readProductCards } from './storefront-answers.ts';

/**
 * A visitor's history lives only in this browser (requirements#browsing-history): once the page
 * runs, the viewed products' cards are fetched for the history blocks. Null until then, when none
 * came back, or for logged-in shoppers, whose blocks the server renders from their saved history.
 */
export function useVisitorHistoryCards(historyOnServer: boolean): ProductCardData[] | null {
  return useCards('/api/products/cards', useVisitorIds(historyOnServer), 'The viewed products');
}

/**
 * requirements#home-blocks: 'Related to items you've viewed' for a visitor, from the history in
 * this browser; null until the page runs, with no history or nothing related, and for logged-in
 * shoppers (the server renders theirs).
 */
export function useVisitorRelatedCards(historyOnServer: boolean): ProductCardData[] | null {
  return useCards(
    '/api/products/related',
    useVisitorIds(historyOnServer),
    'The products related to those viewed',
  );
}

/** The viewed products' ids, newest first, as the APIs take them; '' when the server keeps the history. */
function useVisitorIds(historyOnServer: boolean): string {
  const entries = useLocalHistory();
  return historyOnServer || !entries ? '' : entries.map((e) => e.productId).join(',');
}

function useCards(path: string, ids: string, what: string): ProductCardData[] | null {
  const [cards, setCards] = useState<ProductCardData[] | null>(null);
  useEffect(() => {
    if (!ids) {
      setCards(null);
      return;
    }
    const controller = new AbortController();
    fetch(`${path}?ids=${ids}`, {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${path} answered ${res.status}`);
        const products = await readProductCards(res);
        setCards(products.length > 0 ? products : null);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn(`${what} could not be loaded`, error);
      });
    return () => controller.abort();
  }, [path, ids, what]);
  return cards;
}
