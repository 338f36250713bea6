import { REGIONAL_RADIUS_KM, REMOTE_STATES, type Zone } from './constants.ts';

/** One pincode of the India postal list, with the fields the delivery zone needs. */
export type PincodePlace = {
  pincode: string;
  district: string;
  state: string;
  latitude: number;
  longitude: number;
};

type Coordinates = Pick<PincodePlace, 'latitude' | 'longitude'>;

/** Mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km between two points (haversine). */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const deltaLatitude = toRadians(b.latitude - a.latitude);
  const deltaLongitude = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(deltaLatitude / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(deltaLongitude / 2) ** 2;
  // min guards against h creeping past 1 through rounding for antipodal points
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

// Place names compare without regard to case, spacing or '&' versus 'and'
// ('Jammu & Kashmir' = 'Jammu and Kashmir'), so a hand-typed address still matches the import.
export function placeKey(name: string): string {
  return name.trim().toLowerCase().replaceAll('&', ' and ').replace(/\s+/g, ' ').trim();
}

const REMOTE_STATE_KEYS = new Set(REMOTE_STATES.map(placeKey));

export function isRemoteState(state: string): boolean {
  return REMOTE_STATE_KEYS.has(placeKey(state));
}

/**
 * The zone of a shipment from the seller's pincode to the buyer's. The order of the checks matters:
 * 1. same state and same district: local (a Guwahati seller to a Guwahati buyer is local, not remote);
 * 2. the buyer is in a remote state other than the seller's: remote (even when it is close by);
 * 3. same state, or within 300 km: regional;
 * 4. otherwise national.
 */
export function deliveryZone(seller: PincodePlace, buyer: PincodePlace): Zone {
  const sameState = placeKey(seller.state) === placeKey(buyer.state);
  if (sameState && placeKey(seller.district) === placeKey(buyer.district)) return 'local';
  if (!sameState && isRemoteState(buyer.state)) return 'remote';
  if (sameState || distanceKm(seller, buyer) <= REGIONAL_RADIUS_KM) return 'regional';
  return 'national';
}
