import type { BannerPlacement } from './services.ts';

// requirements#sponsored-banner: the browsing pages that carry the header's banner block. Product,
// cart, checkout, order, account, review and content pages carry none.
const BROWSING_PAGES = new Set([
  'categorylist',
  'best-sellers-online',
  'searchresults',
  'searchpage',
  'todaydeals',
  'percentageoffer',
  'coupons',
]);

/** Which banner a page opens with: none, any running campaign, or only the brand's own on its store page. */
export function bannerPlacement(pathname: string): BannerPlacement {
  const [first = '', second, ...rest] = pathname.split('/').filter(Boolean);
  if (first === '') return { kind: 'any' };
  if (BROWSING_PAGES.has(first)) return { kind: 'any' };
  if ((first === 'brand' || first === 'brandregistry') && second !== undefined && rest.length === 0) {
    let brand: string;
    try {
      brand = decodeURIComponent(second);
    } catch {
      return { kind: 'none' };
    }
    return { kind: 'brand', brand };
  }
  return { kind: 'none' };
}
