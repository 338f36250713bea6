// requirements#seller-orders: each item is handed to the courier within its offer's dispatch days,
// counted in Indian calendar days from the order; the deadline is the end of the last such day.

const DAY_MS = 24 * 60 * 60 * 1000;
/** India keeps one offset all year (no daylight saving): +05:30. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The last moment an item ordered at `placedAt` may be dispatched: 23:59:59.999 in India, `dispatchDays` days on. */
export function dispatchDeadline(placedAt: Date, dispatchDays: number): Date {
  if (!Number.isSafeInteger(dispatchDays) || dispatchDays < 0) {
    throw new RangeError(`Dispatch days must be a whole number of days, got ${dispatchDays}`);
  }
  const indianMidnight = Math.floor((placedAt.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  return new Date(indianMidnight + (dispatchDays + 1) * DAY_MS - 1);
}

/**
 * Whether an item's dispatch is late: still waiting after its deadline, or dispatched after it.
 * `dispatchedAt` is null while the item waits.
 */
export function isDispatchLate(
  item: { placedAt: Date; dispatchDays: number; dispatchedAt: Date | null },
  now: Date,
): boolean {
  const deadline = dispatchDeadline(item.placedAt, item.dispatchDays).getTime();
  return (item.dispatchedAt ?? now).getTime() > deadline;
}
