import { Link } from '../../i18n/link.tsx';
import type { ProductCardData } from '../../lib/catalog.ts';
import type { ListingAd } from '../../lib/listing-data.ts';
import { ProductCard } from '../product/product-card.tsx';
import { CarouselOrGrid } from '../ui/product-carousel.tsx';
import { useT } from '../../i18n/intl.tsx';

/** A sponsored brand campaign image linking to its brand page. */
export function CampaignAd({ ad, className }: { ad: ListingAd; className: string }) {
  const t = useT();
  return (
    <aside className={className} aria-label={t('listing.sponsoredBrand', { brand: ad.brandName })}>
      <Link to={ad.href}>
        <img
          src={ad.image}
          alt={t('listing.visitBrand', { brand: ad.brandName })}
          width={ad.size?.width}
          height={ad.size?.height}
          loading="lazy"
        />
      </Link>
      <span className="ad-label">{t('listing.sponsored')}</span>
    </aside>
  );
}

export function RecentSearches({ keywords }: { keywords: string[] }) {
  const t = useT();
  if (keywords.length === 0) return null;
  return (
    <section className="panel recent-searches" aria-labelledby="recent-searches">
      <h2 id="recent-searches">{t('listing.recentSearches')}</h2>
      <ul>
        {keywords.map((keyword) => (
          <li key={keyword}>
            <Link to={`/searchpage/${encodeURIComponent(keyword)}`}>{keyword}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Deals and related lists: a carousel above 6 items, otherwise a grid (requirements#product-lists). */
export function CardList({ title, products }: { title: string; products: ProductCardData[] }) {
  if (products.length === 0) return null;
  return (
    <section className="panel card-list" aria-label={title}>
      <h2>{title}</h2>
      <CarouselOrGrid label={title}>
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </CarouselOrGrid>
    </section>
  );
}
