// ADR-0051: the built-in sandbox courier, the default. It keeps its own books in the
// database, so its clock survives a restart: a booking plans the parcel's scans (hubs by pincode
// zone, failed attempts and returns to origin at a seeded rate), and the sandbox job sends each
// scan when its time comes on the sandbox's clock.
import { randomInt } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { type Executor, sandboxCourierParcels, sandboxCourierScans } from '@marketplace/db';
import { isCourierScan } from '@marketplace/domain/orders/courier-scans';
import {
  planSandboxJourney,
  SANDBOX_COURIER_NAME,
  sandboxQuote,
} from '@marketplace/domain/orders/sandbox-courier';
import type { CourierProvider, CourierTrackingEvent } from './provider.ts';
import { sandboxLabelPdf } from './sandbox-label.ts';
import { sandboxNdr } from './sandbox-ndr.ts';
import { sandboxReturns } from './sandbox-returns.ts';
import { sandboxPickups } from './sandbox-pickups.ts';
import { sandboxRemittances } from './sandbox-remittances.ts';
import type { SandboxCourierOptions } from './sandbox-options.ts';

export type { SandboxCourierOptions } from './sandbox-options.ts';

export const DEFAULT_SANDBOX_COURIER: SandboxCourierOptions = {
  speed: 1440,
  rates: { failedAttemptRate: 0.1, rtoRate: 0.03 },
  seed: 'bazaar',
};

/** the sandbox's AWBs: BZS and ten digits */
const newAwb = () => `BZS${String(randomInt(1_000_000_000, 9_999_999_999))}`;
const eventKeyOf = (parcelId: number, sequence: number) => `sandbox-${parcelId}-${sequence}`;

export function createSandboxCourier(
  db: Executor,
  options: SandboxCourierOptions = DEFAULT_SANDBOX_COURIER,
): CourierProvider {
  const dueAt = (bookedAt: Date, afterMinutes: number, sequence: number) =>
    new Date(
      bookedAt.getTime() +
        (options.speed === 'instant' ? sequence : Math.round((afterMinutes * 60_000) / options.speed)),
    );

  return {
    // ADR-0058: choices after a failed delivery attempt
    ...sandboxNdr(db, options, options.clock),
    // ADR-0058: reverse pickups of accepted returns
    ...sandboxReturns(db, options),
    name: 'sandbox',
    ...sandboxPickups(db, options),
    ...sandboxRemittances(db, options),
    quote(input) {
      const quote = sandboxQuote(input);
      return Promise.resolve(
        quote.serviceable
          ? {
              code: 'SERVICEABLE',
              courierName: SANDBOX_COURIER_NAME,
              chargePaise: quote.chargePaise,
              transitDays: quote.transitDays,
            }
          : { code: 'NOT_SERVICEABLE', reason: quote.reason },
      );
    },

    async book(input) {
      const quote = sandboxQuote({
        ...input,
        pickupPincode: input.pickup.pincode,
        deliveryPincode: input.delivery.pincode,
      });
      if (!quote.serviceable) return { code: 'NOT_SERVICEABLE', reason: quote.reason };
      return db.transaction(async (tx) => {
        const [made] = await tx
          .insert(sandboxCourierParcels)
          .values({
            awbNo: newAwb(),
            reference: input.reference,
            zone: quote.zone,
            weightGrams: input.weightGrams,
            paymentMode: input.paymentMode,
            codPaise: input.codPaise,
            pickup: input.pickup,
            delivery: input.delivery,
            contents: input.contents,
            createdAt: input.bookedAt,
          })
          .onConflictDoNothing({ target: sandboxCourierParcels.reference })
          .returning();
        if (!made) {
          // the same reference booked again: the courier answers with the booking it has
          const [had] = await tx
            .select({ awbNo: sandboxCourierParcels.awbNo })
            .from(sandboxCourierParcels)
            .where(eq(sandboxCourierParcels.reference, input.reference));
          if (!had) throw new Error('a sandbox booking vanished');
          return {
            code: 'BOOKED',
            awbNo: had.awbNo,
            courierName: SANDBOX_COURIER_NAME,
            chargePaise: quote.chargePaise,
          };
        }
        const plan = planSandboxJourney({
          pickupPincode: input.pickup.pincode,
          deliveryPincode: input.delivery.pincode,
          seed: `${options.seed}:${made.awbNo}`,
          rates: options.rates,
        });
        await tx.insert(sandboxCourierScans).values(
          plan.map((scan, index) => ({
            parcelId: made.id,
            sequence: index + 1,
            scan: scan.code,
            location: scan.location,
            dueAt: dueAt(input.bookedAt, scan.afterMinutes, index + 1),
          })),
        );
        return {
          code: 'BOOKED',
          awbNo: made.awbNo,
          courierName: SANDBOX_COURIER_NAME,
          chargePaise: quote.chargePaise,
        };
      });
    },

    async label(awbNo) {
      const [parcel] = await db
        .select()
        .from(sandboxCourierParcels)
        .where(eq(sandboxCourierParcels.awbNo, awbNo));
      return parcel ? sandboxLabelPdf(parcel) : null;
    },

    async cancel(awbNo) {
      return db.transaction(async (tx) => {
        const [parcel] = await tx
          .select()
          .from(sandboxCourierParcels)
          .where(eq(sandboxCourierParcels.awbNo, awbNo))
          .for('update');
        if (!parcel) return { code: 'NOT_FOUND' as const };
        const [picked] = await tx
          .select({ id: sandboxCourierScans.id })
          .from(sandboxCourierScans)
          .where(
            and(
              eq(sandboxCourierScans.parcelId, parcel.id),
              eq(sandboxCourierScans.scan, 'picked_up'),
              isNotNull(sandboxCourierScans.sentAt),
            ),
          );
        if (picked) return { code: 'TOO_LATE' as const };
        await tx
          .delete(sandboxCourierScans)
          .where(and(eq(sandboxCourierScans.parcelId, parcel.id), isNull(sandboxCourierScans.sentAt)));
        await tx
          .update(sandboxCourierParcels)
          .set({ cancelledAt: new Date() })
          .where(eq(sandboxCourierParcels.id, parcel.id));
        return { code: 'CANCELLED' as const };
      });
    },

    async track(awbNo) {
      const rows = await db
        .select({ scan: sandboxCourierScans, awbNo: sandboxCourierParcels.awbNo })
        .from(sandboxCourierScans)
        .innerJoin(sandboxCourierParcels, eq(sandboxCourierParcels.id, sandboxCourierScans.parcelId))
        .where(and(eq(sandboxCourierParcels.awbNo, awbNo), isNotNull(sandboxCourierScans.sentAt)))
        .orderBy(asc(sandboxCourierScans.sequence));
      return rows.flatMap(({ scan }): CourierTrackingEvent[] =>
        isCourierScan(scan.scan)
          ? [
              {
                awbNo,
                eventKey: eventKeyOf(scan.parcelId, scan.sequence),
                scan: scan.scan,
                location: scan.location,
                occurredAt: scan.dueAt,
              },
            ]
          : [],
      );
    },
  };
}

/**
 * The sandbox's clock: its scans due by `now`, oldest first, each handed to `deliver` (as a
 * courier's webhook would) and marked sent once delivered. A failed delivery is tried next time.
 */
export async function sendDueSandboxScans(
  db: Executor,
  now: Date,
  deliver: (event: CourierTrackingEvent) => Promise<unknown>,
  limit = 200,
) {
  const due = await db
    .select({ scan: sandboxCourierScans, awbNo: sandboxCourierParcels.awbNo })
    .from(sandboxCourierScans)
    .innerJoin(sandboxCourierParcels, eq(sandboxCourierParcels.id, sandboxCourierScans.parcelId))
    .where(and(isNull(sandboxCourierScans.sentAt), lte(sandboxCourierScans.dueAt, now)))
    .orderBy(asc(sandboxCourierScans.dueAt), asc(sandboxCourierScans.sequence))
    .limit(limit);
  let sent = 0;
  for (const { scan, awbNo } of due) {
    if (!isCourierScan(scan.scan)) continue;
    await deliver({
      awbNo,
      eventKey: eventKeyOf(scan.parcelId, scan.sequence),
      scan: scan.scan,
      location: scan.location,
      occurredAt: scan.dueAt,
    });
    await db.update(sandboxCourierScans).set({ sentAt: now }).where(eq(sandboxCourierScans.id, scan.id));
    sent++;
  }
  return sent;
}
