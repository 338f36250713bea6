// requirements#courier-remittance-import: the sandbox courier's remittance book. Every Friday it sends one bank transfer
// for the COD parcels it delivered in the week (Monday to Sunday, Indian days) before, less its COD
// charge per parcel (the rate card's: 2%, ₹35 at least). The book is read from its own parcels and
// scans, so it is the same on every read; a transfer's UTR is fixed by the courier's seed and day.
import { createHash } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { type Executor, sandboxCourierParcels, sandboxCourierScans } from '@marketplace/db';
import { momentToIndianDay } from '@marketplace/domain/marketing/promotions';
import { sandboxCodChargePaise } from '@marketplace/domain/orders/sandbox-courier';
import type { CourierCodRemittance, CourierRemittances } from './provider.ts';

const DAY_MS = 86_400_000;

/** The Friday after the week (Monday to Sunday) holding an Indian day: the day its cash is sent. */
export function sandboxRemittanceDay(deliveredOn: string): string {
  const day = new Date(`${deliveredOn}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() + (7 - sinceMonday + 4) * DAY_MS).toISOString().slice(0, 10);
}

const utrOf = (seed: string, day: string) =>
  `SBXN${day.replaceAll('-', '')}${createHash('sha256').update(`${seed}:${day}`).digest('hex').slice(0, 10).toUpperCase()}`;

export function sandboxRemittances(
  db: Executor,
  /** the sandbox's seed (see SandboxCourierOptions): it fixes each transfer's UTR */
  options: { seed: string },
  clock: () => Date = () => new Date(),
): CourierRemittances {
  return {
    async codRemittances({ from, to }) {
      const today = momentToIndianDay(clock());
      const delivered = await db
        .select({ parcel: sandboxCourierParcels, deliveredAt: sandboxCourierScans.dueAt })
        .from(sandboxCourierScans)
        .innerJoin(sandboxCourierParcels, eq(sandboxCourierParcels.id, sandboxCourierScans.parcelId))
        .where(
          and(
            eq(sandboxCourierScans.scan, 'delivered'),
            isNotNull(sandboxCourierScans.sentAt),
            eq(sandboxCourierParcels.paymentMode, 'cod'),
            isNull(sandboxCourierParcels.cancelledAt),
          ),
        )
        .orderBy(asc(sandboxCourierParcels.id));
      const byDay = new Map<string, CourierCodRemittance>();
      for (const { parcel, deliveredAt } of delivered) {
        const day = sandboxRemittanceDay(momentToIndianDay(deliveredAt));
        // sent only once its Friday has come, and only those asked for
        if (day > today || day < from || day > to) continue;
        const remittance = byDay.get(day) ?? {
          utr: utrOf(options.seed, day),
          remittedOn: day,
          amountPaise: 0,
          parcels: [],
        };
        const deductionPaise = Math.min(parcel.codPaise, sandboxCodChargePaise(parcel.codPaise));
        remittance.parcels.push({ awbNo: parcel.awbNo, codPaise: parcel.codPaise, deductionPaise });
        remittance.amountPaise += parcel.codPaise - deductionPaise;
        byDay.set(day, remittance);
      }
      return [...byDay.values()].sort((a, b) => a.remittedOn.localeCompare(b.remittedOn));
    },
  };
}
