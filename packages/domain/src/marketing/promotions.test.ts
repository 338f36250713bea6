import { describe, expect, it } from 'vitest';
import {
  couponStatus,
  type CouponTimes,
  dealStatus,
  indianDayToMoment,
  indianLocalToIso,
  indianWeekday,
  isCouponUsable,
  momentToIndianDay,
  momentToIndianLocal,
} from './promotions.ts';

// requirements#operator-promotions
const now = new Date('2026-11-28T06:00:00Z'); // Saturday 28 Nov, 11:30 in India
const at = (iso: string) => new Date(iso);
const running: CouponTimes = {
  isActive: true,
  startsAt: null,
  endsAt: null,
  totalLimit: null,
  redeemedCount: 0,
};

describe('couponStatus', () => {
  it.each<[Partial<CouponTimes>, ReturnType<typeof couponStatus>]>([
    [{}, 'active'],
    [{ startsAt: at('2026-11-28T06:00:00Z') }, 'active'],
    [{ startsAt: at('2026-11-28T06:00:01Z') }, 'scheduled'],
    [{ endsAt: at('2026-11-28T06:00:01Z') }, 'active'],
    [{ endsAt: at('2026-11-28T06:00:00Z') }, 'expired'],
    [{ totalLimit: 10, redeemedCount: 9 }, 'active'],
    [{ totalLimit: 10, redeemedCount: 10 }, 'exhausted'],
    [{ isActive: false }, 'paused'],
    // the first that holds: an expired coupon is expired, paused or used up
    [{ isActive: false, endsAt: at('2026-11-01T00:00:00Z'), totalLimit: 1, redeemedCount: 1 }, 'expired'],
    [{ isActive: false, totalLimit: 1, redeemedCount: 1 }, 'exhausted'],
    [{ isActive: false, startsAt: at('2026-12-01T00:00:00Z') }, 'paused'],
  ])('%j is %s', (changes, status) => {
    expect(couponStatus({ ...running, ...changes }, now)).toBe(status);
  });
});

describe('isCouponUsable', () => {
  const base: CouponTimes & { selectedDays: number[] | null; perDayLimit: number | null } = {
    ...running,
    selectedDays: null,
    perDayLimit: null,
  };
  it.each<[Partial<typeof base>, number, boolean]>([
    [{}, 0, true],
    [{ selectedDays: [6] }, 0, true], // Saturday in India
    [{ selectedDays: [0, 1, 2, 3, 4, 5] }, 0, false],
    [{ perDayLimit: 3 }, 2, true],
    [{ perDayLimit: 3 }, 3, false],
    [{ isActive: false }, 0, false],
    [{ startsAt: at('2026-12-01T00:00:00Z') }, 0, false],
  ])('%j with %i uses today: %s', (changes, today, usable) => {
    expect(isCouponUsable({ ...base, ...changes }, today, now)).toBe(usable);
  });

  it('reads the weekday in India: 20:00 UTC on a Friday is already Saturday there', () => {
    expect(indianWeekday(at('2026-11-27T18:29:59Z'))).toBe(5);
    expect(indianWeekday(at('2026-11-27T18:30:00Z'))).toBe(6);
  });
});

describe('dealStatus', () => {
  it.each<[string, string, ReturnType<typeof dealStatus>]>([
    ['2026-11-28T05:00:00Z', '2026-11-28T07:00:00Z', 'live'],
    ['2026-11-28T06:00:00Z', '2026-11-28T07:00:00Z', 'live'],
    ['2026-11-28T06:00:01Z', '2026-11-28T07:00:00Z', 'upcoming'],
    ['2026-11-28T05:00:00Z', '2026-11-28T06:00:00Z', 'ended'],
  ])('from %s to %s: %s', (startsAt, endsAt, status) => {
    expect(dealStatus({ startsAt: at(startsAt), endsAt: at(endsAt) }, now)).toBe(status);
  });
});

describe('Indian days and times', () => {
  it.each([
    ['2026-11-28', 0, '2026-11-27T18:30:00.000Z'],
    ['2026-11-28', 1, '2026-11-28T18:30:00.000Z'],
    ['2024-02-29', 0, '2024-02-28T18:30:00.000Z'],
  ])('%s (+%i days) starts at %s', (day, after, iso) => {
    expect(indianDayToMoment(day, after)?.toISOString()).toBe(iso);
  });

  it.each(['2026-02-30', '2026-13-01', '28-11-2026', '', '2026-11-28T00:00', '2026-11-2８'])(
    'refuses %j as a day',
    (day) => {
      expect(indianDayToMoment(day)).toBeNull();
    },
  );

  it('turns moments back into Indian days and datetime-local values', () => {
    expect(momentToIndianDay(at('2026-11-27T18:30:00Z'))).toBe('2026-11-28');
    expect(momentToIndianDay(at('2026-11-27T18:29:59Z'))).toBe('2026-11-27');
    expect(momentToIndianLocal(at('2026-11-28T06:00:00Z'))).toBe('2026-11-28T11:30');
  });

  it.each([
    ['2026-11-28T11:30', '2026-11-28T11:30:00+05:30'],
    [' 2026-11-28T00:00 ', '2026-11-28T00:00:00+05:30'],
    ['2026-11-28T24:00', null],
    ['2026-11-28T11:60', null],
    ['2026-02-30T10:00', null],
    ['2026-11-28', null],
    ['2026-11-28T11:30:00Z', null],
  ])('reads %j typed in Indian time as %s', (local, iso) => {
    expect(indianLocalToIso(local)).toBe(iso);
  });
});
