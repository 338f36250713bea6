// Browsing history schemas: what a save to the server carries and what the server answers. The rules (cap, month, merge) and
// their constants are in history-rules.ts, re-exported here for the server and tests.
import { z } from 'zod';
import {
  HISTORY_ENTRY_LIMITS,
  HISTORY_SAVE_MAX_ENTRIES,
  type HistoryEntry as HistoryEntryShape,
} from './history-rules.ts';

export * from './history-rules.ts';

/** requirements#browsing-history; timestamp in milliseconds since 1970. */
export const HistoryEntry = z
  .object({
    productId: z.number().int().positive().max(HISTORY_ENTRY_LIMITS.productIdMax),
    productName: z.string().max(HISTORY_ENTRY_LIMITS.productNameMax),
    image: z.string().max(HISTORY_ENTRY_LIMITS.imageMax),
    timestamp: z.number().int().nonnegative().describe('When it was viewed, ms since 1970'),
  })
  .meta({ id: 'HistoryEntry' });
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

/** `GET` and `POST /api/history`: the shopper's saved history, newest first. */
export const BrowsingHistory = z.object({ history: z.array(HistoryEntry) }).meta({ id: 'BrowsingHistory' });
export type BrowsingHistory = z.infer<typeof BrowsingHistory>;

type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
