import { describe, expect, it } from 'vitest';
import {
  addToHistory,
  HISTORY_CAP,
  HISTORY_SAVE_INTERVAL_MS,
  type HistoryEntry,
  historyCutoff,
  HistoryEntry as HistoryEntrySchema,
  HistorySave,
  isHistoryEntry,
  mergeHistories,
  parseStoredHistory,
  pruneHistory,
  sameHistory,
} from './history.ts';

const NOW = Date.UTC(2026, 10, 20, 10, 0, 0);
const DAY = 86_400_000;
const entry = (productId: number, daysAgo = 0): HistoryEntry => ({
  productId,
  productName: `Product ${productId}`,
  image: `/media/p${productId}.svg`,
  timestamp: NOW - daysAgo * DAY,
});
const ids = (list: HistoryEntry[]) => list.map((e) => e.productId);

describe('history constants (requirements#browsing-history)', () => {
  it('caps at 10 and saves every 30 s', () => {
    expect(HISTORY_CAP).toBe(10);
    expect(HISTORY_SAVE_INTERVAL_MS).toBe(30_000);
  });
});

describe('the one-month cut-off', () => {
  it.each([
    [Date.UTC(2026, 10, 20, 10), Date.UTC(2026, 9, 20, 10)],
    [Date.UTC(2026, 2, 31, 12), Date.UTC(2026, 1, 28, 12)],
    [Date.UTC(2028, 2, 31, 12), Date.UTC(2028, 1, 29, 12)],
    [Date.UTC(2026, 0, 15), Date.UTC(2025, 11, 15)],
  ])('%s less a month is %s', (now, cutoff) => expect(historyCutoff(now)).toBe(cutoff));
});

describe('adding a viewed product: at the front only if absent, at most 10 (requirements#browsing-history)', () => {
  it.each<[string, HistoryEntry[], number, number[]]>([
    ['to an empty history', [], 7, [7]],
    ['in front of older views', [entry(1), entry(2)], 7, [7, 1, 2]],
    ['not again when present (the order stays)', [entry(1), entry(7), entry(2)], 7, [1, 7, 2]],
    [
      'dropping the oldest past 10',
      Array.from({ length: 10 }, (_, i) => entry(i + 1)),
      99,
      [99, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    ],
    ['dropping views older than a month', [entry(1, 3), entry(2, 32), entry(3, 40)], 7, [7, 1]],
  ])('%s', (_, before, added, after) => expect(ids(addToHistory(before, entry(added), NOW))).toEqual(after));
});

describe('merging the browser and server copies (requirements#browsing-history)', () => {
  it.each<[string, HistoryEntry[], HistoryEntry[], number[]]>([
    ['both empty', [], [], []],
    ['server only', [], [entry(1, 1), entry(2, 2)], [1, 2]],
    [
      'interleaved by time, newest first',
      [entry(1, 1), entry(3, 3)],
      [entry(2, 2), entry(4, 4)],
      [1, 2, 3, 4],
    ],
    ['one entry per product', [entry(1, 1), entry(2, 2)], [entry(2, 2), entry(1, 1)], [1, 2]],
    ['a product keeps its newest view', [entry(5, 5), entry(1, 1)], [entry(5, 0)], [5, 1]],
    ['old views dropped', [entry(1, 40)], [entry(2, 1)], [2]],
    [
      'capped at 10',
      Array.from({ length: 8 }, (_, i) => entry(i + 1, i)),
      Array.from({ length: 8 }, (_, i) => entry(i + 20, i + 0.5)),
      [1, 20, 2, 21, 3, 22, 4, 23, 5, 24],
    ],
  ])('%s', (_, local, server, merged) => expect(ids(mergeHistories(local, server, NOW))).toEqual(merged));

  it('keeps the newest entry when the same product was viewed in both', () => {
    const [only] = mergeHistories([entry(5, 3)], [entry(5, 1)], NOW);
    expect(only?.timestamp).toBe(NOW - DAY);
  });
});

describe('pruning and reading stored copies', () => {
  it('keeps the first of duplicate entries', () =>
    expect(ids(pruneHistory([entry(1), entry(2), entry(1, 2)], NOW))).toEqual([1, 2]));

  it.each<[string, unknown, number[]]>([
    ['nothing stored', null, []],
    ['not a list', { productId: 1 }, []],
    ['a string', 'history', []],
    [
      'malformed entries left out',
      [entry(1), { productId: 'x' }, 5, null, { ...entry(2), productId: -2 }],
      [1],
    ],
    ['all good', [entry(1), entry(2)], [1, 2]],
  ])('%s', (_, raw, expected) => expect(ids(parseStoredHistory(raw))).toEqual(expected));

  it('tells a changed history from the same one', () => {
    expect(sameHistory([entry(1), entry(2)], [entry(1), entry(2)])).toBe(true);
    expect(sameHistory([entry(1), entry(2)], [entry(2), entry(1)])).toBe(false);
    expect(sameHistory([entry(1)], [entry(1, 1)])).toBe(false);
    expect(sameHistory([], [entry(1)])).toBe(false);
  });
});

describe('what a save may carry', () => {
  it.each<[string, unknown, boolean]>([
    ['a real history', { history: [entry(1), entry(2)] }, true],
    ['an empty one', { history: [] }, true],
    ['not an object', [entry(1)], false],
    ['not a list', { history: 'abc' }, false],
    ['1,000 entries', { history: Array.from({ length: 1000 }, (_, i) => entry(i + 1)) }, false],
    ['negative ids', { history: [{ ...entry(1), productId: -1 }] }, false],
    ['string ids', { history: [{ ...entry(1), productId: '1' }] }, false],
    ['fractional ids', { history: [{ ...entry(1), productId: 1.5 }] }, false],
    ['no timestamp', { history: [{ productId: 1, productName: 'a', image: 'b' }] }, false],
  ])('%s', (_, body, ok) => expect(HistorySave.safeParse(body).success).toBe(ok));
});

describe('the browser reads a stored entry by the same rules as the schema', () => {
  it.each<[string, unknown]>([
    ['a real entry', entry(1)],
    ['with more fields', { ...entry(1), extra: true }],
    ['the largest id', { ...entry(1), productId: 2_147_483_647 }],
    ['an id past a Postgres integer', { ...entry(1), productId: 2_147_483_648 }],
    ['id 0', { ...entry(1), productId: 0 }],
    ['a negative id', { ...entry(1), productId: -1 }],
    ['a fractional id', { ...entry(1), productId: 1.5 }],
    ['a string id', { ...entry(1), productId: '1' }],
    ['a NaN id', { ...entry(1), productId: Number.NaN }],
    ['a name of 500 characters', { ...entry(1), productName: 'a'.repeat(500) }],
    ['a name of 501 characters', { ...entry(1), productName: 'a'.repeat(501) }],
    ['an image of 1,001 characters', { ...entry(1), image: 'a'.repeat(1001) }],
    ['no image', { productId: 1, productName: 'a', timestamp: NOW }],
    ['time 0', { ...entry(1), timestamp: 0 }],
    ['a negative time', { ...entry(1), timestamp: -1 }],
    ['an infinite time', { ...entry(1), timestamp: Number.POSITIVE_INFINITY }],
    ['null', null],
    ['a list', [entry(1)]],
  ])('%s', (_, value) => expect(isHistoryEntry(value)).toBe(HistoryEntrySchema.safeParse(value).success));
});
