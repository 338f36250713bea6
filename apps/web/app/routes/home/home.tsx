import { homeStructuredData, socialTags } from '@marketplace/domain/seo/structured-data';
import { PRIVACY_MESSAGES } from '@marketplace/domain/privacy/rights';
import { data } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { StructuredData } from '../../components/structured-data.tsx';
import { canonicalHeaders, languageLinkHeader } from '../../lib/canonical.ts';
import { pageTitle, SITE_NAME, siteDescription } from '../../lib/titles.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import { uniqueById } from '@marketplace/domain/catalog/listing';
import { Link, useLoaderData } from 'react-router';
import { HomeContentRows } from '../../components/home/content-rows.tsx';
import { ProductRow } from '../../components/home/product-row.tsx';
import { RevealBlock } from '../../components/home/reveal-block.tsx';
import { CampaignAd } from '../../components/home/sponsored.tsx';
import { useVisitorHistoryCards, useVisitorRelatedCards } from '../../lib/visitor-history.ts';
import { BannerCarousel } from '../../components/ui/banner-carousel.tsx';
import '../../components/home/home.css';
import { useT } from '../../i18n/intl.tsx';

/** requirements#home-blocks: the blocks' titles. */
export const HOME_TITLES = {
  related: "Related to items you've viewed",
  pickUp: 'Pick up where you left off',
  recentlyViewed: 'Your recently viewed items',
  lightningDeals: 'Lightning deals',
  percentageDeals: 'Percentage offers',
} as const;

/** The line under 'Related to items you've viewed', by where its products come from (ours). */
export const RELATED_NOTES = {
  history: 'Best sellers in the categories you viewed',
  fallback: 'Popular with shoppers right now',
} as const;

export async function loader({ request, context, url }: LoaderArgs) {
  // requirements#account-deletion: a deleted account lands here, signed out, with the confirmation
  const notice = url.searchParams.get('accountDeleted') === '1' ? PRIVACY_MESSAGES.deleted : null;
  return data(
    { feed: await context.services.homeFeed(request), origin: context.siteOrigin, notice },
    { headers: { Link: languageLinkHeader(context.siteOrigin, '/', request.url) } },
  );
}

export const headers = canonicalHeaders;

/** requirements#seo: the shop's name, logo and search for search engines; the home page's one address. */
export function meta({
  data: loaded,
  matches,
  location,
}: {
  data?: { origin: string };
  matches?: readonly ({ id: string; data?: unknown } | undefined)[];
  location?: { pathname: string };
}) {
  // requirements#languages: a first segment that is no language of ours (/no-such-page) reaches the
  // home route under `:lang?`; the shell shows the not-found page, titled as every unknown path is
  const shell = matches?.find((match) => match?.id === 'routes/shell')?.data;
  if (shell && typeof shell === 'object' && 'unknownPath' in shell && shell.unknownPath === true)
    return [{ title: SITE_NAME }];
  const origin = loaded?.origin;
  // requirements#languages: the home page's title and description in its language
  const path = location?.pathname ?? '/';
  const description = siteDescription(path);
  return [
    { title: pageTitle(path) },
    { name: 'description', content: description },
    ...(origin ? [...socialTags(origin, { title: SITE_NAME, description, path: '/', image: null })] : []),
  ];
}

export default function Home() {
  const { feed, origin, notice } = useLoaderData<typeof loader>();
  const { banners, categories } = feed;
  const visitorViewed = useVisitorHistoryCards(feed.historyOnServer);
  const visitorRelated = useVisitorRelatedCards(feed.historyOnServer);
  // a visitor's related products replace the popular ones in the same row once the page runs
  const related = visitorRelated ? { source: 'history' as const, products: visitorRelated } : feed.related;
  const pickUp = visitorViewed ? { source: 'history' as const, products: visitorViewed } : feed.pickUp;
  const recentlyViewed = visitorViewed ?? feed.recentlyViewed;
  const [firstAd, secondAd] = feed.sponsored;
  const t = useT();
  return (
    <main id="main" tabIndex={-1} className="home">
      <h1 className="sr-only">{t('home.heading', { site: SITE_NAME })}</h1>
      {notice && (
        <Alert tone="success" className="home-notice">
          {notice}
        </Alert>
      )}
      <StructuredData items={homeStructuredData(origin, { name: SITE_NAME, logo: '/favicon.svg' })} />
      <div className="home-hero">
        <BannerCarousel slides={banners} label={t('home.offers')} />
      </div>
      <div className="home-body">
        <HomeContentRows rows={feed.promo} variant="promo" />
        {firstAd && (
          <RevealBlock className="home-sponsored" label={t('common.sponsored')}>
            <CampaignAd campaign={firstAd} variant="wide" />
          </RevealBlock>
        )}
        <ProductRow
          title={t('home.related')}
          products={related.products}
          // a note either way: the row keeps its height when a visitor's products replace the popular ones
          note={t(related.source === 'history' ? 'home.relatedHistory' : 'home.relatedFallback')}
          testId="home-related"
        />
        {secondAd && (
          <RevealBlock className="home-sponsored" label={t('common.sponsored')}>
            <CampaignAd campaign={secondAd} variant="wide" />
          </RevealBlock>
        )}
        <ProductRow
          title={t('home.pickUp')}
          products={pickUp.products.slice(0, 8)}
          note={pickUp.source === 'fallback' ? t('home.pickUpFallback') : undefined}
          testId="home-pick-up"
        />
        <HomeContentRows rows={feed.content} variant="home" />
        {feed.bestSellers && (
          <ProductRow
            title={feed.bestSellers.title}
            products={feed.bestSellers.products}
            viewAll={feed.bestSellers.href}
            testId="home-best-sellers"
          />
        )}
        <ProductRow
          title={t('home.recentlyViewed')}
          products={recentlyViewed.slice(0, 6)}
          show={6}
          testId="home-recently-viewed"
        />
        {feed.brandAds.length > 0 && (
          <RevealBlock className="home-brand-ads" label={t('home.sponsoredBrands')}>
            {feed.brandAds.map((campaign) => (
              <CampaignAd key={campaign.id} campaign={campaign} variant="box" />
            ))}
          </RevealBlock>
        )}
        <ProductRow
          title={t('home.lightningDeals')}
          products={uniqueById(feed.lightningDeals)}
          kind="carousel-or-grid"
          viewAll="/todaydeals"
          testId="home-lightning-deals"
        />
        <ProductRow
          title={t('home.percentageDeals')}
          products={uniqueById(feed.percentageDeals)}
          kind="carousel-or-grid"
          viewAll="/percentageoffer"
          testId="home-percentage-deals"
        />
        {categories.length > 0 && (
          <RevealBlock className="home-row">
            <h2>{t('menu.shopByCategory')}</h2>
            <div className="cats">
              {categories.map((category) => (
                <Link className="cat" key={category.id} to={categoryListingPath(1, category.name)}>
                  {category.imagePath && (
                    <img src={category.imagePath} alt="" loading="lazy" width={140} height={140} />
                  )}
                  <div>{category.name}</div>
                </Link>
              ))}
            </div>
          </RevealBlock>
        )}
      </div>
    </main>
  );
}
