// A logged-in shopper's cart on the server (requirements#cart-page). Every query filters by the session user.
import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { cartItems, coupons, type Executor, offers, products, sellers, users } from '@marketplace/db';
import type { CartLineInput } from '@marketplace/domain/cart/cart-api';
import {
  type CartLineRef,
  mergeBrowserCart,
  mergeCartLines,
  offerKey,
  type OfferLimits,
} from '@marketplace/domain/cart/merge';
import { productReach, rowReachesLine } from '../promotions/index.ts';

export type CartCoupon = { id: number; name: string; offerType: 'cash' | 'percentage'; value: number };
export type CartLineView = {
  productId: number;
  sellerId: number;
  sku: string;
  name: string;
  image: string;
  isAssured: boolean;
  sellerName: string;
  sellerPincode: string;
  warranty: string;
  salePricePaise: number;
  mrpPaise: number;
  stock: number;
  maxPerOrder: number;
  quantity: number;
  coupon: CartCoupon | null;
};

function asCoupon(
  row: { id: number; name: string; offerType: string; value: number } | null,
): CartCoupon | null {
  if (!row || (row.offerType !== 'cash' && row.offerType !== 'percentage')) return null;
  return { id: row.id, name: row.name, offerType: row.offerType, value: row.value };
}

/** The shopper's cart lines with the live product, offer, seller and chosen coupon, oldest first. */
export async function loadCart(db: Executor, userId: number): Promise<CartLineView[]> {
  const rows = await db
    .select({
      quantity: cartItems.quantity,
      offer: offers,
      name: products.name,
      image: products.mainImage,
      isAssured: products.isAssured,
      sellerName: sellers.name,
      coupon: { id: coupons.id, name: coupons.name, offerType: coupons.offerType, value: coupons.value },
    })
    .from(cartItems)
    .innerJoin(offers, eq(offers.id, cartItems.offerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .leftJoin(coupons, eq(coupons.id, cartItems.couponId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));
  return rows.map(({ quantity, offer, coupon, ...product }) => ({
    productId: offer.productId,
    sellerId: offer.sellerId,
    sku: offer.sku,
    name: product.name,
    image: product.image,
    isAssured: product.isAssured,
    sellerName: product.sellerName,
    sellerPincode: offer.sellerPincode,
    warranty: offer.warrantyInfo ?? '',
    salePricePaise: offer.salePricePaise,
    mrpPaise: offer.mrpPaise,
    stock: offer.stock,
    maxPerOrder: offer.maxPerOrder,
    quantity,
    coupon: asCoupon(coupon),
  }));
}

type LiveOffer = OfferLimits & { id: number; productId: number; sellerId: number };

/** The active offers of active products among the given (product, seller) pairs, by line key. */
async function liveOffers(db: Executor, lines: readonly { productId: number; sellerId: number }[]) {
  if (lines.length === 0) return new Map<string, LiveOffer>();
  const rows = await db
    .select({
      id: offers.id,
      productId: offers.productId,
      sellerId: offers.sellerId,
      stock: offers.stock,
      maxPerOrder: offers.maxPerOrder,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(
      and(
        inArray(offers.productId, [...new Set(lines.map((line) => line.productId))]),
        eq(offers.isActive, true),
        eq(products.isActive, true),
      ),
    );
  return new Map(rows.map((row) => [offerKey(row), row]));
}

/** Coupon ids that really reach the line (requirements#coupon-scopes) and run now. */
async function validCoupons(db: Executor, lines: readonly CartLineRef[], now: Date) {
  const ids = lines.flatMap((line) => (line.couponId === null ? [] : [line.couponId]));
  if (ids.length === 0) return new Set<string>();
  const reach = await productReach(
    db,
    lines.map((line) => line.productId),
  );
  const rows = await db
    .select({
      id: coupons.id,
      scope: coupons.scope,
      productId: coupons.productId,
      categoryId: coupons.categoryId,
      brandId: coupons.brandId,
      sellerId: coupons.sellerId,
    })
    .from(coupons)
    .where(
      and(
        inArray(coupons.id, ids),
        eq(coupons.isActive, true),
        or(isNull(coupons.startsAt), lte(coupons.startsAt, now)),
        or(isNull(coupons.endsAt), gt(coupons.endsAt, now)),
      ),
    );
  return new Set(
    lines.flatMap((line) =>
      rows
        .filter((c) => c.id === line.couponId && rowReachesLine(c, reach, line))
        .map(() => `${offerKey(line)}-${line.couponId}`),
    ),
  );
}

const toRef = (line: CartLineInput): CartLineRef => ({
  productId: line.productId,
  sellerId: line.sellerId,
  quantity: line.quantity,
  couponId: line.couponId ?? null,
});

/**
 * Writes lines as the whole cart: unknown offers dropped, quantities clamped, foreign coupons
 * cleared. One shopper's cart writes run one at a time (the shopper's row is locked first): two
 * at once (two tabs, a form posted twice) would otherwise insert the same line twice, or a merge
 * would add to a cart another write was replacing.
 */
async function writeCart(
  db: Executor,
  userId: number,
  linesOf: (tx: Executor) => Promise<CartLineRef[]>,
  now: Date,
) {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const lines = await linesOf(tx);
    const live = await liveOffers(tx, lines);
    // the same offer twice in one request counts once, quantities added (then clamped)
    const clean = mergeCartLines([], lines, live);
    const couponsOk = await validCoupons(tx, clean, now);
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    const rows = clean.flatMap((line) => {
      const offer = live.get(offerKey(line));
      if (!offer) return [];
      const couponKept = line.couponId !== null && couponsOk.has(`${offerKey(line)}-${line.couponId}`);
      return [
        { userId, offerId: offer.id, quantity: line.quantity, couponId: couponKept ? line.couponId : null },
      ];
    });
    if (rows.length > 0) await tx.insert(cartItems).values(rows);
  });
  return loadCart(db, userId);
}

/** PUT: the browser's cart replaces the saved one. */
export function replaceCart(db: Executor, userId: number, lines: CartLineInput[], now = new Date()) {
  return writeCart(db, userId, () => Promise.resolve(lines.map(toRef)), now);
}

/**
 * At login: the browser's lines join the saved ones, a line in both keeping the larger quantity
 * (ADR-0037), so the same browser cart merged twice, or ten times at once, counts once.
 */
export async function mergeCart(db: Executor, userId: number, lines: CartLineInput[], now = new Date()) {
  // the saved lines are read under the shopper's lock, so a merge never joins a stale cart
  return writeCart(
    db,
    userId,
    async (tx) => mergeBrowserCart(await savedLines(tx, userId), lines.map(toRef)),
    now,
  );
}

/** Adds units of an offer to the cart (moving a saved product there), capped by stock and the maximum per order. */
export async function addToCart(
  db: Executor,
  userId: number,
  line: { productId: number; sellerId: number; quantity?: number },
) {
  const added = {
    productId: line.productId,
    sellerId: line.sellerId,
    quantity: line.quantity ?? 1,
    couponId: null,
  };
  // the saved lines and the new units: writeCart adds a repeated line up
  return writeCart(db, userId, async (tx) => [...(await savedLines(tx, userId)), added], new Date());
}

async function savedLines(tx: Executor, userId: number): Promise<CartLineRef[]> {
  const saved = await loadCart(tx, userId);
  return saved.map((line) => ({
    productId: line.productId,
    sellerId: line.sellerId,
    quantity: line.quantity,
    couponId: line.coupon?.id ?? null,
  }));
}
