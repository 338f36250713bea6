// Whether each cart line can reach a pincode now (requirements#cart-availability: rechecked 300 ms after load and on a pincode change).
import { and, eq, inArray } from 'drizzle-orm';
import { type Executor, offers, pincodes, products, sellers } from '@marketplace/db';
import type { AvailabilityInput } from '@marketplace/domain/cart/cart-api';
import { offerKey } from '@marketplace/domain/cart/merge';
import { deliveryOptions, type RateCardEntry } from '@marketplace/domain/delivery/options';
import { deliveryZone } from '@marketplace/domain/delivery/zone';
import { withinStateLimit } from '@marketplace/domain/delivery/serviceability';

export type LineAvailability = {
  productId: number;
  sellerId: number;
  status: 'Available' | 'Unavailable';
  stock: number;
  salePricePaise: number | null;
  mrpPaise: number | null;
  maxPerOrder: number | null;
  arrivingDays: number | null;
};

/**
 * A line is Available when its offer is active, in stock, and some delivery option reaches the
 * pincode from the seller's pincode; anything else (unknown offer, no stock, unserved pincode) is not.
 */
export async function checkAvailability(
  db: Executor,
  rateCard: readonly RateCardEntry[],
  input: AvailabilityInput,
): Promise<LineAvailability[]> {
  const productIds = [...new Set(input.lines.map((line) => line.productId))];
  const rows =
    productIds.length === 0
      ? []
      : await db
          .select({
            productId: offers.productId,
            sellerId: offers.sellerId,
            stock: offers.stock,
            salePricePaise: offers.salePricePaise,
            mrpPaise: offers.mrpPaise,
            maxPerOrder: offers.maxPerOrder,
            sellerPincode: offers.sellerPincode,
            parcelType: offers.parcelType,
            weightGrams: offers.weightGrams,
            handling: products.handling,
            sellerZones: sellers.shippingZones,
            sellerGstin: sellers.gstin,
            sellerEnrolmentNo: sellers.enrolmentNo,
          })
          .from(offers)
          .innerJoin(products, eq(products.id, offers.productId))
          .innerJoin(sellers, eq(sellers.id, offers.sellerId))
          .where(
            and(
              inArray(offers.productId, productIds),
              eq(offers.isActive, true),
              eq(products.isActive, true),
            ),
          );
  const found = new Map(rows.map((row) => [offerKey(row), row]));
  const places = await db
    .select()
    .from(pincodes)
    .where(inArray(pincodes.pincode, [...new Set([input.pincode, ...rows.map((row) => row.sellerPincode)])]));
  const place = new Map(places.map((row) => [row.pincode, row]));
  const buyer = place.get(input.pincode);

  return input.lines.map((line) => {
    const offer = found.get(offerKey(line));
    if (!offer) {
      return {
        ...line,
        status: 'Unavailable',
        stock: 0,
        salePricePaise: null,
        mrpPaise: null,
        maxPerOrder: null,
        arrivingDays: null,
      };
    }
    const seller = place.get(offer.sellerPincode);
    const options =
      buyer?.isServiceable && seller
        ? deliveryOptions({
            zone: deliveryZone(seller, buyer),
            rateCard,
            parcelType: offer.parcelType,
            weightGrams: offer.weightGrams,
            quantity: 1,
            sellerZones: offer.sellerZones,
            handling: offer.handling,
            withinState: withinStateLimit(
              { gstin: offer.sellerGstin, enrolmentNo: offer.sellerEnrolmentNo },
              seller.state,
              buyer.state,
            ),
          })
        : [];
    const fastest = options.reduce<number | null>(
      (days, option) => (days === null ? option.arrivingDays : Math.min(days, option.arrivingDays)),
      null,
    );
    return {
      productId: line.productId,
      sellerId: line.sellerId,
      status: offer.stock > 0 && options.length > 0 ? 'Available' : 'Unavailable',
      stock: offer.stock,
      salePricePaise: offer.salePricePaise,
      mrpPaise: offer.mrpPaise,
      maxPerOrder: offer.maxPerOrder,
      arrivingDays: fastest,
    };
  });
}
