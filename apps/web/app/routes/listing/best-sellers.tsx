import type { LoaderArgs } from '../../lib/services.ts';
import { data, useLoaderData } from 'react-router';
import { ProductCard, ProductGrid } from '../../components/product/product-card.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { useT } from '../../i18n/intl.tsx';
import './listing.css';

export async function loader({ request, params, context }: LoaderArgs) {
  const page = new URL(request.url).searchParams.get('page');
  const bestSellers = await context.services.bestSellers(params.topmenuName ?? '', page);
  if (!bestSellers) {
    // a thrown response renders the root error boundary: the 404 page, with status 404
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw data(null, { status: 404 });
  }
  return bestSellers;
}

/** requirements#best-sellers: the best sellers of a top-menu entry's category, ranked by units sold. */
export default function BestSellers() {
  const { menu, products, firstRank } = useLoaderData<typeof loader>();
  const t = useT();
  const title = t('listing.bestSellersIn', { category: menu.name });
  const rankOf = new Map(products.items.map((product, index) => [product.id, firstRank + index]));
  return (
    <main id="main" tabIndex={-1} className="wrap listing-page">
      <section className="panel">
        <h1 className="page-heading">{title}</h1>
        {products.items.length === 0 ? (
          <p className="listing-message">{t('listing.empty')}</p>
        ) : (
          <>
            <ProductGrid
              products={products.items}
              label={title}
              renderCard={(product) => (
                <div className="rank-card">
                  <span className="rank">{`#${rankOf.get(product.id)}`}</span>
                  <ProductCard product={product} />
                </div>
              )}
            />
            <Pager page={products.page} pages={products.pages} />
          </>
        )}
      </section>
    </main>
  );
}
