// Browsing history schemas: what a save to the server carries. The rules (cap, month, merge) and
// their constants are in history-rules.ts, re-exported here for the server and tests.
import { z } from 'zod';
import {
  HISTORY_ENTRY_LIMITS,
  HISTORY_SAVE_MAX_ENTRIES,
  type HistoryEntry as HistoryEntryShape,
} from './history-rules.ts';

export * from './history-rules.ts';

/** spec §3 browsing history entry; timestamp in milliseconds since 1970. */
export const HistoryEntry = z.object({
  productId: z.number().int().positive().max(HISTORY_ENTRY_LIMITS.productIdMax),
  productName: z.string().max(HISTORY_ENTRY_LIMITS.productNameMax),
  image: z.string().max(HISTORY_ENTRY_LIMITS.imageMax),
  timestamp: z.number().int().nonnegative(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;
// the rules' plain type and the schema's are one type: a field changed in one fails typecheck here
type _OneType = Assert<SameType<HistoryEntry, HistoryEntryShape>>;

/** What a save sends: the browser's copy of the history. */
export const HistorySave = z.object({
  history: z
    .array(HistoryEntry)
    .max(HISTORY_SAVE_MAX_ENTRIES, `At most ${HISTORY_SAVE_MAX_ENTRIES} history entries can be saved.`),
});
export type HistorySave = z.infer<typeof HistorySave>;

type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
