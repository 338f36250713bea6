import type { LoaderArgs } from '../lib/services.ts';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import { discountPercent, formatInr } from '@marketplace/domain/money/money';
import { Link, useLoaderData } from 'react-router';
import { BannerCarousel } from '../components/ui/banner-carousel.tsx';
import { SITE_NAME } from '../lib/titles.ts';

export async function loader({ context }: LoaderArgs) {
  return context.services.home();
}

export default function Home() {
  const { banners, counts, categories, bestSellers } = useLoaderData<typeof loader>();
  return (
    <main className="wrap">
      <BannerCarousel slides={banners} label="Offers" />
      <section className="hero">
        <h1>{SITE_NAME}: shop from sellers across India</h1>
        <p>Prices in rupees, delivery decided by your pincode, cash on delivery or online payment.</p>
        <div className="stats">
          <div className="stat">
            <b>{counts.products.toLocaleString('en-IN')}</b> products
          </div>
          <div className="stat">
            <b>{counts.sellers.toLocaleString('en-IN')}</b> sellers
          </div>
          <div className="stat">
            <b>{counts.brands.toLocaleString('en-IN')}</b> brands
          </div>
          <div className="stat">
            <b>{counts.pincodes.toLocaleString('en-IN')}</b> pincodes served
          </div>
        </div>
      </section>
      {categories.length > 0 && (
        <section className="panel">
          <h2>Shop by category</h2>
          <div className="cats">
            {categories.map((category) => (
              <Link className="cat" key={category.id} to={categoryListingPath(1, category.name)}>
                {category.imagePath && (
                  <img src={category.imagePath} alt="" loading="lazy" width={140} height={140} />
                )}
                <div>{category.name}</div>
              </Link>
            ))}
          </div>
        </section>
      )}
      {bestSellers.length > 0 && (
        <section className="panel">
          <h2>Best sellers</h2>
          <div className="grid">
            {bestSellers.map((product) => {
              const off = discountPercent(product.mrpPaise, product.salePricePaise);
              return (
                <Link
                  className="card"
                  key={product.id}
                  to={`/productdetails/${encodeURIComponent(product.name)}`}
                >
                  <img src={product.image} alt={product.name} loading="lazy" width={160} height={160} />
                  <div className="name">{product.name}</div>
                  <div className="prices">
                    <span className="price">{formatInr(product.salePricePaise)}</span>
                    {off !== null && (
                      <span className="mrp">
                        M.R.P.<s>{formatInr(product.mrpPaise)}</s>
                      </span>
                    )}
                  </div>
                  {off !== null && <div className="off">{off}% Off</div>}
                </Link>
              );
            })}
          </div>
        </section>
      )}
    </main>
  );
}
