// requirements#seller-within-state: an unregistered seller's offers reach its own state only, on
// the paths the delivery engine decides (cart availability here; the product page, checkout and
// listing filters share the same rule through deliveryOptions).
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, pincodes, products, sellers } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

let t: TestApp;
let line: { productId: number; sellerId: number };
let home: { pincode: string; state: string };
let across: string;
beforeAll(async () => {
  t = await createTestApp();
  // a standard product of a seller that ships to every zone
  const [row] = await t.db
    .select({
      productId: offers.productId,
      sellerId: offers.sellerId,
      pincode: pincodes.pincode,
      state: pincodes.state,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .innerJoin(pincodes, eq(pincodes.pincode, sellers.pincode))
    .where(
      and(
        eq(products.handling, 'standard'),
        eq(products.isActive, true),
        eq(offers.isActive, true),
        sql`${offers.stock} > 0`,
        sql`cardinality(${sellers.shippingZones}) = 4`,
      ),
    )
    .orderBy(asc(offers.id))
    .limit(1);
  if (!row) throw new Error('the seed has such an offer');
  line = { productId: row.productId, sellerId: row.sellerId };
  home = { pincode: row.pincode, state: row.state };
  const [elsewhere] = await t.db
    .select({ pincode: pincodes.pincode })
    .from(pincodes)
    .where(
      and(
        sql`${pincodes.state} <> ${row.state}`,
        eq(pincodes.isServiceable, true),
        eq(pincodes.state, row.state === 'Delhi' ? 'Haryana' : 'Delhi'),
      ),
    )
    .limit(1);
  if (!elsewhere) throw new Error('a pincode in another state');
  across = elsewhere.pincode;
});
afterAll(() => t.close());

const availability = async (pincode: string) => {
  const res = await t.postJson('/api/cart/availability', { pincode, lines: [line] });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { lines: { status: string }[] };
  return body.lines[0]?.status;
};

const setIdentity = (gstin: string | null, enrolmentNo: string | null) =>
  t.db.update(sellers).set({ gstin, enrolmentNo }).where(eq(sellers.id, line.sellerId));

describe('an unregistered seller', () => {
  it('is not serviceable across its state line, and is within its state', async () => {
    const [seller] = await t.db
      .select({ gstin: sellers.gstin, enrolmentNo: sellers.enrolmentNo })
      .from(sellers)
      .where(eq(sellers.id, line.sellerId));
    expect(await availability(across)).toBe('Available');
    await setIdentity(null, 'ENROLMENT00001A');
    try {
      expect(await availability(across)).toBe('Unavailable');
      expect(await availability(home.pincode)).toBe('Available');
    } finally {
      await setIdentity(seller?.gstin ?? null, seller?.enrolmentNo ?? null);
    }
    expect(await availability(across)).toBe('Available');
  });
});
