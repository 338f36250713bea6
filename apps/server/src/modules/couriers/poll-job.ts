// requirements#courier-shiprocket: polling, the fallback to a real courier's webhook. By one
// server process at a time (ADR-0019), the shipments of that courier not yet at an end are asked
// about with `track`, the longest-quiet first, and each scan goes through applyCourierEvent
// (a scan the webhook already brought is a duplicate and changes nothing). Reverse pickups of
// returns still on their way are asked about the same way (ADR-0058). The calls never exceed the
// courier's rate: at most `perMinute` in any minute, across runs.
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { courierReversePickups, courierShipments, type Database, shipments } from '@marketplace/db';
import type { Job } from '../../jobs.ts';
import { applyScanOfAnyParcel } from './route-event.ts';
import type { CourierCore } from './provider.ts';

/** statuses after which no scan of the courier's can move the shipment */
export const FINISHED_STATUSES = [
  'delivered',
  'lost_in_transit',
  'cancelled_by_seller',
  'return_to_origin',
] as const;

/** reverse pickups the courier may still scan: not yet collected, or on their way to the seller */
export const OPEN_REVERSE_PICKUP_STATUSES = ['booked', 'picked_up'] as const;

/**
 * At most `calls` in any `windowMs`, as the courier counts them: a call holds its place from its
 * start until `windowMs` after its answer (the courier saw it arrive somewhere in between).
 */
export function slidingWindowLimiter(
  calls: number,
  windowMs: number,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
) {
  const places: { until: number }[] = [];
  return async function slot(): Promise<() => void> {
    for (;;) {
      const now = Date.now();
      for (let i = places.length - 1; i >= 0; i--) if ((places[i]?.until ?? 0) <= now) places.splice(i, 1);
      if (places.length < calls) {
        const place = { until: Number.POSITIVE_INFINITY };
        places.push(place);
        return () => {
          place.until = Date.now() + windowMs;
        };
      }
      const next = Math.min(...places.map((p) => p.until));
      await sleep(Number.isFinite(next) ? next - now + 1 : 20);
    }
  };
}

export function courierPollJob(
  db: Database,
  courier: Pick<CourierCore, 'name' | 'track'>,
  logger: Logger,
  {
    perMinute,
    windowMs = 60_000,
    intervalMs = 60_000,
  }: { perMinute: number; windowMs?: number; intervalMs?: number },
): Job & { polled: () => number } {
  const slot = slidingWindowLimiter(perMinute, windowMs);
  let polled = 0;
  return {
    name: `courier-poll-${courier.name}`,
    intervalMs,
    polled: () => polled,
    run: async () => {
      // a run asks about at most a window's worth of shipments: the next run takes the others
      const due = await db
        .select({ awbNo: courierShipments.awbNo })
        .from(courierShipments)
        .innerJoin(shipments, eq(shipments.id, courierShipments.shipmentId))
        .where(
          and(
            eq(courierShipments.provider, courier.name),
            notInArray(shipments.status, [...FINISHED_STATUSES]),
          ),
        )
        .orderBy(sql`${courierShipments.lastEventAt} asc nulls first`, asc(courierShipments.id))
        .limit(perMinute);
      const reverse =
        due.length < perMinute
          ? await db
              .select({ awbNo: courierReversePickups.awbNo })
              .from(courierReversePickups)
              .where(
                and(
                  eq(courierReversePickups.provider, courier.name),
                  inArray(courierReversePickups.status, [...OPEN_REVERSE_PICKUP_STATUSES]),
                ),
              )
              .orderBy(
                sql`${courierReversePickups.lastEventAt} asc nulls first`,
                asc(courierReversePickups.id),
              )
              .limit(perMinute - due.length)
          : [];
      due.push(...reverse);
      let applied = 0;
      for (const { awbNo } of due) {
        const done = await slot();
        polled++;
        let events;
        try {
          events = await courier.track(awbNo);
        } catch (error) {
          logger.warn(
            { err: error, awbNo, courier: courier.name },
            'courier tracking not answered: tried next time',
          );
          continue;
        } finally {
          done();
        }
        for (const event of events) {
          const result = await applyScanOfAnyParcel(db, courier.name, event);
          if (result.code === 'APPLIED') applied++;
        }
      }
      if (due.length > 0)
        logger.debug({ polled: due.length, applied, courier: courier.name }, 'courier tracking polled');
    },
  };
}
