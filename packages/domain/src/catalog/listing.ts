// Shared rules of product lists: paging (deals, search, listings) and carousels (requirements#paging, requirements#product-carousels).

/** requirements#paging: deals, search results and listings show 48 products per page. */
export const PAGE_SIZE = 48;

/** The number of pages for a count of items (at least 1, so an empty list still has page 1). */
export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  if (!Number.isFinite(total) || total <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/**
 * requirements#paging: the page is bounded to 1..page count. Anything that is not a whole number (missing,
 * 'abc', '1e9', '-3', '2.5') is read as a number where it can be and then clamped.
 */
export function boundPage(raw: unknown, pages: number): number {
  const last = Math.max(1, Math.floor(pages));
  const value =
    typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : 1;
  if (!Number.isFinite(value)) return value === Infinity ? last : 1;
  return Math.min(Math.max(Math.trunc(value), 1), last);
}

/** The page numbers a pager shows: the first, the last and two either side of the current one; 'gap' stands for the pages left out. */
export function pagerPages(current: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, current - 2, current - 1, current, current + 1, current + 2]);
  const sorted = [...shown].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const [i, p] of sorted.entries()) {
    const previous = sorted[i - 1];
    // a gap of a single page shows that page instead
    if (previous !== undefined && p - previous === 2) out.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) out.push('gap');
    out.push(p);
  }
  return out;
}

/** requirements#product-lists: deal and related lists become a carousel only above 6 items. */
export const CAROUSEL_THRESHOLD = 6;

/** requirements#product-lists: lists are de-duplicated by product id, keeping the first. */
export function uniqueById<T extends { id: number }>(items: readonly T[]): T[] {
  const seen = new Set<number>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

export type CarouselLayout = { slidesToShow: number; slidesToScroll: number };

/**
 * requirements#product-carousels `show` at full width: above 1024 px
 * show min(show, n) and scroll max(1, floor(show / 2)); at or below 1024 px min(5, n) scroll 2;
 * 768 px min(3, n) scroll 1; 480 px min(2, n) scroll 1.
 */
export function carouselLayout(viewportWidth: number, slides: number, show = 5): CarouselLayout {
  const n = Math.max(1, slides);
  if (viewportWidth <= 480) return { slidesToShow: Math.min(2, n), slidesToScroll: 1 };
  if (viewportWidth <= 768) return { slidesToShow: Math.min(3, n), slidesToScroll: 1 };
  if (viewportWidth <= 1024) return { slidesToShow: Math.min(5, n), slidesToScroll: 2 };
  const wanted = Math.min(show, n);
  return { slidesToShow: wanted, slidesToScroll: Math.max(1, Math.floor(wanted / 2)) };
}

/** requirements#brand-page (brand page): sections above 5 items are carousels of 4 per view, 3 under 1024 px, 2 under 768, 1 under 480. */
export function brandCarouselPerView(viewportWidth: number): number {
  if (viewportWidth < 480) return 1;
  if (viewportWidth < 768) return 2;
  if (viewportWidth < 1024) return 3;
  return 4;
}

/** requirements#brand-page (brand page): titles truncated at 70 characters. */
export function truncateTitle(title: string, max = 70): string {
  const chars = [...title];
  return chars.length <= max ? title : `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** requirements#listing: the listing page's own texts, as the spec words them (English catalog). */
export const LISTING_TEXTS = {
  loading: 'Loading products...',
  empty: 'Sorry! No products Available',
  filteredEmpty: 'No products found with the selected filters.',
  recentSearches: 'Recently Searched Items',
  deals: 'Deals in this category',
  related: 'Related products',
  sponsored: 'Sponsored',
} as const;
