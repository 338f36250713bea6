import { eq } from 'drizzle-orm';
import { type Executor, pincodes, sellers } from '@marketplace/db';
import {
  deliversWithin,
  type DeliveryFilterKey,
  deliveryFilterDays,
} from '@marketplace/domain/catalog/listing-filters';
import type { RateCardEntry } from '@marketplace/domain/delivery/options';
import { sellsWithinStateOnly } from '@marketplace/domain/delivery/serviceability';
import { deliveryZone, type PincodePlace, placeKey } from '@marketplace/domain/delivery/zone';
import { loadRateCard } from '../rate-card.ts';

export type DeliveryNetwork = {
  sellers: { id: number; place: PincodePlace; zones: string[]; withinStateOnly: boolean }[];
  rateCard: RateCardEntry[];
};

/** Every seller's place and the rate card: tens of rows, read once and shared by all pincodes. */
export async function loadDeliveryNetwork(db: Executor): Promise<DeliveryNetwork> {
  const [sellerRows, rateCard] = await Promise.all([
    db
      .select({
        id: sellers.id,
        zones: sellers.shippingZones,
        gstin: sellers.gstin,
        enrolmentNo: sellers.enrolmentNo,
        pincode: pincodes.pincode,
        district: pincodes.district,
        state: pincodes.state,
        latitude: pincodes.latitude,
        longitude: pincodes.longitude,
      })
      .from(sellers)
      .innerJoin(pincodes, eq(pincodes.pincode, sellers.pincode)),
    loadRateCard(db),
  ]);
  return {
    sellers: sellerRows.map(({ id, zones, gstin, enrolmentNo, ...place }) => ({
      id,
      place,
      zones,
      withinStateOnly: sellsWithinStateOnly({ gstin, enrolmentNo }),
    })),
    rateCard,
  };
}

/** The shopper's pincode as a place, or null when it is unknown or not served. */
export async function findBuyerPlace(db: Executor, pincode: string): Promise<PincodePlace | null> {
  const [row] = await db
    .select({
      pincode: pincodes.pincode,
      district: pincodes.district,
      state: pincodes.state,
      latitude: pincodes.latitude,
      longitude: pincodes.longitude,
      isServiceable: pincodes.isServiceable,
    })
    .from(pincodes)
    .where(eq(pincodes.pincode, pincode))
    .limit(1);
  return row?.isServiceable ? row : null;
}

/**
 * requirements#delivery-day-filters: the sellers whose fastest delivery to the buyer, in the zone between the seller's
 * pincode and the buyer's, arrives within the filter's days; a seller who does not ship to that zone
 * never qualifies (requirements#delivery-serviceability). A product's handling class only takes away
 * express and the remote zone, which the default rate card never makes the fastest within two days.
 */
export function eligibleSellerIds(
  network: DeliveryNetwork,
  buyer: PincodePlace | null,
  filter: DeliveryFilterKey,
): number[] {
  if (!buyer) return [];
  const days = deliveryFilterDays(filter);
  return (
    network.sellers
      // requirements#seller-within-state: an unregistered seller never reaches another state
      .filter((seller) => !seller.withinStateOnly || placeKey(seller.place.state) === placeKey(buyer.state))
      .filter((seller) =>
        deliversWithin(deliveryZone(seller.place, buyer), network.rateCard, days, seller.zones),
      )
      .map((seller) => seller.id)
  );
}
