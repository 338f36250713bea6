import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../client.ts';
import { offers, pincodes, productGroups, products } from '../schema/index.ts';
import { importPincodes } from '../pincodes.ts';
import { openTestDatabase } from '@marketplace/db/testing';
import { bulkInsert, withIndexesBuiltAfter } from './bulk.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase(inject('testDatabase'));
});
afterAll(() => handle.close());

describe('bulkInsert', () => {
  it('inserts every column type and returns ids in the rows order', async () => {
    const [template] = await handle.db.select().from(products).limit(1);
    if (!template) throw new Error('seeded product missing');
    const { id: _id, searchVector: _sv, createdAt: _c, updatedAt: _u, ...row } = template;
    const rows = ['Alpha', 'Bravo', 'Charlie'].map((suffix, i) => ({
      ...row,
      name: `Bulk ${suffix} "quoted", {braced} \\ slashed`,
      bulletPoints: [`point ${i}`, 'with "quotes" and, commas'],
      technicalDetails: [{ name: 'Size', value: `${i} cm` }],
      variant: { Colour: 'Red' },
      createdAt: new Date(Date.UTC(2026, 0, i + 1)),
    }));
    const ids = await bulkInsert(handle.db, products, rows, { withIds: true });
    expect(ids).toHaveLength(3);
    const stored = await handle.db
      .select()
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(products.id);
    expect(stored.map((p) => p.name)).toEqual(rows.map((r) => r.name));
    expect(stored[1]?.bulletPoints).toEqual(['point 1', 'with "quotes" and, commas']);
    expect(stored[2]?.technicalDetails).toEqual([{ name: 'Size', value: '2 cm' }]);
    expect(stored[0]?.createdAt.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(stored[0]?.searchVector).toContain('bulk');
  });

  it('uses column defaults for keys left out and keeps numeric columns exact', async () => {
    const [offer] = await handle.db.select().from(offers).limit(1);
    const [product] = await handle.db.select().from(products).limit(1);
    if (!offer || !product) throw new Error('seeded rows missing');
    const [groupId] = await bulkInsert(handle.db, productGroups, [{ name: 'Bulk group' }], { withIds: true });
    const [group] = await handle.db
      .select()
      .from(productGroups)
      .where(eq(productGroups.id, groupId ?? 0));
    expect(group?.axes).toEqual([]);
    const { id: _id, searchVector: _sv, ...productCopy } = product;
    const [productId] = await bulkInsert(
      handle.db,
      products,
      [{ ...productCopy, name: 'Bulk offer target' }],
      { withIds: true },
    );
    const { id: _offerId, createdAt: _c, updatedAt: _u, isActive: _a, ...offerCopy } = offer;
    await bulkInsert(handle.db, offers, [
      { ...offerCopy, productId: productId ?? 0, sku: 'BULK-1', lengthCm: '12.5' },
    ]);
    const [stored] = await handle.db.select().from(offers).where(eq(offers.sku, 'BULK-1'));
    expect(stored).toMatchObject({
      productId,
      isActive: true,
      lengthCm: '12.5',
      salePricePaise: offer.salePricePaise,
    });
  });

  it('does nothing for no rows', async () => {
    expect(await bulkInsert(handle.db, offers, [])).toEqual([]);
  });
});

describe('importPincodes', () => {
  it('adds new pincodes and keeps those already there, in one statement per batch', async () => {
    const [kept] = await handle.db.select().from(pincodes).where(eq(pincodes.pincode, '110001'));
    if (!kept) throw new Error('seeded pincode missing');
    const fresh = { ...kept, pincode: '999991', city: 'Test town', hasCod: false };
    const changed = { ...kept, city: 'Renamed' };
    expect(await importPincodes(handle.db, [changed, fresh], 1)).toBe(2);
    const stored = await handle.db
      .select()
      .from(pincodes)
      .where(inArray(pincodes.pincode, ['110001', '999991']))
      .orderBy(pincodes.pincode);
    expect(stored.map((p) => [p.pincode, p.city, p.hasCod])).toEqual([
      ['110001', kept.city, kept.hasCod],
      ['999991', 'Test town', false],
    ]);
  });
});

describe('withIndexesBuiltAfter', () => {
  const indexesOf = (table: string) =>
    queryRows<{ name: string; definition: string }>(
      handle.db,
      sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
          WHERE schemaname = current_schema() AND tablename = ${table} ORDER BY indexname`,
    );

  it('writes without the secondary indexes and leaves every index as it was, built over the new rows', async () => {
    const before = await indexesOf('products');
    expect(before.some((i) => i.definition.includes('USING gin'))).toBe(true);
    const [template] = await handle.db.select().from(products).limit(1);
    if (!template) throw new Error('seeded product missing');
    const { id: _id, searchVector: _sv, createdAt: _c, updatedAt: _u, ...row } = template;
    const during = await withIndexesBuiltAfter(handle.db, [products], async (tx) => {
      await bulkInsert(tx, products, [{ ...row, name: 'Zanzibarish Tiffin Carrier' }]);
      return queryRows<{ name: string }>(
        tx,
        sql`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'products'`,
      );
    });
    // unique keys and the primary key stay while the rows go in; the GIN indexes do not
    expect(during.map((i) => i.name)).toContain('products_name_key');
    expect(during.map((i) => i.name)).not.toContain('products_search_idx');
    expect(await indexesOf('products')).toEqual(before);
    // the rebuilt full-text index finds the new row
    const found = await queryRows<{ id: number }>(
      handle.db,
      sql`SELECT id FROM products WHERE search_vector @@ to_tsquery('english', 'zanzibarish')`,
    );
    expect(found).toHaveLength(1);
  });

  it('keeps unique keys checked, and a failed fill leaves the indexes and the rows as before', async () => {
    const before = await indexesOf('products');
    const [template] = await handle.db.select().from(products).limit(1);
    if (!template) throw new Error('seeded product missing');
    const { id: _id, searchVector: _sv, createdAt: _c, updatedAt: _u, ...row } = template;
    const count = async () => (await handle.db.select({ id: products.id }).from(products)).length;
    const rows = await count();
    await expect(
      withIndexesBuiltAfter(handle.db, [products], (tx) => bulkInsert(tx, products, [row])),
    ).rejects.toThrow();
    expect(await indexesOf('products')).toEqual(before);
    expect(await count()).toBe(rows);
  });
});
