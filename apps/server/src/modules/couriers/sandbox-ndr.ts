// ADR-0058: the sandbox courier's answer to a choice after a failed delivery attempt: the parcel's
// scans still to come are planned again (another attempt on the day chosen, at the corrected
// address or phone, or the trip back to the seller). Without a choice the next attempt already
// planned (the next day) stays.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { type Executor, sandboxCourierParcels, sandboxCourierScans } from '@marketplace/db';
import { addDays, indiaDate } from '@marketplace/domain/orders/returns';
import {
  MAX_DELIVERY_ATTEMPTS,
  type PlannedScan,
  planSandboxAttempts,
  planSandboxReturn,
  seededRandom,
} from '@marketplace/domain/orders/sandbox-courier';
import type { CourierNdr, CourierNdrAction } from './provider.ts';
import type { SandboxCourierOptions } from './sandbox-options.ts';

/** the agent goes out at 9 in the morning, India time, on the day */
const morningOf = (day: string) => Date.parse(`${day}T09:00:00+05:30`);

export function sandboxNdr(
  db: Executor,
  options: SandboxCourierOptions,
  clock: () => Date = () => new Date(),
): CourierNdr {
  return {
    async ndrAction(awbNo: string, action: CourierNdrAction) {
      return db.transaction(async (tx) => {
        const [parcel] = await tx
          .select()
          .from(sandboxCourierParcels)
          .where(eq(sandboxCourierParcels.awbNo, awbNo))
          .for('update');
        if (!parcel || parcel.cancelledAt) return { code: 'NOT_FOUND' as const };
        const scans = await tx
          .select()
          .from(sandboxCourierScans)
          .where(eq(sandboxCourierScans.parcelId, parcel.id))
          .orderBy(asc(sandboxCourierScans.sequence));
        const sent = scans.filter((s) => s.sentAt !== null);
        const last = sent.at(-1);
        if (last?.scan !== 'delivery_attempted')
          return { code: 'REFUSED' as const, reason: 'the parcel is not waiting after a failed attempt.' };
        const attemptsMade = sent.filter((s) => s.scan === 'delivery_attempted').length;
        if (attemptsMade >= MAX_DELIVERY_ATTEMPTS)
          return { code: 'REFUSED' as const, reason: 'three attempts were made; the parcel goes back.' };

        const now = clock();
        // the courier's new plan starts after its last scan sent, never before
        const base = Math.max(now.getTime(), last.dueAt.getTime() + 1);
        const minutesUntil = (at: number) => Math.max(1, Math.round((at - base) / 60_000));
        const tomorrow = addDays(indiaDate(new Date(base)), 1);
        let delivery = parcel.delivery;
        if (action.action === 'change_address')
          delivery = {
            ...delivery,
            address: action.address,
            pincode: action.pincode,
            phone: action.phone ?? delivery.phone,
          };
        if (action.action === 'change_phone') delivery = { ...delivery, phone: action.phone };
        const journey = {
          pickupPincode: parcel.pickup.pincode,
          deliveryPincode: delivery.pincode,
        };
        const plan: PlannedScan[] =
          action.action === 'return_to_origin'
            ? planSandboxReturn({ ...journey, afterMinutes: 60 })
            : planSandboxAttempts({
                ...journey,
                random: seededRandom(`${options.seed}:${awbNo}:ndr${attemptsMade}`),
                failedAttemptRate: options.rates.failedAttemptRate,
                attemptsMade,
                firstOutAfterMinutes: minutesUntil(
                  morningOf(action.action === 're_attempt' ? action.date : tomorrow),
                ),
              });

        await tx
          .delete(sandboxCourierScans)
          .where(and(eq(sandboxCourierScans.parcelId, parcel.id), isNull(sandboxCourierScans.sentAt)));
        if (delivery !== parcel.delivery)
          await tx
            .update(sandboxCourierParcels)
            .set({ delivery })
            .where(eq(sandboxCourierParcels.id, parcel.id));
        const from = last.sequence + 1;
        await tx.insert(sandboxCourierScans).values(
          plan.map((scan, index) => ({
            parcelId: parcel.id,
            sequence: from + index,
            scan: scan.code,
            location: scan.location,
            dueAt: new Date(
              base +
                (options.speed === 'instant'
                  ? index + 1
                  : Math.round((scan.afterMinutes * 60_000) / options.speed)),
            ),
          })),
        );
        return { code: 'ACCEPTED' as const };
      });
    },
  };
}
