import { resultsCountText, SEARCH_TEXTS } from '@marketplace/domain/search/results';
import { Link, useLoaderData, useNavigation } from 'react-router';
import { ProductCard, productHref } from '../../components/product/product-card.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { useTrackedOpen } from '../../lib/ad-clicks.ts';
import type { SponsoredProductData } from '../../lib/search-data.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import './search.css';

// /searchpage/{keyword} and its alias /searchresults/{term} (requirements#search-results): the same page
export async function loader({ params, request, context }: LoaderArgs) {
  const keyword = params.keyword ?? params.term ?? '';
  const page = new URL(request.url).searchParams.get('page');
  return context.services.searchResults(request, keyword, page);
}

/** A sponsored product: marked, and its click recorded (ad, match type, campaign) before the product opens. */
function SponsoredCard({ ad }: { ad: SponsoredProductData }) {
  const open = useTrackedOpen();
  const state = { product_ad_type: 'sponsored' as const };
  return (
    <div className="sponsored-card" data-campaign-id={ad.campaignId} data-match-type={ad.matchType}>
      <ProductCard
        product={ad.product}
        state={state}
        badge={SEARCH_TEXTS.sponsored}
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
  const { keyword, wasCut, correctedTo, results, moreResults, sponsored } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  // requirements#search-results: 'Loading products...' while the next results load
  const loading =
    navigation.state === 'loading' && /^\/search(page|results)\//.test(navigation.location.pathname);
  const empty = results.total === 0 && sponsored.length === 0;
  return (
    <main id="main" tabIndex={-1} className="wrap search-page">
      <section className="panel">
        <header className="search-head">
          <h1 className="page-heading">
            {keyword ? (
              <>
                Results for <q className="search-keyword">{keyword}</q>
              </>
            ) : (
              'Search'
            )}
          </h1>
          {!empty && !loading && results.total > 0 && (
            <p className="search-count">
              {resultsCountText(results.total, moreResults)}
              {results.pages > 1 && ` · page ${results.page} of ${results.pages}`}
            </p>
          )}
        </header>
        {wasCut && (
          <p className="search-note" role="note">
            {SEARCH_TEXTS.keywordCut}
          </p>
        )}
        {correctedTo && !loading && (
          <p className="search-note search-corrected">
            {SEARCH_TEXTS.showingResultsFor(correctedTo).replace(correctedTo, '')}
            <Link to={`/searchpage/${encodeURIComponent(correctedTo)}`}>
              <b>{correctedTo}</b>
            </Link>
          </p>
        )}
        {loading ? (
          <p className="search-status" role="status">
            {SEARCH_TEXTS.loading}
          </p>
        ) : empty ? (
          <p className="search-status search-empty" role="status">
            {SEARCH_TEXTS.noResults(keyword)}
          </p>
        ) : (
          <>
            <ul className="product-grid" aria-label="Search results">
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
    </main>
  );
}
