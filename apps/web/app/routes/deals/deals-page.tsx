import { SEARCH_TEXTS } from '@marketplace/domain/search/results';
import { useLoaderData, useLocation, useNavigation } from 'react-router';
import { DealGrid } from '../../components/deals/deal-card.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import type { DealOfferType } from '../../lib/search-data.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import './deals-page.css';
import { formatCount } from '@marketplace/domain/text/indian-format';

// /todaydeals (lightning deals) and /percentageoffer (percentage offers): one module, two routes
type DealsPageKind = { offerType: DealOfferType; title: string; empty: string };
const TODAY: DealsPageKind = {
  offerType: 'deals',
  title: "Today's Deals",
  empty: 'There are no deals running right now. Please check back soon.',
};
const PAGES: Record<string, DealsPageKind> = {
  '/todaydeals': TODAY,
  '/percentageoffer': {
    offerType: 'percentage_offer',
    title: 'Percentage Offers',
    empty: 'There are no percentage offers running right now. Please check back soon.',
  },
};
const pageOf = (pathname: string) => PAGES[pathname.replace(/\/+$/, '').toLowerCase()] ?? TODAY;

export async function loader({ request, context }: LoaderArgs) {
  const url = new URL(request.url);
  return context.services.dealsPage(pageOf(url.pathname).offerType, url.searchParams.get('page'));
}

export default function DealsPage() {
  const deals = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { title, empty } = pageOf(pathname);
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname;
  return (
    <main className="wrap deals-page">
      <section className="panel">
        <header className="deals-head">
          <h1 className="page-heading">{title}</h1>
          {deals.total > 0 && (
            <p className="deals-count">
              {formatCount(deals.total)} {deals.total === 1 ? 'product' : 'products'}
              {deals.pages > 1 && ` · page ${deals.page} of ${deals.pages}`}
            </p>
          )}
        </header>
        {loading ? (
          <p className="deals-status" role="status">
            {SEARCH_TEXTS.loading}
          </p>
        ) : deals.items.length === 0 ? (
          <p className="deals-status" role="status">
            {empty}
          </p>
        ) : (
          <>
            <DealGrid deals={deals.items} label={title} />
            <Pager page={deals.page} pages={deals.pages} />
          </>
        )}
      </section>
    </main>
  );
}
