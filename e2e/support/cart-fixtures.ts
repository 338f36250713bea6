// Seeded offers and lines for the cart journeys.
import { and, asc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { type Database, coupons, offers, pincodes, products, sellers, users } from '@marketplace/db';
import { REMOTE_STATES } from '@marketplace/domain/delivery/constants';

export type OfferRow = {
  id: number;
  productId: number;
  sellerId: number;
  name: string;
  stock: number;
  price: number;
};

/**
 * In-stock offers of different products and sellers, shipped from outside the remote states, of
 * standard goods whose sellers ship to every zone (requirements#delivery-serviceability).
 */
export async function offersOfDistinctSellers(db: Database, count: number): Promise<OfferRow[]> {
  const rows = await db
    .select({
      id: offers.id,
      productId: offers.productId,
      sellerId: offers.sellerId,
      name: products.name,
      stock: offers.stock,
      price: offers.salePricePaise,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(pincodes, eq(pincodes.pincode, offers.sellerPincode))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .where(
      and(
        eq(offers.isActive, true),
        eq(products.isActive, true),
        eq(products.handling, 'standard'),
        sql`'remote' = ANY (${sellers.shippingZones})`,
        gt(offers.stock, 10),
        gt(offers.maxPerOrder, 3),
        gt(offers.salePricePaise, 0),
        gt(offers.mrpPaise, offers.salePricePaise),
        notInArray(pincodes.state, [...REMOTE_STATES]),
      ),
    )
    .orderBy(asc(offers.id))
    .limit(200);
  const picked: OfferRow[] = [];
  for (const row of rows) {
    if (picked.some((p) => p.sellerId === row.sellerId || p.productId === row.productId)) continue;
    picked.push(row);
    if (picked.length === count) break;
  }
  if (picked.length < count) throw new Error('not enough offers in the seed');
  return picked;
}

/** An offer with a cash or percentage coupon of its own seller. */
export async function offerWithCoupon(db: Database) {
  const [row] = await db
    .select({ offer: offers, name: products.name, coupon: coupons })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(coupons, and(eq(coupons.productId, offers.productId), eq(coupons.sellerId, offers.sellerId)))
    .where(
      and(
        eq(offers.isActive, true),
        gt(offers.stock, 10),
        eq(coupons.isActive, true),
        inArray(coupons.offerType, ['cash', 'percentage']),
      ),
    )
    .orderBy(asc(offers.id))
    .limit(1);
  if (!row) throw new Error('no offer with a coupon in the seed');
  return row;
}

/** A minimal stored cart line, as the product page writes it (the cart cleans the rest). */
export function storedLine(
  offer: { productId: number; sellerId: number; name: string; price: number },
  quantity = 1,
) {
  return {
    product_id: `${offer.productId}-${offer.sellerId}-SKU`,
    productId: offer.productId,
    sellerId: offer.sellerId,
    name: offer.name,
    quantity,
    price: offer.price,
    mrp: offer.price * 2,
    product_quantity: 50,
    maximum_qty_per_order: 5,
  };
}

export async function userIdOf(db: Database, email: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(email);
  return user.id;
}

/** A served pincode in a remote state (Andaman, the north-east ...). */
export async function remotePincode(db: Database) {
  const [row] = await db
    .select({ pincode: pincodes.pincode })
    .from(pincodes)
    .where(and(inArray(pincodes.state, [...REMOTE_STATES]), eq(pincodes.isServiceable, true)))
    .orderBy(asc(pincodes.pincode))
    .limit(1);
  if (!row) throw new Error('no remote pincode');
  return row.pincode;
}
