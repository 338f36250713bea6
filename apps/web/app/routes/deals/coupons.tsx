import { couponLabel } from '@marketplace/domain/marketing/ads';
import { SEARCH_TEXTS } from '@marketplace/domain/search/results';
import { useLoaderData, useNavigation } from 'react-router';
import { ProductCard } from '../../components/product/product-card.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import type { LoaderArgs } from '../../lib/services.ts';
import './deals-page.css';
import { formatCount } from '@marketplace/domain/text/indian-format';

export async function loader({ request, context }: LoaderArgs) {
  return context.services.couponsPage(new URL(request.url).searchParams.get('page'));
}

/** /coupons: products with a running coupon, each card with the coupon's value. */
export default function CouponsPage() {
  const coupons = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/coupons';
  return (
    <main className="wrap deals-page">
      <section className="panel">
        <header className="deals-head">
          <h1 className="page-heading">Coupons</h1>
          {coupons.total > 0 && (
            <p className="deals-count">
              {formatCount(coupons.total)} {coupons.total === 1 ? 'product' : 'products'}
              {coupons.pages > 1 && ` · page ${coupons.page} of ${coupons.pages}`}
            </p>
          )}
        </header>
        {loading ? (
          <p className="deals-status" role="status">
            {SEARCH_TEXTS.loading}
          </p>
        ) : coupons.items.length === 0 ? (
          <p className="deals-status" role="status">
            There are no coupons running right now. Please check back soon.
          </p>
        ) : (
          <>
            <ul className="product-grid" aria-label="Products with coupons">
              {coupons.items.map((item) => (
                <li key={item.id}>
                  <div className="coupon-card">
                    <ProductCard product={item} />
                    <p className="coupon-value">
                      <span className="sr-only">Coupon: </span>
                      {couponLabel(item.coupon)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <Pager page={coupons.page} pages={coupons.pages} />
          </>
        )}
      </section>
    </main>
  );
}
