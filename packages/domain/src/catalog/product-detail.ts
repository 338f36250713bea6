// Rules of the product detail page (requirements#product-page).

export const PRODUCT_MESSAGES = {
  notServiceable: 'This product is not serviceable in your area.',
  invalidVideo: 'Invalid video URL',
  addedToCart: 'Product added to cart!',
  addedButton: 'Added to Cart',
  alreadyInCart: 'This product is already in your cart.',
  goToCart: 'Go to cart',
  overLimit: (max: number) => `You can only add up to ${max} of this product.`,
  invalidProduct: 'Invalid product ID!',
  saveFailed: (message: string) => `Error: ${message}`,
  linkCopied: 'Link copied',
} as const;

/** requirements#add-to-cart: 'Added to Cart' shows on the button this long. */
export const ADDED_BUTTON_MS = 2_000;
/** At or below this many units in stock the page says 'Only N left'. */
export const LOW_STOCK_THRESHOLD = 5;

const BULLET_SEPARATOR = '|||';
const PAIR_SEPARATOR = ';;;';
const NAME_VALUE_SEPARATOR = ':::';

/** requirements#product-page: About the product bullets; a stored bullet may hold several split by a triple bar. */
export function parseBullets(stored: readonly string[] | string | null | undefined): string[] {
  const list = typeof stored === 'string' ? [stored] : (stored ?? []);
  return list
    .flatMap((bullet) => bullet.split(BULLET_SEPARATOR))
    .map((bullet) => bullet.trim())
    .filter(Boolean);
}

export type TechnicalDetail = { name: string; value: string };

/**
 * requirements#product-page: technical details are `name:::value` pairs separated by `;;;` when stored as text, otherwise
 * the structured array. Pairs without a name or value are dropped; a value may contain ':::' text.
 */
export function parseTechnicalDetails(
  stored: readonly TechnicalDetail[] | string | null | undefined,
): TechnicalDetail[] {
  if (stored == null) return [];
  const pairs: TechnicalDetail[] =
    typeof stored === 'string'
      ? stored.split(PAIR_SEPARATOR).map((pair) => {
          const at = pair.indexOf(NAME_VALUE_SEPARATOR);
          return at < 0
            ? { name: '', value: '' }
            : { name: pair.slice(0, at), value: pair.slice(at + NAME_VALUE_SEPARATOR.length) };
        })
      : stored.flatMap((entry) =>
          // a structured entry may itself hold the packed text form
          entry.name.includes(NAME_VALUE_SEPARATOR) || entry.value.includes(PAIR_SEPARATOR)
            ? parseTechnicalDetails(
                `${entry.name}${entry.value ? `${NAME_VALUE_SEPARATOR}${entry.value}` : ''}`,
              )
            : [entry],
        );
  return pairs
    .map((pair) => ({ name: pair.name.trim(), value: pair.value.trim() }))
    .filter((pair) => pair.name !== '' && pair.value !== '');
}

export type VideoSource = { kind: 'file' | 'embed'; src: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The playable source of a stored product video: a media file (ours or https), a YouTube or Vimeo
 * page turned into its embed URL, or the src of a pasted <iframe>/<video> tag. Null when no src can
 * be extracted (the page then shows 'Invalid video URL'). Only http(s) and site paths are allowed.
 */
export function videoSource(stored: string | null | undefined): VideoSource | null {
  const raw = (stored ?? '').trim();
  if (!raw) return null;
  const tag = /<(?:iframe|video|source)\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i.exec(raw);
  const candidate = tag?.[1]?.trim() ?? raw;
  if (candidate.startsWith('/') && !candidate.startsWith('//')) {
    return /\.(mp4|webm|ogg|ogv|mov)(\?.*)?$/i.test(candidate) ? { kind: 'file', src: candidate } : null;
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^www\.|^m\./, '');
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = url.pathname.startsWith('/embed/')
      ? url.pathname.split('/')[2]
      : url.pathname.startsWith('/shorts/')
        ? url.pathname.split('/')[2]
        : url.searchParams.get('v');
    return id && YOUTUBE_ID.test(id)
      ? { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${id}` }
      : null;
  }
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1);
    return YOUTUBE_ID.test(id)
      ? { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${id}` }
      : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = url.pathname.split('/').filter(Boolean).pop();
    return id && /^\d+$/.test(id) ? { kind: 'embed', src: `https://player.vimeo.com/video/${id}` } : null;
  }
  return /\.(mp4|webm|ogg|ogv|mov)$/i.test(url.pathname) ? { kind: 'file', src: url.toString() } : null;
}

/** requirements#quantity-choices: the quantity choices, 1 up to min(stock, maximum per order); none when out of stock. */
export function quantityOptions(stock: number, maxPerOrder: number): number[] {
  const top = Math.min(Math.floor(stock), Math.floor(maxPerOrder));
  return top >= 1 ? Array.from({ length: top }, (_, i) => i + 1) : [];
}

/** The stock line under the price. */
export function stockLabel(stock: number): { text: string; tone: 'ok' | 'low' | 'out' } {
  if (!(stock > 0)) return { text: 'Out of stock', tone: 'out' };
  if (stock <= LOW_STOCK_THRESHOLD) return { text: `Only ${stock} left in stock.`, tone: 'low' };
  return { text: 'In Stock', tone: 'ok' };
}

/** requirements#ratings: the detail page shows the rating summary only when all five star counts and the total are non-zero. */
export function hasFullRatingSummary(
  stars: { 1: number; 2: number; 3: number; 4: number; 5: number },
  total: number,
): boolean {
  return total > 0 && ([1, 2, 3, 4, 5] as const).every((star) => stars[star] > 0);
}
