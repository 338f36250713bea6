// requirements#seller-orders: the orders list's bulk actions as the page's form posts them without
// scripts: a shipment for each chosen order, then their labels printed together on one page.
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, shipments } from '@marketplace/db';
import { fulfilmentKit } from '../../../test-support/fulfilment.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
});
afterAll(() => t.close());

function post(cookie: string | null, fields: [string, string][]) {
  return t.request('/sellercentral/orders?tab=to_ship', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('bulk shipping from the orders list', () => {
  it('creates a shipment for each chosen order and prints their labels together', async () => {
    const [a, b] = kit.takeOffersOfOneSeller(2);
    if (!a || !b) throw new Error('two offers of one seller');
    const first = await kit.placeOrder([{ candidate: a }]);
    const second = await kit.placeOrder([{ candidate: b }]);
    const seller = await kit.sellerCookie(a.offer.sellerId);
    const chosen = [first, second].map((o) => `${o.orderNo}:${o.items[0]?.id ?? 0}`);
    const res = await post(seller, [
      ['intent', 'ship-selected'],
      ...chosen.map((c): [string, string] => ['item', c]),
    ]);
    const page = text(await res.text());
    expect(res.status).toBe(200);
    expect(page).toContain('2 shipments were created.');
    const made = await t.db
      .select({ invoiceNo: shipments.invoiceNo })
      .from(shipments)
      .where(inArray(shipments.orderId, [first.order.id, second.order.id]));
    expect(made).toHaveLength(2);
    const items = await t.db
      .select({ status: orderItems.status })
      .from(orderItems)
      .where(inArray(orderItems.orderId, [first.order.id, second.order.id]));
    expect(items.every((i) => i.status === 'shipped')).toBe(true);

    const query = new URLSearchParams(made.map((m) => ['shipment', m.invoiceNo])).toString();
    const labels = await t.request(`/sellercentral/orders/labels?${query}`, { headers: { cookie: seller } });
    expect(labels.status).toBe(200);
    const html = await labels.text();
    expect(html.match(/class="sc-label-sheet"/g)).toHaveLength(2);
    for (const m of made) expect(text(html)).toContain(`Shipment ${m.invoiceNo}`);
    // another seller cannot print them
    const other = await kit.otherSellerCookie(a.offer.sellerId);
    expect(
      (await t.request(`/sellercentral/orders/labels?${query}`, { headers: { cookie: other } })).status,
    ).toBe(404);
  });

  it('ships what it may and names the order it may not (another seller’s)', async () => {
    const [mine] = kit.takeOffersOfOneSeller(1);
    const [theirs] = kit.takeOffers(1, true).filter((c) => c.offer.sellerId !== mine?.offer.sellerId);
    if (!mine || !theirs) throw new Error('offers');
    const own = await kit.placeOrder([{ candidate: mine }]);
    const foreign = await kit.placeOrder([{ candidate: theirs }]);
    const seller = await kit.sellerCookie(mine.offer.sellerId);
    const res = await post(seller, [
      ['intent', 'ship-selected'],
      ['item', `${own.orderNo}:${own.items[0]?.id ?? 0}`],
      ['item', `${foreign.orderNo}:${foreign.items[0]?.id ?? 0}`],
    ]);
    expect(res.status).toBe(200);
    const page = text(await res.text());
    expect(page).toContain('1 shipment was created.');
    expect(page).toContain(foreign.orderNo);
    const [left] = await t.db
      .select({ n: count() })
      .from(shipments)
      .where(eq(shipments.orderId, foreign.order.id));
    expect(left?.n).toBe(0);
  });

  it.each<[string, [string, string][], number]>([
    ['nothing chosen', [['intent', 'ship-selected']], 400],
    ['no intent', [['item', 'OD1:1']], 400],
    [
      'a malformed choice',
      [
        ['intent', 'ship-selected'],
        ['item', 'OD1;1'],
      ],
      400,
    ],
    [
      'a NUL',
      [
        ['intent', 'ship-selected'],
        ['item', 'OD1:1\u0000'],
      ],
      400,
    ],
    [
      'a hostile order number',
      [
        ['intent', 'ship-selected'],
        ['item', '../../admin:1'],
      ],
      400,
    ],
    [
      'too many',
      [
        ['intent', 'ship-selected'],
        ...Array.from({ length: 51 }, (_, i): [string, string] => ['item', `OD1:${i + 1}`]),
      ],
      413,
    ],
  ])('refuses %s with a message, never a 500', async (_name, fields, status) => {
    const { seller } = await kit.singleItemOrder();
    const res = await post(seller, fields);
    expect(res.status).toBe(status);
    expect(text(await res.text())).toMatch(/Choose|not understood/);
  });

  it('sends a visitor to log in and refuses broken percent-encoding', async () => {
    const visitor = await post(null, [
      ['intent', 'ship-selected'],
      ['item', 'OD1:1'],
    ]);
    expect([302, 303]).toContain(visitor.status);
    expect(visitor.headers.get('location')).toMatch(/^\/login/);
    const { seller } = await kit.singleItemOrder();
    const broken = await t.request('/sellercentral/orders?tab=to_ship', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: seller },
      body: 'intent=ship-selected&item=%E0%A4',
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
    for (const query of ['', 'shipment=%3Cscript%3E', `shipment=${'A'.repeat(41)}`, 'shipment=INV%00']) {
      const labels = await t.request(`/sellercentral/orders/labels?${query}`, {
        headers: { cookie: seller },
      });
      expect(labels.status, query).toBeGreaterThanOrEqual(400);
      expect(labels.status, query).toBeLessThan(500);
    }
  });
});
