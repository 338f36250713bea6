// The kinds of suggestion, apart from suggestions.ts so that the answer's schema (suggestions-api.ts)
// and the rules can both read them without importing each other.

export const SUGGESTION_TYPES = [
  'brand',
  'category',
  'subcategory',
  'supercategory',
  'supersubcategory',
  'product',
] as const;
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];
