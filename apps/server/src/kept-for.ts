import { readingFromWriter } from '@marketplace/db';
import type { ChangeBus } from './change-bus.ts';
// A value kept in this process for a short while (every server process keeps its own; a change
// made through another process reaches it through the change bus, ADR-0055).

/**
 * A value loaded at most once per period; callers during a load share it, and a failed load is not kept.
 * A change of `generation` (requirements#operator-content: staff published storefront content in this
 * process, or in another one that told this one through the change bus) loads it afresh at the next
 * call, from the writer: a replica may not have replayed the change yet (requirements#read-replica).
 */
export function keptFor<T>(
  ttlMs: number,
  load: () => Promise<T>,
  clock = () => Date.now(),
  generation: () => number = () => 0,
): () => Promise<T> {
  let kept: { value: Promise<T>; at: number; generation: number } | null = null;
  return () => {
    const current = generation();
    if (kept && kept.generation === current && clock() - kept.at < ttlMs) return kept.value;
    const value = kept && kept.generation !== current ? readingFromWriter(load) : load();
    const entry = { value, at: clock(), generation: current };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = null;
    });
    return value;
  };
}

/**
 * requirements#operator-content: tells the storefront's kept lookups (the home page's shared blocks,
 * the page banner, the privilege-claim text) that staff changed what they show: in this process at
 * once, in every other through `bus` (ADR-0055) within a second.
 */
export type ContentChanges = { generation: () => number; changed: () => void };

export function createContentChanges(bus?: ChangeBus): ContentChanges {
  let generation = 0;
  if (bus) bus.subscribe('content', () => (generation += 1));
  return {
    generation: () => generation,
    changed: () => {
      if (bus) bus.publish('content');
      else generation += 1;
    },
  };
}
