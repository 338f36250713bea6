import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, queryRows } from './client.ts';
import {
  addresses,
  bankAccounts,
  deliveryRates,
  gstRateSchedule,
  offers,
  orders,
  pincodes,
  products,
  reviews,
  sellers,
  users,
} from './schema/index.ts';
import { openTestDatabase } from '@marketplace/db/testing';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase(inject('testDatabase'));
});
afterAll(() => handle.close());

/** Runs a write that must be refused, inside a transaction that is rolled back either way. */
async function refused(write: (tx: DatabaseHandle['db']) => Promise<unknown>): Promise<string> {
  let message = '';
  await handle.db
    .transaction(async (tx) => {
      await write(tx);
      throw new Error('ACCEPTED');
    })
    .catch((error: unknown) => {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      message = cause instanceof Error ? cause.message : String(cause);
    });
  return message;
}

const anyOffer = async () => {
  const [offer] = await handle.db.select().from(offers).limit(1);
  if (!offer) throw new Error('seeded offers missing');
  return offer;
};
const shopper = async () => {
  const [user] = await handle.db.select().from(users).where(eq(users.email, 'priya@example.com'));
  if (!user) throw new Error('demo shopper missing');
  return user;
};

describe('database constraints', () => {
  it.each([
    ['a negative sale price', { salePricePaise: -1 }, 'offers_sale_price_not_negative'],
    ['a negative MRP', { mrpPaise: -100 }, 'offers_mrp_not_negative'],
    ['negative stock', { stock: -1 }, 'offers_stock_not_negative'],
    ['a zero maximum per order', { maxPerOrder: 0 }, 'offers_max_per_order_positive'],
    ['an unknown parcel type', { parcelType: 'pallet' }, 'offers_parcel_type_known'],
  ])('an offer with %s is refused', async (_label, change, constraint) => {
    const offer = await anyOffer();
    expect(await refused((db) => db.update(offers).set(change).where(eq(offers.id, offer.id)))).toContain(
      constraint,
    );
  });

  it.each([0, 6, -1])('a review of %i stars is refused', async (stars) => {
    const offer = await anyOffer();
    const user = await shopper();
    const message = await refused((db) =>
      db
        .insert(reviews)
        .values({ productId: offer.productId, sellerId: offer.sellerId, userId: user.id, stars, body: 'x' }),
    );
    expect(message).toContain('reviews_stars_range');
  });

  it.each(['12345', '1234567', '012345', 'ABCDEF'])('the pincode %s is refused', async (pincode) => {
    const message = await refused((db) =>
      db
        .insert(pincodes)
        .values({ pincode, city: 'X', locality: 'X', district: 'X', state: 'X', latitude: 0, longitude: 0 }),
    );
    expect(message).toContain('pincodes_pincode_six_digits');
  });

  it('a second default address for one shopper is refused', async () => {
    const user = await shopper();
    const [address] = await handle.db.select().from(addresses).where(eq(addresses.userId, user.id)).limit(1);
    if (!address) throw new Error('demo address missing');
    const { id: _id, ...copy } = address;
    expect(await refused((db) => db.insert(addresses).values({ ...copy, isDefault: true }))).toContain(
      'addresses_one_default_per_user',
    );
  });

  it('a malformed IFSC or account number is refused', async () => {
    const [account] = await handle.db.select().from(bankAccounts).limit(1);
    if (!account) throw new Error('demo bank account missing');
    expect(
      await refused((db) =>
        db.update(bankAccounts).set({ ifsc: 'SBIN1234567' }).where(eq(bankAccounts.id, account.id)),
      ),
    ).toContain('bank_accounts_ifsc_shape');
    expect(
      await refused((db) =>
        db.update(bankAccounts).set({ accountNumber: '12AB' }).where(eq(bankAccounts.id, account.id)),
      ),
    ).toContain('bank_accounts_number_digits');
  });

  it('an unknown order status and a total that does not add up are refused', async () => {
    const [order] = await handle.db.select().from(orders).limit(1);
    if (!order) throw new Error('demo order missing');
    expect(
      await refused((db) => db.update(orders).set({ status: 'teleported' }).where(eq(orders.id, order.id))),
    ).toContain('orders_status_known');
    expect(
      await refused((db) =>
        db
          .update(orders)
          .set({ totalPaise: order.totalPaise + 1 })
          .where(eq(orders.id, order.id)),
      ),
    ).toContain('orders_total_adds_up');
  });

  it('same-day delivery outside the local zone is refused', async () => {
    expect(
      await refused((db) =>
        db
          .update(deliveryRates)
          .set({ isAvailable: true })
          .where(sql`${deliveryRates.deliveryType} = 'sameday' AND ${deliveryRates.zone} = 'national'`),
      ),
    ).toContain('delivery_rates_sameday_local_only');
  });

  it('an offer of a product that does not exist is refused', async () => {
    const offer = await anyOffer();
    const { id: _id, ...copy } = offer;
    expect(
      await refused((db) => db.insert(offers).values({ ...copy, productId: 999_999_999, sku: 'NEW-SKU' })),
    ).toMatch(/foreign key/i);
  });

  it('two products with the same name in different case are refused', async () => {
    const [product] = await handle.db.select().from(products).limit(1);
    if (!product) throw new Error('seeded product missing');
    const { id: _id, searchVector: _sv, ...copy } = product;
    expect(
      await refused((db) => db.insert(products).values({ ...copy, name: product.name.toUpperCase() })),
    ).toContain('products_name_key');
  });

  // requirements#gst-invoices: nothing is sold that its seller could not invoice
  // (its rate is derived from the HSN code and the GST rate schedule, never typed)
  it.each([['without an HSN code', { hsnCode: null }]])(
    'a product on sale %s is refused; one off sale may wait for it',
    async (_label, change) => {
      const [product] = await handle.db.select().from(products).where(eq(products.isActive, true)).limit(1);
      if (!product) throw new Error('seeded product missing');
      expect(
        await refused((db) => db.update(products).set(change).where(eq(products.id, product.id))),
      ).toContain('products_live_has_tax');
      expect(
        await refused((db) =>
          db
            .update(products)
            .set({ ...change, isActive: false })
            .where(eq(products.id, product.id))
            .then(() => db.update(products).set({ isActive: true }).where(eq(products.id, product.id))),
        ),
      ).toContain('products_live_has_tax');
    },
  );

  it('every seeded product on sale has its HSN code', async () => {
    const [row] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM products WHERE is_active AND hsn_code IS NULL`,
    );
    expect(row?.n).toBe(0);
  });

  it('a business buyer’s GSTIN without its name (or the name without it) is refused', async () => {
    const [order] = await handle.db.select().from(orders).limit(1);
    if (!order) throw new Error('seeded order missing');
    expect(
      await refused((db) =>
        db.update(orders).set({ buyerGstin: '29AAPFU0939F1ZV' }).where(eq(orders.id, order.id)),
      ),
    ).toContain('orders_business_buyer_named');
  });

  // requirements#gst-tax: the GST rate schedule is law as data, dated and append-only
  describe('the GST rate schedule', () => {
    const row = {
      hsnPrefix: '9999',
      description: 'Test goods',
      effectiveFrom: '2027-04-01',
      rateBp: 1800,
      notification: 'Notification 99/2027-Central Tax (Rate)',
    };

    it('takes a row at a rate in force (Notification 9/2025-Central Tax (Rate))', async () => {
      expect(await refused((db) => db.insert(gstRateSchedule).values(row))).toBe('ACCEPTED');
    });

    it.each([
      ['a retired 12 % from 22 Sep 2025', { rateBp: 1200 }, 'gst_rate_schedule_rate_known'],
      ['a retired 28 % from 22 Sep 2025', { rateBp: 2800 }, 'gst_rate_schedule_rate_known'],
      ['a rate the law does not have', { rateBp: 1000 }, 'gst_rate_schedule_rate_known'],
      ['an HSN prefix of odd length', { hsnPrefix: '621' }, 'gst_rate_schedule_hsn_shape'],
      ['an HSN prefix with letters', { hsnPrefix: '62AB' }, 'gst_rate_schedule_hsn_shape'],
      ['a threshold without the rate above it', { thresholdPaise: 250000 }, 'gst_rate_schedule_threshold'],
      ['a threshold of nothing', { thresholdPaise: 0, rateAboveBp: 1800 }, 'gst_rate_schedule_threshold'],
      ['an empty citation', { notification: '' }, 'gst_rate_schedule_texts'],
    ])('refuses %s', async (_label, change, constraint) => {
      expect(await refused((db) => db.insert(gstRateSchedule).values({ ...row, ...change }))).toContain(
        constraint,
      );
    });

    it('keeps the retired 12 % for rows from before 22 Sep 2025', async () => {
      expect(
        await refused((db) =>
          db.insert(gstRateSchedule).values({ ...row, effectiveFrom: '2017-07-01', rateBp: 1200 }),
        ),
      ).toBe('ACCEPTED');
    });

    it('refuses to update or delete a row, whoever connects', async () => {
      const write = (db: DatabaseHandle['db']) =>
        db
          .insert(gstRateSchedule)
          .values(row)
          .returning()
          .then(([added]) => added?.id ?? 0);
      expect(
        await refused(async (db) => {
          const id = await write(db);
          await db.update(gstRateSchedule).set({ rateBp: 500 }).where(eq(gstRateSchedule.id, id));
        }),
      ).toContain('append-only');
      expect(
        await refused(async (db) => {
          const id = await write(db);
          await db.delete(gstRateSchedule).where(eq(gstRateSchedule.id, id));
        }),
      ).toContain('append-only');
    });
  });

  it('a seller’s turnover band is one of the declared bands', async () => {
    expect(
      await refused((db) =>
        db
          .update(sellers)
          .set({ turnoverBand: 'huge' })
          .where(sql`true`),
      ),
    ).toContain('sellers_turnover_band_known');
  });
});
