// requirements#operator-promotions: the rules behind the console's promotions: what state a coupon
// or a deal is in, and how the forms' Indian days and times become moments. Pure, no I/O.

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 86_400_000;

export const COUPON_STATUSES = ['active', 'scheduled', 'paused', 'expired', 'exhausted'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export type CouponTimes = {
  isActive: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  totalLimit: number | null;
  redeemedCount: number;
};

/**
 * A coupon's state at `now`, the first that holds: expired (its end has passed), exhausted (every
 * redemption of its total limit used), paused (staff paused it), scheduled (its start is ahead),
 * else active. Only an active coupon is offered to shoppers (requirements#coupons).
 */
export function couponStatus(coupon: CouponTimes, now: Date): CouponStatus {
  if (coupon.endsAt !== null && coupon.endsAt.getTime() <= now.getTime()) return 'expired';
  if (coupon.totalLimit !== null && coupon.redeemedCount >= coupon.totalLimit) return 'exhausted';
  if (!coupon.isActive) return 'paused';
  if (coupon.startsAt !== null && coupon.startsAt.getTime() > now.getTime()) return 'scheduled';
  return 'active';
}

/** The weekday in India (0 Sunday ... 6 Saturday): coupon days are the shop's days. */
export function indianWeekday(at: Date): number {
  return new Date(at.getTime() + IST_OFFSET_MS).getUTCDay();
}

/**
 * Whether a shopper may use the coupon at `now`: active, on one of its weekdays (none chosen: every
 * day) and under its per-day limit (`redeemedToday`: its uses since Indian midnight).
 */
export function isCouponUsable(
  coupon: CouponTimes & { selectedDays: readonly number[] | null; perDayLimit: number | null },
  redeemedToday: number,
  now: Date,
): boolean {
  if (couponStatus(coupon, now) !== 'active') return false;
  if (coupon.selectedDays !== null && !coupon.selectedDays.includes(indianWeekday(now))) return false;
  return coupon.perDayLimit === null || redeemedToday < coupon.perDayLimit;
}

export const DEAL_STATUSES = ['live', 'upcoming', 'ended'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** A deal runs from its start (included) to its end (excluded), as the storefront reads it (requirements#deals). */
export function dealStatus(deal: { startsAt: Date; endsAt: Date }, now: Date): DealStatus {
  if (deal.endsAt.getTime() <= now.getTime()) return 'ended';
  if (deal.startsAt.getTime() > now.getTime()) return 'upcoming';
  return 'live';
}

/** `YYYY-MM-DD`, an Indian calendar day, as the moment it starts; null when not a real day. */
export function indianDayToMoment(day: string, daysAfter = 0): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const utc = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 10) !== day) return null;
  return new Date(utc - IST_OFFSET_MS + daysAfter * DAY_MS);
}

/** The Indian calendar day holding a moment, `YYYY-MM-DD`. */
export function momentToIndianDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A `datetime-local` value typed in Indian time (`YYYY-MM-DDTHH:mm`) as an ISO moment with its
 * +05:30 offset; null when it is not a real time of a real day.
 */
export function indianLocalToIso(local: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/.exec(local.trim());
  if (!match?.[1] || indianDayToMoment(match[1]) === null) return null;
  return `${match[1]}T${match[2]}:${match[3]}:00+05:30`;
}

/** A moment as a `datetime-local` value in Indian time (`YYYY-MM-DDTHH:mm`). */
export function momentToIndianLocal(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16);
}
