import { eq, sql } from 'drizzle-orm';
import { offers, queryRows } from '@marketplace/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { restoreStock, takeStock, takeStockStatement } from './stock.ts';

let t: TestApp;
let offerIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  offerIds = (await t.db.select({ id: offers.id }).from(offers).orderBy(offers.id).limit(2)).map((o) => o.id);
});
afterAll(() => t.close());

const now = new Date('2026-01-01T00:00:00Z');
const stockOf = async (id: number) =>
  (await t.db.select({ stock: offers.stock }).from(offers).where(eq(offers.id, id)))[0]?.stock;
const setStock = (id: number, stock: number) => t.db.update(offers).set({ stock }).where(eq(offers.id, id));

describe('inventory', () => {
  it('takes stock only while the offer has it, never below 0', async () => {
    const [id = 0] = offerIds;
    await setStock(id, 3);
    expect(await takeStock(t.db, id, 2, now)).toBe(true);
    expect(await stockOf(id)).toBe(1);
    expect(await takeStock(t.db, id, 2, now)).toBe(false);
    expect(await stockOf(id)).toBe(1);
    expect(await takeStock(t.db, id, 0, now)).toBe(true);
    expect(await stockOf(id)).toBe(1);
  });

  it('gives units back, and nothing for no units', async () => {
    const [id = 0] = offerIds;
    await setStock(id, 1);
    await restoreStock(t.db, id, 4, now);
    expect(await stockOf(id)).toBe(5);
    await restoreStock(t.db, id, 0, now);
    expect(await stockOf(id)).toBe(5);
  });

  it('takes several offers in one statement, leaving an offer short of stock as it was', async () => {
    const [a = 0, b = 0] = offerIds;
    await setStock(a, 5);
    await setStock(b, 1);
    const rows = await queryRows<{ id: number }>(
      t.db,
      sql`WITH taken AS (${takeStockStatement(
        new Map([
          [a, 2],
          [b, 3],
        ]),
        now,
      )}) SELECT id FROM taken`,
    );
    expect(rows.map((r) => Number(r.id))).toEqual([a]);
    expect([await stockOf(a), await stockOf(b)]).toEqual([3, 1]);
  });
});
