// Browsing history rules (requirements#browsing-history): shared by the browser's copy and the server's.
// Free of zod, so every storefront page can keep the history without loading a validation library;
// the schemas of what a save carries are in history.ts.

/** requirements#browsing-history: at most 10 entries. */
export const HISTORY_CAP = 10;
/** requirements#browsing-history: a logged-in shopper's history is saved to the server every 30 s when it changed. */
export const HISTORY_SAVE_INTERVAL_MS = 30_000;
/** The most entries one save may carry: a browser copy is at most HISTORY_CAP, anything far above is refused. */
export const HISTORY_SAVE_MAX_ENTRIES = 50;
/** The bounds of one entry's fields (a product id is a Postgres integer). */
export const HISTORY_ENTRY_LIMITS = { productIdMax: 2_147_483_647, productNameMax: 500, imageMax: 1000 };

/** requirements#browsing-history; timestamp in milliseconds since 1970. */
export type HistoryEntry = { productId: number; productName: string; image: string; timestamp: number };

/** True for a well-formed entry: the same rules as the HistoryEntry schema (a test holds them together). */
export function isHistoryEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry: Partial<Record<keyof HistoryEntry, unknown>> = value;
  return (
    isWholeNumber(entry.productId, 1, HISTORY_ENTRY_LIMITS.productIdMax) &&
    isShortText(entry.productName, HISTORY_ENTRY_LIMITS.productNameMax) &&
    isShortText(entry.image, HISTORY_ENTRY_LIMITS.imageMax) &&
    isWholeNumber(entry.timestamp, 0, Number.MAX_SAFE_INTEGER)
  );
}

const isWholeNumber = (value: unknown, min: number, max: number): value is number =>
  Number.isSafeInteger(value) && typeof value === 'number' && value >= min && value <= max;
const isShortText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;

/** requirements#browsing-history: entries older than one month are dropped (a calendar month back, in UTC). */
export function historyCutoff(now: number): number {
  const d = new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  // 31 March less a month is 28 (or 29) February, not 3 March
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.getTime();
}

/** Drops entries older than a month and duplicates (keeping the first), then keeps the first 10. */
export function pruneHistory(entries: readonly HistoryEntry[], now: number): HistoryEntry[] {
  const cutoff = historyCutoff(now);
  const seen = new Set<number>();
  const kept: HistoryEntry[] = [];
  for (const entry of entries) {
    if (entry.timestamp < cutoff || seen.has(entry.productId)) continue;
    seen.add(entry.productId);
    kept.push(entry);
    if (kept.length === HISTORY_CAP) break;
  }
  return kept;
}

/** requirements#browsing-history: a viewed product goes to the front only if it is not in the history already. */
export function addToHistory(
  entries: readonly HistoryEntry[],
  entry: HistoryEntry,
  now: number,
): HistoryEntry[] {
  const present = entries.some((e) => e.productId === entry.productId);
  return pruneHistory(present ? entries : [entry, ...entries], now);
}

/** requirements#browsing-history: the browser's and the server's copies merged, one entry per product (the newest view), newest first. */
export function mergeHistories(
  local: readonly HistoryEntry[],
  server: readonly HistoryEntry[],
  now: number,
): HistoryEntry[] {
  const newest = new Map<number, HistoryEntry>();
  for (const entry of [...local, ...server]) {
    const known = newest.get(entry.productId);
    if (!known || entry.timestamp > known.timestamp) newest.set(entry.productId, entry);
  }
  const sorted = [...newest.values()].sort((a, b) => b.timestamp - a.timestamp || a.productId - b.productId);
  return pruneHistory(sorted, now);
}

/** Reads a stored history: anything malformed is left out (a broken copy must never break a page). */
export function parseStoredHistory(raw: unknown): HistoryEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) =>
    isHistoryEntry(item)
      ? [
          {
            productId: item.productId,
            productName: item.productName,
            image: item.image,
            timestamp: item.timestamp,
          },
        ]
      : [],
  );
}

/** True when two histories hold the same products viewed at the same times, in the same order. */
export function sameHistory(a: readonly HistoryEntry[], b: readonly HistoryEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, i) => entry.productId === b[i]?.productId && entry.timestamp === b[i]?.timestamp)
  );
}
