import { useLoaderData, useLocation } from 'react-router';
import { DealGrid } from '../../components/deals/deal-card.tsx';
import { DealsLayout } from '../../components/deals/deals-layout.tsx';
import type { DealOfferType } from '../../lib/search-data.ts';
import type { LoaderArgs } from '../../lib/services.ts';

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
  const { title, empty } = pageOf(useLocation().pathname);
  return (
    <DealsLayout title={title} empty={empty} paged={deals}>
      <DealGrid deals={deals.items} label={title} />
    </DealsLayout>
  );
}
