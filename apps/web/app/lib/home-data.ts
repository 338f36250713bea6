// What the home, brand and info pages need from the server (implemented in apps/server/src/modules/catalog/home.ts).
import type { ProductCardData } from './catalog.ts';
import type { ContentBlock } from './listing-data.ts';

/** A sponsored brand campaign shown on a page (requirements#campaigns); only running ones are shown. */
export type HomeCampaign = {
  id: number;
  brandName: string;
  /** The brand's store page. */
  href: string;
  adType: 'image' | 'video';
  image: string | null;
  video: string | null;
  size: { width: number; height: number } | null;
};

/** Where a history-based block's products came from. */
export type HomeHistorySource = 'history' | 'fallback';

export type HomeFeed = {
  /** The home banner carousel: the long banners operators publish. */
  banners: { id: number; image: string; alt: string; href: string | null }[];
  /** Top categories for 'Shop by category'. */
  categories: { id: number; name: string; imagePath: string | null }[];
  /** True when the shopper is logged in: the history blocks come from the server's copy. */
  historyOnServer: boolean;
  promo: ContentBlock[];
  content: ContentBlock[];
  /** The two wide sponsored banners (running home sponsored_brand campaigns). */
  sponsored: HomeCampaign[];
  related: { source: HomeHistorySource; products: ProductCardData[] };
  pickUp: { source: HomeHistorySource; products: ProductCardData[] };
  recentlyViewed: ProductCardData[];
  bestSellers: { title: string; href: string; products: ProductCardData[] } | null;
  /** A brand image ad and, beside it, a brand video ad (or a second image ad when none runs). */
  brandAds: HomeCampaign[];
  lightningDeals: ProductCardData[];
  percentageDeals: ProductCardData[];
};

/** A brand store page (requirements#brand-page): the brand's products grouped by sub-sub-category. */
export type BrandStore = {
  brand: {
    id: number;
    name: string;
    isRegistry: boolean;
    logo: string | null;
    tagline: string | null;
    country: string | null;
  };
  sections: { id: number; title: string; products: ProductCardData[] }[];
  productCount: number;
};

/** The privilege claim (requirements#privilege-claim (pclaim.php): basicinfo pclaim and pclaim_video). */
export type PrivilegeClaim = { text: string; video: string | null };

export interface HomeServices {
  /** The home page's blocks for the request's shopper (history blocks from their server copy when logged in). */
  homeFeed(request: Request): Promise<HomeFeed>;
  /** A brand's store by its name (case-insensitive), or null when there is no such brand. */
  brandStore(name: string): Promise<BrandStore | null>;
  privilegeClaim(): Promise<PrivilegeClaim | null>;
}
