import type { Executor } from '@marketplace/db';
import type { HomeFeed, HomeServices } from '@marketplace/web';
import type { Logger } from 'pino';
import { sessionViewer } from '../../http/auth.ts';
import { keptFor } from '../../kept-for.ts';
import { bestSellerCards } from '../product-cards/index.ts';
import { getBrandStore, getPrivilegeClaim } from './home/brand.ts';
import { recordImpressions, runningCampaigns } from './home/campaigns.ts';
import { loadHomeContent, loadPageDeals } from './home/content.ts';
import {
  HOME_BEST_SELLERS_MENU,
  HOME_SLIDES,
  loadHomeShelf,
  menuBestSellers,
  personalBlocks,
  pickAds,
  popularCards,
  type SharedHomeBlocks,
} from './home/feed.ts';
import { readHistory } from '../browsing-history/index.ts';

/** Blocks that are the same for every shopper are kept this long (the page is the busiest one). */
export const HOME_SHARED_TTL_MS = 60_000;

type Options = {
  random?: () => number;
  sharedTtlMs?: number;
  /** Tests wait for the impression count before the feed is answered. */
  awaitImpressions?: boolean;
  /** requirements#operator-content: changes when staff publish content; the shared blocks are loaded afresh. */
  contentGeneration?: () => number;
  /** The time campaigns, deals and banners run against (default: the system clock). */
  now?: () => Date;
};

/** The home, brand and privilege-claim pages' data (see apps/web/app/lib/home-data.ts). */
export function createHomeServices(
  db: Executor,
  logger?: Pick<Logger, 'warn'>,
  {
    random = Math.random,
    sharedTtlMs = HOME_SHARED_TTL_MS,
    awaitImpressions = false,
    contentGeneration,
    now = () => new Date(),
  }: Options = {},
): HomeServices {
  // requirements#failures-only-logged: a block that fails to load is only logged; the page shows the others
  const orEmpty = <T>(work: Promise<T>, empty: T, what: string): Promise<T> =>
    work.catch((error: unknown) => {
      logger?.warn({ err: error }, `home: ${what} could not be loaded; showing the page without it`);
      return empty;
    });

  const shared = keptFor(
    sharedTtlMs,
    async (): Promise<SharedHomeBlocks> => {
      const [shelf, content, campaigns, bestSellers, lightningDeals, percentageDeals, popular, topSellers] =
        await Promise.all([
          orEmpty(loadHomeShelf(db, now()), { banners: [], categories: [] }, 'the banners and categories'),
          orEmpty(loadHomeContent(db), { promo: [], content: [] }, 'the content blocks'),
          orEmpty(runningCampaigns(db, 'home', 'sponsored_brand', now()), [], 'the sponsored campaigns'),
          orEmpty(menuBestSellers(db, HOME_BEST_SELLERS_MENU, HOME_SLIDES.bestSellers), null, 'best sellers'),
          orEmpty(loadPageDeals(db, 'home', 'deals', now(), HOME_SLIDES.deals), [], 'the lightning deals'),
          orEmpty(
            loadPageDeals(db, 'home', 'percentage_offer', now(), HOME_SLIDES.deals),
            [],
            'the percentage offers',
          ),
          orEmpty(popularCards(db, HOME_SLIDES.related), [], 'popular products'),
          orEmpty(bestSellerCards(db, { limit: HOME_SLIDES.pickUp }), [], 'best sellers'),
        ]);
      return {
        ...shelf,
        ...content,
        campaigns,
        bestSellers,
        lightningDeals,
        percentageDeals,
        popular,
        topSellers,
      };
    },
    undefined,
    contentGeneration,
  );

  return {
    async homeFeed(request): Promise<HomeFeed> {
      const [user, blocks] = await Promise.all([
        orEmpty(sessionViewer(db, request), null, 'the login check'),
        shared(),
      ]);
      const viewed = user
        ? (await orEmpty(readHistory(db, user.id), [], 'the browsing history')).map((e) => e.productId)
        : null;
      const ads = pickAds(blocks.campaigns, random);
      const shown = [...ads.sponsored, ...ads.brandAds].map((c) => c.id);
      // counted beside the page's work, never holding it up; one that cannot be counted is only logged
      const counted = orEmpty(
        recordImpressions(db, shown, user?.id ?? null),
        undefined,
        'the impression count',
      );
      if (awaitImpressions) await counted;
      const personal = await personalBlocks(db, blocks, viewed).catch((error: unknown) => {
        logger?.warn({ err: error }, 'home: the history blocks could not be loaded');
        return personalBlocks(db, blocks, null);
      });
      return {
        historyOnServer: user !== null,
        banners: blocks.banners,
        categories: blocks.categories,
        promo: blocks.promo,
        content: blocks.content,
        sponsored: ads.sponsored,
        brandAds: ads.brandAds,
        bestSellers: blocks.bestSellers,
        lightningDeals: blocks.lightningDeals,
        percentageDeals: blocks.percentageDeals,
        ...personal,
      };
    },
    brandStore: (name) => getBrandStore(db, name),
    privilegeClaim: () => getPrivilegeClaim(db),
  };
}
