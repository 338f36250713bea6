import { localizedPath, splitLanguage } from '@marketplace/domain/i18n/languages';
import type { LoaderArgs } from '../../lib/services.ts';
import { namedPageMeta } from '../../lib/titles.ts';
import { data, redirect, useLoaderData } from 'react-router';
import { BrandProductCard } from '../../components/brand/brand-card.tsx';
import { Carousel } from '../../components/ui/product-carousel.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { truncateTitle } from '@marketplace/domain/catalog/listing';
import { suggestionHref } from '@marketplace/domain/search/suggestions';
import '../../components/brand/brand.css';

/** requirements#brand-page: a section with more than 5 products becomes a carousel. */
export const BRAND_CAROUSEL_ABOVE = 5;
export const BRAND_REGISTRY_MARK = 'Brand Registry';

export async function loader({ params, context, url }: LoaderArgs) {
  const store = await context.services.brandStore(params.brandName ?? '');
  if (!store) return data({ store: null }, { status: 404 });
  // requirements#brand-page: registry brands live under /brandregistry/, others under /brand/
  const canonical = suggestionHref({
    name: store.brand.name,
    type: 'brand',
    registry: store.brand.isRegistry ? 'Yes' : 'No',
  });
  const { language, path } = splitLanguage(url.pathname);
  if (safeDecode(path) !== safeDecode(canonical)) return redirect(localizedPath(language, canonical), 301);
  return { store };
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

// requirements#page-titles: the brand's page is titled with the brand's name
export function meta({
  data: loaded,
  location,
}: {
  data?: Awaited<ReturnType<typeof loader>>;
  location: { pathname: string };
}) {
  const store = loaded && 'store' in loaded ? loaded.store : null;
  return namedPageMeta(store?.brand.name, location.pathname);
}

export default function BrandPage() {
  const { store } = useLoaderData<typeof loader>();
  if (!store) return <NotFound />;
  const { brand, sections } = store;
  return (
    <main id="main" tabIndex={-1} className="brand-page">
      <header className="brand-head">
        {brand.logo && (
          <img className="brand-logo" src={brand.logo} alt={`${brand.name} logo`} width={96} height={96} />
        )}
        <div>
          <h1>{brand.name}</h1>
          {brand.tagline && <p className="brand-tagline">{brand.tagline}</p>}
          <p className="brand-meta">
            {brand.isRegistry && <span className="brand-registry-mark">✓ {BRAND_REGISTRY_MARK}</span>}
            {brand.country && <span>Brand from {brand.country}</span>}
            <span>
              {store.productCount} {store.productCount === 1 ? 'product' : 'products'}
            </span>
          </p>
        </div>
      </header>
      {sections.length === 0 && (
        <section className="brand-section">
          <p>This brand has no products on sale right now.</p>
        </section>
      )}
      {sections.map((section) => {
        const title = truncateTitle(section.title);
        const cards = section.products.map((product) => (
          <BrandProductCard key={product.id} product={product} />
        ));
        return (
          <section className="brand-section" key={section.id} data-testid="brand-section">
            <h2>{title}</h2>
            {cards.length > BRAND_CAROUSEL_ABOVE ? (
              <Carousel label={title} perView="brand">
                {cards}
              </Carousel>
            ) : (
              <ul className="brand-grid" aria-label={title}>
                {cards.map((card, i) => (
                  <li key={i}>{card}</li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </main>
  );
}
