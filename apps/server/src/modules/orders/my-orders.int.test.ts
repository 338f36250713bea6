import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '@marketplace/db';
import type { ItemTracking, MyOrder, MyOrderItem, MyOrderPage } from '@marketplace/domain/orders/my-orders';
import { TRACKING_MESSAGES } from '@marketplace/domain/orders/tracking';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
});
afterAll(() => t.close());

// the answers as the pages read them: the domain's schemas (STYLE.md habit 14)
type Item = MyOrderItem;
type Page = MyOrderPage;
type Tracking = ItemTracking;
type Order = MyOrder;

const myOrders = async (query = '', cookie = kit.shopper) => {
  const res = await call(`/api/my-orders${query}`, cookie);
  if (res.status !== 200) throw new Error(await res.text());
  return (await res.json()) as Page;
};
const findItem = async (itemId: number) => {
  const page = await myOrders();
  for (const order of page.orders)
    for (const group of order.groups) for (const item of group.items) if (item.id === itemId) return item;
  throw new Error(`item ${itemId} is on the first page`);
};
const enabledActions = (item: Item) =>
  Object.entries(item.actions)
    .filter(([, a]) => a.enabled)
    .map(([name]) => name)
    .sort();
const tracking = async (itemId: number, cookie = kit.shopper) =>
  call(`/api/my-orders/items/${itemId}/tracking`, cookie);
async function shipAndWalk(
  orderNo: string,
  seller: string,
  itemId: number,
  steps: string[],
  quantity?: number,
) {
  const res = await call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', {
    items: [{ itemId, ...(quantity ? { quantity } : {}) }],
  });
  const shipped = (await res.json()) as { invoiceNo: string; splitItemIds: number[] };
  for (const status of steps) {
    const moved = await call(`/api/seller/shipments/${shipped.invoiceNo}/tracking`, seller, 'POST', {
      status,
      location: 'Hub',
    });
    if (moved.status !== 200) throw new Error(await moved.text());
  }
  return shipped;
}

describe('GET /api/my-orders', () => {
  it('needs a login', async () => {
    expect((await call('/api/my-orders', null)).status).toBe(401);
  });

  it('pages the shopper’s placed orders three at a time, newest first', async () => {
    const [priya] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'priya@example.com'));
    const [placed] = await t.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, priya?.id ?? 0), eq(orders.status, 'placed')));
    const first = await myOrders();
    expect(first.total).toBe(placed?.n);
    expect(first.pageCount).toBe(Math.ceil((placed?.n ?? 0) / 3));
    expect(first.orders).toHaveLength(3);
    const dates = first.orders.map((o) => o.placedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await myOrders('?page=2');
    expect(second.orders.map((o) => o.orderNo)).not.toContain(first.orders[0]?.orderNo);
    expect((second.orders[0]?.placedAt ?? '') <= (dates.at(-1) ?? '')).toBe(true);
    // past the end: the last page
    const last = await myOrders('?page=999');
    expect(last.page).toBe(first.pageCount);
    expect(last.orders.length).toBeGreaterThan(0);
  });

  it.each(['?page=0', '?page=-2', '?page=abc', '?page=1.5', `?page=${'9'.repeat(400)}`])(
    'refuses %s with 400',
    async (query) => {
      expect((await call(`/api/my-orders${query}`, kit.shopper)).status).toBe(400);
    },
  );

  it('groups a new order’s items by seller with delivery info, cancel enabled and links with ids', async () => {
    const [a, b] = kit.takeOffers(2, true);
    if (!a || !b) throw new Error('two sellers');
    const { orderNo, items } = await kit.placeOrder([{ candidate: a }, { candidate: b, quantity: 2 }]);
    const [order] = (await myOrders()).orders;
    expect(order?.orderNo).toBe(orderNo);
    expect(order?.delivery.address).toContain(kit.address.pincode);
    expect(order?.groups.map((g) => g.sellerId)).toEqual([a.offer.sellerId, b.offer.sellerId]);
    const item = order?.groups[0]?.items[0];
    expect(item).toMatchObject({
      id: items[0]?.id,
      status: 'pending',
      invoiceNo: null,
      isUnderDispatch: false,
    });
    expect(Date.parse(item?.arrivingBy ?? '')).toBeGreaterThanOrEqual(Date.parse(order?.placedAt ?? ''));
    expect(enabledActions(item as Item)).toEqual(['cancel']);
    expect(item?.actions.cancel?.href).toBe(
      `/cancelitem?order=${orderNo}&seller=${a.offer.sellerId}&item=${items[0]?.id}`,
    );
    expect(item?.actions.track?.href).toBe(`/trackitem?item=${items[0]?.id}`);
  });

  it('follows the item: shipped (track), split (under dispatch), delivered (return, replacement, feedback)', async () => {
    const { orderNo, item, seller } = await kit.singleItemOrder(2);
    const { splitItemIds } = await shipAndWalk(orderNo, seller, item.id, ['not_picked'], 1);
    const shipped = await findItem(item.id);
    expect(enabledActions(shipped)).toEqual(['track']);
    expect(shipped.invoiceNo).toMatch(/^SHP-/);
    const rest = await findItem(splitItemIds[0] ?? 0);
    expect(rest).toMatchObject({ isUnderDispatch: true, invoiceNo: null, status: 'pending', quantity: 1 });
    expect(enabledActions(rest)).toEqual([]); // requirements#my-orders: no cancel for split items
    const invoice = shipped.invoiceNo ?? '';
    for (const status of ['in_transit', 'pending', 'dispatched', 'delivered'])
      await call(`/api/seller/shipments/${invoice}/tracking`, seller, 'POST', { status });
    expect(enabledActions(await findItem(item.id))).toEqual(
      ['deliveryFeedback', 'productFeedback', 'replace', 'return', 'sellerFeedback'].sort(),
    );
  });

  it('links a seller-cancelled item to its cancelled-item details', async () => {
    const { item, seller } = await kit.singleItemOrder();
    await call(`/api/seller/order-items/${item.id}/cancel`, seller, 'POST', {});
    const cancelled = await findItem(item.id);
    expect(cancelled.status).toBe('cancelled');
    expect(enabledActions(cancelled)).toEqual([]);
    expect(cancelled.details.cancelled).toBe(`/cancelleditemdetail?item=${item.id}`);
  });

  it('leaves out orders waiting for their online payment', async () => {
    const [candidate] = kit.takeOffers(1);
    if (!candidate) throw new Error('an offer');
    const { orderNo } = await kit.placeOrder([{ candidate }]);
    await t.db.update(orders).set({ status: 'awaiting_payment' }).where(eq(orders.orderNo, orderNo));
    expect((await myOrders()).orders.map((o) => o.orderNo)).not.toContain(orderNo);
  });

  it('shows another shopper only their own orders', async () => {
    const { orderNo } = await kit.singleItemOrder();
    const rahul = await t.loginCookie('rahul@example.com');
    const theirs = await myOrders('', rahul);
    expect(theirs.orders.map((o) => o.orderNo)).not.toContain(orderNo);
    expect(theirs.orders.every((o) => o.delivery.name.startsWith('Rahul'))).toBe(true);
  });
});

describe('GET /api/my-orders/items/{id}/tracking', () => {
  it('has no tracking before the invoice, then the current step and its events', async () => {
    const { orderNo, item, seller } = await kit.singleItemOrder();
    const before = (await (await tracking(item.id)).json()) as Tracking;
    expect(before).toMatchObject({ item: { id: item.id, orderNo }, tracking: null });
    await shipAndWalk(orderNo, seller, item.id, ['not_picked', 'in_transit']);
    const res = await tracking(item.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const after = (await res.json()) as Tracking;
    expect(after.tracking).toMatchObject({ status: 'in_transit', progress: { kind: 'step', stepIndex: 2 } });
    expect(after.tracking?.events.map((e) => e.status)).toEqual(['manifested', 'not_picked', 'in_transit']);
  });

  it('shows a special status as one outcome', async () => {
    const { orderNo, item, seller } = await kit.singleItemOrder();
    await shipAndWalk(orderNo, seller, item.id, ['not_picked', 'in_transit', 'lost_in_transit']);
    const body = (await (await tracking(item.id)).json()) as Tracking;
    expect(body.tracking?.progress).toEqual({ kind: 'special', status: 'lost_in_transit' });
  });

  it('answers 404 "No order data found" for another shopper’s item or none, 400 for a bad id, 401 for a visitor', async () => {
    const { item } = await kit.singleItemOrder();
    const rahul = await t.loginCookie('rahul@example.com');
    const theirs = await tracking(item.id, rahul);
    expect(theirs.status).toBe(404);
    expect(((await theirs.json()) as { error: { message: string } }).error.message).toBe(
      TRACKING_MESSAGES.noOrderData,
    );
    expect((await tracking(2_000_000_000)).status).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', "1' OR '1'='1", '9'.repeat(30)])
      expect(
        (await call(`/api/my-orders/items/${encodeURIComponent(id)}/tracking`, kit.shopper)).status,
      ).toBe(400);
    expect((await call(`/api/my-orders/items/${item.id}/tracking`, null)).status).toBe(401);
  });
});

describe('GET /api/my-orders/{orderNo}', () => {
  it('gives one of the shopper’s orders as My Orders shows it, with its amounts', async () => {
    const [a, b] = kit.takeOffers(2, true);
    if (!a || !b) throw new Error('two sellers');
    const { orderNo } = await kit.placeOrder([{ candidate: a }, { candidate: b, quantity: 2 }]);
    const res = await call(`/api/my-orders/${orderNo}`, kit.shopper);
    expect(res.status).toBe(200);
    const order = (await res.json()) as Order & { totalPaise: number; itemsTotalPaise: number };
    const listed = (await myOrders()).orders.find((o) => o.orderNo === orderNo);
    expect(order).toEqual(listed);
    const [row] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(order.totalPaise).toBe(row?.totalPaise);
    expect(order.groups.flatMap((g) => g.items)).toHaveLength(2);
  });

  it('answers 404 for another shopper’s order, an unknown one or one not placed yet; 400 malformed; 401 visitor', async () => {
    const { orderNo } = await kit.singleItemOrder();
    const rahul = await t.loginCookie('rahul@example.com');
    const theirs = await call(`/api/my-orders/${orderNo}`, rahul);
    expect(theirs.status).toBe(404);
    expect(((await theirs.json()) as { error: { message: string } }).error.message).toBe(
      'This order was not found.',
    );
    expect((await call('/api/my-orders/OD99999999999999', kit.shopper)).status).toBe(404);
    const [candidate] = kit.takeOffers(1);
    if (!candidate) throw new Error('an offer');
    const unpaid = await kit.placeOrder([{ candidate }]);
    await t.db.update(orders).set({ status: 'awaiting_payment' }).where(eq(orders.orderNo, unpaid.orderNo));
    expect((await call(`/api/my-orders/${unpaid.orderNo}`, kit.shopper)).status).toBe(404);
    for (const bad of ['abc', 'OD', 'OD12ab', "OD1' OR '1'='1", `OD${'9'.repeat(400)}`, '%00'])
      expect((await call(`/api/my-orders/${encodeURIComponent(bad)}`, kit.shopper)).status).toBe(400);
    expect((await call(`/api/my-orders/${orderNo}`, null)).status).toBe(401);
  });
});
