import { deliveryRates, type Executor } from '@marketplace/db';
import { isDeliveryType, isZone } from '@marketplace/domain/delivery/constants';
import type { RateCardEntry } from '@marketplace/domain/delivery/options';

/** The delivery rate card as the delivery rules read it (rows of unknown types or zones left out). */
export async function loadRateCard(db: Executor): Promise<RateCardEntry[]> {
  const rows = await db.select().from(deliveryRates);
  return rows.flatMap((row) => {
    const { deliveryType, zone } = row;
    return isDeliveryType(deliveryType) && isZone(zone) ? [{ ...row, deliveryType, zone }] : [];
  });
}
