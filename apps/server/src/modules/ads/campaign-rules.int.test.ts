import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@marketplace/db';
import { clickCharge, isBudgetSpent } from '@marketplace/domain/marketing/ads';
import { createTestApp, type TestApp } from '../../testing.ts';
import { clickSpentAfter } from './campaigns.ts';

// The click is charged in SQL (for the row lock); each case runs through the SQL and the domain
// function, which must agree.

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
  ])('spent %i, bid %i, limit %i', async (spentPaise, bidPaise, limitPaise) => {
    const expected = clickCharge({ spentPaise, bidPaise, limitPaise });
    const [row] = await queryRows<{ after: number }>(
      t.db,
      sql`SELECT ${clickSpentAfter({
        spentPaise: sql`${spentPaise}::int`,
        bidPaise: sql`${bidPaise}::int`,
        maximumSpendLimitPaise: sql`${limitPaise}::int`,
      })}::int AS after`,
    );
    expect(Number(row?.after)).toBe(expected.spentAfterPaise);
    expect(Number(row?.after) - spentPaise).toBe(expected.costPaise);
    expect(isBudgetSpent(Number(row?.after), limitPaise)).toBe(expected.stops);
  });
});
