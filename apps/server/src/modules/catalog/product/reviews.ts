import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type Executor, products, reviews, sellers, users } from '@marketplace/db';
import { boundPage, pageCount } from '@marketplace/domain/catalog/listing';
import { maskOrderNumber } from '@marketplace/domain/orders/mask-order-number';
import type { ReviewData, ReviewsPage } from '@marketplace/web';

/** Reviews per page of the review lists. */
export const REVIEWS_PAGE_SIZE = 10;
/** Longest name a product or seller URL may carry; longer is unknown without a query. */
export const MAX_NAME_LENGTH = 300;

const reviewColumns = {
  id: reviews.id,
  firstName: users.firstName,
  createdAt: reviews.createdAt,
  orderNo: reviews.orderNo,
  text: reviews.body,
  stars: reviews.stars,
  images: reviews.images,
  sellerName: sellers.name,
  sellerMessage: reviews.sellerMessage,
};

type ReviewRow = {
  id: number;
  firstName: string;
  createdAt: Date;
  orderNo: string | null;
  text: string;
  stars: number;
  images: string[];
  sellerName: string;
  sellerMessage: string | null;
};

function toReview(row: ReviewRow): ReviewData {
  return {
    id: row.id,
    firstName: row.firstName,
    date: row.createdAt.toISOString(),
    // requirements#reviews: other shoppers read the order number masked; the full one never leaves the server
    orderNo: row.orderNo === null ? null : maskOrderNumber(row.orderNo),
    text: row.text,
    stars: row.stars,
    images: row.images,
    sellerName: row.sellerName,
    sellerMessage: row.sellerMessage,
  };
}

/** The latest reviews of a product (all sellers), for the product page. */
export async function latestReviews(db: Executor, productId: number, limit: number): Promise<ReviewData[]> {
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(sellers, eq(sellers.id, reviews.sellerId))
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map(toReview);
}

/** /viewreviews/{product}/{seller} and /reviews?product={name}: one page of a product's reviews. */
export async function productReviews(
  db: Executor,
  args: { productName: string; sellerName: string | null; page: unknown },
): Promise<ReviewsPage | null> {
  const { productName, sellerName } = args;
  if (!productName || productName.length > MAX_NAME_LENGTH) return null;
  if (sellerName !== null && (!sellerName || sellerName.length > MAX_NAME_LENGTH)) return null;
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      image: products.mainImage,
      star1: products.star1,
      star2: products.star2,
      star3: products.star3,
      star4: products.star4,
      star5: products.star5,
      ratingCount: products.ratingCount,
    })
    .from(products)
    .where(and(eq(sql`lower(${products.name})`, productName.toLowerCase()), eq(products.isActive, true)))
    .limit(1);
  if (!product) return null;
  let seller: { id: number; name: string } | null = null;
  if (sellerName !== null) {
    const [found] = await db
      .select({ id: sellers.id, name: sellers.name })
      .from(sellers)
      .where(eq(sql`lower(${sellers.name})`, sellerName.toLowerCase()))
      .limit(1);
    if (!found) return null;
    seller = found;
  }
  const where = and(eq(reviews.productId, product.id), seller ? eq(reviews.sellerId, seller.id) : undefined);
  const [totalRow] = await db.select({ total: count() }).from(reviews).where(where);
  const total = totalRow?.total ?? 0;
  const pages = pageCount(total, REVIEWS_PAGE_SIZE);
  const page = boundPage(args.page, pages);
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(sellers, eq(sellers.id, reviews.sellerId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset((page - 1) * REVIEWS_PAGE_SIZE);
  return {
    product: {
      id: product.id,
      name: product.name,
      image: product.image,
      stars: { 1: product.star1, 2: product.star2, 3: product.star3, 4: product.star4, 5: product.star5 },
      ratingCount: product.ratingCount,
    },
    seller,
    reviews: { items: rows.map(toReview), page, pages, total },
  };
}
