// Category levels and their listing URLs (requirements#category-levels: /categorylist/{type}/{category}, type c, sc, ssc or sssc).

/** The listing type of category levels 1 to 4. */
export const CATEGORY_LISTING_TYPES = ['c', 'sc', 'ssc', 'sssc'] as const;
export type CategoryListingType = (typeof CATEGORY_LISTING_TYPES)[number];

export function categoryListingType(level: number): CategoryListingType {
  return CATEGORY_LISTING_TYPES[Math.min(Math.max(level, 1), 4) - 1] ?? 'c';
}

/** The listing page of a category of a level (1 to 4). */
export function categoryListingPath(level: number, name: string): string {
  return `/categorylist/${categoryListingType(level)}/${encodeURIComponent(name)}`;
}
