// requirements#seller-orders: Seller Central's orders found by order number, SKU, buyer and Indian
// days, and the filtered list, every page of it, downloaded as CSV.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, shipments } from '@marketplace/db';
import type { SellerOrdersPage } from '@marketplace/domain/sellers/seller-orders';
import { jsonRequest } from '../../../test-support/fulfilment.ts';
import {
  plantOffer,
  plantOrder,
  plantSeller,
  someProducts,
  userIdOf,
} from '../../../test-support/seller-console.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

const NOW = new Date('2026-11-20T20:00:00Z'); // 01:30 on 21 Nov in India
let t: TestApp;
let call: ReturnType<typeof jsonRequest>;
let seller: Awaited<ReturnType<typeof plantSeller>>;
let other: Awaited<ReturnType<typeof plantSeller>>;
let tee: Awaited<ReturnType<typeof plantOffer>>;
let mug: Awaited<ReturnType<typeof plantOffer>>;
let shopper: number;
const placed: { orderNo: string; id: number }[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  call = jsonRequest(t);
  seller = await plantSeller(t);
  other = await plantSeller(t);
  const [a, b] = await someProducts(t.db, 2, 120);
  if (!a || !b) throw new Error('seeded');
  tee = await plantOffer(t.db, seller.sellerId, a.id, { sku: `TEE_NAVY-${seller.sellerId}` });
  mug = await plantOffer(t.db, seller.sellerId, b.id, { sku: `MUG-STEEL-${seller.sellerId}` });
  shopper = await userIdOf(t.db, 'priya@example.com');
  // 25 tees over five Indian days (19 to 23 Nov... the last two still to come), 3 mugs on 10 Nov
  for (let n = 0; n < 25; n++) {
    const at = new Date(Date.parse('2026-11-16T19:00:00Z') + (n % 5) * 86_400_000); // 00:30 IST, 17-21 Nov
    const { order } = await plantOrder(t.db, shopper, at, [{ offer: tee, unitPricePaise: 49_900 }]);
    placed.push({ orderNo: order.orderNo, id: order.id });
  }
  for (let n = 0; n < 3; n++) {
    const { order } = await plantOrder(t.db, shopper, new Date('2026-11-10T06:00:00Z'), [
      { offer: mug, unitPricePaise: 30_000, quantity: 2 },
    ]);
    await t.db
      .update(orders)
      .set({ deliveryName: `Anil D'Souza ${n}`, deliveryCity: 'Panaji' })
      .where(eq(orders.id, order.id));
  }
});
afterAll(() => t.close());

async function list(query: string, cookie = seller.cookie) {
  const res = await call(`/api/seller/orders?${query}`, cookie);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as SellerOrdersPage;
}

describe('searching the orders list', () => {
  it('finds items by a part of their SKU, in any case', async () => {
    const page = await list(`tab=to_ship&q=${encodeURIComponent('tee_navy')}`);
    expect(page.counts.to_ship).toBe(25);
    expect(page.rows).toHaveLength(20);
    expect(page.rows.every((r) => r.sku === tee.sku)).toBe(true);
    // `_` is a letter of the SKU, not a LIKE wildcard
    expect((await list('tab=to_ship&q=TEE-NAVY')).counts.to_ship).toBe(0);
  });

  it('finds items by a part of the buyer’s name', async () => {
    const page = await list(`tab=to_ship&q=${encodeURIComponent("d'souza")}`);
    expect(page.counts.to_ship).toBe(3);
    expect(page.rows.every((r) => r.sku === mug.sku && r.shipToCity === 'Panaji')).toBe(true);
  });

  it('still finds an order by its number', async () => {
    const first = placed[0];
    if (!first) throw new Error('planted');
    const page = await list(`tab=to_ship&q=${first.orderNo.slice(2)}`);
    expect(page.q).toBe(first.orderNo);
    expect(page.rows.map((r) => r.orderNo)).toEqual([first.orderNo]);
  });

  it('keeps the orders of the chosen Indian days, both included, and the counts follow', async () => {
    // placed at 00:30 in India: on 18 Nov in India, still 17 Nov in UTC
    const page = await list(`tab=to_ship&from=2026-11-18&to=2026-11-19&q=${tee.sku}`);
    expect(page.counts.to_ship).toBe(10);
    expect(page).toMatchObject({ from: '2026-11-18', to: '2026-11-19' });
    expect(
      page.rows.every(
        (r) => r.placedAt >= '2026-11-17T18:30:00.000Z' && r.placedAt < '2026-11-19T18:30:00.000Z',
      ),
    ).toBe(true);
    expect((await list('tab=to_ship&from=2026-11-10&to=2026-11-10')).counts.to_ship).toBe(3);
  });

  it('never lists another seller’s items, whatever the search', async () => {
    const page = await list(`tab=to_ship&q=${tee.sku}`, other.cookie);
    expect(Object.values(page.counts).every((n) => n === 0)).toBe(true);
  });
});

describe('the orders CSV', () => {
  const csv = async (query: string, cookie: string | null = seller.cookie) => {
    const res = await call(`/api/seller/orders.csv?${query}`, cookie);
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      text: await res.text(),
    };
  };

  it('holds the filtered list, every page, with the columns a seller needs', async () => {
    const [first] = placed;
    if (!first) throw new Error('planted');
    await t.db.insert(shipments).values({
      invoiceNo: `INV-CSV-${first.id}`,
      orderId: first.id,
      sellerId: seller.sellerId,
      awbNo: 'AWB-CSV-1',
      carrier: 'Delhivery',
    });
    const [shipment] = await t.db
      .select()
      .from(shipments)
      .where(eq(shipments.invoiceNo, `INV-CSV-${first.id}`));
    await t.db
      .update(orderItems)
      .set({ shipmentId: shipment?.id ?? null })
      .where(eq(orderItems.orderId, first.id));

    const all = await csv(`tab=to_ship&q=${tee.sku}`);
    expect(all.status).toBe(200);
    expect(all.type).toMatch(/^text\/csv/);
    expect(all.disposition).toBe('attachment; filename="orders-to_ship-2026-11-21.csv"');
    const lines = all.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Order number,Ordered on (IST),SKU,Product,Quantity,Amount (INR),Buyer,City,Status,AWB',
    );
    expect(lines).toHaveLength(1 + 25); // every page, not the first 20
    const mugs = await csv('tab=to_ship&from=2026-11-10&to=2026-11-10');
    const line = mugs.text.trimEnd().split('\r\n')[1] ?? '';
    expect(line).toMatch(
      new RegExp(`^OD\\d+,2026-11-10 11:30,${mug.sku},[^,]+,2,600\\.00,Anil D'Souza \\d,Panaji,To ship,$`),
    );

    const shipped = await csv(`tab=to_ship&q=${first.orderNo}`);
    expect(shipped.text).toContain(',AWB-CSV-1\r\n');
  });

  it('is the seller’s own: a visitor logs in, a shopper is refused, another seller gets only the header', async () => {
    expect((await csv('tab=to_ship', null)).status).toBe(401);
    expect((await csv('tab=to_ship', await t.loginCookie('priya@example.com'))).status).toBe(403);
    const theirs = await csv(`tab=to_ship&q=${tee.sku}`, other.cookie);
    expect(theirs.text.trimEnd().split('\r\n')).toHaveLength(1);
  });
});

describe('bad filters are refused with 400, on the list and the CSV', () => {
  it.each([
    ['q=%3Cscript%3E', 'markup'],
    ['q=a%3Bdrop', 'a semicolon'],
    ['q=OD1%00', 'NUL'],
    [`q=${'a'.repeat(61)}`, 'overlong'],
    ['q=OD%25', 'wildcard'],
    ['q=%C3%28', 'broken UTF-8'],
    ['q=%E0%A4', 'truncated UTF-8'],
    ['from=2026-02-30', 'a day that does not exist'],
    ['to=21-11-2026', 'a day in another format'],
    ['from=2026-11-21&to=2026-11-20', 'days reversed'],
    ['tab=lost', 'an unknown tab'],
  ])('%s (%s)', async (query) => {
    for (const path of ['/api/seller/orders', '/api/seller/orders.csv']) {
      const res = await call(`${path}?${query}`, seller.cookie);
      expect(res.status, path).toBe(400);
      const body = (await res.json()) as { error: { message: string } };
      expect(body.error.message).toBeTruthy();
    }
  });
});
