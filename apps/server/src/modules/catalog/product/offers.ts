import { and, asc, eq, inArray } from 'drizzle-orm';
import { coupons, type Executor, offers, pincodes, products, sellers } from '@marketplace/db';
import { arrivalDate, deliveryOptions, deliveryZone, formatArrivalDate } from '@marketplace/domain';
import { withinStateLimit } from '@marketplace/domain/delivery/serviceability';
import type { DeliveryEstimate, ProductOffer } from '@marketplace/web';
import { couponForLine } from '@marketplace/domain/pricing/coupon-scope';
import { couponIsUsable, mayReachProduct, productReach, reachOf } from '../../promotions/index.ts';
import type { ProductLookups } from './lookups.ts';

type PincodePlace = {
  pincode: string;
  city: string;
  district: string;
  state: string;
  latitude: number;
  longitude: number;
  isServiceable: boolean;
};

async function loadPlaces(db: Executor, codes: string[]): Promise<Map<string, PincodePlace>> {
  const rows = await db
    .select({
      pincode: pincodes.pincode,
      city: pincodes.city,
      district: pincodes.district,
      state: pincodes.state,
      latitude: pincodes.latitude,
      longitude: pincodes.longitude,
      isServiceable: pincodes.isServiceable,
    })
    .from(pincodes)
    .where(inArray(pincodes.pincode, [...new Set(codes)]));
  return new Map(rows.map((row) => [row.pincode, row]));
}

/**
 * The active offers of a product, cheapest first, each with its seller, its active coupon and
 * the delivery options to the shopper's pincode (none when the pincode is unknown or unserved).
 */
export async function loadOffers(
  db: Executor,
  lookups: Pick<ProductLookups, 'rateCard'>,
  productId: number,
  pincode: string,
  now: Date,
): Promise<{ offers: ProductOffer[]; city: string | null }> {
  const rows = await db
    .select({
      offer: offers,
      sellerName: sellers.name,
      ratingSum: sellers.ratingSum,
      ratingCount: sellers.ratingCount,
      sellerZones: sellers.shippingZones,
      sellerGstin: sellers.gstin,
      sellerEnrolmentNo: sellers.enrolmentNo,
      handling: products.handling,
    })
    .from(offers)
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.productId, productId), eq(offers.isActive, true)))
    .orderBy(asc(offers.salePricePaise), asc(offers.id));
  if (rows.length === 0) return { offers: [], city: null };

  const reach = (await productReach(db, [productId])).get(productId);
  const [couponRows, places, rateCard] = await Promise.all([
    reach
      ? db
          .select({
            id: coupons.id,
            name: coupons.name,
            scope: coupons.scope,
            productId: coupons.productId,
            categoryId: coupons.categoryId,
            brandId: coupons.brandId,
            sellerId: coupons.sellerId,
            offerType: coupons.offerType,
            value: coupons.value,
          })
          .from(coupons)
          .where(
            // requirements#coupons: the rule the checkout applies (dates, weekdays, per-day and total limits)
            and(mayReachProduct(productId, reach), couponIsUsable(now)),
          )
          .orderBy(asc(coupons.id))
      : [],
    loadPlaces(db, [pincode, ...rows.map((row) => row.offer.sellerPincode)]),
    lookups.rateCard(),
  ]);
  const buyer = places.get(pincode);
  return {
    city: buyer?.city ?? null,
    offers: rows.map(({ offer, sellerName, ratingSum, ratingCount, sellerZones, handling, ...seller }) => {
      // requirements#coupon-scopes: the narrowest coupon that reaches this seller's offer
      const coupon = reach
        ? couponForLine(
            couponRows.flatMap((row) => {
              const scoped = reachOf(row);
              return scoped ? [{ ...row, ...scoped }] : [];
            }),
            { productId, sellerId: offer.sellerId, ...reach },
          )
        : null;
      const from = places.get(offer.sellerPincode);
      const delivery: DeliveryEstimate[] =
        buyer?.isServiceable && from
          ? deliveryOptions({
              zone: deliveryZone(from, buyer),
              rateCard,
              parcelType: offer.parcelType,
              weightGrams: offer.weightGrams,
              quantity: 1,
              sellerZones,
              handling,
              withinState: withinStateLimit(
                { gstin: seller.sellerGstin, enrolmentNo: seller.sellerEnrolmentNo },
                from.state,
                buyer.state,
              ),
            }).map((option) => ({
              deliveryType: option.deliveryType,
              label: option.label,
              chargePaise: option.chargePaise,
              // the rate card's charge, from which the page works out the charge of any quantity
              // with the checkout's own rule (deliveryChargePaise)
              ratePaise:
                rateCard.find(
                  (rate) => rate.deliveryType === option.deliveryType && rate.zone === option.zone,
                )?.chargePaise ?? option.chargePaise,
              arrivingDays: option.arrivingDays,
              arrival: formatArrivalDate(arrivalDate(now, option.arrivingDays)),
              hasCod: option.hasCod,
            }))
          : [];
      return {
        offerId: offer.id,
        sellerId: offer.sellerId,
        sellerName,
        sellerRating: ratingCount > 0 ? Math.round((ratingSum * 10) / ratingCount) / 10 : 0,
        sellerRatingCount: ratingCount,
        sku: offer.sku,
        salePricePaise: offer.salePricePaise,
        mrpPaise: offer.mrpPaise,
        stock: offer.stock,
        maxPerOrder: offer.maxPerOrder,
        sellerPincode: offer.sellerPincode,
        parcelType: offer.parcelType,
        warranty: { info: offer.warrantyInfo, by: offer.warrantyBy, years: offer.warrantyYears },
        additional: {
          manufacturer: offer.manufacturerName,
          importer: offer.importerName,
          packer: offer.packerName,
          weightGrams: offer.weightGrams,
          packWeightGrams: offer.packWeightGrams,
          dimensionsCm: { length: offer.lengthCm, width: offer.widthCm, height: offer.heightCm },
          origin: offer.origin,
        },
        coupon:
          coupon && (coupon.offerType === 'cash' || coupon.offerType === 'percentage')
            ? { id: coupon.id, name: coupon.name, offerType: coupon.offerType, value: coupon.value }
            : null,
        delivery,
      };
    }),
  };
}

/** requirements#seller-choice: the rule lives in the domain, shared with the merchant feed. */
export { chooseOffer } from '@marketplace/domain/catalog/offer-choice';
