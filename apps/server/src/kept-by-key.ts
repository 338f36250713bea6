// Values kept in this process for a short while, by key (every server process keeps its own).

/**
 * Keeps what a key loads for a while (a category's facets, the campaigns of the day): they change
 * only when the catalog or marketing data does, and listings read them on every request. Callers
 * during a load share it; a failed load is not kept; the oldest keys go past `maxEntries`.
 */
export function keptByKey<K, V>(
  load: (key: K) => Promise<V>,
  ttlMs: number,
  maxEntries = 500,
  clock = () => Date.now(),
) {
  const kept = new Map<K, { at: number; value: Promise<V> }>();
  return (key: K): Promise<V> => {
    const entry = kept.get(key);
    if (entry && clock() - entry.at < ttlMs) return entry.value;
    const value = load(key);
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
