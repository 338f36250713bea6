import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, taxDocuments } from '@marketplace/db';
import { MORE_ACTIONS_LABEL } from '@marketplace/domain/orders/item-actions';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { ItemTracking, MyOrderPage } from '@marketplace/domain/orders/my-orders';
import { SHOPPER_MONEY_AFTER_STOP, SHOPPER_TRACKING } from '@marketplace/domain/orders/shopper-tracking';
import { TRACKING_MESSAGES, TRACKING_STEP_LABELS } from '@marketplace/domain/orders/tracking';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { shownHtml, shownText } from '../../../test-support/page-html.ts';

// My Orders, an order's details and tracking without scripts (ADR-0013): rendered on the server
// for the shopper of the session, from the same API answers the pages' schemas describe.
let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let rahul: string;
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  rahul = await t.loginCookie('rahul@example.com');
});
afterAll(() => t.close());

const page = (path: string, cookie: string | null = kit.shopper) =>
  t.request(path, { headers: cookie ? { cookie } : {} });
/** React escapes text for HTML: an apostrophe in a product's name arrives as &#x27;. */
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;');

/** One item's part of My Orders' HTML, up to the next item. */
function itemHtml(html: string, itemId: number) {
  const start = html.indexOf(`data-item-id="${itemId}"`);
  if (start < 0) throw new Error(`item ${itemId} is on the page`);
  const end = html.indexOf('data-testid="order-item"', start);
  return html.slice(start, end < 0 ? undefined : end);
}

async function shipped(steps: string[], paymentMode: 'cod' | 'prepaid' = 'cod') {
  const placed = await kit.singleItemOrder(2, paymentMode);
  const res = await call(`/api/seller/orders/${placed.orderNo}/shipments`, placed.seller, 'POST', {
    items: [{ itemId: placed.item.id }],
  });
  const { invoiceNo } = (await res.json()) as { invoiceNo: string };
  for (const status of steps)
    await call(`/api/seller/shipments/${invoiceNo}/tracking`, placed.seller, 'POST', { status });
  return { ...placed, invoiceNo };
}

describe('My Orders renders on the server', () => {
  it('lists the shopper’s newest order with its items and actions in the first HTML, with no spinner', async () => {
    const { orderNo, item } = await kit.singleItemOrder();
    const response = await page('/myorder');
    expect(response.status).toBe(200);
    const html = shownHtml(await response.text());
    expect(html).toContain(orderNo);
    expect(html).toContain(escaped(item.productName));
    expect(html).toContain(`/cancelitem?order=${orderNo}`);
    expect(html).not.toContain('class="spinner"');
    // the page read the same answer the API gives, checked against the shared schema
    const api = MyOrderPage.parse(await (await call('/api/my-orders', kit.shopper)).json());
    expect(api.orders[0]?.orderNo).toBe(orderNo);
  });

  it('leads each item with only the actions it can take now; the rest of the list waits under More', async () => {
    const { orderNo, item } = await kit.singleItemOrder();
    const html = shownHtml(await (await page('/myorder')).text());
    const own = itemHtml(html, item.id);
    const [lead = '', more = ''] = own.split('<details');
    expect(lead).toContain(`data-action="cancel"`);
    expect(lead).toContain(`/cancelitem?order=${orderNo}`);
    for (const action of [
      'track',
      'return',
      'replace',
      'deliveryFeedback',
      'productFeedback',
      'sellerFeedback',
    ])
      expect(lead, action).not.toContain(`data-action="${action}"`);
    // the spec's whole list stays reachable, without scripts, under a disclosure
    expect(more).toContain(`<summary`);
    expect(more).toContain(MORE_ACTIONS_LABEL);
    for (const action of [
      'track',
      'return',
      'replace',
      'deliveryFeedback',
      'productFeedback',
      'sellerFeedback',
    ])
      expect(more, action).toContain(`data-action="${action}"`);
    expect(more).not.toContain(`data-action="cancel"`);
  });

  it('names each parcel by its GST invoice’s number, never the shipment’s own reference', async () => {
    const { item, invoiceNo: shipmentRef } = await shipped(['not_picked']);
    const [invoice] = await t.db
      .select({ number: taxDocuments.number })
      .from(taxDocuments)
      .innerJoin(orderItems, eq(orderItems.shipmentId, taxDocuments.shipmentId))
      .where(and(eq(orderItems.id, item.id), eq(taxDocuments.kind, 'invoice')));
    if (!invoice) throw new Error('shipping issued the invoice');
    expect(invoice.number).not.toBe(shipmentRef);
    const own = itemHtml(await (await page('/myorder')).text(), item.id);
    expect(shownText(own)).toContain(`Invoice ${invoice.number}`);
    expect(own).toMatch(/<span data-testid="invoice-no"[^>]*>/);
    expect(own).not.toContain(shipmentRef);
    const api = MyOrderPage.parse(await (await call('/api/my-orders', kit.shopper)).json());
    const listed = api.orders.flatMap((o) => o.groups.flatMap((g) => g.items)).find((i) => i.id === item.id);
    expect(listed?.taxInvoiceNo).toBe(invoice.number);
  });

  it('says where a cancelled prepaid item stands in the same sentence as its details page', async () => {
    const { item, seller } = await kit.singleItemOrder(1, 'prepaid');
    const refNo = await kit.insertRequest(item.id, 'cancel');
    await call(`/api/seller/item-requests/${refNo}/decision`, seller, 'POST', { decision: 'completed' });
    const own = itemHtml(await (await page('/myorder')).text(), item.id);
    expect(own).toContain('data-testid="item-status">Cancelled</p>');
    expect(own).toContain('data-testid="item-status-detail">Your refund has been initiated.');
  });

  it('shows another page of orders from the URL, and the first for a malformed page', async () => {
    const second = await page('/myorder?page=2');
    expect(second.status).toBe(200);
    expect(await second.text()).toContain('rel="prev"');
    const malformed = await page('/myorder?page=1x');
    expect(malformed.status).toBe(200);
    expect(await malformed.text()).not.toContain('rel="prev"');
    // a NUL never reaches the page: the edge answers the not-found page (ADR-0018)
    expect((await page('/myorder?page=1%00')).status).toBe(404);
  });

  it('sends a visitor to log in first', async () => {
    const response = await page('/myorder?page=2', null);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?redirectTo=%2Fmyorder%3Fpage%3D2');
  });
});

describe('an order’s details render on the server', () => {
  it('shows the order, its address and summary; another shopper gets 404 and nothing of it', async () => {
    const { orderNo, item } = await kit.singleItemOrder();
    const own = await page(`/neworderdetail?order=${orderNo}`);
    expect(own.status).toBe(200);
    const html = await own.text();
    expect(html).toContain(orderNo);
    expect(html).toContain('Cash on Delivery');
    expect(html).toContain(escaped(kit.address.street));
    expect(html).not.toContain('class="spinner"');

    const other = await page(`/neworderdetail?order=${orderNo}`, rahul);
    expect(other.status).toBe(404);
    const otherHtml = await other.text();
    expect(otherHtml).toContain(ORDER_MESSAGES.orderNotFound);
    // the order number is in the page's own URL; nothing of the order itself is
    expect(otherHtml).not.toContain(escaped(item.productName));
    expect(otherHtml).not.toContain('data-testid="detail-order-no"');
    for (const bad of ['not-an-order', 'OD1%3C', 'x'.repeat(5000)]) {
      const response = await page(`/neworderdetail?order=${bad}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain(ORDER_MESSAGES.orderNotFound);
    }
    const nul = await page(`/neworderdetail?order=OD1%00`);
    expect(nul.status).toBe(404);
    expect(await nul.text()).not.toContain(escaped(item.productName));
  });
});

describe('tracking renders on the server', () => {
  it('shows the shopper’s four stages with the current one marked, and the shipment’s updates', async () => {
    const { item, invoiceNo } = await shipped(['not_picked', 'in_transit']);
    const response = await page(`/trackitem?item=${item.id}`);
    expect(response.status).toBe(200);
    const html = shownHtml(await response.text());
    expect(html).toContain('data-testid="tracking-steps"');
    // the courier's in_transit reads as the shopper's Shipped, between Ordered and Out for delivery
    expect(html).toMatch(/aria-current="step"[^>]*>.*?Shipped/s);
    const stages = [...html.matchAll(/<strong class="track-step-name">([^<]*)<\/strong>/g)].map((m) => m[1]);
    expect(stages).toEqual(['Ordered', 'Shipped', 'Out for delivery', 'Delivered']);
    for (const courierWord of [
      'Manifested',
      'Not Picked',
      'In Transit',
      'Waiting for Dispatch',
      'Dispatched',
    ])
      expect(html, courierWord).not.toContain(courierWord);
    // the parcel is named by its carrier and AWB, never by the shipment's own reference as an invoice
    expect(html).not.toContain(`Invoice ${invoiceNo}`);
    // My Orders says the same word
    const listed = itemHtml(await (await page('/myorder')).text(), item.id);
    expect(listed).toMatch(/data-testid="item-status">Shipped/);
    expect(listed).not.toContain(TRACKING_STEP_LABELS.in_transit.name);
    expect(html).not.toContain('class="spinner"');
    const api = ItemTracking.parse(
      await (await call(`/api/my-orders/items/${item.id}/tracking`, kit.shopper)).json(),
    );
    expect(api.tracking?.status).toBe('in_transit');
  });

  it('tells a shopper whose parcel was lost that a prepaid one is refunded and a COD one costs nothing', async () => {
    for (const [mode, money, not] of [
      ['prepaid', SHOPPER_MONEY_AFTER_STOP.refunded, SHOPPER_MONEY_AFTER_STOP.nothingPaid],
      ['cod', SHOPPER_MONEY_AFTER_STOP.nothingPaid, SHOPPER_MONEY_AFTER_STOP.refunded],
    ] as const) {
      const { item } = await shipped(['not_picked', 'in_transit', 'lost_in_transit'], mode);
      const html = shownHtml(await (await page(`/trackitem?item=${item.id}`)).text());
      expect(html, mode).toContain(escaped(`${SHOPPER_TRACKING.lost_in_transit.detail} ${money}`));
      expect(html, mode).not.toContain(escaped(not));
      const api = ItemTracking.parse(
        await (await call(`/api/my-orders/items/${item.id}/tracking`, kit.shopper)).json(),
      );
      expect(api.tracking?.paidBeforeDelivery).toBe(mode === 'prepaid');
    }
  });

  it('says “No order data found” with 404 for another shopper’s item or a malformed link', async () => {
    const { item, invoiceNo } = await shipped(['not_picked']);
    const other = await page(`/trackitem?item=${item.id}`, rahul);
    expect(other.status).toBe(404);
    const html = await other.text();
    expect(html).toContain(TRACKING_MESSAGES.noOrderData);
    expect(html).not.toContain(invoiceNo);
    for (const query of ['', '?item=0', '?item=x1', `?item=${item.id}&shipment=%3Cscript%3E`]) {
      const response = await page(`/trackitem${query}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain(TRACKING_MESSAGES.noOrderData);
    }
    // a NUL never reaches the page: the edge answers the not-found page (ADR-0018)
    const nul = await page('/trackitem?item=1%00');
    expect(nul.status).toBe(404);
    expect(await nul.text()).not.toContain(invoiceNo);
  });
});

describe('the API document', () => {
  it('names the order pages’ answers as before, from the domain’s schemas', async () => {
    const document = (await (await t.request('/api/openapi.json')).json()) as {
      components: { schemas: Record<string, unknown> };
    };
    const named = Object.keys(document.components.schemas);
    for (const id of [
      'MyOrderPage',
      'MyOrder',
      'MyOrderItem',
      'ItemTracking',
      'CancelForm',
      'CancelReason',
      'CancelCodeSent',
      'CancelConfirmed',
      'CancelledItem',
      'AfterSalesForm',
      'AfterSalesRequestCreated',
      'ItemRequestDetails',
      'ItemConversation',
      'ItemFeedback',
      'FeedbackItem',
      'Feedback',
      'FeedbackMedia',
      'FeedbackSaved',
      'Upload',
    ])
      expect(named, id).toContain(id);
  });
});
