import { formatCount } from '../text/indian-format.ts';
// The search results page (requirements#search-results, requirements#paging).

/** Keywords longer than this are cut (characters, not bytes; the stored history allows 200). */
export const SEARCH_KEYWORD_MAX_LENGTH = 100;

/**
 * How many pages of a keyword's results are ranked, its best sellers among its matches: about as far
 * as large marketplaces let a shopper page (past that, shoppers narrow the keyword or filter).
 */
export const SEARCH_RANKED_PAGES = 20;

/** Fewer results than this and the words are corrected to the nearest known words, then searched again. */
export const SEARCH_CORRECTION_BELOW = 3;

/** A logged-in shopper's search history keeps this many latest keywords. */
export const SEARCH_HISTORY_LIMIT = 20;

/** At most this many sponsored products head the results. */
export const SPONSORED_RESULTS_LIMIT = 4;

export const SEARCH_TEXTS = {
  loading: 'Loading products...',
  noResults: (keyword: string) => `No products found for "${keyword}".`,
  showingResultsFor: (corrected: string) => `Showing results for ${corrected}`,
  keywordCut: `Your search was shortened to its first ${SEARCH_KEYWORD_MAX_LENGTH} characters.`,
  sponsored: 'Sponsored',
} as const;

/**
 * The keyword as searched: whitespace (tabs, new lines) collapsed to single spaces and trimmed,
 * control characters dropped, and cut at SEARCH_KEYWORD_MAX_LENGTH characters (never inside an
 * emoji or a Devanagari letter's code point).
 */
export function normaliseKeyword(raw: string): { keyword: string; wasCut: boolean } {
  const clean = raw
    // eslint-disable-next-line no-control-regex -- control characters are what is dropped
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...clean];
  if (chars.length <= SEARCH_KEYWORD_MAX_LENGTH) return { keyword: clean, wasCut: false };
  return { keyword: chars.slice(0, SEARCH_KEYWORD_MAX_LENGTH).join('').trim(), wasCut: true };
}

/** Lower-case words of letters and digits ("Kairo Nova-5G" → kairo, nova, 5g): how names and keywords compare. */
export function nameWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}

/** The results count above the grid: '1 result', '2,345 results', or 'over 2,400 results' when more match than are ranked. */
export function resultsCountText(total: number, more: boolean): string {
  const count = formatCount(total);
  if (more) return `over ${count} results`;
  return total === 1 ? '1 result' : `${count} results`;
}
