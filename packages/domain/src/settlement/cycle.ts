// requirements#settlement: sellers are paid weekly, for what became payable by the cycle's cut-off.

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** Payouts run weekly by default; the cut-off is Monday 00:00 IST. */
export const PAYOUT_CYCLE_DAYS = 7;
/** The weekday of the cut-off (0 is Sunday): the week's sales are paid at its start. */
export const PAYOUT_CUTOFF_WEEKDAY = 1;

/** The latest cut-off at or before `now`: Monday 00:00 IST (every `days` days from a Monday). */
export function payoutCycleEnd(now: Date, days = PAYOUT_CYCLE_DAYS): Date {
  if (Number.isNaN(now.getTime())) throw new RangeError('Not a date');
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`A cycle is whole days: ${days}`);
  const ist = now.getTime() + IST_OFFSET_MS;
  const dayStart = ist - (((ist % DAY_MS) + DAY_MS) % DAY_MS);
  if (days !== PAYOUT_CYCLE_DAYS) {
    // every `days` days counted from Monday 5 January 1970 (IST), the first Monday of the epoch
    const epochMonday = 4 * DAY_MS;
    const since = Math.floor((dayStart - epochMonday) / DAY_MS);
    return new Date(dayStart - (((since % days) + days) % days) * DAY_MS - IST_OFFSET_MS);
  }
  const weekday = new Date(dayStart).getUTCDay();
  const back = (weekday - PAYOUT_CUTOFF_WEEKDAY + 7) % 7;
  return new Date(dayStart - back * DAY_MS - IST_OFFSET_MS);
}

/** The cut-off after `end`: the next cycle's. */
export const nextPayoutCycleEnd = (end: Date, days = PAYOUT_CYCLE_DAYS) =>
  new Date(end.getTime() + days * DAY_MS);
