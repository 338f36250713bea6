// A value kept in this process for a short while (every server process keeps its own).

/** A value loaded at most once per period; callers during a load share it, and a failed load is not kept. */
export function keptFor<T>(
  ttlMs: number,
  load: () => Promise<T>,
  clock = () => Date.now(),
): () => Promise<T> {
  let kept: { value: Promise<T>; at: number } | null = null;
  return () => {
    if (kept && clock() - kept.at < ttlMs) return kept.value;
    const value = load();
    const entry = { value, at: clock() };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = null;
    });
    return value;
  };
}
