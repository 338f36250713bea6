// The shopper's browsing history in the browser (requirements#browsing-history): kept in local storage for
// everyone, and for logged-in shoppers merged with the server's copy and saved every 30 s.
import {
  addToHistory,
  HISTORY_SAVE_INTERVAL_MS,
  type HistoryEntry,
  mergeHistories,
  parseStoredHistory,
  pruneHistory,
  sameHistory,
} from '@marketplace/domain/catalog/history-rules';
import { useEffect, useState } from 'react';
import { readStoredJson, STORAGE_KEYS } from './storage.ts';
import { readBrowsingHistory } from './storefront-answers.ts';

export {
  addToHistory,
  HISTORY_CAP,
  historyCutoff,
  mergeHistories,
  pruneHistory,
} from '@marketplace/domain/catalog/history-rules';
export type { HistoryEntry } from '@marketplace/domain/catalog/history-rules';

/** Fired on window after the stored history changes, so blocks on the page follow. */
export const HISTORY_UPDATED_EVENT = 'browsingHistoryUpdated';

/** The stored history, pruned (a month, 10 entries); malformed storage reads as empty. */
export function readLocalHistory(now = Date.now()): HistoryEntry[] {
  return pruneHistory(parseStoredHistory(readStoredJson(STORAGE_KEYS.browsingHistory)), now);
}

export function writeLocalHistory(entries: readonly HistoryEntry[]): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.browsingHistory, JSON.stringify(entries));
  } catch {
    // storage full or blocked: history is a convenience, never a reason to fail a page
  }
  window.dispatchEvent(new Event(HISTORY_UPDATED_EVENT));
}

/** Records a view of a product: the product page calls this with the product it shows. */
export function recordView(product: { id: number; name: string; image: string }, now = Date.now()) {
  const before = readLocalHistory(now);
  const after = addToHistory(
    before,
    { productId: product.id, productName: product.name, image: product.image, timestamp: now },
    now,
  );
  if (!sameHistory(before, after)) writeLocalHistory(after);
}

/** For the product page: records the shown product in the history once it is on screen. */
export function useRecordView(product: { id: number; name: string; image: string } | null | undefined) {
  const id = product?.id;
  const name = product?.name;
  const image = product?.image;
  useEffect(() => {
    if (id === undefined || name === undefined || image === undefined) return;
    recordView({ id, name, image });
  }, [id, name, image]);
}

/** The stored history once the page runs in the browser (null while rendering on the server). */
export function useLocalHistory(): HistoryEntry[] | null {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  useEffect(() => {
    const update = () => setEntries(readLocalHistory());
    update();
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.browsingHistory) update();
    };
    window.addEventListener(HISTORY_UPDATED_EVENT, update);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(HISTORY_UPDATED_EVENT, update);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return entries;
}

async function fetchServerHistory(): Promise<HistoryEntry[] | null> {
  const res = await fetch('/api/history', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!res.ok) return null;
  return readBrowsingHistory(res);
}

async function saveServerHistory(entries: HistoryEntry[]): Promise<HistoryEntry[] | null> {
  const res = await fetch('/api/history', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ history: entries }),
  });
  if (!res.ok) return null;
  return readBrowsingHistory(res);
}

/**
 * requirements#browsing-history: for a logged-in shopper, merges the server's copy into the stored one on load, then
 * saves the stored copy to the server every 30 s when it changed. Failures are only logged.
 */
export function useHistorySync(loggedIn: boolean) {
  useEffect(() => {
    if (!loggedIn) return;
    let saved: HistoryEntry[] | null = null;
    let busy = false;
    let stopped = false;
    const save = async () => {
      const local = readLocalHistory();
      if (busy || saved === null || sameHistory(local, saved)) return;
      busy = true;
      try {
        const answer = await saveServerHistory(local);
        if (answer && !stopped) saved = local;
      } catch (error) {
        console.warn('The browsing history could not be saved', error);
      } finally {
        busy = false;
      }
    };
    void (async () => {
      try {
        const server = await fetchServerHistory();
        if (stopped || server === null) return;
        const merged = mergeHistories(readLocalHistory(), server, Date.now());
        writeLocalHistory(merged);
        saved = server;
        await save();
      } catch (error) {
        console.warn('The browsing history could not be loaded', error);
      }
    })();
    const timer = window.setInterval(() => void save(), HISTORY_SAVE_INTERVAL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [loggedIn]);
}

/** Mounted once in the shell: keeps a logged-in shopper's history in step with the server. */
export function BrowsingHistorySync({ loggedIn }: { loggedIn: boolean }) {
  useHistorySync(loggedIn);
  return null;
}
