import type { Executor } from '@marketplace/db';
import { normaliseKeyword } from '@marketplace/domain/search/results';
import type { SearchServices } from '@marketplace/web';
import type { Logger } from 'pino';
import { recordImpressions, dealsPage, sponsoredForKeyword } from '../ads/index.ts';
import { sessionViewer } from '../../http/auth.ts';
import { loadProductCards } from '../product-cards/index.ts';
import { couponsPage } from './coupons.ts';
import { findProducts, type RankedList, rankedLookup } from './find-products.ts';
import { recordSearch } from './history.ts';
import { keptByKey } from '../../kept-by-key.ts';

/** How long a keyword's ranked results are reused (new and changed products show within it). */
export const SEARCH_RESULTS_TTL_MS = 60 * 1000;

export { recentSearches, recordSearch } from './history.ts';

/** The search, deals and coupons pages' data (see apps/web/app/lib/search-data.ts). */
export function createSearchServices(
  db: Executor,
  logger?: Pick<Logger, 'warn'>,
  clock: () => Date = () => new Date(),
  { keepMs = SEARCH_RESULTS_TTL_MS }: { keepMs?: number } = {},
): SearchServices {
  // a keyword's ranked results are kept a while: its next pages and the next shopper reuse them
  const lookup = rankedLookup(db);
  const kept = keptByKey(
    (key: string) => {
      const { keyword, words } = JSON.parse(key) as { keyword: string; words: string[] };
      return lookup(keyword, words);
    },
    keepMs,
    2000,
  );
  const keptRanked = (keyword: string, words: readonly string[]): Promise<RankedList> =>
    kept(JSON.stringify({ keyword, words }));

  // recording is a side effect of showing the page: its failure is logged, the page still shows
  const quietly = (work: Promise<unknown>, what: string) =>
    work.catch((error: unknown) => logger?.warn({ err: error }, `${what} could not be recorded`));

  return {
    async searchResults(request, rawKeyword, page) {
      const now = clock();
      const { keyword, wasCut } = normaliseKeyword(rawKeyword);
      const [user, found] = await Promise.all([
        sessionViewer(db, request, now),
        findProducts(db, keyword, page, keptRanked),
      ]);
      const [items, sponsored] = await Promise.all([
        loadProductCards(db, found.ids),
        found.page === 1 && keyword
          ? sponsoredForKeyword(db, found.correctedTo ?? keyword, now)
          : Promise.resolve([]),
      ]);
      await Promise.all([
        user && keyword ? quietly(recordSearch(db, user.id, keyword, now), 'the search history') : null,
        ...sponsored.map((ad) =>
          quietly(
            recordImpressions(db, ad.campaignId, [ad.product.id], { userId: user?.id ?? null, now }),
            'a sponsored impression',
          ),
        ),
      ]);
      const sponsoredIds = new Set(sponsored.map((ad) => ad.product.id));
      return {
        keyword,
        wasCut,
        correctedTo: found.correctedTo,
        moreResults: found.more,
        // a sponsored product is not shown twice on the page
        results: {
          items: items.filter((item) => !sponsoredIds.has(item.id)),
          page: found.page,
          pages: found.pages,
          total: found.total,
        },
        sponsored,
      };
    },
    dealsPage: (offerType, page) => dealsPage(db, offerType, page, clock()),
    couponsPage: (page) => couponsPage(db, page, clock()),
  };
}
