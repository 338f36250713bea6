import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { brands, categories, type Executor, offers, pincodes, products, sellers } from '@marketplace/db';
import type { HomePageData } from '@marketplace/web';

/** What the minimal home page shows: catalog size, top categories, best sellers by units sold. */
export async function getHomePageData(db: Executor): Promise<HomePageData> {
  const count = (table: typeof products | typeof sellers | typeof brands | typeof pincodes) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .then((rows) => rows[0]?.n ?? 0);
  const [productCount, sellerCount, brandCount, pincodeCount, topCategories, bestSellers] = await Promise.all(
    [
      count(products),
      count(sellers),
      count(brands),
      count(pincodes),
      db
        .select({ id: categories.id, name: categories.name, imagePath: categories.imagePath })
        .from(categories)
        .where(eq(categories.level, 1))
        .orderBy(categories.position, categories.name),
      db
        .selectDistinctOn([products.unitsSold, products.id], {
          id: products.id,
          name: products.name,
          image: products.mainImage,
          salePricePaise: offers.salePricePaise,
          mrpPaise: offers.mrpPaise,
        })
        .from(products)
        .innerJoin(
          offers,
          and(eq(offers.productId, products.id), eq(offers.salePricePaise, products.lowestPricePaise)),
        )
        .where(and(eq(products.isActive, true), isNotNull(products.lowestPricePaise)))
        .orderBy(desc(products.unitsSold), products.id)
        .limit(12),
    ],
  );
  return {
    counts: { products: productCount, sellers: sellerCount, brands: brandCount, pincodes: pincodeCount },
    categories: topCategories,
    bestSellers,
  };
}
