import { categoryListingPath } from '../catalog/categories.ts';
import { sameName } from './results.ts';
import type { Suggestion } from './suggestions-api.ts';

// Search suggestions (requirements#search-suggestions, requirements#search-submit): shared by the API and the search box.

export { SUGGESTION_TYPES, type SuggestionType } from './suggestion-types.ts';

/** requirements#search-suggestions: registry 'Yes' sends a brand to /brandregistry/{name}; the answer's schema is in suggestions-api.ts */
export type { Suggestion };

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_TEXT_MAX_LENGTH = 100;
export const DEFAULT_SUGGESTION_IMAGE = '/images/default.svg';

/** Category level (1 to 4) to its suggestion type. */
export const CATEGORY_LEVEL_TYPES = ['category', 'subcategory', 'supercategory', 'supersubcategory'] as const;

/** requirements#search-suggestions: the route each suggestion type goes to. */
export function suggestionHref(suggestion: Pick<Suggestion, 'name' | 'type' | 'registry'>): string {
  const name = encodeURIComponent(suggestion.name);
  switch (suggestion.type) {
    case 'brand':
      return suggestion.registry === 'Yes' ? `/brandregistry/${name}` : `/brand/${name}`;
    case 'product':
      return `/productdetails/${name}`;
    default:
      return categoryListingPath(CATEGORY_LEVEL_TYPES.indexOf(suggestion.type) + 1, suggestion.name);
  }
}

/** requirements#search-suggestions: exact name matches (case-insensitive) first, then partial ones, de-duplicated (by type and id). */
export function orderSuggestions<T extends Pick<Suggestion, 'id' | 'name' | 'type'>>(
  suggestions: readonly T[],
  text: string,
): T[] {
  const wanted = text.trim().toLowerCase();
  const seen = new Set<string>();
  const unique = suggestions.filter((s) => {
    const key = `${s.type}:${s.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const exact = unique.filter((s) => s.name.trim().toLowerCase() === wanted);
  return [...exact, ...unique.filter((s) => s.name.trim().toLowerCase() !== wanted)];
}

/**
 * requirements#search-submit: Enter or the button: empty does nothing; with suggestions go to the
 * first, unless the text is the first suggestion's category name: then the results page, which
 * offers that category too; otherwise the results page.
 */
export function searchDestination(
  text: string,
  suggestions: readonly Pick<Suggestion, 'name' | 'type' | 'registry'>[],
): string | null {
  const keyword = text.trim();
  if (!keyword) return null;
  const first = suggestions[0];
  const namesCategory =
    first !== undefined &&
    (CATEGORY_LEVEL_TYPES as readonly string[]).includes(first.type) &&
    sameName(keyword, first.name);
  return first && !namesCategory ? suggestionHref(first) : `/searchpage/${encodeURIComponent(keyword)}`;
}

/** Words of a search text for a prefix full-text query ('lapt pro' → ['lapt', 'pro']); letters and digits only. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, 8);
}
