// Values kept in this process for a short while, by key (every server process keeps its own; a
// change made through another process reaches it through the change bus, ADR-0055).
import { readingFromWriter } from '@marketplace/db';

/**
 * Keeps what a key loads for a while (a category's facets, the campaigns of the day): they change
 * only when the catalog or marketing data does, and listings read them on every request. Callers
 * during a load share it; a failed load is not kept; the oldest keys go past `maxEntries`. A change
 * of `generation` (a seller or staff changed the catalog, here or in another process) drops every
 * key, and the next loads read from the writer: a replica may not have replayed the change yet.
 */
export function keptByKey<K, V>(
  load: (key: K) => Promise<V>,
  ttlMs: number,
  maxEntries = 500,
  clock = () => Date.now(),
  generation: () => number = () => 0,
) {
  const kept = new Map<K, { at: number; value: Promise<V> }>();
  let keptGeneration = generation();
  let changedAt = Number.NEGATIVE_INFINITY;
  return (key: K): Promise<V> => {
    const current = generation();
    if (current !== keptGeneration) {
      kept.clear();
      keptGeneration = current;
      changedAt = clock();
    }
    const entry = kept.get(key);
    if (entry && clock() - entry.at < ttlMs) return entry.value;
    // within a second of a change the replica may still be behind it
    const value = clock() - changedAt < 1_000 ? readingFromWriter(() => load(key)) : load(key);
    kept.delete(key);
    kept.set(key, { at: clock(), value });
    if (kept.size > maxEntries) {
      const oldest = kept.keys().next();
      if (!oldest.done) kept.delete(oldest.value);
    }
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
}
