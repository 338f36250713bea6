import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { banners, categories, type Executor, products, topMenuItems } from '@marketplace/db';
import { chooseHomeAds } from '@marketplace/domain/marketing/home-ads';
import type { HomeFeed, ProductCardData } from '@marketplace/web';
import { bestSellerCards, loadProductCards, relatedProductCards } from '../../product-cards/index.ts';
import { categorySubtreeIds } from '../categories.ts';
import { type RunningCampaign, toHomeCampaign } from './campaigns.ts';

/** requirements#home-blocks: carousel sizes. */
export const HOME_SLIDES = { related: 8, pickUp: 8, recentlyViewed: 6, bestSellers: 10, deals: 12 } as const;
/** The top-menu entry whose best sellers the home page shows. */
export const HOME_BEST_SELLERS_MENU = 'Luxury Beauty';

/** Products most shoppers rated: the 'related' block for shoppers without a history. */
export async function popularCards(db: Executor, limit: number): Promise<ProductCardData[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.isActive, true), isNotNull(products.lowestPricePaise)))
    .orderBy(desc(products.ratingCount), products.id)
    .limit(limit);
  return loadProductCards(
    db,
    rows.map((r) => r.id),
  );
}

/** 'Best Sellers in Luxury Beauty': ranked by units sold within the top-menu entry's category. */
export async function menuBestSellers(
  db: Executor,
  menuName: string,
  limit: number,
): Promise<HomeFeed['bestSellers']> {
  const [entry] = await db
    .select({ name: topMenuItems.name, categoryId: topMenuItems.categoryId })
    .from(topMenuItems)
    .where(eq(sql`lower(${topMenuItems.name})`, menuName.toLowerCase()))
    .limit(1);
  if (!entry || entry.categoryId === null) return null;
  const cards = await bestSellerCards(db, {
    limit,
    categoryIds: await categorySubtreeIds(db, entry.categoryId),
  });
  return {
    title: `Best Sellers in ${entry.name}`,
    href: `/best-sellers-online/${encodeURIComponent(entry.name)}`,
    products: cards,
  };
}

/** requirements#operator-content: a banner shows while on, from its start and before its end (see isBannerLive). */
export const bannerIsLive = (now: Date) =>
  and(
    eq(banners.isActive, true),
    or(isNull(banners.startsAt), lte(banners.startsAt, now)),
    or(isNull(banners.endsAt), gt(banners.endsAt, now)),
  );

/** The banner carousel's long banners and the top categories. */
export async function loadHomeShelf(
  db: Executor,
  now = new Date(),
): Promise<Pick<HomeFeed, 'banners' | 'categories'>> {
  const [homeBanners, topCategories] = await Promise.all([
    db
      .select({ id: banners.id, image: banners.imagePath, alt: banners.altText, href: banners.link })
      .from(banners)
      .where(and(eq(banners.kind, 'long'), bannerIsLive(now)))
      .orderBy(asc(banners.position), asc(banners.id)),
    db
      .select({ id: categories.id, name: categories.name, imagePath: categories.imagePath })
      .from(categories)
      .where(and(eq(categories.level, 1), isNull(categories.retiredAt)))
      .orderBy(categories.position, categories.name),
  ]);
  return { banners: homeBanners, categories: topCategories };
}

/** What is the same for every shopper (kept for a short while). */
export type SharedHomeBlocks = Pick<
  HomeFeed,
  'banners' | 'categories' | 'promo' | 'content' | 'bestSellers' | 'lightningDeals' | 'percentageDeals'
> & {
  campaigns: RunningCampaign[];
  popular: ProductCardData[];
  topSellers: ProductCardData[];
};

/** The shopper's own blocks from their history; shoppers without one see popular products and best sellers. */
export async function personalBlocks(
  db: Executor,
  shared: SharedHomeBlocks,
  viewedIds: readonly number[] | null,
): Promise<Pick<HomeFeed, 'related' | 'pickUp' | 'recentlyViewed'>> {
  const viewed = viewedIds ?? [];
  const [related, viewedCards] = await Promise.all([
    relatedProductCards(db, viewed, HOME_SLIDES.related),
    loadProductCards(db, viewed),
  ]);
  return {
    related:
      related.length > 0
        ? { source: 'history', products: related }
        : { source: 'fallback', products: shared.popular },
    pickUp:
      viewedCards.length > 0
        ? { source: 'history', products: viewedCards.slice(0, HOME_SLIDES.pickUp) }
        : { source: 'fallback', products: shared.topSellers },
    recentlyViewed: viewedCards.slice(0, HOME_SLIDES.recentlyViewed),
  };
}

/** The campaigns shown to this request, picked at random among the running ones. */
export function pickAds(campaigns: RunningCampaign[], random: () => number) {
  const { sponsored, brandAds } = chooseHomeAds(campaigns, random);
  return { sponsored: sponsored.map(toHomeCampaign), brandAds: brandAds.map(toHomeCampaign) };
}
