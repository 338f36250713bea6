import { useLoaderData } from 'react-router';
import { DealGrid } from '../../components/deals/deal-card.tsx';
import { DealsLayout } from '../../components/deals/deals-layout.tsx';
import type { DealOfferType } from '../../lib/search-data.ts';
import type { LoaderArgs } from '../../lib/services.ts';

// /todaydeals (lightning deals) and /percentageoffer (percentage offers): one page, two routes. Each
// route module fixes its own offer type, so a client navigation (whose request is `/….data`) loads
// the same deals as the first HTML.
export type DealsPageKind = { offerType: DealOfferType; title: string; empty: string };

export const TODAYS_DEALS: DealsPageKind = {
  offerType: 'deals',
  title: "Today's Deals",
  empty: 'There are no deals running right now. Please check back soon.',
};

export const PERCENTAGE_OFFERS: DealsPageKind = {
  offerType: 'percentage_offer',
  title: 'Percentage Offers',
  empty: 'There are no percentage offers running right now. Please check back soon.',
};

export function dealsLoader(kind: DealsPageKind) {
  return async ({ request, context }: LoaderArgs) => {
    const page = new URL(request.url).searchParams.get('page');
    return { kind, deals: await context.services.dealsPage(kind.offerType, page) };
  };
}

export const loader = dealsLoader(TODAYS_DEALS);

export default function DealsPage() {
  const { kind, deals } = useLoaderData<typeof loader>();
  return (
    <DealsLayout title={kind.title} empty={kind.empty} paged={deals}>
      <DealGrid deals={deals.items} label={kind.title} />
    </DealsLayout>
  );
}
