import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Executor, feedback, orderItems, orders, products, reviews, sellers } from '@marketplace/db';
import type { FeedbackInput, FeedbackKind } from '@marketplace/domain/orders/feedback';
import { setUploadsPublic, uploadsOfItem, uploadUrl } from '../uploads/index.ts';

// Every query filters by the session shopper's id: another shopper's order item reads as missing.

type Media = { kind: 'image' | 'video'; path: string };
export type FeedbackMedia = { key: string; url: string };
export type SavedFeedback = {
  kind: FeedbackKind;
  stars: number;
  text: string;
  images: FeedbackMedia[];
  video: FeedbackMedia | null;
  updatedAt: string;
};
export type FeedbackItem = {
  id: number;
  orderNo: string;
  productName: string;
  productImage: string;
  sellerName: string;
  quantity: number;
  isDelivered: boolean;
};

const media = (key: string): FeedbackMedia => ({ key, url: uploadUrl(key) });

function toSaved(row: typeof feedback.$inferSelect): SavedFeedback {
  const kind = row.kind as FeedbackKind;
  return {
    kind,
    stars: row.stars,
    text: row.body,
    images: row.media.filter((m) => m.kind === 'image').map((m) => media(m.path)),
    video: row.media.filter((m) => m.kind === 'video').map((m) => media(m.path))[0] ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The order item a feedback is about, with what the shopper already said of each kind. */
export async function feedbackOfItem(
  db: Executor,
  userId: number,
  orderItemId: number,
): Promise<{ item: FeedbackItem; feedback: Record<FeedbackKind, SavedFeedback | null> } | null> {
  const [row] = await db
    .select({
      id: orderItems.id,
      orderId: orders.id,
      orderNo: orders.orderNo,
      productId: orderItems.productId,
      productName: orderItems.productName,
      productImage: orderItems.productImage,
      sellerId: orderItems.sellerId,
      sellerName: sellers.name,
      quantity: orderItems.quantity,
      status: orderItems.status,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
    .where(and(eq(orderItems.id, orderItemId), eq(orders.userId, userId)))
    .limit(1);
  if (!row) return null;
  const given = await db
    .select()
    .from(feedback)
    .where(
      and(
        eq(feedback.userId, userId),
        eq(feedback.orderId, row.orderId),
        eq(feedback.sellerId, row.sellerId),
      ),
    );
  const find = (kind: FeedbackKind) => {
    const found = given.find(
      (f) => f.kind === kind && (kind === 'product' ? f.productId === row.productId : f.productId === null),
    );
    return found ? toSaved(found) : null;
  };
  return {
    item: {
      id: row.id,
      orderNo: row.orderNo,
      productName: row.productName,
      productImage: row.productImage,
      sellerName: row.sellerName,
      quantity: row.quantity,
      isDelivered: row.status === 'delivered',
    },
    feedback: { seller: find('seller'), delivery: find('delivery'), product: find('product') },
  };
}

export type SaveFeedbackResult =
  | { code: 'OK'; feedback: SavedFeedback; isNew: boolean }
  | { code: 'NOT_FOUND' }
  | { code: 'NOT_DELIVERED' }
  | { code: 'UNKNOWN_UPLOAD'; field: 'images' | 'video' };

const STAR_COLUMNS = {
  1: products.star1,
  2: products.star2,
  3: products.star3,
  4: products.star4,
  5: products.star5,
} as const;
const starColumn = (stars: number) => STAR_COLUMNS[stars as keyof typeof STAR_COLUMNS];
const starKey = (stars: number) => `star${stars}` as 'star1' | 'star2' | 'star3' | 'star4' | 'star5';

/**
 * Creates or edits the shopper's feedback of one kind on a delivered order item, in one
 * transaction. A product feedback is published as a review of the product and its seller, and
 * the product's star counts move with it (an edit moves the old star to the new one). Seller
 * feedback feeds the seller's rating the same way. Sending the same feedback again changes nothing.
 */
export async function saveFeedback(
  db: Executor,
  userId: number,
  input: FeedbackInput,
  now = new Date(),
): Promise<SaveFeedbackResult> {
  return db.transaction(async (tx) => {
    // the item row is the lock: two saves of one item's feedback run one after the other
    const [item] = await tx
      .select({
        id: orderItems.id,
        orderId: orders.id,
        orderNo: orders.orderNo,
        productId: orderItems.productId,
        sellerId: orderItems.sellerId,
        status: orderItems.status,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.id, input.orderItemId), eq(orders.userId, userId)))
      .for('update', { of: orderItems })
      .limit(1);
    if (!item) return { code: 'NOT_FOUND' };
    // requirements#item-actions: feedback actions only once the item is delivered
    if (item.status !== 'delivered') return { code: 'NOT_DELIVERED' };

    const keys = [...input.images, ...(input.video ? [input.video] : [])];
    const owned = await uploadsOfItem(tx, userId, item.id, keys);
    const kindOf = new Map(owned.map((u) => [u.key, u.kind]));
    if (input.images.some((key) => kindOf.get(key) !== 'image'))
      return { code: 'UNKNOWN_UPLOAD', field: 'images' };
    if (input.video && kindOf.get(input.video) !== 'video') return { code: 'UNKNOWN_UPLOAD', field: 'video' };

    const productId = input.kind === 'product' ? item.productId : null;
    const [existing] = await tx
      .select()
      .from(feedback)
      .where(
        and(
          eq(feedback.userId, userId),
          eq(feedback.orderId, item.orderId),
          eq(feedback.sellerId, item.sellerId),
          eq(feedback.kind, input.kind),
          productId === null ? isNull(feedback.productId) : eq(feedback.productId, productId),
        ),
      )
      .limit(1);

    const mediaList: Media[] = [
      ...input.images.map((path) => ({ kind: 'image' as const, path })),
      ...(input.video ? [{ kind: 'video' as const, path: input.video }] : []),
    ];
    let reviewId = existing?.reviewId ?? null;

    if (input.kind === 'product' && productId !== null) {
      const images = input.images.map(uploadUrl);
      const [review] = reviewId
        ? await tx
            .update(reviews)
            .set({ stars: input.stars, body: input.text, images })
            .where(eq(reviews.id, reviewId))
            .returning({ id: reviews.id })
        : [];
      if (review) {
        // an edit moves the rating from the old star to the new one; the count stays
        if (existing && existing.stars !== input.stars) {
          await tx
            .update(products)
            .set({
              [starKey(existing.stars)]: sql`${starColumn(existing.stars)} - 1`,
              [starKey(input.stars)]: sql`${starColumn(input.stars)} + 1`,
            })
            .where(eq(products.id, productId));
        }
      } else {
        const [created] = await tx
          .insert(reviews)
          .values({
            productId,
            sellerId: item.sellerId,
            userId,
            orderNo: item.orderNo,
            stars: input.stars,
            body: input.text,
            images,
            createdAt: now,
          })
          .returning({ id: reviews.id });
        reviewId = created?.id ?? null;
        await tx
          .update(products)
          .set({
            [starKey(input.stars)]: sql`${starColumn(input.stars)} + 1`,
            ratingCount: sql`${products.ratingCount} + 1`,
          })
          .where(eq(products.id, productId));
      }
      // review photos are public from now on; photos taken out of the review are private again
      const before = (existing?.media ?? []).filter((m) => m.kind === 'image').map((m) => m.path);
      await setUploadsPublic(
        tx,
        input.images,
        before.filter((key) => !input.images.includes(key)),
      );
    }

    if (input.kind === 'seller') {
      await tx
        .update(sellers)
        .set(
          existing
            ? { ratingSum: sql`${sellers.ratingSum} + ${input.stars - existing.stars}` }
            : {
                ratingSum: sql`${sellers.ratingSum} + ${input.stars}`,
                ratingCount: sql`${sellers.ratingCount} + 1`,
              },
        )
        .where(eq(sellers.id, item.sellerId));
    }

    const values = { stars: input.stars, body: input.text, media: mediaList, reviewId, updatedAt: now };
    const [saved] = existing
      ? await tx.update(feedback).set(values).where(eq(feedback.id, existing.id)).returning()
      : await tx
          .insert(feedback)
          .values({
            ...values,
            kind: input.kind,
            userId,
            orderId: item.orderId,
            sellerId: item.sellerId,
            productId,
            createdAt: now,
          })
          .returning();
    if (!saved) throw new Error('feedback was not saved');
    return { code: 'OK', feedback: toSaved(saved), isNew: !existing };
  });
}
