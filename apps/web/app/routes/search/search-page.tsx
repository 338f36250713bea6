import { shopLanguageOf } from '@marketplace/domain/catalog/product-languages';
import { filterParams, type ListingFilterChoice } from '@marketplace/domain/catalog/listing-filters';
import {
  parseSearchQuery,
  SEARCH_KEYWORD_MAX_LENGTH,
  SEARCH_SORTS,
  searchPagePath,
  searchResultsSearch,
  type SearchQuery,
} from '@marketplace/domain/search/results';
import { formatCount } from '@marketplace/domain/text/indian-format';
import { useLoaderData, useLocation, useNavigate, useNavigation } from 'react-router';
import { useRichT, useT } from '../../i18n/intl.tsx';
import { Link } from '../../i18n/link.tsx';
import { ListingFilters } from '../../components/listing/listing-filters.tsx';
import { SortSelect } from '../../components/listing/sort-select.tsx';
import { ProductCard, productHref } from '../../components/product/product-card.tsx';
import { NoResults } from '../../components/search/no-results.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { useTrackedOpen } from '../../lib/ad-clicks.ts';
import type { SponsoredProductData } from '../../lib/search-data.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../listing/listing.css';
import './search.css';

// /searchpage/{keyword} and its alias /searchresults/{term} (requirements#search-results): the same page
export async function loader({ params, request, context }: LoaderArgs) {
  const keyword = params.keyword ?? params.term ?? '';
  const page = new URL(request.url).searchParams.get('page');
  // requirements#product-languages: cards in the shop's language (the site-wide switch chooses it)
  const language = shopLanguageOf(params.lang ?? new URL(request.url).searchParams.get('lang'));
  return context.services.searchResults(request, keyword, page, language);
}

/** A sponsored product: marked, and its click recorded (ad, match type, campaign) before the product opens. */
function SponsoredCard({ ad }: { ad: SponsoredProductData }) {
  const open = useTrackedOpen();
  const t = useT();
  const state = { product_ad_type: 'sponsored' as const };
  return (
    <div className="sponsored-card" data-campaign-id={ad.campaignId} data-match-type={ad.matchType}>
      <ProductCard
        product={ad.product}
        state={state}
        badge={t('listing.sponsored')}
        onOpen={(event) =>
          open(event, {
            href: productHref(ad.product.name),
            state,
            path: '/api/ads/clicks',
            body: { campaignId: ad.campaignId, productId: ad.product.id, matchType: ad.matchType },
          })
        }
      />
    </div>
  );
}

export default function SearchPage() {
  const data = useLoaderData<typeof loader>();
  const { keyword, wasCut, correctedTo, results, moreResults, sponsored, query, filters } = data;
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const rich = useRichT();
  // requirements#search-results: 'Loading products...' while the next results load
  const loading =
    navigation.state === 'loading' && /^\/search(page|results)\//.test(navigation.location.pathname);
  // requirements#search-refine: sort and filters live in the URL; with scripts a choice applies at once
  const go = (next: Omit<SearchQuery, 'page'>) =>
    void navigate(`${location.pathname}${searchResultsSearch(next)}`, { preventScrollReset: true });
  // while the next results load, the controls already show what the shopper chose
  const pending =
    navigation.location?.pathname === location.pathname
      ? parseSearchQuery(new URLSearchParams(navigation.location.search))
      : null;
  const shown: Omit<SearchQuery, 'page'> = pending
    ? { price: pending.price, delivery: pending.delivery, attributes: pending.attributes, sort: pending.sort }
    : query;
  const filtersKept = [...filterParams(query)];
  const empty = results.total === 0 && sponsored.length === 0;
  return (
    <main id="main" tabIndex={-1} className="wrap search-page">
      <div className={filters ? 'listing-layout two-columns' : undefined}>
        {filters && (
          <ListingFilters
            listing={{ ...filters, query: shown }}
            onChange={(chosen: ListingFilterChoice) => go({ ...chosen, sort: query.sort })}
            keep={query.sort === 'relevance' ? [] : [['sort', query.sort]]}
          />
        )}
        <section className="panel search-main">
          <header className="search-head">
            <h1 className="page-heading">
              {keyword
                ? rich('search.resultsFor', {
                    keyword,
                    q: (chunks) => (
                      <q className="search-keyword" translate="no">
                        {chunks}
                      </q>
                    ),
                  })
                : t('search.title')}
            </h1>
            {!empty && !loading && results.total > 0 && (
              <p className="search-count">
                {moreResults
                  ? t('search.overResults', { shown: formatCount(results.total) })
                  : t('search.results', { count: results.total, shown: formatCount(results.total) })}
                {results.pages > 1 &&
                  ` · ${t('search.pageOf', { page: results.page, pages: results.pages })}`}
              </p>
            )}
            {filters && (
              <SortSelect
                sorts={SEARCH_SORTS}
                value={shown.sort}
                onChange={(sort) => go({ ...query, sort })}
                keep={filtersKept}
              />
            )}
          </header>
          {data.namedCategory && (
            <p className="search-note search-category">
              <Link to={data.namedCategory.href}>
                {t('search.seeCategory', { category: data.namedCategory.name })} ›
              </Link>
            </p>
          )}
          {wasCut && (
            <p className="search-note" role="note">
              {t('search.keywordCut', { max: SEARCH_KEYWORD_MAX_LENGTH })}
            </p>
          )}
          {correctedTo && !loading && (
            <p className="search-note search-corrected">
              {rich('search.showingResultsFor', {
                corrected: correctedTo,
                link: (chunks) => (
                  <Link to={searchPagePath(correctedTo)}>
                    <b>{chunks}</b>
                  </Link>
                ),
              })}
            </p>
          )}
          {loading ? (
            <p className="search-status" role="status">
              {t('listing.loading')}
            </p>
          ) : empty && filters ? (
            <p className="search-status" role="status">
              {t('listing.filteredEmpty')}
            </p>
          ) : empty ? (
            <NoResults
              keyword={keyword}
              didYouMean={data.didYouMean}
              popularCategories={data.popularCategories}
            />
          ) : (
            <>
              <ul className="product-grid" aria-label={t('search.resultsLabel')}>
                {sponsored.map((ad) => (
                  <li key={`ad-${ad.campaignId}-${ad.product.id}`}>
                    <SponsoredCard ad={ad} />
                  </li>
                ))}
                {results.items.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} />
                  </li>
                ))}
              </ul>
              <Pager page={results.page} pages={results.pages} />
            </>
          )}
        </section>
      </div>
    </main>
  );
}
