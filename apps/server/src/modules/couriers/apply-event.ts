// ADR-0051: a courier's scan, from its webhook, its tracking answer or the sandbox's clock, mapped
// onto the shipment and so onto its items' states. Each event is recorded once (by the courier's
// own id); a repeated, out-of-order or backward one changes nothing.
import { and, eq, isNull } from 'drizzle-orm';
import { courierEvents, courierShipments, type Executor } from '@marketplace/db';
import { decideScan, SCAN_NOTES } from '@marketplace/domain/orders/courier-scans';
import { addTrackingScan, moveShipment, receiveReturnedParcel, shipmentStatus } from '../fulfilment/index.ts';
import { recordFailedAttempt } from './ndr.ts';
import type { CourierTrackingEvent } from './provider.ts';

export type CourierEventResult =
  | { code: 'APPLIED'; status: string }
  | { code: 'IGNORED'; reason: 'duplicate' | 'same' | 'stale' | 'backward' | 'refused' }
  | { code: 'UNKNOWN_AWB' };

class Refused extends Error {}

export async function applyCourierEvent(
  db: Executor,
  provider: string,
  event: CourierTrackingEvent,
  now: Date = new Date(),
): Promise<CourierEventResult> {
  const [booking] = await db
    .select()
    .from(courierShipments)
    .where(and(eq(courierShipments.provider, provider), eq(courierShipments.awbNo, event.awbNo)));
  if (!booking) return { code: 'UNKNOWN_AWB' };
  return db.transaction(async (tx): Promise<CourierEventResult> => {
    // one event of a shipment at a time: the booking row is the lock
    const [locked] = await tx
      .select()
      .from(courierShipments)
      .where(eq(courierShipments.id, booking.id))
      .for('update');
    if (!locked) return { code: 'UNKNOWN_AWB' };
    const [recorded] = await tx
      .insert(courierEvents)
      .values({
        courierShipmentId: locked.id,
        eventKey: event.eventKey,
        scan: event.scan,
        location: event.location,
        occurredAt: event.occurredAt,
        receivedAt: now,
        outcome: 'applied',
      })
      .onConflictDoNothing()
      .returning({ id: courierEvents.id });
    if (!recorded) return { code: 'IGNORED', reason: 'duplicate' };
    const outcome = async (reason: 'same' | 'stale' | 'backward' | 'refused') => {
      await tx.update(courierEvents).set({ outcome: reason }).where(eq(courierEvents.id, recorded.id));
      return { code: 'IGNORED' as const, reason };
    };

    const shipment = await shipmentStatus(tx, locked.shipmentId);
    // a reverse pickup's check never reaches a forward parcel
    if (!shipment || event.scan === 'qc_failed') return outcome('refused');
    const current = shipment.status;
    const decision = decideScan({
      current,
      scan: event.scan,
      occurredAt: event.occurredAt,
      lastAppliedAt: locked.lastEventAt,
    });
    const location = event.location?.slice(0, 120) ?? null;
    const note = SCAN_NOTES[event.scan];
    if (decision.kind === 'stale' || decision.kind === 'backward') return outcome(decision.kind);
    if (decision.kind === 'same') {
      // a further hub on the way: its place and time join the history, the state stays
      await addTrackingScan(tx, locked.shipmentId, { status: current, location, note }, event.occurredAt);
      await tx
        .update(courierShipments)
        .set({ lastEventAt: event.occurredAt })
        .where(eq(courierShipments.id, locked.id));
      await outcome('same');
      if (event.scan === 'rto_delivered') await receiveOnce(tx, locked, event.occurredAt);
      return { code: 'APPLIED', status: current };
    }
    try {
      // the steps the courier skipped are walked one at a time; the last carries the scan's place
      await tx.transaction(async (steps) => {
        for (const [index, status] of decision.path.entries()) {
          const isLast = index === decision.path.length - 1;
          const moved = await moveShipment(
            steps,
            { id: locked.shipmentId, orderId: shipment.orderId },
            isLast ? { status, note, ...(location ? { location } : {}) } : { status },
            event.occurredAt,
          );
          if (moved.code === 'ILLEGAL' || moved.code === 'NOT_FOUND') throw new Refused(moved.code);
        }
      });
    } catch (error) {
      if (error instanceof Refused) return outcome('refused');
      throw error;
    }
    await tx
      .update(courierShipments)
      .set({ lastEventAt: event.occurredAt })
      .where(eq(courierShipments.id, locked.id));
    const reached = decision.path.at(-1) ?? current;
    // ADR-0058: the shopper is told of a failed attempt and chooses what comes next
    if (reached === 'delivery_failed') await recordFailedAttempt(tx, locked);
    if (event.scan === 'rto_delivered') await receiveOnce(tx, locked, event.occurredAt);
    return { code: 'APPLIED', status: reached };
  });
}

/**
 * ADR-0058: the parcel sent back reached the seller: its stock comes back once, however many
 * times the courier reports the arrival (the booking row, locked, carries the time).
 */
async function receiveOnce(tx: Executor, booking: { id: number; shipmentId: number }, at: Date) {
  const [first] = await tx
    .update(courierShipments)
    .set({ rtoReceivedAt: at })
    .where(and(eq(courierShipments.id, booking.id), isNull(courierShipments.rtoReceivedAt)))
    .returning({ id: courierShipments.id });
  if (first) await receiveReturnedParcel(tx, booking.shipmentId, at);
}
