import { asc } from 'drizzle-orm';
import { type Executor, gstRateSchedule } from '@marketplace/db';
import type { ScheduleRow } from '@marketplace/domain/tax/schedule';

/** The GST rate schedule, every row (a few hundred at most), oldest prefix first. */
export async function loadGstSchedule(tx: Executor): Promise<ScheduleRow[]> {
  return tx
    .select({
      hsnPrefix: gstRateSchedule.hsnPrefix,
      description: gstRateSchedule.description,
      effectiveFrom: gstRateSchedule.effectiveFrom,
      rateBp: gstRateSchedule.rateBp,
      thresholdPaise: gstRateSchedule.thresholdPaise,
      rateAboveBp: gstRateSchedule.rateAboveBp,
      notification: gstRateSchedule.notification,
    })
    .from(gstRateSchedule)
    .orderBy(asc(gstRateSchedule.hsnPrefix), asc(gstRateSchedule.effectiveFrom));
}
