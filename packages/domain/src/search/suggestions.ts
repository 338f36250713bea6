import { foldWord } from './indic-words.ts';
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
 * requirements#search-submit: Enter or the button: empty text does nothing; with matches it goes to
 * the first, unless the text is that match's category name: then the results page, which offers
 * that category too; otherwise the results page. A match is a suggestion whose name has the typed
 * text (`isMatch`, see isSuggestionMatch): one the search box shows only for a close spelling or
 * for single letters of junk text ('a/b?c#d') is no reason to open a product the shopper never named.
 */
export function searchDestination(
  text: string,
  suggestions: readonly Pick<Suggestion, 'name' | 'type' | 'registry' | 'isMatch'>[],
): string | null {
  const keyword = text.trim();
  if (!keyword) return null;
  const first = suggestions.find((s) => s.isMatch);
  const namesCategory =
    first !== undefined &&
    (CATEGORY_LEVEL_TYPES as readonly string[]).includes(first.type) &&
    sameName(keyword, first.name);
  return first && !namesCategory ? suggestionHref(first) : `/searchpage/${encodeURIComponent(keyword)}`;
}

const letters = (text: string) => text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

/**
 * requirements#search-submit: whether a suggestion's name really has the typed text, so Enter may
 * open it: the name holds the text itself ('phone' in 'Smartphones'), or every piece of the text
 * between spaces starts a word of the name ('kai nov' → 'Kairo Nova'). A piece with signs inside
 * ('t-shirt', 'a/b?c#d') needs its parts as the name's consecutive words, the last part started;
 * a piece of signs alone ("'", '--') is ignored. Text of signs alone matches nothing.
 */
export function isSuggestionMatch(text: string, name: string): boolean {
  const typed = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const named = name.toLowerCase().replace(/\s+/g, ' ');
  if (!typed) return false;
  if (letters(typed).length > 0 && named.includes(typed)) return true;
  const pieces = typed
    .split(' ')
    .map(letters)
    .filter((parts) => parts.length > 0);
  if (pieces.length === 0) return false;
  const words = letters(named);
  return pieces.every((parts) =>
    words.some((_, start) =>
      parts.every((part, i) => {
        const word = words[start + i];
        if (word === undefined) return false;
        return i === parts.length - 1 ? word.startsWith(part) : word === part;
      }),
    ),
  );
}

/** Words of a search text for a prefix full-text query ('lapt pro' → ['lapt', 'pro']); letters and digits only. */
export function searchWords(text: string): string[] {
  // NFC and without joiners (ZWJ, ZWNJ): a Telugu or Hindi word typed on any keyboard is one word
  return (foldWord(text).match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, 8);
}
