import { readingFromWriter } from '@marketplace/db';
import type { ChangeBus, ChangeTopic } from './change-bus.ts';
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
 * requirements#operator-content, ADR-0055: tells kept lookups that what they show changed: in this
 * process at once, in every other through `bus` within a second. `content`: staff published
 * storefront content (the home page's shared blocks, the page banner, the privilege-claim text).
 * `catalog`: a seller or staff changed the catalog (offers, listings, categories, sellers): the
 * catalog's kept blocks, menus, listings' and search's kept lists load afresh.
 */
export type ContentChanges = { generation: () => number; changed: () => void };

export function createChanges(topic: ChangeTopic, bus?: ChangeBus): ContentChanges {
  let generation = 0;
  if (bus) bus.subscribe(topic, () => (generation += 1));
  return {
    generation: () => generation,
    changed: () => {
      if (bus) bus.publish(topic);
      else generation += 1;
    },
  };
}

export const createContentChanges = (bus?: ChangeBus) => createChanges('content', bus);

/** Either generation moved: a value that shows both content and catalog loads afresh on either. */
export const eitherGeneration =
  (...generations: (() => number)[]) =>
  () =>
    generations.reduce((sum, generation) => sum + generation(), 0);
