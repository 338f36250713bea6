// Save For Later, wishlist and Buy Again lists of the session shopper (requirements#saved-lists).
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { type Executor, offers, orderItems, orders, products, savedItems } from '@marketplace/db';
import type { ListedProduct, SavedListType, SavedProduct } from '@marketplace/domain/cart/saved-items';
import { addToCart } from '../cart/index.ts';

const productColumns = {
  productId: products.id,
  name: products.name,
  image: products.mainImage,
  isAssured: products.isAssured,
  ratingCount: products.ratingCount,
  star1: products.star1,
  star2: products.star2,
  star3: products.star3,
  star4: products.star4,
  star5: products.star5,
};

type Offer = {
  id: number;
  productId: number;
  sellerId: number;
  salePricePaise: number;
  mrpPaise: number;
  stock: number;
};

/** Each product's offer to show: the remembered one when still active, else the cheapest in stock, else the cheapest. */
async function offersFor(db: Executor, productIds: number[]): Promise<Offer[]> {
  if (productIds.length === 0) return [];
  return db
    .select({
      id: offers.id,
      productId: offers.productId,
      sellerId: offers.sellerId,
      salePricePaise: offers.salePricePaise,
      mrpPaise: offers.mrpPaise,
      stock: offers.stock,
    })
    .from(offers)
    .where(and(inArray(offers.productId, productIds), eq(offers.isActive, true)))
    .orderBy(asc(offers.salePricePaise), asc(offers.id));
}
function pickOffer(all: Offer[], productId: number, offerId: number | null): Offer | null {
  const mine = all.filter((offer) => offer.productId === productId);
  return mine.find((o) => o.id === offerId) ?? mine.find((o) => o.stock > 0) ?? mine[0] ?? null;
}
function listed(row: ProductRow, offer: Offer | null): ListedProduct {
  return {
    productId: row.productId,
    sellerId: offer?.sellerId ?? null,
    name: row.name,
    image: row.image,
    isAssured: row.isAssured,
    salePricePaise: offer?.salePricePaise ?? null,
    mrpPaise: offer?.mrpPaise ?? null,
    stock: offer?.stock ?? 0,
    ratingCount: row.ratingCount,
    stars: [row.star1, row.star2, row.star3, row.star4, row.star5],
  };
}
type ProductRow = {
  productId: number;
  name: string;
  image: string;
  isAssured: boolean;
  ratingCount: number;
  star1: number;
  star2: number;
  star3: number;
  star4: number;
  star5: number;
};

/** The shopper's entries on one list, newest first. */
export async function listSaved(db: Executor, userId: number, list: SavedListType): Promise<SavedProduct[]> {
  const rows = await db
    .select({ id: savedItems.id, offerId: savedItems.offerId, ...productColumns })
    .from(savedItems)
    .innerJoin(products, eq(products.id, savedItems.productId))
    .where(and(eq(savedItems.userId, userId), eq(savedItems.list, list), eq(products.isActive, true)))
    .orderBy(desc(savedItems.id));
  const all = await offersFor(
    db,
    rows.map((row) => row.productId),
  );
  return rows.map((row) => ({ id: row.id, ...listed(row, pickOffer(all, row.productId, row.offerId)) }));
}

async function findEntry(db: Executor, userId: number, id: number) {
  const [entry] = await db
    .select()
    .from(savedItems)
    .where(and(eq(savedItems.id, id), eq(savedItems.userId, userId)));
  return entry ?? null;
}

export type RemoveResult = { code: 'REMOVED'; list: SavedListType } | { code: 'NOT_FOUND' };

/** Deletes one of the shopper's entries; another shopper's id is not found. */
export async function removeSaved(db: Executor, userId: number, id: number): Promise<RemoveResult> {
  const entry = await findEntry(db, userId, id);
  if (!entry) return { code: 'NOT_FOUND' };
  await db.delete(savedItems).where(and(eq(savedItems.id, id), eq(savedItems.userId, userId)));
  return { code: 'REMOVED', list: entry.list === 'wishlist' ? 'wishlist' : 'save_for_later' };
}

export type MoveResult =
  { code: 'MOVED' } | { code: 'NOT_FOUND' } | { code: 'NO_OFFER' } | { code: 'OUT_OF_STOCK' };

/** Moves an entry into the cart (one unit of its offer) and off the list; an offer with no stock stays on the list. */
export async function moveSavedToCart(db: Executor, userId: number, id: number): Promise<MoveResult> {
  const entry = await findEntry(db, userId, id);
  if (!entry) return { code: 'NOT_FOUND' };
  const offer = pickOffer(await offersFor(db, [entry.productId]), entry.productId, entry.offerId);
  if (!offer) return { code: 'NO_OFFER' };
  if (offer.stock <= 0) return { code: 'OUT_OF_STOCK' };
  await addToCart(db, userId, { productId: offer.productId, sellerId: offer.sellerId });
  await db.delete(savedItems).where(and(eq(savedItems.id, id), eq(savedItems.userId, userId)));
  return { code: 'MOVED' };
}

/** requirements#saved-lists: Buy Again lists the products of the shopper's delivered order items, latest first. */
export async function listBuyAgain(db: Executor, userId: number): Promise<ListedProduct[]> {
  const rows = await db
    .selectDistinctOn([products.id], { offerId: orderItems.offerId, ...productColumns })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orders.userId, userId), eq(orderItems.status, 'delivered'), eq(products.isActive, true)))
    .orderBy(products.id, desc(orderItems.id));
  const all = await offersFor(
    db,
    rows.map((row) => row.productId),
  );
  return rows.map((row) => listed(row, pickOffer(all, row.productId, row.offerId)));
}
