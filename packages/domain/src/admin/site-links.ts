// requirements#link-picker: a console link chosen from the site: a fixed page, a category, a brand,
// a product, a content page or a search, stored as the shop's own path; a typed link must still be a
// path of the shop or an https address (isSafeLink). Pure, so the picker and the actions share it.
import { CATEGORY_LISTING_TYPES } from '../catalog/categories.ts';
import { CONTENT_LIMITS, isSafeLink } from './content.ts';

/** The shop's fixed pages a link may lead to. */
export const SITE_PAGES = [
  { path: '/', label: 'Home' },
  { path: '/todaydeals', label: 'Today’s Deals' },
  { path: '/percentageoffer', label: 'Percentage offers' },
  { path: '/coupons', label: 'Coupons' },
  { path: '/brandregistry', label: 'Brand registry' },
  { path: '/privilegeclaim', label: 'Privilege claim' },
  { path: '/seller', label: 'Sell on the marketplace' },
  { path: '/grievance', label: 'Grievance Redressal' },
] as const;

export const LINK_KINDS = ['page', 'category', 'brand', 'product', 'content', 'search'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export const LINK_KIND_LABELS: Record<LinkKind, string> = {
  page: 'Site page',
  category: 'Category',
  brand: 'Brand',
  product: 'Product',
  content: 'Content page',
  search: 'Search',
};

export const LINK_MESSAGES = {
  search: 'Type the words to search for: at most 100 characters, without control characters.',
  page: 'Choose one of the site’s pages from the list.',
} as const;

const SEARCH_MAX = 100;

/** A search's results page for the words typed, or null when there is nothing to search. */
export function searchPath(words: string): string | null {
  const trimmed = words.trim().replace(/\s+/g, ' ');
  if (trimmed === '' || trimmed.length > SEARCH_MAX || /\p{Cc}/u.test(trimmed)) return null;
  return `/searchpage/${encodeURIComponent(trimmed)}`;
}

const decode = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    // a link typed with broken percent-encoding still reads as what was typed
    return part;
  }
};

export type LinkMeaning = { kind: LinkKind | 'path' | 'external'; label: string };

/** What a stored link leads to, as staff read it ('Category: Sneakers', 'Search: red shoes'), or null when it is not a link we take. */
export function describeLink(link: string): LinkMeaning | null {
  if (!isSafeLink(link)) return null;
  if (!link.startsWith('/')) return { kind: 'external', label: new URL(link).host };
  const [path = '/'] = link.split(/[?#]/);
  const fixed = SITE_PAGES.find((page) => page.path === path);
  if (fixed) return { kind: 'page', label: fixed.label };
  const parts = path.split('/').slice(1).map(decode);
  const [first, second, third] = parts;
  if (first === 'categorylist' && CATEGORY_LISTING_TYPES.some((type) => type === second) && third)
    return { kind: 'category', label: third };
  if ((first === 'brand' || first === 'brandregistry') && second) return { kind: 'brand', label: second };
  if (first === 'productdetails' && second) return { kind: 'product', label: second };
  if ((first === 'explore' || first === 'policy') && second) return { kind: 'content', label: second };
  if ((first === 'searchpage' || first === 'searchresults') && second)
    return { kind: 'search', label: second };
  return { kind: 'path', label: path };
}

/**
 * The link a form saves: the one typed (checked by the schema as before), else the site page chosen
 * from the list before the scripts ran, which must be one the list offered.
 */
export function chooseLink(
  typed: string,
  chosen: string,
  offered: readonly string[],
): { ok: true; link: string } | { ok: false; message: string } {
  if (typed.trim() !== '' || chosen === '') return { ok: true, link: typed.trim() };
  if (chosen.length <= CONTENT_LIMITS.linkLength && offered.includes(chosen))
    return { ok: true, link: chosen };
  return { ok: false, message: LINK_MESSAGES.page };
}
