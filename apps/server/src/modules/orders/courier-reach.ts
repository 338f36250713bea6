import { and, eq, or } from 'drizzle-orm';
import { type Executor, offers, sellers } from '@marketplace/db';
import type { PlaceOrderLine } from '@marketplace/domain/orders/place-order';

/**
 * requirements#courier-opt-in: the courier's answer to "will you carry this parcel from here to
 * there"; the courier interface's `quote` is one (ADR-0051).
 */
export type CourierReach = (input: {
  pickupPincode: string;
  deliveryPincode: string;
  weightGrams: number;
  paymentMode: 'cod' | 'prepaid';
  codPaise: number;
}) => Promise<{ code: 'SERVICEABLE' } | { code: 'NOT_SERVICEABLE'; reason: string }>;

export type CourierRefusals = {
  /** per seller whose parcel the courier will not carry there: the courier's reason */
  sellers: Map<number, string>;
  /** the courier's reason for taking no cash on some seller's parcel; null when it takes it */
  cod: string | null;
};

export const NO_REFUSALS: CourierRefusals = { sellers: new Map(), cod: null };

type LineRef = Pick<PlaceOrderLine, 'productId' | 'sellerId' | 'quantity'>;

/**
 * Asks the courier about each parcel an order would make for sellers who ship with Bazaar courier
 * (one parcel per seller, its offers' weights and prices added up): a pincode it does not reach is
 * refused at checkout with its reason, not when the seller ships. Sellers who ship themselves are not
 * asked. The caller's `reach` answers SERVICEABLE when the courier cannot be asked.
 */
export async function courierRefusals(
  db: Executor,
  reach: CourierReach | undefined,
  lines: readonly LineRef[],
  deliveryPincode: string,
  options: { askCod: boolean },
): Promise<CourierRefusals> {
  if (!reach || lines.length === 0) return NO_REFUSALS;
  const rows = await db
    .select({
      sellerId: offers.sellerId,
      productId: offers.productId,
      pickupPincode: sellers.pincode,
      weightGrams: offers.weightGrams,
      salePricePaise: offers.salePricePaise,
    })
    .from(offers)
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .where(
      and(
        eq(sellers.shipsWithCourier, true),
        or(
          ...lines.map((line) =>
            and(eq(offers.productId, line.productId), eq(offers.sellerId, line.sellerId)),
          ),
        ),
      ),
    );
  const parcels = new Map<number, { pickupPincode: string; weightGrams: number; valuePaise: number }>();
  for (const line of lines) {
    const row = rows.find((r) => r.productId === line.productId && r.sellerId === line.sellerId);
    if (!row) continue;
    const parcel = parcels.get(row.sellerId) ?? {
      pickupPincode: row.pickupPincode,
      weightGrams: 0,
      valuePaise: 0,
    };
    parcel.weightGrams += row.weightGrams * line.quantity;
    parcel.valuePaise += row.salePricePaise * line.quantity;
    parcels.set(row.sellerId, parcel);
  }
  const refused = new Map<number, string>();
  let cod: string | null = null;
  await Promise.all(
    [...parcels].map(async ([sellerId, parcel]) => {
      const ask = (paymentMode: 'cod' | 'prepaid') =>
        reach({
          pickupPincode: parcel.pickupPincode,
          deliveryPincode,
          weightGrams: parcel.weightGrams,
          paymentMode,
          codPaise: paymentMode === 'cod' ? parcel.valuePaise : 0,
        });
      const prepaid = await ask('prepaid');
      if (prepaid.code === 'NOT_SERVICEABLE') {
        refused.set(sellerId, prepaid.reason);
        return;
      }
      if (options.askCod) {
        const withCash = await ask('cod');
        if (withCash.code === 'NOT_SERVICEABLE') cod ??= withCash.reason;
      }
    }),
  );
  return { sellers: refused, cod };
}
