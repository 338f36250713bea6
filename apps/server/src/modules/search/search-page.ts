import type { Executor } from '@marketplace/db';
import { DEFAULT_SHOP_LANGUAGE } from '@marketplace/domain/catalog/product-languages';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import { boundPage, PAGE_SIZE, pageCount } from '@marketplace/domain/catalog/listing';
import { normaliseKeyword, parseSearchQuery, spellingAlternatives } from '@marketplace/domain/search/results';
import { searchWords } from '@marketplace/domain/search/suggestions';
import type { SearchServices } from '@marketplace/web';
import type { Logger } from 'pino';
import { recordImpressions, dealsPage, sponsoredForKeyword } from '../ads/index.ts';
import { createProductRefiner, findNamedCategory, popularCategories } from '../catalog/index.ts';
import { sessionViewer } from '../../http/auth.ts';
import { loadProductCards } from '../product-cards/index.ts';
import { nearestWords } from './close-spellings.ts';
import { couponsPage } from './coupons.ts';
import { findProducts, type RankedList, rankedLookup } from './find-products.ts';
import { recordSearch } from './history.ts';
import { keptByKey } from '../../kept-by-key.ts';

/** How long a keyword's ranked results are reused (new and changed products show within it). */
export const SEARCH_RESULTS_TTL_MS = 60 * 1000;

/** How many popular categories an empty result offers. */
export const POPULAR_CATEGORIES_SHOWN = 8;

export { recentSearches, recordSearch } from './history.ts';

/** The search, deals and coupons pages' data (see apps/web/app/lib/search-data.ts). */
export function createSearchServices(
  db: Executor,
  logger?: Pick<Logger, 'warn'>,
  clock: () => Date = () => new Date(),
  {
    keepMs = SEARCH_RESULTS_TTL_MS,
    catalogGeneration = () => 0,
  }: {
    keepMs?: number;
    /** ADR-0055: moves when a seller or staff changed the catalog: kept results load afresh */
    catalogGeneration?: () => number;
  } = {},
): SearchServices {
  // a keyword's ranked results are kept a while: its next pages and the next shopper reuse them
  const lookup = rankedLookup(db);
  const keep = <K, V>(load: (key: K) => Promise<V>, maxEntries?: number) =>
    keptByKey(load, keepMs, maxEntries, undefined, catalogGeneration);
  const kept = keep((key: string) => {
    const { keyword, words } = JSON.parse(key) as { keyword: string; words: string[] };
    return lookup(keyword, words);
  }, 2000);
  const keptRanked = (keyword: string, words: readonly string[]): Promise<RankedList> =>
    kept(JSON.stringify({ keyword, words }));
  // requirements#search-refine: the filters' choices over a keyword's matches, kept as long as the matches
  const refiner = createProductRefiner(db, keepMs, catalogGeneration);
  const keptFacets = keep(
    (keyword: string) => keptRanked(keyword, searchWords(keyword)).then((list) => refiner.facets(list.ids)),
    2000,
  );
  const keptNamedCategory = keep((keyword: string) => findNamedCategory(db, keyword), 2000);
  const keptPopular = keep((_all: 'popular') => popularCategories(db, POPULAR_CATEGORIES_SHOWN));

  // recording is a side effect of showing the page: its failure is logged, the page still shows
  const quietly = (work: Promise<unknown>, what: string) =>
    work.catch((error: unknown) => logger?.warn({ err: error }, `${what} could not be recorded`));

  /** requirements#search-refine: keywords spelled close to one that found nothing, each finding products. */
  const didYouMean = keep(findSpellings, 2000);
  async function findSpellings(keyword: string): Promise<string[]> {
    const words = searchWords(keyword);
    const options = spellingAlternatives(words, await nearestWords(db, words));
    const found = await Promise.all(
      options.map(async (option) =>
        (await keptRanked(option, searchWords(option))).total > 0 ? option : null,
      ),
    );
    return found.filter((option) => option !== null);
  }

  return {
    async searchResults(request, rawKeyword, page, language = DEFAULT_SHOP_LANGUAGE) {
      const now = clock();
      const { keyword, wasCut } = normaliseKeyword(rawKeyword);
      const asked = parseSearchQuery(new URL(request.url).searchParams);
      // the ranked list findProducts settles on (the keyword's, or its corrected words') is refined
      const lists = new Map<string, RankedList>();
      const [user, found, named] = await Promise.all([
        sessionViewer(db, request, now),
        findProducts(db, keyword, page, (k, words) =>
          keptRanked(k, words).then((list) => (lists.set(k, list), list)),
        ),
        keyword ? keptNamedCategory(keyword.toLowerCase()) : null,
      ]);
      const searched = found.correctedTo ?? keyword;
      const matched = found.total > 0;
      const list = matched
        ? (lists.get(searched) ?? (await keptRanked(searched, searchWords(searched))))
        : null;
      const refined = list
        ? await refiner.refine(
            request,
            list.ids,
            await keptFacets(searched),
            asked,
            asked.sort === 'relevance' ? null : asked.sort,
          )
        : null;
      const filtered =
        refined !== null &&
        (asked.sort !== 'relevance' ||
          refined.filters.price !== null ||
          refined.filters.delivery !== null ||
          Object.keys(refined.filters.attributes).length > 0);
      // in relevance order without filters the page is findProducts' own; otherwise the refined list's
      const shown = (() => {
        if (!filtered || !refined) return found;
        const pages = pageCount(refined.ids.length);
        const at = boundPage(page, pages);
        const from = (at - 1) * PAGE_SIZE;
        return { ids: refined.ids.slice(from, from + PAGE_SIZE), page: at, pages, total: refined.ids.length };
      })();
      const [items, sponsored, spellings, popular] = await Promise.all([
        loadProductCards(db, shown.ids, language),
        shown.page === 1 && keyword && !filtered
          ? sponsoredForKeyword(db, found.correctedTo ?? keyword, now)
          : Promise.resolve([]),
        matched || !keyword ? [] : didYouMean(keyword),
        matched ? [] : keptPopular('popular'),
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
          page: shown.page,
          pages: shown.pages,
          total: shown.total,
        },
        sponsored,
        query: { ...(refined?.filters ?? { price: null, delivery: null, attributes: {} }), sort: asked.sort },
        filters: refined?.facets ?? null,
        namedCategory: named
          ? { name: named.name, href: categoryListingPath(named.level, named.name) }
          : null,
        didYouMean: spellings,
        popularCategories: popular.map((category) => ({
          name: category.name,
          href: categoryListingPath(category.level, category.name),
        })),
      };
    },
    dealsPage: (offerType, page) => dealsPage(db, offerType, page, clock()),
    couponsPage: (page) => couponsPage(db, page, clock()),
  };
}
