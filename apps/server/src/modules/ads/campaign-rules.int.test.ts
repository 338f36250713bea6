import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@marketplace/db';
import {
  type CampaignRunState,
  clickCharge,
  isBudgetSpent,
  isCampaignRunning,
} from '@marketplace/domain/marketing/ads';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { clickSpentAfter, runningCondition } from './campaigns.ts';

// The queries keep these rules in SQL (for the row lock and the index); each case runs through the
// SQL and the domain function, which must agree.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the click charge in SQL', () => {
  it.each([
    // spent, bid, limit
    [0, 1_300, 10_000],
    [8_700, 1_300, 10_000],
    [9_000, 1_300, 10_000],
    [9_999, 1_300, 10_000],
    [10_000, 1_300, 10_000],
    [12_000, 1_300, 10_000],
    [0, 0, 10_000],
    [0, 500, 0],
    [0, -100, 10_000],
    [1, 2_147_483_000, 2_147_483_647],
    // requirements#seller-ads: spent, bid, limit, daily budget, spent today
    [1_300, 1_300, 10_000, 2_000, 1_300],
    [2_000, 1_300, 10_000, 2_000, 2_000],
    [9_500, 1_300, 10_000, 2_000, 0],
    [0, 1_300, 10_000, 0, 0],
    [500, 1_300, 10_000, 5_000, 6_000],
  ])(
    'spent %i, bid %i, limit %i, daily %s, today %s',
    async (spentPaise, bidPaise, limitPaise, daily?: number, today?: number) => {
      const dailyBudgetPaise = daily ?? null;
      const spentTodayPaise = today ?? 0;
      const expected = clickCharge({ spentPaise, bidPaise, limitPaise, dailyBudgetPaise, spentTodayPaise });
      const [row] = await queryRows<{ after: number }>(
        t.db,
        sql`SELECT ${clickSpentAfter({
          spentPaise: sql`${spentPaise}::int`,
          bidPaise: sql`${bidPaise}::int`,
          maximumSpendLimitPaise: sql`${limitPaise}::int`,
          dailyBudgetPaise: sql`${dailyBudgetPaise}::int`,
          spentTodayPaise: sql`${spentTodayPaise}::int`,
        })}::int AS after`,
      );
      expect(Number(row?.after)).toBe(expected.spentAfterPaise);
      expect(Number(row?.after) - spentPaise).toBe(expected.costPaise);
      expect(isBudgetSpent(Number(row?.after), limitPaise)).toBe(expected.stops);
    },
  );
});

describe('"campaign is running" in SQL', () => {
  const now = new Date('2026-11-20T20:00:00Z'); // 01:30 on the 21st in India, the campaigns' day (the 20th in UTC)
  const running: CampaignRunState = {
    isActive: true,
    fromDate: '2026-11-01',
    toDate: '2026-11-30',
    spentPaise: 4_000,
    maximumSpendLimitPaise: 10_000,
  };
  it.each<Partial<CampaignRunState>>([
    {},
    { isActive: false },
    { fromDate: '2026-11-20' },
    { fromDate: '2026-11-21' },
    { toDate: '2026-11-20' },
    { toDate: '2026-11-19' },
    { fromDate: '2026-11-20', toDate: '2026-11-20' },
    { spentPaise: 9_999 },
    { spentPaise: 10_000 },
    { spentPaise: 12_000 },
    { spentPaise: 0, maximumSpendLimitPaise: 0 },
    // requirements#seller-ads: the daily budget
    { dailyBudgetPaise: null, spentTodayPaise: 90_000 },
    { dailyBudgetPaise: 2_000, spentTodayPaise: 0 },
    { dailyBudgetPaise: 2_000, spentTodayPaise: 1_999 },
    { dailyBudgetPaise: 2_000, spentTodayPaise: 2_000 },
    { dailyBudgetPaise: 2_000, spentTodayPaise: 3_000 },
    { dailyBudgetPaise: 0, spentTodayPaise: 0 },
    // requirements#operator-promotions: only approved campaigns run
    { reviewStatus: 'pending' },
    { reviewStatus: 'refused' },
    { reviewStatus: 'approved' },
  ])('%j', async (changes) => {
    const campaign = { ...running, ...changes };
    const [row] = await queryRows<{ running: boolean }>(
      t.db,
      sql`SELECT (${runningCondition(
        {
          reviewStatus: sql`${campaign.reviewStatus ?? 'approved'}::text`,
          isActive: sql`${campaign.isActive}::boolean`,
          fromDate: sql`${campaign.fromDate}::date`,
          toDate: sql`${campaign.toDate}::date`,
          spentPaise: sql`${campaign.spentPaise}::int`,
          maximumSpendLimitPaise: sql`${campaign.maximumSpendLimitPaise}::int`,
          dailyBudgetPaise: sql`${campaign.dailyBudgetPaise ?? null}::int`,
          spentTodayPaise: sql`${campaign.spentTodayPaise ?? 0}::int`,
        },
        now,
      )}) AS running`,
    );
    expect(row?.running).toBe(isCampaignRunning(campaign, now));
  });
});
