import { useEffect, useState } from 'react';
import type { ProductCardData } from './catalog.ts';
import { useLocalHistory } from './history.ts';
import { readProductCards } from './storefront-answers.ts';

/**
 * A visitor's history lives only in this browser (requirements#browsing-history): once the page runs, the viewed
 * products' cards are fetched for the history blocks. Null until then, or for logged-in shoppers,
 * whose blocks the server renders from their saved history.
 */
export function useVisitorHistoryCards(historyOnServer: boolean): ProductCardData[] | null {
  const entries = useLocalHistory();
  const ids = historyOnServer || !entries ? '' : entries.map((e) => e.productId).join(',');
  const [cards, setCards] = useState<ProductCardData[] | null>(null);
  useEffect(() => {
    if (!ids) {
      setCards(null);
      return;
    }
    const controller = new AbortController();
    fetch(`/api/products/cards?ids=${ids}`, {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`cards answered ${res.status}`);
        const products = await readProductCards(res);
        setCards(products.length > 0 ? products : null);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('The viewed products could not be loaded', error);
      });
    return () => controller.abort();
  }, [ids]);
  return cards;
}
