import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type Executor, pincodes, queryRows } from '@marketplace/db';

export type PincodePlace = typeof pincodes.$inferSelect;

export async function findPincode(db: Executor, pincode: string): Promise<PincodePlace | null> {
  const [row] = await db.select().from(pincodes).where(eq(pincodes.pincode, pincode)).limit(1);
  return row ?? null;
}

/** requirements#reverse-geolocation: reverse geolocation uses our own table, not a public geocoding service. */
export const NEAREST_RADIUS_KM = 50;
// one degree of latitude is about 111 km; the box is widened for longitude by the latitude's cosine
const KM_PER_DEGREE = 111.2;

export async function findNearestPincode(
  db: Executor,
  latitude: number,
  longitude: number,
): Promise<(PincodePlace & { distanceKm: number }) | null> {
  const latSpan = NEAREST_RADIUS_KM / KM_PER_DEGREE;
  const lonSpan = NEAREST_RADIUS_KM / (KM_PER_DEGREE * Math.max(Math.cos((latitude * Math.PI) / 180), 0.01));
  const rows = await queryRows<PincodePlace & { distanceKm: number }>(
    db,
    sql`
      SELECT pincode, city, locality, district, state, latitude, longitude,
             is_serviceable AS "isServiceable", has_cod AS "hasCod", distance_km AS "distanceKm"
      FROM (
        SELECT *, 6371 * 2 * asin(sqrt(
                 power(sin(radians(latitude - ${latitude}) / 2), 2)
                 + cos(radians(${latitude})) * cos(radians(latitude)) * power(sin(radians(longitude - ${longitude}) / 2), 2)
               )) AS distance_km
        FROM ${pincodes}
        WHERE latitude BETWEEN ${latitude - latSpan} AND ${latitude + latSpan}
          AND longitude BETWEEN ${longitude - lonSpan} AND ${longitude + lonSpan}
      ) candidates
      WHERE distance_km <= ${NEAREST_RADIUS_KM}
      ORDER BY distance_km, pincode
      LIMIT 1`,
  );
  const row = rows[0];
  return row ? { ...row, distanceKm: Math.round(Number(row.distanceKm) * 100) / 100 } : null;
}

/** How long a looked-up pincode is reused before it is read again (serviceability can change). */
export const PINCODE_CACHE_TTL_MS = 10 * 60_000;
const MISSING = Symbol('missing');

/**
 * Pincode lookups for the whole app. Carts, listings and checkout look pincodes up on almost every
 * request, and the list changes rarely, so answers (known or unknown) are kept for ten minutes.
 */
export function createPincodeDirectory(db: Executor, ttlMs = PINCODE_CACHE_TTL_MS) {
  const cache = new LRUCache<string, PincodePlace | typeof MISSING>({ max: 25_000, ttl: ttlMs });
  return {
    async find(pincode: string): Promise<PincodePlace | null> {
      const cached = cache.get(pincode);
      if (cached !== undefined) return cached === MISSING ? null : cached;
      const place = await findPincode(db, pincode);
      cache.set(pincode, place ?? MISSING);
      return place;
    },
    nearest: (latitude: number, longitude: number) => findNearestPincode(db, latitude, longitude),
  };
}
export type PincodeDirectory = ReturnType<typeof createPincodeDirectory>;
