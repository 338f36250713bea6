import { eq, sql } from 'drizzle-orm';
import { offers, products, queryRows } from '@marketplace/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { restoreStock, takeStock, takeStockStatement } from './stock.ts';
import { refreshLowestPrices } from './lowest-price.ts';

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

  it('keeps a product’s lowest price to its selling offers, and leaves a product whose price stays unwritten', async () => {
    const [id = 0] = offerIds;
    const [offer] = await t.db.select().from(offers).where(eq(offers.id, id));
    if (!offer) throw new Error('the seed has offers');
    const product = async () =>
      (
        await queryRows<{ lowest: number | null; version: string }>(
          t.db,
          sql`SELECT lowest_price_paise AS lowest, xmin::text AS version FROM products WHERE id = ${offer.productId}`,
        )
      )[0];
    await t.db.update(offers).set({ salePricePaise: 1, stock: 5, isActive: true }).where(eq(offers.id, id));
    await refreshLowestPrices(t.db, [offer.productId, offer.productId]);
    const cheapest = await product();
    expect(cheapest?.lowest).toBe(1);
    // a stock change that leaves the price where it was writes nothing
    await setStock(id, 9);
    await refreshLowestPrices(t.db, [offer.productId]);
    expect(await product()).toEqual(cheapest);
    // paused, the offer no longer counts
    await t.db.update(offers).set({ isActive: false }).where(eq(offers.id, id));
    await refreshLowestPrices(t.db, [offer.productId]);
    expect((await product())?.lowest).not.toBe(1);
    const { salePricePaise, stock, isActive } = offer;
    await t.db.update(offers).set({ salePricePaise, stock, isActive }).where(eq(offers.id, id));
    await refreshLowestPrices(t.db, [offer.productId]);
    expect(
      (
        await t.db
          .select({ lowest: products.lowestPricePaise })
          .from(products)
          .where(eq(products.id, offer.productId))
      )[0]?.lowest,
    ).not.toBe(1);
  });
});
