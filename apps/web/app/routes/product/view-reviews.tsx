import { data, useLoaderData } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';
import { ReviewsPageView } from '../../components/product-detail/reviews-page.tsx';
import type { LoaderArgs } from '../../lib/services.ts';

// /viewreviews/{product}/{seller}: the product's reviews of one seller; unknown names answer 404
export async function loader({ params, request, context }: LoaderArgs) {
  const reviews = await context.services.productReviews({
    productName: params.productName ?? '',
    sellerName: params.sellerName ?? '',
    page: new URL(request.url).searchParams.get('page'),
  });
  return reviews ? { reviews } : data({ reviews: null }, { status: 404 });
}

export default function ViewReviewsPage() {
  const { reviews } = useLoaderData<typeof loader>();
  return reviews ? <ReviewsPageView data={reviews} /> : <NotFound />;
}
