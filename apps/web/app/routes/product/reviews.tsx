import { data, useLoaderData } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';
import { ReviewsPageView } from '../../components/product-detail/reviews-page.tsx';
import type { LoaderArgs } from '../../lib/services.ts';

// /reviews?product={name}: every review of the product, across sellers (the rating popover's link)
export async function loader({ request, context }: LoaderArgs) {
  const url = new URL(request.url);
  const reviews = await context.services.productReviews({
    productName: url.searchParams.get('product') ?? '',
    sellerName: null,
    page: url.searchParams.get('page'),
  });
  return reviews ? { reviews } : data({ reviews: null }, { status: 404 });
}

export default function ReviewsPage() {
  const { reviews } = useLoaderData<typeof loader>();
  return reviews ? <ReviewsPageView data={reviews} /> : <NotFound />;
}
