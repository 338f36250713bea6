// ADR-0058: the sandbox courier's reverse pickups: booked by the return's reference (once), with
// the agent at the shopper's door on the pickup day; the quality check there fails at the seeded
// `qcFailRate`; otherwise the product is picked up and delivered to the seller.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Executor, sandboxCourierParcels, sandboxCourierScans } from '@marketplace/db';
import {
  planSandboxReversePickup,
  SANDBOX_COURIER_NAME,
  sandboxQuote,
  seededRandom,
} from '@marketplace/domain/orders/sandbox-courier';
import type { CourierReturns } from './provider.ts';
import type { SandboxCourierOptions } from './sandbox-options.ts';

/** the agent reaches the shopper at 10 in the morning, India time, on the pickup day */
const pickupMorning = (day: string) => Date.parse(`${day}T10:00:00+05:30`);

export function sandboxReturns(db: Executor, options: SandboxCourierOptions): CourierReturns {
  return {
    async bookReversePickup(input) {
      const quote = sandboxQuote({
        pickupPincode: input.pickup.pincode,
        deliveryPincode: input.delivery.pincode,
        weightGrams: input.weightGrams,
        paymentMode: 'prepaid',
        codPaise: 0,
      });
      if (!quote.serviceable) return { code: 'NOT_SERVICEABLE', reason: quote.reason };
      return db.transaction(async (tx) => {
        const [made] = await tx
          .insert(sandboxCourierParcels)
          .values({
            awbNo: `BZR${String(randomInt(1_000_000_000, 9_999_999_999))}`,
            reference: input.reference,
            zone: quote.zone,
            weightGrams: input.weightGrams,
            paymentMode: 'prepaid',
            codPaise: 0,
            pickup: input.pickup,
            delivery: input.delivery,
            contents: input.contents,
            createdAt: input.bookedAt,
          })
          .onConflictDoNothing({ target: sandboxCourierParcels.reference })
          .returning();
        const booked = (awbNo: string) => ({
          code: 'BOOKED' as const,
          awbNo,
          courierName: SANDBOX_COURIER_NAME,
          chargePaise: quote.chargePaise,
        });
        if (!made) {
          const [had] = await tx
            .select({ awbNo: sandboxCourierParcels.awbNo })
            .from(sandboxCourierParcels)
            .where(eq(sandboxCourierParcels.reference, input.reference));
          if (!had) throw new Error('a sandbox booking vanished');
          return booked(had.awbNo);
        }
        const random = seededRandom(`${options.seed}:${made.awbNo}:qc`);
        const bookedAt = input.bookedAt.getTime();
        // booked the day before the shopper's pickup day (reverse-pickups.ts): the agent comes
        // the next morning, as aggregators' reverse pickups commonly do
        const day = new Date(bookedAt + 24 * 60 * 60_000 + 5.5 * 60 * 60_000).toISOString().slice(0, 10);
        const plan = planSandboxReversePickup({
          pickupPincode: input.pickup.pincode,
          deliveryPincode: input.delivery.pincode,
          pickupAfterMinutes: Math.round((pickupMorning(day) - bookedAt) / 60_000),
          isQcFailed: random() < (options.rates.qcFailRate ?? 0),
        });
        await tx.insert(sandboxCourierScans).values(
          plan.map((scan, index) => ({
            parcelId: made.id,
            sequence: index + 1,
            scan: scan.code,
            location: scan.location,
            dueAt: new Date(
              bookedAt +
                (options.speed === 'instant'
                  ? index + 1
                  : Math.round((scan.afterMinutes * 60_000) / options.speed)),
            ),
          })),
        );
        return booked(made.awbNo);
      });
    },
  };
}
