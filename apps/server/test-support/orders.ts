import { and, asc, eq, gte } from 'drizzle-orm';
import {
  addresses,
  coupons,
  type Executor,
  offers,
  pincodes,
  products,
  sellers,
  users,
} from '@marketplace/db';
import { deliveryOptions, deliveryZone } from '@marketplace/domain';
import { loadRateCard } from '../src/modules/catalog/index.ts';

/** Test helpers: seeded offers that reach a pincode with a delivery type, and a shopper's default address. */
export async function deliverableOffers(db: Executor, pincode: string, minStock = 20) {
  const [buyer] = await db.select().from(pincodes).where(eq(pincodes.pincode, pincode));
  if (!buyer) throw new Error(`pincode ${pincode} not seeded`);
  const rateCard = await loadRateCard(db);
  const rows = await db
    .select({
      offer: offers,
      name: products.name,
      place: pincodes,
      handling: products.handling,
      sellerZones: sellers.shippingZones,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .innerJoin(pincodes, eq(pincodes.pincode, offers.sellerPincode))
    .where(and(eq(offers.isActive, true), eq(products.isActive, true), gte(offers.stock, minStock)))
    .orderBy(asc(offers.id));
  return rows.flatMap(({ offer, name, place, handling, sellerZones }) => {
    const options = deliveryOptions({
      zone: deliveryZone(place, buyer),
      rateCard,
      parcelType: offer.parcelType,
      weightGrams: offer.weightGrams,
      quantity: 1,
      sellerZones,
      handling,
    });
    const standard = options.find((o) => o.deliveryType === 'standard');
    return standard?.hasCod && offer.maxPerOrder >= 2 && offer.salePricePaise <= 400_000
      ? [{ offer, name, option: standard, options, sellerState: place.state }]
      : [];
  });
}

/** A seller that has no offer of the product. */
export async function sellerWithoutOffer(db: Executor, productId: number) {
  const sold = await db
    .select({ sellerId: offers.sellerId })
    .from(offers)
    .where(eq(offers.productId, productId));
  const all = await db.select({ sellerId: offers.sellerId }).from(offers).orderBy(asc(offers.sellerId));
  const other = all.find((row) => !sold.some((s) => s.sellerId === row.sellerId));
  if (!other) throw new Error('some seller does not sell the product');
  return other.sellerId;
}

export async function defaultAddress(db: Executor, email: string) {
  const [row] = await db
    .select({ address: addresses })
    .from(addresses)
    .innerJoin(users, eq(users.id, addresses.userId))
    .where(and(eq(users.email, email), eq(addresses.isDefault, true)));
  if (!row) throw new Error(`${email} has no default address`);
  return row.address;
}

export async function couponsOf(db: Executor, productId: number) {
  return db
    .select()
    .from(coupons)
    .where(and(eq(coupons.productId, productId), eq(coupons.isActive, true)));
}
