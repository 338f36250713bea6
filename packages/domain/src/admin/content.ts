// requirements#operator-content: the pure rules of the storefront content staff edit in the
// console: the 12-column grid of page blocks, the links and media a block may carry, and the
// privilege-claim text. Zod-free, so the console's scripts and the server share them cheaply.

/** requirements#content-blocks: a row is laid out on a 12-column grid. */
export const GRID_COLUMNS = 12;

export const CONTENT_LIMITS = {
  titleLength: 120,
  textLength: 1000,
  linkLength: 500,
  productsPerColumn: 24,
  bannersPerColumn: 2,
  displayCountMax: 8,
  rowsPerPage: 40,
  altLength: 160,
  privilegeClaimLength: 5000,
  mediaPathLength: 300,
} as const;

export const CONTENT_MESSAGES = {
  spanRange: `A column spans 1 to ${GRID_COLUMNS} of the row’s ${GRID_COLUMNS} grid columns.`,
  rowFull: (others: number) =>
    others >= GRID_COLUMNS
      ? `This row’s columns already span all ${GRID_COLUMNS} grid columns: narrow or remove one first.`
      : `The columns of a row span at most ${GRID_COLUMNS} together: the others take ${others}, so this one can span at most ${GRID_COLUMNS - others}.`,
  link: 'A link is a path on this shop (starting with /) or an https:// address.',
  media: 'Give a file of ours (starting with /media/) or an https:// address.',
  productIds: 'List product ids as whole numbers separated by commas or spaces.',
  noProducts: 'Choose at least one product: list their ids or fill them from a category’s best sellers.',
  tooManyProducts: `A product block shows at most ${CONTENT_LIMITS.productsPerColumn} products.`,
  unknownProducts: (ids: readonly number[]) =>
    `${ids.length === 1 ? 'There is no product' : 'There are no products'} on the storefront with the id${ids.length === 1 ? '' : 's'} ${ids.join(', ')}.`,
  duplicateProducts: 'Each product appears once in a block.',
  noBanner: 'A banner block needs at least one banner image.',
  noVideo: 'A video block needs its video.',
  noText: 'A content block needs its text.',
  html: 'Write plain text: HTML tags are not shown as formatting on the storefront.',
  controlCharacters: 'Text cannot hold control characters.',
  tooLong: (what: string, max: number) => `${what} is at most ${max} characters.`,
  displayCount: `Slides shown is a whole number from 1 to ${CONTENT_LIMITS.displayCountMax}.`,
  rowNotFound: 'That row is no longer on the page.',
  columnNotFound: 'That block is no longer on the page.',
  categoryNotFound: 'There is no such category.',
  pageFull: `A page holds at most ${CONTENT_LIMITS.rowsPerPage} rows.`,
  bannerNotFound: 'That banner no longer exists.',
  bannerDates: 'The end must be after the start.',
  bannerImage: 'Attach the banner’s image: JPEG, PNG, WebP or AVIF, up to 5 MB.',
  changedMeanwhile: 'Someone changed this page meanwhile. Please look again and retry.',
} as const;

// a control character (tab and line breaks aside, which text areas send) or a NUL byte never reaches the database
// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f]/;

/** True when the text holds a character no form of ours sends (NUL, escapes, ...); line breaks allowed when `multiline`. */
export const hasControlCharacters = (text: string, multiline = true) =>
  (multiline ? CONTROL : CONTROL_OR_BREAK).test(text);

/** True when the text holds something an HTML renderer would read as a tag or comment. */
export const looksLikeHtml = (text: string) => /<\s*\/?\s*[a-z!][^>]*>/i.test(text);

/**
 * A link a block or banner may carry: a path on this shop or an https address. Everything else is
 * refused: `javascript:` and `data:` (scripts), `//host` (another site by the back door), `http:`.
 */
export function isSafeLink(link: string): boolean {
  if (link.length === 0 || link.length > CONTENT_LIMITS.linkLength) return false;
  if (/[\s\\<>"'`]/.test(link) || CONTROL_OR_BREAK.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A video or image a block plays: a file of ours under /media/ or an https address (as the privilege-claim page plays). */
export function isSafeMedia(path: string): boolean {
  if (path.length > CONTENT_LIMITS.mediaPathLength) return false;
  if (/^\/media\/[^\s"'<>\\?#]+$/.test(path)) return !path.split('/').includes('..');
  return path.startsWith('https://') && isSafeLink(path);
}

/** Product ids typed as '12, 15 18': the numbers in order, or null when something else was typed. */
export function parseProductIds(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.some((part) => !/^[1-9]\d{0,8}$/.test(part))) return null;
  return parts.map(Number);
}

/**
 * requirements#content-blocks: a row's columns span 1 to 12 each and at most 12 together. The
 * message for a column of `span` beside the row's other columns, or null when it fits. An edited
 * column (`currentSpan`) may keep or narrow its width in a row already past 12.
 */
export function spanProblem(
  span: number,
  otherSpans: readonly number[],
  currentSpan?: number,
): string | null {
  if (!Number.isInteger(span) || span < 1 || span > GRID_COLUMNS) return CONTENT_MESSAGES.spanRange;
  // a row laid out before this rule (the seeded promo grid wraps 6 × 3) keeps its blocks editable, never wider
  if (currentSpan !== undefined && span <= currentSpan) return null;
  const others = otherSpans.reduce((sum, s) => sum + s, 0);
  return others + span > GRID_COLUMNS ? CONTENT_MESSAGES.rowFull(others) : null;
}

/** The grid columns a row leaves free for a new column (0 when full). */
export const freeSpan = (spans: readonly number[]) =>
  Math.max(0, GRID_COLUMNS - spans.reduce((sum, s) => sum + s, 0));

/**
 * Moves the entry `id` one place up or down in an ordered list of ids; the new order, or null
 * when it cannot move that way (first up, last down, or not in the list).
 */
export function moveInOrder<T>(ids: readonly T[], id: T, direction: 'up' | 'down'): T[] | null {
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const order = [...ids];
  [order[from], order[to]] = [order[to] as T, order[from] as T];
  return order;
}

/** requirements#privilege-claim: the page shows the text in paragraphs split at blank lines. */
export const claimParagraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** When a banner shows: while on, from its start (if any) and before its end (if any). */
export function isBannerLive(
  banner: { isActive: boolean; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): boolean {
  if (!banner.isActive) return false;
  if (banner.startsAt && banner.startsAt > now) return false;
  return !(banner.endsAt && banner.endsAt <= now);
}
