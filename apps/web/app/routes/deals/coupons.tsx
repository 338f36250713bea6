import { couponLabel } from '@marketplace/domain/marketing/ads';
import { useLoaderData } from 'react-router';
import { DealsLayout } from '../../components/deals/deals-layout.tsx';
import { ProductCard, productHref } from '../../components/product/product-card.tsx';
import type { LoaderArgs } from '../../lib/services.ts';

export async function loader({ request, context }: LoaderArgs) {
  return context.services.couponsPage(new URL(request.url).searchParams.get('page'));
}

/** /coupons: products with a running coupon, each card with the coupon's value and leading to its seller's offer. */
export default function CouponsPage() {
  const coupons = useLoaderData<typeof loader>();
  return (
    <DealsLayout
      title="Coupons"
      empty="There are no coupons running right now. Please check back soon."
      paged={coupons}
    >
      <ul className="product-grid" aria-label="Products with coupons">
        {coupons.items.map((item) => (
          <li key={item.id}>
            <div className="coupon-card">
              <ProductCard
                product={item}
                to={item.sellerId === null ? undefined : `${productHref(item.name)}?seller=${item.sellerId}`}
              />
              <p className="coupon-value">
                <span className="sr-only">Coupon: </span>
                {couponLabel(item.coupon)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </DealsLayout>
  );
}
