import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemRequestMedia, itemRequests, orders, shipments } from '@marketplace/db';
import { formatInr } from '@marketplace/domain/money/money';
import { dispatchDeadline } from '@marketplace/domain/sellers/dispatch';
import { formatParcelWeight } from '@marketplace/domain/sellers/shipment-documents';
import type {
  SellerOrderDetail,
  SellerOrdersPage,
  ShipmentLabel,
} from '@marketplace/domain/sellers/seller-orders';
import type { SellerRequestDetail, SellerRequestsPage } from '@marketplace/domain/sellers/seller-requests';
import { decodeCode128 } from '../../../test-support/code128.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
type ErrorBody = { error: { code: string; message: string } };

async function get<T>(path: string, cookie: string | null, status = 200): Promise<T> {
  const res = await call(path, cookie);
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(status);
  return JSON.parse(text) as T;
}

describe('who may read the orders and returns pages', () => {
  it.each([
    '/api/seller/orders',
    '/api/seller/orders/OD1',
    '/api/seller/shipments/INV-1/label',
    '/api/seller/item-requests',
    '/api/seller/item-requests/RT1',
  ])('%s: a visitor 401, a shopper 403', async (path) => {
    expect((await call(path, null)).status).toBe(401);
    expect((await call(path, kit.shopper)).status).toBe(403);
  });
});

describe('GET /api/seller/orders: the tabs', () => {
  it('counts each tab against planted orders, in the tab’s own terms', async () => {
    const picks = kit.takeOffersOfOneSeller(4);
    const sellerId = picks[0]?.offer.sellerId ?? 0;
    const seller = await kit.sellerCookie(sellerId);
    const before = (await get<SellerOrdersPage>('/api/seller/orders', seller)).counts;

    const placed = [];
    for (const candidate of picks) placed.push(await kit.placeOrder([{ candidate }]));
    const [fresh, old, toShip, toCancel] = placed;
    if (!fresh || !old || !toShip || !toCancel) throw new Error('four orders');
    // ordered five days ago: no longer new, and past its dispatch days
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 5 * DAY_MS) })
      .where(eq(orders.id, old.order.id));
    const shipped = await call(`/api/seller/orders/${toShip.orderNo}/shipments`, seller, 'POST', {
      items: [{ itemId: toShip.items[0]?.id }],
    });
    expect(shipped.status).toBe(201);
    const cancelled = await call(`/api/seller/order-items/${toCancel.items[0]?.id}/cancel`, seller, 'POST', {
      reason: 'Out of stock',
    });
    expect(cancelled.status).toBe(200);

    const page = await get<SellerOrdersPage>('/api/seller/orders?tab=to_ship', seller);
    expect(page.counts).toEqual({
      new: before.new + 1,
      to_ship: before.to_ship + 2,
      shipped: before.shipped + 1,
      delivered: before.delivered,
      cancelled: before.cancelled + 1,
      returned: before.returned,
    });
    expect(page.total).toBe(page.counts.to_ship);
    const freshRow = page.rows.find((r) => r.orderNo === fresh.orderNo);
    const oldRow = page.rows.find((r) => r.orderNo === old.orderNo);
    expect(freshRow).toMatchObject({ quantity: 1, paymentMode: 'cod', isLate: false, status: 'pending' });
    expect(oldRow?.isLate).toBe(true);
    const oldItem = old.items[0];
    if (!oldItem || !oldRow) throw new Error('the old item is listed');
    expect(oldRow.dispatchBy).toBe(
      dispatchDeadline(new Date(oldRow.placedAt), oldItem.dispatchDays).toISOString(),
    );
    expect(freshRow?.amountPaise).toBe((fresh.items[0]?.unitPricePaise ?? 0) * 1);
    expect(freshRow?.shipToCity).toBe(fresh.order.deliveryCity);

    const newTab = await get<SellerOrdersPage>('/api/seller/orders?tab=new', seller);
    expect(newTab.rows.some((r) => r.orderNo === fresh.orderNo)).toBe(true);
    expect(newTab.rows.some((r) => r.orderNo === old.orderNo)).toBe(false);
    const shippedTab = await get<SellerOrdersPage>('/api/seller/orders?tab=shipped', seller);
    expect(shippedTab.rows.find((r) => r.orderNo === toShip.orderNo)?.invoiceNo).toMatch(/^SHP-/);
    const cancelledTab = await get<SellerOrdersPage>('/api/seller/orders?tab=cancelled', seller);
    const cancelledRow = cancelledTab.rows.find((r) => r.orderNo === toCancel.orderNo);
    expect(cancelledRow?.isLate).toBe(false);
  });

  it('pages newest first, 20 a page, and an empty page past the last', async () => {
    const { seller } = await kit.singleItemOrder();
    const first = await get<SellerOrdersPage>('/api/seller/orders?tab=to_ship', seller);
    expect(first.rows.length).toBe(Math.min(20, first.total));
    const times = first.rows.map((r) => Date.parse(r.placedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const past = await get<SellerOrdersPage>(
      `/api/seller/orders?tab=to_ship&page=${first.pageCount + 1}`,
      seller,
    );
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(first.total);
    if (first.pageCount > 1) {
      const second = await get<SellerOrdersPage>('/api/seller/orders?tab=to_ship&page=2', seller);
      const ids = new Set(first.rows.map((r) => r.itemId));
      expect(second.rows.some((r) => ids.has(r.itemId))).toBe(false);
    }
  });

  it('finds an order by its number or its digits, and the counts follow the search', async () => {
    const { orderNo, seller } = await kit.singleItemOrder();
    for (const q of [orderNo, orderNo.toLowerCase(), orderNo.slice(2), ` ${orderNo} `]) {
      const page = await get<SellerOrdersPage>(
        `/api/seller/orders?tab=to_ship&q=${encodeURIComponent(q)}`,
        seller,
      );
      expect(page.rows.map((r) => r.orderNo)).toEqual([orderNo]);
      expect(page.counts).toMatchObject({ to_ship: 1, new: 1, shipped: 0 });
      expect(page.q).toBe(orderNo);
    }
    const none = await get<SellerOrdersPage>('/api/seller/orders?q=OD9999999999999999', seller);
    expect(none.rows).toEqual([]);
    expect(none.counts.to_ship).toBe(0);
  });

  it('never shows another seller’s items, even when searched by its order number', async () => {
    const { orderNo, item } = await kit.singleItemOrder();
    const other = await kit.otherSellerCookie(item.sellerId);
    const page = await get<SellerOrdersPage>(`/api/seller/orders?q=${orderNo}`, other);
    expect(page.rows).toEqual([]);
    expect(Object.values(page.counts).every((n) => n === 0)).toBe(true);
  });

  it.each([
    ['tab=lost', 'tab'],
    ['q=%3Cscript%3E', 'search'],
    ['q=OD1%00', 'NUL'],
    [`q=${'1'.repeat(61)}`, 'overlong'],
    ['q=OD%25', 'wildcard'],
    ['q=%C3%28', 'broken UTF-8'],
    ['page=0', 'page 0'],
    ['page=-1', 'negative page'],
    ['page=1e9', 'huge page'],
  ])('refuses %s (%s) with 400', async (query) => {
    const { seller } = await kit.singleItemOrder();
    const body = await get<ErrorBody>(`/api/seller/orders?${query}`, seller, 400);
    expect(body.error.message).toBeTruthy();
  });
});

describe('GET /api/seller/orders/{orderNo}: an order’s page', () => {
  it('shows only the seller’s items, the ship-to address, payment and what each item allows', async () => {
    const [mine, theirs] = kit.takeOffers(2, true);
    if (!mine || !theirs) throw new Error('two sellers');
    const placed = await kit.placeOrder([{ candidate: mine, quantity: 2 }, { candidate: theirs }]);
    const seller = await kit.sellerCookie(mine.offer.sellerId);
    const order = await get<SellerOrderDetail>(`/api/seller/orders/${placed.orderNo}`, seller);
    expect(order.items.map((i) => i.sku)).toEqual([placed.items[0]?.sku]);
    expect(order.items[0]).toMatchObject({ quantity: 2, openQuantity: 2, canShip: true, canCancel: true });
    expect(order.shipTo).toMatchObject({
      name: placed.order.deliveryName,
      pincode: placed.order.deliveryPincode,
    });
    expect(order.paymentMode).toBe('cod');
    expect(order.shipments).toEqual([]);

    // ship one of two: the rest is split off and still to ship; the shipment shows its tracking
    const itemId = order.items[0]?.id;
    const res = await call(`/api/seller/orders/${placed.orderNo}/shipments`, seller, 'POST', {
      items: [{ itemId, quantity: 1 }],
      carrier: 'Delhivery',
      awbNo: 'DLV-0001',
    });
    expect(res.status).toBe(201);
    const after = await get<SellerOrderDetail>(`/api/seller/orders/${placed.orderNo}`, seller);
    expect(after.items.map((i) => [i.status, i.quantity, i.canShip, i.canCancel])).toEqual([
      ['shipped', 1, false, false],
      ['pending', 1, true, true],
    ]);
    expect(after.shipments).toHaveLength(1);
    expect(after.shipments[0]).toMatchObject({
      carrier: 'Delhivery',
      awbNo: 'DLV-0001',
      status: 'manifested',
      nextStatuses: ['not_picked', 'cancelled_by_seller'],
      items: [{ quantity: 1 }],
    });
    expect(after.shipments[0]?.events.map((e) => e.status)).toEqual(['manifested']);
  });

  it('another seller’s order and a missing one are 404; broken numbers are 400', async () => {
    const { orderNo, item } = await kit.singleItemOrder();
    const other = await kit.otherSellerCookie(item.sellerId);
    await get(`/api/seller/orders/${orderNo}`, other, 404);
    await get('/api/seller/orders/OD00000000000000', other, 404);
    for (const broken of ['OD1%00', 'OD%3Cb%3E', `OD${'1'.repeat(45)}`, 'OD%C3%28', 'OD%20'])
      await get<ErrorBody>(`/api/seller/orders/${broken}`, other, 400);
  });

  it('two shipments of the same item at once make one shipment', async () => {
    const { orderNo, item, seller } = await kit.singleItemOrder();
    const post = () =>
      call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', { items: [{ itemId: item.id }] });
    const answers = await Promise.all([post(), post()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { invoiceNo: string }[];
    expect(bodies[0]?.invoiceNo).toBe(bodies[1]?.invoiceNo);
    const [made] = await t.db
      .select({ n: count() })
      .from(shipments)
      .where(eq(shipments.orderId, item.orderId));
    expect(made?.n).toBe(1);
  });
});

describe('GET /api/seller/shipments/{invoiceNo}/label', () => {
  it('prints the cash to collect, addresses, items and the AWB number as a barcode that reads back', async () => {
    const { orderNo, order, item, seller } = await kit.singleItemOrder(2);
    const res = await call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', {
      items: [{ itemId: item.id }],
      awbNo: 'AWB-98765',
      carrier: 'Blue Dart',
    });
    const { invoiceNo } = (await res.json()) as { invoiceNo: string };
    const label = await get<ShipmentLabel>(`/api/seller/shipments/${invoiceNo}/label`, seller);
    expect(label).toMatchObject({
      invoiceNo,
      orderNo,
      carrier: 'Blue Dart',
      trackingNo: 'AWB-98765',
      paymentMode: 'cod',
      // the only line of the order: the whole order total is collected at the door
      codAmountPaise: order.totalPaise,
      weightGrams: item.weightGrams * 2,
      parcelTypes: [item.parcelType],
      items: [{ sku: item.sku, quantity: 2, amountPaise: item.unitPricePaise * 2 }],
      shipTo: { name: order.deliveryName, pincode: order.deliveryPincode },
    });
    expect(label.seller.pickup.pincode).toMatch(/^\d{6}$/);
    expect(decodeCode128(label.barcodeSvg)).toBe('AWB-98765');
  });

  it('a prepaid parcel without an AWB number is PREPAID and carries its invoice number', async () => {
    const { orderNo, item, seller } = await kit.singleItemOrder(1, 'prepaid');
    const res = await call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', {
      items: [{ itemId: item.id }],
    });
    const { invoiceNo } = (await res.json()) as { invoiceNo: string };
    const label = await get<ShipmentLabel>(`/api/seller/shipments/${invoiceNo}/label`, seller);
    expect(label).toMatchObject({ paymentMode: 'prepaid', codAmountPaise: 0, trackingNo: invoiceNo });
    expect(decodeCode128(label.barcodeSvg)).toBe(invoiceNo);
    const other = await kit.otherSellerCookie(item.sellerId);
    await get(`/api/seller/shipments/${invoiceNo}/label`, other, 404);
    await get('/api/seller/shipments/INV-NOPE-1/label', seller, 404);
    await get('/api/seller/shipments/INV%00/label', seller, 400);
  });
});

describe('the shipping label and packing slip pages', () => {
  const page = async (path: string, cookie: string) => {
    const res = await t.request(path, { headers: { cookie } });
    const html = await res.text();
    expect(res.status, path).toBe(200);
    // the text a reader sees, tags and React's separators dropped
    return html
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
  };

  it('a COD parcel: weight with its unit, the shipment’s own reference, and the cash to collect explained', async () => {
    const { orderNo, order, item, seller } = await kit.singleItemOrder(2);
    const res = await call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', {
      items: [{ itemId: item.id }],
      awbNo: 'AWB-55501',
      carrier: 'Delhivery',
    });
    const { invoiceNo } = (await res.json()) as { invoiceNo: string };
    const base = `/sellercentral/orders/${orderNo}/shipments/${invoiceNo}`;
    const label = await page(`${base}/label`, seller);
    expect(label).toContain(`Shipment ${invoiceNo}`);
    expect(label).not.toMatch(/\bInvoice\b/);
    expect(label).toContain(`Weight ${formatParcelWeight(item.weightGrams * 2)}`);
    expect(label).toContain('Pieces 2');
    // the parcel type is how delivery was charged, not a fact for the courier
    expect(label).not.toContain(`Parcel ${item.parcelType}`);

    const slip = await page(`${base}/slip`, seller);
    expect(slip).toContain(`Shipment ${invoiceNo}`);
    expect(slip).toContain(`Collect ${formatInr(order.totalPaise)} in cash`);
    expect(slip).toContain(`Items ${formatInr(item.unitPricePaise * 2)}`);
    expect(slip).toContain(
      `Plus delivery ${order.deliveryChargePaise > 0 ? formatInr(order.deliveryChargePaise) : 'FREE'}`,
    );
    // the whole order is this parcel: its promo share is the order's promo
    expect(slip).toContain(`Less PromoJun (this parcel’s share) −${formatInr(order.promoDiscountPaise)}`);
    expect(slip).toContain(`To collect ${formatInr(order.totalPaise)}`);
  });

  it('a prepaid parcel collects nothing; another seller cannot open it', async () => {
    const { orderNo, item, seller } = await kit.singleItemOrder(1, 'prepaid');
    const res = await call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', {
      items: [{ itemId: item.id }],
    });
    const { invoiceNo } = (await res.json()) as { invoiceNo: string };
    const base = `/sellercentral/orders/${orderNo}/shipments/${invoiceNo}`;
    const slip = await page(`${base}/slip`, seller);
    expect(slip).toContain('Prepaid: collect nothing');
    expect(slip).not.toContain('To collect');
    const other = await kit.otherSellerCookie(item.sellerId);
    expect((await t.request(`${base}/slip`, { headers: { cookie: other } })).status).toBe(404);
  });
});

describe('GET /api/seller/item-requests: the returns queue', () => {
  it('counts and lists requests by state and kind; a request page shows photos and what may be done', async () => {
    const delivered = await kit.deliveredItem(2);
    const { seller, item } = delivered;
    const before = await get<SellerRequestsPage>('/api/seller/item-requests', seller);
    const refNo = await kit.insertRequest(item.id, 'return', 1);
    const [row] = await t.db.select().from(itemRequests).where(eq(itemRequests.refNo, refNo));
    if (!row) throw new Error('the request was saved');
    await t.db.insert(itemRequestMedia).values([
      { requestId: row.id, kind: 'image', path: 'a'.repeat(32) },
      { requestId: row.id, kind: 'video', path: 'b'.repeat(32) },
    ]);

    const open = await get<SellerRequestsPage>('/api/seller/item-requests?state=open', seller);
    expect(open.counts.open).toBe(before.counts.open + 1);
    expect(open.kindCounts.return).toBe(before.kindCounts.return + 1);
    expect(open.requests.find((r) => r.refNo === refNo)).toMatchObject({
      kind: 'return',
      quantity: 1,
      mediaCount: 2,
      orderNo: delivered.orderNo,
    });
    const onlyCancels = await get<SellerRequestsPage>('/api/seller/item-requests?kind=cancel', seller);
    expect(onlyCancels.requests.every((r) => r.kind === 'cancel')).toBe(true);

    const detail = await get<SellerRequestDetail>(`/api/seller/item-requests/${refNo}`, seller);
    expect(detail).toMatchObject({
      kind: 'return',
      status: 'pending',
      decisions: ['refund-with-reverse', 'refund-without-reverse', 'rejected'],
      images: [`/api/uploads/${'a'.repeat(32)}`],
      video: `/api/uploads/${'b'.repeat(32)}`,
      canRecordPickup: false,
      canShipReplacement: false,
    });

    // accepted with a pickup: it moves to the pickup tab, with the reason kept
    const decided = await call(`/api/seller/item-requests/${refNo}/decision`, seller, 'POST', {
      decision: 'refund-with-reverse',
      reason: 'Damaged in transit',
    });
    expect(decided.status).toBe(200);
    const pickup = await get<SellerRequestsPage>('/api/seller/item-requests?state=pickup', seller);
    expect(pickup.requests.some((r) => r.refNo === refNo)).toBe(true);
    const after = await get<SellerRequestDetail>(`/api/seller/item-requests/${refNo}`, seller);
    expect(after).toMatchObject({
      decisions: [],
      decisionReason: 'Damaged in transit',
      status: 'refund-with-reverse',
    });
  });

  it('another seller’s request is 404; bad states, kinds and references are 400', async () => {
    const { seller, item } = await kit.deliveredItem(1);
    const refNo = await kit.insertRequest(item.id, 'replace', 1);
    const other = await kit.otherSellerCookie(item.sellerId);
    await get(`/api/seller/item-requests/${refNo}`, other, 404);
    const list = await get<SellerRequestsPage>('/api/seller/item-requests?state=open&kind=replace', other);
    expect(list.requests.some((r) => r.refNo === refNo)).toBe(false);
    for (const query of ['state=gone', 'kind=swap', 'page=0', 'page=x'])
      await get<ErrorBody>(`/api/seller/item-requests?${query}`, seller, 400);
    for (const broken of ['RT%00', 'RT%3Cb%3E', 'R'.repeat(41)])
      await get<ErrorBody>(`/api/seller/item-requests/${broken}`, seller, 400);
    const tooLong = await call(`/api/seller/item-requests/${refNo}/decision`, seller, 'POST', {
      decision: 'reject-without-return',
      reason: 'x'.repeat(501),
    });
    expect(tooLong.status).toBe(400);
    const still = await get<SellerRequestDetail>(`/api/seller/item-requests/${refNo}`, seller);
    expect(still.status).toBe('pending');
  });
});
