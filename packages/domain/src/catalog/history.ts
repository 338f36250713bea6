// Browsing history rules (spec storefront §4, §9): shared by the browser's copy and the server's.
import { z } from 'zod';

/** spec §9: at most 10 entries. */
export const HISTORY_CAP = 10;
/** spec §9: a logged-in shopper's history is saved to the server every 30 s when it changed. */
export const HISTORY_SAVE_INTERVAL_MS = 30_000;
/** The most entries one save may carry: a browser copy is at most HISTORY_CAP, anything far above is refused. */
export const HISTORY_SAVE_MAX_ENTRIES = 50;

/** spec §3 browsing history entry; timestamp in milliseconds since 1970. */
export const HistoryEntry = z.object({
  productId: z.number().int().positive().max(2_147_483_647),
  productName: z.string().max(500),
  image: z.string().max(1000),
  timestamp: z.number().int().nonnegative(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** What a save sends: the browser's copy of the history. */
export const HistorySave = z.object({
  history: z
    .array(HistoryEntry)
    .max(HISTORY_SAVE_MAX_ENTRIES, `At most ${HISTORY_SAVE_MAX_ENTRIES} history entries can be saved.`),
});
export type HistorySave = z.infer<typeof HistorySave>;

/** spec §9: entries older than one month are dropped (a calendar month back, in UTC). */
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

/** spec §4: a viewed product goes to the front only if it is not in the history already. */
export function addToHistory(
  entries: readonly HistoryEntry[],
  entry: HistoryEntry,
  now: number,
): HistoryEntry[] {
  const present = entries.some((e) => e.productId === entry.productId);
  return pruneHistory(present ? entries : [entry, ...entries], now);
}

/** spec §4: the browser's and the server's copies merged, one entry per product (the newest view), newest first. */
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
  return raw.flatMap((item) => {
    const parsed = HistoryEntry.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** True when two histories hold the same products viewed at the same times, in the same order. */
export function sameHistory(a: readonly HistoryEntry[], b: readonly HistoryEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, i) => entry.productId === b[i]?.productId && entry.timestamp === b[i]?.timestamp)
  );
}
