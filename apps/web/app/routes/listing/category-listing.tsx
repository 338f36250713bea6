import type { LoaderArgs, ShellData } from '../../lib/services.ts';
import {
  filterParams,
  hasActiveFilters,
  LISTING_SORTS,
  listingSearch,
  parseListingQuery,
  type ListingQuery,
} from '@marketplace/domain/catalog/listing-filters';
import { PAGE_SIZE } from '@marketplace/domain/catalog/listing';
import { pincodeFromCookies } from '@marketplace/domain/location/pincode';
import { useEffect } from 'react';
import {
  data,
  redirect,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import { ContentBlocks } from '../../components/content-blocks.tsx';
import { PINCODE_UPDATED_EVENT } from '../../components/delivery-location.tsx';
import { CampaignAd, CardList, RecentSearches } from '../../components/listing/listing-extras.tsx';
import { ListingFilters } from '../../components/listing/listing-filters.tsx';
import { SortSelect } from '../../components/listing/sort-select.tsx';
import { ProductGrid } from '../../components/product/product-card.tsx';
import { RecentlyViewed } from '../../components/recently-viewed.tsx';
import { useVisitorHistoryCards } from '../../lib/visitor-history.ts';
import { Pager } from '../../components/ui/pager.tsx';
import { useT } from '../../i18n/intl.tsx';
import './listing.css';
import { namedPageMeta } from '../../lib/titles.ts';
import { formatCount } from '@marketplace/domain/text/indian-format';
import { breadcrumbList } from '@marketplace/domain/seo/structured-data';
import { StructuredData } from '../../components/structured-data.tsx';
import { canonicalHeaders, languageLinkHeader } from '../../lib/canonical.ts';

export async function loader({ request, params, context }: LoaderArgs) {
  const listing = await context.services.categoryListing(request, params.type ?? '', params.category ?? '');
  if (!listing) {
    // requirements#operator-catalog: a renamed or moved category's old address leads to its new one
    const moved = await context.services.categoryRedirect(params.type ?? '', params.category ?? '');
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
    if (moved) throw redirect(`${moved}${new URL(request.url).search}`, 301);
    // a thrown response renders the root error boundary: the 404 page, with status 404
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw data(null, { status: 404 });
  }
  // requirements#seo: one address per category listing: its page kept, filters and sorts dropped
  const url = new URL(request.url);
  const page = listing.products.page > 1 ? `?page=${listing.products.page}` : '';
  return data(
    { ...listing, origin: context.siteOrigin },
    { headers: { Link: languageLinkHeader(context.siteOrigin, `${url.pathname}${page}`, request.url) } },
  );
}

export const headers = canonicalHeaders;

// requirements#page-titles: a category's listing is titled with the category's name
export function meta({
  data: listing,
  location,
}: {
  data?: { category: { name: string } };
  location: { pathname: string };
}) {
  return namedPageMeta(listing?.category.name, location.pathname);
}

export default function CategoryListingPage() {
  const listing = useLoaderData<typeof loader>();
  // a logged-in shopper's history comes with the page; a visitor's lives in this browser
  const shell = useRouteLoaderData<{ user: ShellData['user'] }>('routes/shell');
  const visitorViewed = useVisitorHistoryCards(Boolean(shell?.user));
  const { category, products, query } = listing;
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const t = useT();

  // the delivery filters follow the shopper's pincode (the picker updates the cookie, then tells us)
  const shownPincode = listing.pincode;
  useEffect(() => {
    const refresh = () => {
      if (pincodeFromCookies(document.cookie) !== shownPincode) void revalidator.revalidate();
    };
    window.addEventListener(PINCODE_UPDATED_EVENT, refresh);
    return () => window.removeEventListener(PINCODE_UPDATED_EVENT, refresh);
  }, [revalidator, shownPincode]);

  const go = (next: Omit<ListingQuery, 'page'>) =>
    void navigate(`${location.pathname}${listingSearch(next)}`, { preventScrollReset: true });
  const loading =
    (navigation.state === 'loading' && navigation.location.pathname === location.pathname) ||
    revalidator.state === 'loading';
  // while the next results load, the controls already show what the shopper chose
  const pending =
    navigation.location?.pathname === location.pathname
      ? parseListingQuery(new URLSearchParams(navigation.location.search))
      : null;
  const shownQuery = pending ? { ...query, ...pending, attributes: pending.attributes } : query;
  const filtered = hasActiveFilters(query);
  const first = (products.page - 1) * PAGE_SIZE + 1;

  return (
    <main id="main" tabIndex={-1} className="wrap listing-page">
      <StructuredData
        items={[breadcrumbList(listing.origin, [{ name: category.name, path: location.pathname }])]}
      />
      {listing.sponsored && <CampaignAd ad={listing.sponsored} className="listing-sponsored" />}
      <div className="listing-layout">
        <ListingFilters
          listing={{ ...listing, query: shownQuery }}
          onChange={(filters) => go({ ...filters, sort: query.sort })}
          keep={query.sort === 'featured' ? [] : [['sort', query.sort]]}
        />
        <div className="listing-main">
          <div className="listing-head">
            <h1>{category.name}</h1>
            {products.total > 0 && (
              <p className="listing-count">
                {t('listing.count', {
                  first,
                  last: first + products.items.length - 1,
                  total: formatCount(products.total),
                })}
              </p>
            )}
            <SortSelect
              sorts={LISTING_SORTS}
              value={shownQuery.sort}
              onChange={(sort) => go({ ...query, sort })}
              keep={[...filterParams(query)]}
            />
          </div>
          {!filtered && <ContentBlocks blocks={listing.contentBlocks} label={category.name} />}
          <section className="listing-results panel" aria-label={t('listing.products')} aria-busy={loading}>
            {loading ? (
              <p className="listing-message" role="status">
                {t('listing.loading')}
              </p>
            ) : listing.categoryTotal === 0 ? (
              <p className="listing-message">{t('listing.empty')}</p>
            ) : products.total === 0 ? (
              <p className="listing-message">{t('listing.filteredEmpty')}</p>
            ) : (
              <>
                <ProductGrid
                  products={products.items}
                  label={t('listing.categoryProducts', { category: category.name })}
                />
                <Pager page={products.page} pages={products.pages} />
              </>
            )}
          </section>
          <RecentSearches keywords={listing.recentSearches} />
          <RecentlyViewed products={visitorViewed ?? listing.recentlyViewed} />
          <CardList title={t('listing.deals')} products={listing.deals} />
          <CardList title={t('listing.related')} products={listing.related} />
        </div>
        {listing.vertical && <CampaignAd ad={listing.vertical} className="listing-vertical" />}
      </div>
    </main>
  );
}
