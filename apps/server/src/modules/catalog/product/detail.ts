import { and, asc, eq, sql } from 'drizzle-orm';
import { brands, categories, type Executor, products, queryRows } from '@marketplace/db';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import { parseBullets, parseTechnicalDetails } from '@marketplace/domain/catalog/product-detail';
import type { ProductDetail } from '@marketplace/web';
import { DEFAULT_SHOP_LANGUAGE, type ShopLanguage } from '@marketplace/domain/catalog/product-languages';
import { localisedProductText } from '../../product-texts/index.ts';
import { chooseOffer, loadOffers } from './offers.ts';
import { latestReviews, MAX_NAME_LENGTH } from './reviews.ts';
import { productLookups, type ProductLookups } from './lookups.ts';
import { loadSections } from './sections.ts';

/** Reviews shown on the product page; the rest are on the review pages. */
const PREVIEW_REVIEWS = 4;
const MAX_VARIANTS = 24;

/** Everything the product page shows, or null for an unknown (or inactive) product name. */
export async function productDetail(
  db: Executor,
  args: { name: string; sellerId: number | null; pincode: string; language?: ShopLanguage },
  now = new Date(),
  lookups: ProductLookups = productLookups(db),
): Promise<ProductDetail | null> {
  if (!args.name || args.name.length > MAX_NAME_LENGTH) return null;
  const [row] = await db
    .select({
      product: products,
      brandName: brands.name,
      brandIsRegistry: brands.isRegistry,
      categoryName: categories.name,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(sql`lower(${products.name})`, args.name.toLowerCase()), eq(products.isActive, true)))
    .limit(1);
  if (!row) return null;
  const p = row.product;

  // one round trip after the product: offers, variants, reviews and the lists run side by side
  const [{ offers, city }, variants, reviews, claim, sections, trail, text] = await Promise.all([
    loadOffers(db, lookups, p.id, args.pincode, now),
    p.groupId === null
      ? Promise.resolve([])
      : db
          .select({
            id: products.id,
            name: products.name,
            image: products.mainImage,
            values: products.variant,
          })
          .from(products)
          .where(and(eq(products.groupId, p.groupId), eq(products.isActive, true)))
          .orderBy(asc(products.id))
          .limit(MAX_VARIANTS),
    latestReviews(db, p.id, PREVIEW_REVIEWS),
    lookups.privilegeClaim(),
    loadSections(db, lookups, {
      id: p.id,
      categoryId: p.categoryId,
      brandId: p.brandId,
      groupId: p.groupId,
      isComparable: p.isComparable,
      pricePaise: p.lowestPricePaise,
    }),
    // requirements#seo: the category and its parents, for the breadcrumb and its structured data
    queryRows<{ level: number; name: string }>(
      db,
      sql`WITH RECURSIVE up AS (
            SELECT id, parent_id, level, name FROM categories WHERE id = ${p.categoryId}
            UNION ALL
            SELECT c.id, c.parent_id, c.level, c.name FROM categories c JOIN up ON c.id = up.parent_id
          ) SELECT level, name FROM up ORDER BY level`,
    ),
    // requirements#product-languages: the seller's text in the shopper's language, English field by field
    localisedProductText(
      db,
      p.id,
      { title: p.name, bulletPoints: parseBullets(p.bulletPoints), description: p.description },
      args.language ?? DEFAULT_SHOP_LANGUAGE,
    ),
  ]);
  const offer = chooseOffer(offers, args.sellerId);
  return {
    product: {
      id: p.id,
      name: p.name,
      title: text.title,
      textLanguage: text.language,
      brand: { id: p.brandId, name: row.brandName, isRegistry: row.brandIsRegistry },
      category: {
        id: p.categoryId,
        name: row.categoryName,
        trail: trail.map((c) => ({ name: c.name, path: categoryListingPath(Number(c.level), c.name) })),
      },
      description: text.description,
      bullets: text.bulletPoints,
      // a bullet list the seller did not translate is the English one, and says so
      bulletsLanguage:
        text.language !== 'en' && text.bulletPoints.join('\n') !== parseBullets(p.bulletPoints).join('\n')
          ? text.language
          : 'en',
      technicalDetails: parseTechnicalDetails(p.technicalDetails),
      images: p.images.length > 0 ? p.images : [p.mainImage],
      video: p.videoPath,
      upc: p.upc,
      isAssured: p.isAssured,
      isComparable: p.isComparable,
      replacement: { has: p.hasReplacement, days: p.replaceDays },
      return: { has: p.hasReturn, days: p.returnDays },
      stars: { 1: p.star1, 2: p.star2, 3: p.star3, 4: p.star4, 5: p.star5 },
      ratingCount: p.ratingCount,
    },
    offer,
    otherOffers: offers.filter((other) => other !== offer),
    variants: variants.length > 1 ? variants.map((v) => ({ ...v, isCurrent: v.id === p.id })) : [],
    pincode: args.pincode,
    pincodeCity: city,
    privilegeClaim: claim,
    reviews,
    sections,
  };
}
