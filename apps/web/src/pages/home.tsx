import { discountPercent, formatInr } from '@marketplace/domain';
import { Document, SITE_NAME } from '../document.tsx';

export type HomePageData = {
  counts: { products: number; sellers: number; brands: number; pincodes: number };
  categories: { id: number; name: string; imagePath: string | null }[];
  bestSellers: { id: number; name: string; image: string; salePricePaise: number; mrpPaise: number }[];
};

export function HomePage({ data }: { data: HomePageData }) {
  const { counts } = data;
  return (
    <Document title="Home">
      <main className="wrap">
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
        {data.categories.length > 0 && (
          <section className="panel">
            <h2>Shop by category</h2>
            <div className="cats">
              {data.categories.map((category) => (
                <div className="cat" key={category.id}>
                  {category.imagePath && <img src={category.imagePath} alt="" loading="lazy" />}
                  <div>{category.name}</div>
                </div>
              ))}
            </div>
          </section>
        )}
        {data.bestSellers.length > 0 && (
          <section className="panel">
            <h2>Best sellers</h2>
            <div className="grid">
              {data.bestSellers.map((product) => {
                const off = discountPercent(product.mrpPaise, product.salePricePaise);
                return (
                  <article className="card" key={product.id}>
                    <img src={product.image} alt={product.name} loading="lazy" />
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
                  </article>
                );
              })}
            </div>
          </section>
        )}
      </main>
    </Document>
  );
}
