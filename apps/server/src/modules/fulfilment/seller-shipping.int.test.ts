import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemRequests, orderItems, orders, refunds, shipments, trackingEvents } from '@marketplace/db';
import { FULFILMENT_MESSAGES } from '@marketplace/domain/orders/fulfilment';
import { TRANSITION_MESSAGES } from '@marketplace/domain/orders/state-machine';
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

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Shipped = { invoiceNo: string; status: string; itemIds: number[]; splitItemIds: number[] };
type Tracked = { invoiceNo: string; status: string; refundPaise: number };

const ship = (orderNo: string, cookie: string | null, body: unknown) =>
  call(`/api/seller/orders/${orderNo}/shipments`, cookie, 'POST', body);
const track = (invoiceNo: string, cookie: string | null, body: unknown) =>
  call(`/api/seller/shipments/${invoiceNo}/tracking`, cookie, 'POST', body);
async function shipped(orderNo: string, cookie: string, itemId: number) {
  const res = await ship(orderNo, cookie, {
    items: [{ itemId }],
    carrier: 'Delhivery',
    awbNo: 'AWB-1234567',
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Shipped;
}
async function walk(invoiceNo: string, cookie: string, steps: string[]) {
  for (const status of steps) {
    const res = await track(invoiceNo, cookie, { status, location: 'Sorting hub' });
    if (res.status !== 200) throw new Error(`${status}: ${await res.text()}`);
  }
}

describe('who may use the seller API', () => {
  it('refuses a visitor (401) and a shopper (403), and serves a seller', async () => {
    const { seller } = await kit.singleItemOrder();
    expect((await call('/api/seller/order-items', null)).status).toBe(401);
    const shopper = await call('/api/seller/order-items', kit.shopper);
    expect(shopper.status).toBe(403);
    expect(((await shopper.json()) as ErrorBody).error.message).toBe(FULFILMENT_MESSAGES.notSeller);
    const ok = await call('/api/seller/order-items', seller);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['POST', '/api/seller/orders/OD1/shipments', { items: [{ itemId: 1 }] }],
    ['POST', '/api/seller/shipments/INV-1/tracking', { status: 'not_picked' }],
    ['POST', '/api/seller/order-items/1/cancel', {}],
    ['POST', '/api/seller/item-requests/CN1/decision', { decision: 'completed' }],
    ['POST', '/api/seller/order-items/1/messages', { body: 'Hello' }],
    ['GET', '/api/seller/order-items/1', undefined],
  ])('a shopper gets 403 from %s %s', async (method, path, body) => {
    const res = await call(path, kit.shopper, method, body);
    expect(res.status).toBe(403);
    expect((await call(path, null, method, body)).status).toBe(401);
  });
});

describe('the seller’s order items', () => {
  it('lists only its own items, newest first, filtered by status, 20 a page', async () => {
    const { item, seller, orderNo } = await kit.singleItemOrder();
    const res = await call('/api/seller/order-items?status=pending', seller);
    const page = (await res.json()) as {
      items: { id: number; orderNo: string; status: string }[];
      pageCount: number;
      total: number;
    };
    expect(page.items[0]).toMatchObject({ id: item.id, orderNo, status: 'pending' });
    expect(page.items.every((i) => i.status === 'pending')).toBe(true);
    const all = await call('/api/seller/order-items', seller);
    const everything = (await all.json()) as { items: { id: number }[]; total: number };
    const own = await t.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.sellerId, item.sellerId));
    expect(everything.total).toBe(own.length);
    expect(everything.items.every((i) => own.some((o) => o.id === i.id))).toBe(true);
    const other = await kit.otherSellerCookie(item.sellerId);
    const theirs = (await (await call('/api/seller/order-items', other)).json()) as {
      items: { id: number }[];
    };
    expect(theirs.items.some((i) => i.id === item.id)).toBe(false);
  });

  it.each([
    ['status=lost', 'status'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['page=99999999999', 'page'],
    [`status=${'x'.repeat(5000)}`, 'status'],
  ])('refuses ?%s with 400', async (query, field) => {
    const { seller } = await kit.singleItemOrder();
    const res = await call(`/api/seller/order-items?${query}`, seller);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields).toHaveProperty(field);
  });

  it('shows one own item with the ship-to address; another seller gets 404', async () => {
    const { item, seller } = await kit.singleItemOrder();
    const res = await call(`/api/seller/order-items/${item.id}`, seller);
    expect(res.status).toBe(200);
    const detail = (await res.json()) as {
      shipTo: { address: string; name: string };
      invoiceNo: string | null;
    };
    expect(detail.shipTo.address).toContain(kit.address.pincode);
    expect(detail.invoiceNo).toBeNull();
    const other = await kit.otherSellerCookie(item.sellerId);
    const missing = await call(`/api/seller/order-items/${item.id}`, other);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error.message).toBe(FULFILMENT_MESSAGES.itemNotFound);
    for (const id of ['0', 'abc', '1e3', '99999999999', '-4'])
      expect((await call(`/api/seller/order-items/${id}`, seller)).status).toBe(400);
  });
});

describe('invoice and shipment', () => {
  it('creates the invoice, ships the item (Manifested) and answers a retry with the same shipment', async () => {
    const { item, seller, orderNo } = await kit.singleItemOrder();
    const first = await shipped(orderNo, seller, item.id);
    expect(first).toMatchObject({ status: 'manifested', itemIds: [item.id], splitItemIds: [] });
    const again = await ship(orderNo, seller, { items: [{ itemId: item.id }] });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Shipped).invoiceNo).toBe(first.invoiceNo);
    expect(await t.db.select().from(shipments).where(eq(shipments.invoiceNo, first.invoiceNo))).toHaveLength(
      1,
    );
    expect(await kit.itemRow(item.id)).toMatchObject({ status: 'shipped', splitMode: 'nochange' });
    const [shipment] = await t.db.select().from(shipments).where(eq(shipments.invoiceNo, first.invoiceNo));
    const events = await t.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.shipmentId, shipment?.id ?? 0));
    expect(events.map((e) => e.status)).toEqual(['manifested']);
    expect(shipment).toMatchObject({ carrier: 'Delhivery', awbNo: 'AWB-1234567', sellerId: item.sellerId });
  });

  it('ships part of an item and splits the rest into an item under dispatch, amounts preserved', async () => {
    const { item, seller, orderNo, order } = await kit.singleItemOrder(2);
    const res = await ship(orderNo, seller, { items: [{ itemId: item.id, quantity: 1 }] });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Shipped;
    expect(body.splitItemIds).toHaveLength(1);
    const parent = await kit.itemRow(item.id);
    const child = await kit.itemRow(body.splitItemIds[0] ?? 0);
    expect(parent).toMatchObject({ quantity: 1, status: 'shipped', splitMode: 'splitted' });
    expect(child).toMatchObject({
      quantity: 1,
      status: 'pending',
      splitMode: 'splitted',
      shipmentId: null,
      parentItemId: item.id,
      orderId: order.id,
    });
    expect(parent.deliveryChargePaise + child.deliveryChargePaise).toBe(item.deliveryChargePaise);
    expect(parent.couponDiscountPaise + child.couponDiscountPaise).toBe(item.couponDiscountPaise);
    // the rest gets its own invoice later
    const second = await ship(orderNo, seller, { items: [{ itemId: child.id }] });
    expect(second.status).toBe(201);
    expect(((await second.json()) as Shipped).invoiceNo).not.toBe(
      (
        await t.db
          .select()
          .from(shipments)
          .where(eq(shipments.id, parent.shipmentId ?? 0))
      )[0]?.invoiceNo,
    );
  });

  it('keeps one seller out of another’s order and items (404)', async () => {
    const { item, orderNo } = await kit.singleItemOrder();
    const other = await kit.otherSellerCookie(item.sellerId);
    const res = await ship(orderNo, other, { items: [{ itemId: item.id }] });
    expect(res.status).toBe(404);
    expect(await kit.itemRow(item.id)).toMatchObject({ status: 'pending', shipmentId: null });
  });

  it('answers 404 for an item that is not in the order', async () => {
    const first = await kit.singleItemOrder();
    const second = await kit.singleItemOrder();
    for (const itemId of [second.item.id, 2_000_000_000]) {
      const res = await ship(first.orderNo, first.seller, { items: [{ itemId }] });
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error.message).toBe(FULFILMENT_MESSAGES.itemNotFound);
    }
    expect(await kit.itemRow(second.item.id)).toMatchObject({ status: 'pending', shipmentId: null });
  });

  it('refuses an order still waiting for its online payment (409)', async () => {
    const [candidate] = kit.takeOffers(1);
    if (!candidate) throw new Error('an offer');
    const { orderNo, items } = await kit.placeOrder([{ candidate }], 'cod');
    await t.db
      .update(orders)
      .set({ status: 'awaiting_payment', paymentMode: 'prepaid', paymentStatus: 'awaiting_payment' })
      .where(eq(orders.orderNo, orderNo));
    const seller = await kit.sellerCookie(candidate.offer.sellerId);
    const itemId = items[0]?.id ?? 0;
    const res = await ship(orderNo, seller, { items: [{ itemId }] });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(FULFILMENT_MESSAGES.orderNotPlaced);
    // not an order yet: not listed, not shown, not cancellable by the seller
    const list = (await (await call('/api/seller/order-items', seller)).json()) as {
      items: { id: number }[];
    };
    expect(list.items.map((i) => i.id)).not.toContain(itemId);
    expect((await call(`/api/seller/order-items/${itemId}`, seller)).status).toBe(404);
    expect((await call(`/api/seller/order-items/${itemId}/cancel`, seller, 'POST', {})).status).toBe(404);
  });

  it('refuses shipping while the shopper’s cancellation request waits (409, clear message)', async () => {
    const { item, seller, orderNo } = await kit.singleItemOrder();
    await kit.insertRequest(item.id, 'cancel');
    const res = await ship(orderNo, seller, { items: [{ itemId: item.id }] });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(TRANSITION_MESSAGES.openCancelRequest);
  });

  it.each([
    ['no items', { items: [] }],
    ['no body fields', {}],
    ['a zero quantity', { items: [{ itemId: 1, quantity: 0 }] }],
    ['a fractional quantity', { items: [{ itemId: 1, quantity: 1.5 }] }],
    ['a string id', { items: [{ itemId: '1; DROP TABLE orders' }] }],
    ['the same item twice', { items: [{ itemId: 1 }, { itemId: 1 }] }],
    ['too many items', { items: Array.from({ length: 51 }, (_, i) => ({ itemId: i + 1 })) }],
    ['a hostile AWB number', { items: [{ itemId: 1 }], awbNo: '<script>alert(1)</script>' }],
    ['an oversized carrier', { items: [{ itemId: 1 }], carrier: 'x'.repeat(61) }],
  ])('refuses %s with 400', async (_label, body) => {
    const { seller, orderNo } = await kit.singleItemOrder();
    const res = await ship(orderNo, seller, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses malformed JSON (400), another media type (415) and a body over 1 MB (413)', async () => {
    const { seller, orderNo } = await kit.singleItemOrder();
    expect((await ship(orderNo, seller, '{"items": [')).status).toBe(400);
    const text = await t.request(`/api/seller/orders/${orderNo}/shipments`, {
      method: 'POST',
      headers: { cookie: seller, 'content-type': 'text/plain' },
      body: 'items',
    });
    expect(text.status).toBe(415);
    const big = await ship(orderNo, seller, { items: [{ itemId: 1 }], carrier: 'x'.repeat(1_100_000) });
    expect(big.status).toBe(413);
    expect((await ship(`${'9'.repeat(41)}`, seller, { items: [{ itemId: 1 }] })).status).toBe(400);
    expect((await ship('OD%3Cscript%3E', seller, { items: [{ itemId: 1 }] })).status).toBe(400);
  });
});

describe('tracking', () => {
  it('moves one step at a time to Delivered, the item follows, and COD becomes paid', async () => {
    const { item, seller, orderNo, order } = await kit.singleItemOrder();
    const { invoiceNo } = await shipped(orderNo, seller, item.id);
    const skip = await track(invoiceNo, seller, { status: 'in_transit' });
    expect(skip.status).toBe(409);
    expect(((await skip.json()) as ErrorBody).error.message).toBe(
      TRANSITION_MESSAGES.trackingStep('manifested', 'in_transit', ['not_picked', 'cancelled_by_seller']),
    );
    await walk(invoiceNo, seller, ['not_picked', 'in_transit', 'pending', 'dispatched']);
    expect(await kit.itemRow(item.id)).toMatchObject({ status: 'shipped' });
    const done = await track(invoiceNo, seller, {
      status: 'delivered',
      location: 'Chennai',
      note: 'Handed to Priya',
    });
    expect(done.status).toBe(200);
    expect(((await done.json()) as Tracked).status).toBe('delivered');
    const row = await kit.itemRow(item.id);
    expect(row.status).toBe('delivered');
    expect(row.deliveredAt).not.toBeNull();
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid?.paymentStatus).toBe('paid');
    const [shipment] = await t.db.select().from(shipments).where(eq(shipments.invoiceNo, invoiceNo));
    const events = await t.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.shipmentId, shipment?.id ?? 0));
    expect(events.map((e) => e.status)).toEqual([
      'manifested',
      'not_picked',
      'in_transit',
      'pending',
      'dispatched',
      'delivered',
    ]);
    expect(events.at(-1)).toMatchObject({ location: 'Chennai', note: 'Handed to Priya' });
    // a retry of the last step changes nothing; anything else is final
    const retry = await track(invoiceNo, seller, { status: 'delivered' });
    expect(retry.status).toBe(200);
    expect(
      await t.db
        .select()
        .from(trackingEvents)
        .where(eq(trackingEvents.shipmentId, shipment?.id ?? 0)),
    ).toHaveLength(6);
    const after = await track(invoiceNo, seller, { status: 'return_to_origin' });
    expect(after.status).toBe(409);
    expect(((await after.json()) as ErrorBody).error.message).toBe(TRANSITION_MESSAGES.trackingFinished);
  });

  it('cancelled by seller before pickup: items cancelled by the seller, stock back, prepaid refunded', async () => {
    const { item, seller, orderNo, order } = await kit.singleItemOrder(2, 'prepaid');
    const stock = await kit.stockOf(item.offerId);
    const { invoiceNo } = await shipped(orderNo, seller, item.id);
    const res = await track(invoiceNo, seller, { status: 'cancelled_by_seller', note: 'Damaged in packing' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Tracked).refundPaise).toBe(order.totalPaise);
    expect(await kit.itemRow(item.id)).toMatchObject({ status: 'cancelled', cancelledQuantity: 2 });
    expect(await kit.stockOf(item.offerId)).toBe(stock + 2);
    const [request] = await t.db.select().from(itemRequests).where(eq(itemRequests.orderItemId, item.id));
    expect(request).toMatchObject({ kind: 'cancel', requestedBy: 'seller', status: 'completed' });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({
      amountPaise: order.totalPaise,
      status: 'initiated',
      requestId: request?.id,
    });
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.paymentStatus).toBe('refunded');
  });

  it.each([
    ['return_to_origin', ['not_picked', 'in_transit'], true],
    ['lost_in_transit', ['not_picked', 'in_transit', 'pending'], false],
  ] as const)('%s: the item is not delivered, refunded, restocked %s', async (status, steps, restocked) => {
    const { item, seller, orderNo, order } = await kit.singleItemOrder(1, 'prepaid');
    const stock = await kit.stockOf(item.offerId);
    const { invoiceNo } = await shipped(orderNo, seller, item.id);
    await walk(invoiceNo, seller, [...steps]);
    const res = await track(invoiceNo, seller, { status });
    expect(res.status).toBe(200);
    expect(await kit.itemRow(item.id)).toMatchObject({ status: 'undelivered' });
    expect(await kit.stockOf(item.offerId)).toBe(restocked ? stock + 1 : stock);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((r) => r.amountPaise)).toEqual([order.totalPaise]);
  });

  it('a failed delivery is tried again, then delivered', async () => {
    const { item, seller, orderNo } = await kit.singleItemOrder();
    const { invoiceNo } = await shipped(orderNo, seller, item.id);
    await walk(invoiceNo, seller, ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivery_failed']);
    expect(await kit.itemRow(item.id)).toMatchObject({ status: 'undelivered' });
    await walk(invoiceNo, seller, ['dispatched', 'delivered']);
    expect(await kit.itemRow(item.id)).toMatchObject({ status: 'delivered' });
    // COD not yet paid: nothing refunded for the failed attempt
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, item.orderId))).toEqual([]);
  });

  it('refuses a special status out of turn, another seller’s shipment (404) and bad input (400)', async () => {
    const { item, seller, orderNo } = await kit.singleItemOrder();
    const { invoiceNo } = await shipped(orderNo, seller, item.id);
    const lost = await track(invoiceNo, seller, { status: 'lost_in_transit' });
    expect(lost.status).toBe(409);
    const other = await kit.otherSellerCookie(item.sellerId);
    expect((await track(invoiceNo, other, { status: 'not_picked' })).status).toBe(404);
    expect((await track('INV-NOPE-1', seller, { status: 'not_picked' })).status).toBe(404);
    for (const body of [
      {},
      { status: 'teleported' },
      { status: 'not_picked', location: '' },
      { status: 'not_picked', location: 'x'.repeat(121) },
      { status: 'not_picked', note: 'x'.repeat(501) },
      { status: ['not_picked'] },
    ])
      expect((await track(invoiceNo, seller, body)).status).toBe(400);
    const [shipment] = await t.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.invoiceNo, invoiceNo)));
    expect(shipment?.status).toBe('manifested');
  });
});
