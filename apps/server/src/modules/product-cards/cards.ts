import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Executor, offers, products } from '@marketplace/db';
import type { ProductCardData } from '@marketplace/web';
import { DEFAULT_SHOP_LANGUAGE, type ShopLanguage } from '@marketplace/domain/catalog/product-languages';
import { localisedTitles } from '../product-texts/index.ts';

/**
 * The columns of a product card, for queries that join `offers` on the product's lowest price
 * (`cardOfferJoin`). Use with selectDistinctOn([products.id]) when several offers share the price.
 */
export const cardColumns = {
  id: products.id,
  name: products.name,
  image: products.mainImage,
  salePricePaise: offers.salePricePaise,
  mrpPaise: offers.mrpPaise,
  isAssured: products.isAssured,
  sellerId: offers.sellerId,
  star1: products.star1,
  star2: products.star2,
  star3: products.star3,
  star4: products.star4,
  star5: products.star5,
  ratingCount: products.ratingCount,
};

/** Joins the active offer whose price is the product's lowest (the one cards show). */
export const cardOfferJoin = and(
  eq(offers.productId, products.id),
  eq(offers.salePricePaise, products.lowestPricePaise),
  eq(offers.isActive, true),
);

export type CardRow = {
  id: number;
  name: string;
  image: string;
  salePricePaise: number | null;
  mrpPaise: number | null;
  isAssured: boolean;
  sellerId: number | null;
  star1: number;
  star2: number;
  star3: number;
  star4: number;
  star5: number;
  ratingCount: number;
};

export function toCard(row: CardRow): ProductCardData {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    salePricePaise: row.salePricePaise,
    mrpPaise: row.mrpPaise,
    isAssured: row.isAssured,
    sellerId: row.sellerId,
    stars: { 1: row.star1, 2: row.star2, 3: row.star3, 4: row.star4, 5: row.star5 },
    ratingCount: row.ratingCount,
  };
}

/**
 * Cards of the given active products, in the order of the ids given (missing or inactive ones
 * left out). A product no seller offers comes back without a price.
 */
export async function loadProductCards(
  db: Executor,
  ids: readonly number[],
  language: ShopLanguage = DEFAULT_SHOP_LANGUAGE,
): Promise<ProductCardData[]> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (wanted.length === 0) return [];
  if (language !== DEFAULT_SHOP_LANGUAGE) {
    // requirements#product-languages: the seller's title in the shopper's language, English without one
    const [cards, titles] = await Promise.all([
      loadProductCards(db, wanted),
      localisedTitles(db, wanted, language),
    ]);
    return cards.map((card) => {
      const title = titles.get(card.id);
      return title ? { ...card, title } : card;
    });
  }
  const rows = await db
    .selectDistinctOn([products.id], cardColumns)
    .from(products)
    .leftJoin(offers, cardOfferJoin)
    .where(and(inArray(products.id, wanted), eq(products.isActive, true)))
    .orderBy(products.id, offers.id);
  const byId = new Map(rows.map((row) => [row.id, toCard(row)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** Active, offered products ranked by units sold (best sellers), optionally within some categories. */
export async function bestSellerCards(
  db: Executor,
  { limit, offset = 0, categoryIds }: { limit: number; offset?: number; categoryIds?: readonly number[] },
): Promise<ProductCardData[]> {
  if (categoryIds && categoryIds.length === 0) return [];
  const ranked = db
    .select({ id: products.id, unitsSold: products.unitsSold })
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        isNotNull(products.lowestPricePaise),
        categoryIds ? inArray(products.categoryId, [...categoryIds]) : undefined,
      ),
    )
    .orderBy(sql`${products.unitsSold} DESC`, products.id)
    .limit(limit)
    .offset(offset);
  const ids = (await ranked).map((row) => row.id);
  return loadProductCards(db, ids);
}
