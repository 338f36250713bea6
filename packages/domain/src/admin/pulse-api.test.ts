import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from './console.ts';
import { indianWeekStart, pulseHref, pulseKeysFor } from './pulse-api.ts';

describe('the overview’s tiles', () => {
  it('shows each role the tiles of its own areas only', () => {
    expect(pulseKeysFor('owner')).toHaveLength(9);
    expect(pulseKeysFor('catalog')).toEqual(['sellersWaiting', 'productsInModeration']);
    expect(pulseKeysFor('support')).toEqual([
      'ordersToday',
      'ordersWeek',
      'failedRefunds',
      'grievancesOverdue',
      'grievancesDueSoon',
    ]);
    expect(pulseKeysFor('finance')).toEqual(['ordersToday', 'ordersWeek', 'codAwaiting', 'payoutsFailed']);
    expect(pulseKeysFor('marketing')).toEqual([]);
    for (const role of STAFF_ROLES) expect(new Set(pulseKeysFor(role)).size).toBe(pulseKeysFor(role).length);
  });

  it('leads each to its queue, for the role’s area and the days counted', () => {
    const days = { today: '2026-12-06', weekFrom: '2026-11-30' };
    expect(pulseHref('ordersWeek', 'support', days)).toBe('/admin/orders?from=2026-11-30&to=2026-12-06');
    expect(pulseHref('ordersToday', 'finance', days)).toBe('/admin/reports?from=2026-12-06&to=2026-12-06');
    expect(pulseHref('payoutsFailed', 'owner', days)).toBe('/admin/settlements/payouts');
  });
});

describe('the Indian week', () => {
  it('starts at midnight on Monday in India', () => {
    // Sunday 6 Dec 2026, 01:00 UTC (06:30 IST): the week began Monday 30 Nov, 00:00 IST
    expect(indianWeekStart(new Date('2026-12-06T01:00:00Z')).toISOString()).toBe('2026-11-29T18:30:00.000Z');
    // Sunday 20:00 UTC is already Monday 01:30 in India: a new week
    expect(indianWeekStart(new Date('2026-12-06T20:00:00Z')).toISOString()).toBe('2026-12-06T18:30:00.000Z');
    // Monday 00:00 IST exactly
    expect(indianWeekStart(new Date('2026-11-29T18:30:00Z')).toISOString()).toBe('2026-11-29T18:30:00.000Z');
  });
});
