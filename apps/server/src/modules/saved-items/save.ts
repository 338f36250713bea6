import { and, eq } from 'drizzle-orm';
import { type Executor, offers, products, savedItems } from '@marketplace/db';

export type SavedList = 'save_for_later' | 'wishlist';

export const SAVED_MESSAGES: Record<SavedList, { added: string; already: string }> = {
  save_for_later: {
    added: 'Product saved for later.',
    already: 'This product is already in your Save For Later list.',
  },
  wishlist: {
    added: 'Product added to your wishlist.',
    already: 'This product is already in your wishlist.',
  },
};

export type SaveResult = { code: 'SAVED'; created: boolean; message: string } | { code: 'PRODUCT_NOT_FOUND' };

/**
 * Puts a product on one of the shopper's lists (idempotent: saving twice keeps one entry). The
 * user id comes from the session only; the chosen seller's offer is remembered when it exists.
 */
export async function saveItem(
  db: Executor,
  args: { userId: number; productId: number; list: SavedList; sellerId?: number | undefined },
): Promise<SaveResult> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, args.productId), eq(products.isActive, true)));
  if (!product) return { code: 'PRODUCT_NOT_FOUND' };
  const [offer] =
    args.sellerId === undefined
      ? []
      : await db
          .select({ id: offers.id })
          .from(offers)
          .where(and(eq(offers.productId, product.id), eq(offers.sellerId, args.sellerId)));
  const inserted = await db
    .insert(savedItems)
    .values({ userId: args.userId, productId: product.id, list: args.list, offerId: offer?.id ?? null })
    .onConflictDoNothing({ target: [savedItems.userId, savedItems.list, savedItems.productId] })
    .returning({ id: savedItems.id });
  const created = inserted.length > 0;
  const messages = SAVED_MESSAGES[args.list];
  return { code: 'SAVED', created, message: created ? messages.added : messages.already };
}
