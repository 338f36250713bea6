import { eq } from 'drizzle-orm';
import { type Executor, sellers } from '@marketplace/db';
import { normaliseSellerZones, type Zone } from '@marketplace/domain';
import type { ShippingMethod } from '@marketplace/domain/delivery/shipping-zones-api';

export type ShippingSettings = { zones: Zone[]; shippingMethod: ShippingMethod };

const settingsOf = (row: { zones: string[]; shipsWithCourier: boolean } | undefined): ShippingSettings => ({
  zones: normaliseSellerZones(row?.zones ?? []),
  shippingMethod: row?.shipsWithCourier ? 'courier' : 'self',
});

const columns = { zones: sellers.shippingZones, shipsWithCourier: sellers.shipsWithCourier };

/**
 * The zones a seller ships to (requirements#delivery-serviceability) and how it ships by default
 * (requirements#courier-opt-in).
 */
export async function shippingSettingsOf(db: Executor, sellerId: number): Promise<ShippingSettings> {
  const [row] = await db.select(columns).from(sellers).where(eq(sellers.id, sellerId));
  return settingsOf(row);
}

/** Saves a seller's zones, cleaned (local always in), and its shipping method when given. */
export async function saveShippingSettings(
  db: Executor,
  sellerId: number,
  input: { zones: readonly string[]; shippingMethod?: ShippingMethod | undefined },
): Promise<ShippingSettings> {
  const [row] = await db
    .update(sellers)
    .set({
      shippingZones: normaliseSellerZones(input.zones),
      ...(input.shippingMethod ? { shipsWithCourier: input.shippingMethod === 'courier' } : {}),
    })
    .where(eq(sellers.id, sellerId))
    .returning(columns);
  return settingsOf(row);
}
