// ADR-0058: one courier AWB names either a parcel on its way to the shopper (or back to the seller)
// or a reverse pickup of a return. A scan from the courier's webhook, its tracking answer or the
// sandbox's clock goes to whichever of the two was booked under that AWB.
import type { Executor } from '@marketplace/db';
import { applyCourierEvent, type CourierEventResult } from './apply-event.ts';
import type { CourierTrackingEvent } from './provider.ts';
import { applyReversePickupEvent, type ReverseEventResult } from './reverse-pickups.ts';

export async function applyScanOfAnyParcel(
  db: Executor,
  provider: string,
  event: CourierTrackingEvent,
  now: Date = new Date(),
): Promise<CourierEventResult | ReverseEventResult> {
  const forward = await applyCourierEvent(db, provider, event, now);
  return forward.code === 'UNKNOWN_AWB' ? applyReversePickupEvent(db, provider, event) : forward;
}
