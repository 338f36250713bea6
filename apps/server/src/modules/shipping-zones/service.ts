import { eq } from 'drizzle-orm';
import { type Executor, sellers } from '@marketplace/db';
import { normaliseSellerZones, type Zone } from '@marketplace/domain';

/** The zones a seller ships to (requirements#delivery-serviceability). */
export async function shippingZonesOf(db: Executor, sellerId: number): Promise<Zone[]> {
  const [row] = await db
    .select({ zones: sellers.shippingZones })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  return normaliseSellerZones(row?.zones ?? []);
}

/** Saves a seller's zones, cleaned (local always in), and answers them as saved. */
export async function saveShippingZones(
  db: Executor,
  sellerId: number,
  zones: readonly string[],
): Promise<Zone[]> {
  const cleaned = normaliseSellerZones(zones);
  const [row] = await db
    .update(sellers)
    .set({ shippingZones: cleaned })
    .where(eq(sellers.id, sellerId))
    .returning({ zones: sellers.shippingZones });
  return normaliseSellerZones(row?.zones ?? []);
}
