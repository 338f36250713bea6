import {
  filterParams,
  LISTING_SORTS,
  type ListingFilterChoice,
  parseFilterChoice,
  queryText,
} from '../catalog/listing-filters.ts';
import { formatCount } from '../text/indian-format.ts';
// The search results page (requirements#search-results, requirements#search-refine, requirements#paging).

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
  /** requirements#search-refine: a keyword that names a category offers that category's listing. */
  seeCategory: (category: string) => `Browse all ${category}`,
  didYouMean: 'Did you mean:',
  popularCategories: 'Popular categories',
  filteredEmpty: 'No products found with the selected filters.',
  sortBy: 'Sort by',
} as const;

/** requirements#search-refine: relevance first, then the listing's own orders under its labels. */
export const SEARCH_SORTS = [
  { key: 'relevance', label: 'Relevance' },
  ...LISTING_SORTS.filter((sort) => sort.key !== 'featured'),
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number]['key'];

/** The sort and filters of a results page (the keyword is in its path). */
export type SearchQuery = ListingFilterChoice & { sort: SearchSort; page: string | null };

/** requirements#search-refine: the results page's query; unknown or malformed values fall back to the defaults. */
export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const sort = params.get('sort');
  const known = SEARCH_SORTS.find((s) => s.key === sort);
  return { ...parseFilterChoice(params), sort: known?.key ?? 'relevance', page: params.get('page') };
}

/** The results page's URL query: filters in a stable order, relevance left out, paging reset. */
export function searchResultsSearch(query: Omit<SearchQuery, 'page'> & { page?: number }): string {
  const params = filterParams(query);
  if (query.sort !== 'relevance') params.set('sort', query.sort);
  return queryText(params, query.page);
}

/** The results page of a keyword (requirements#search-results). */
export function searchPagePath(keyword: string): string {
  return `/searchpage/${encodeURIComponent(keyword)}`;
}

/** Whether a keyword is a name (a category's), ignoring letter case and spacing. */
export function sameName(keyword: string, name: string): boolean {
  const tidy = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  return tidy(keyword) !== '' && tidy(keyword) === tidy(name);
}

/** How many close spellings an empty result offers. */
export const DID_YOU_MEAN_LIMIT = 3;

/**
 * requirements#search-refine: keywords spelled close to one that found nothing, from each word's
 * nearest known words (best first): one word changed at a time, then every word at its nearest.
 * The keyword itself and repeats are left out.
 */
export function spellingAlternatives(
  words: readonly string[],
  nearest: ReadonlyMap<string, readonly string[]>,
  limit = DID_YOU_MEAN_LIMIT,
): string[] {
  const typed = words.join(' ');
  const options: string[] = [];
  const allNearest = words.map((word) => nearest.get(word)?.[0] ?? word).join(' ');
  if (words.length > 1) options.push(allNearest);
  const longest = Math.max(0, ...words.map((word) => nearest.get(word)?.length ?? 0));
  for (let rank = 0; rank < longest; rank += 1) {
    words.forEach((word, index) => {
      const other = nearest.get(word)?.[rank];
      if (other) options.push(words.map((w, at) => (at === index ? other : w)).join(' '));
    });
  }
  return [...new Set(options)].filter((option) => option !== typed).slice(0, limit);
}

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
