import { SHOPPER_TRACKING } from '@marketplace/domain/orders/shopper-tracking';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemRequests, refunds, shipments } from '@marketplace/db';
import { FULFILMENT_MESSAGES } from '@marketplace/domain/orders/fulfilment';
import {
  REPLACEMENT_SHIPMENT_MESSAGES,
  REPLACEMENT_SHIPMENT_TEXTS,
} from '@marketplace/domain/orders/replacement';
import { TRANSITION_MESSAGES } from '@marketplace/domain/orders/state-machine';
import { TRACKING_MESSAGES, TRACKING_NEXT } from '@marketplace/domain/orders/tracking';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import type { ItemRequestDetails } from '../returns/index.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';

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

type ErrorBody = { error: { code: string; message: string } };
type Shipped = { invoiceNo: string; status: string; refNo: string; itemId: number; quantity: number };
type Replacement = { refNo: string; itemId: number; shipment: { invoiceNo: string; status: string } | null };
type Tracking = {
  item: { id: number; status: string };
  tracking: {
    invoiceNo: string;
    status: string;
    replacementRefNo: string | null;
    events: { status: string }[];
  } | null;
};

const ship = (refNo: string, cookie: string | null, body: unknown = {}) =>
  call(`/api/seller/item-requests/${refNo}/shipment`, cookie, 'POST', body);
const track = (invoiceNo: string, cookie: string | null, status: string) =>
  call(`/api/seller/shipments/${invoiceNo}/tracking`, cookie, 'POST', { status });
const decide = (refNo: string, cookie: string, decision: string) =>
  call(`/api/seller/item-requests/${refNo}/decision`, cookie, 'POST', { decision });
const replacementsOf = async (cookie: string, state = '') =>
  (
    (await (await call(`/api/seller/replacements${state ? `?state=${state}` : ''}`, cookie)).json()) as {
      replacements: Replacement[];
    }
  ).replacements;
const details = async (itemId: number, cookie = kit.shopper) =>
  (await (await call(`/api/item-requests?kind=replace&item=${itemId}`, cookie)).json()) as ItemRequestDetails;
const refundOf = async (refNo: string) => {
  const [row] = await t.db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(itemRequests, eq(itemRequests.id, refunds.requestId))
    .where(eq(itemRequests.refNo, refNo));
  return row?.refund ?? null;
};

/** A delivered item with a replacement of `replaced` units the seller has initiated. */
async function initiatedReplacement(quantity = 2, replaced = 1) {
  const placed = await kit.singleItemOrder(quantity);
  const res = await call(`/api/seller/orders/${placed.orderNo}/shipments`, placed.seller, 'POST', {
    items: [{ itemId: placed.item.id }],
  });
  const { invoiceNo } = (await res.json()) as { invoiceNo: string };
  for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered'])
    expect((await track(invoiceNo, placed.seller, status)).status).toBe(200);
  const refNo = await kit.insertRequest(placed.item.id, 'replace', replaced);
  expect((await decide(refNo, placed.seller, 'initiate-replacement')).status).toBe(200);
  return { ...placed, refNo, itemInvoiceNo: invoiceNo };
}

async function shipped(quantity = 2, replaced = 1) {
  const made = await initiatedReplacement(quantity, replaced);
  const res = await ship(made.refNo, made.seller, { carrier: 'Delhivery', awbNo: 'AWB-REPL-1' });
  expect(res.status).toBe(201);
  return { ...made, shipment: (await res.json()) as Shipped };
}

describe('replacement shipments through the seller API', () => {
  it('lists the replacement to send, ships it with its own invoice and takes it to delivered; the shopper sees and tracks it', async () => {
    const { item, seller, refNo, itemInvoiceNo, order } = await initiatedReplacement(2, 1);
    expect((await replacementsOf(seller, 'to_send')).map((r) => r.refNo)).toContain(refNo);
    expect((await details(item.id)).requests[0]?.replacement).toMatchObject({
      title: REPLACEMENT_SHIPMENT_TEXTS.preparing,
      trackHref: null,
    });

    const res = await ship(refNo, seller, { carrier: 'Delhivery', awbNo: 'AWB-REPL-1' });
    expect(res.status).toBe(201);
    const made = (await res.json()) as Shipped;
    expect(made).toMatchObject({ status: 'manifested', refNo, itemId: item.id, quantity: 1 });
    expect(made.invoiceNo).not.toBe(itemInvoiceNo);
    expect(made.invoiceNo).toMatch(/^SHP-/);
    const retry = await ship(refNo, seller, {});
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as Shipped).invoiceNo).toBe(made.invoiceNo);
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, order.id))).toHaveLength(2);

    expect((await replacementsOf(seller, 'to_send')).map((r) => r.refNo)).not.toContain(refNo);
    expect(
      (await replacementsOf(seller, 'on_the_way')).find((r) => r.refNo === refNo)?.shipment,
    ).toMatchObject({
      invoiceNo: made.invoiceNo,
      status: 'manifested',
    });

    for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched']) {
      const moved = await track(made.invoiceNo, seller, status);
      expect(moved.status).toBe(200);
    }
    const shown = (await details(item.id)).requests[0]?.replacement;
    expect(shown).toMatchObject({
      title: REPLACEMENT_SHIPMENT_TEXTS.shipped,
      detail: SHOPPER_TRACKING.dispatched.detail,
    });
    expect(shown?.trackHref).toBe(`/trackitem?item=${item.id}&shipment=${made.invoiceNo}`);

    const delivered = await track(made.invoiceNo, seller, 'delivered');
    expect(delivered.status).toBe(200);
    expect(((await delivered.json()) as { refundPaise: number }).refundPaise).toBe(0);
    expect((await details(item.id)).requests[0]?.replacement).toMatchObject({
      title: REPLACEMENT_SHIPMENT_TEXTS.delivered,
      status: 'delivered',
      deliveredAt: expect.any(String),
    });
    expect((await replacementsOf(seller, 'finished')).map((r) => r.refNo)).toContain(refNo);
    // the item itself stays as it was: delivered, its own parcel unchanged
    expect(await kit.itemRow(item.id)).toMatchObject({ status: 'delivered', replacedQuantity: 1 });
    expect(await refundOf(refNo)).toBeNull();

    const tracking = (await (
      await call(`/api/my-orders/items/${item.id}/tracking?shipment=${made.invoiceNo}`, kit.shopper)
    ).json()) as Tracking;
    expect(tracking.tracking).toMatchObject({
      invoiceNo: made.invoiceNo,
      status: 'delivered',
      replacementRefNo: refNo,
      // the replaced product was paid for, even on a cash on delivery order
      paidBeforeDelivery: true,
    });
    expect(tracking.tracking?.events.map((e) => e.status)).toEqual([
      'manifested',
      'not_picked',
      'in_transit',
      'pending',
      'dispatched',
      'delivered',
    ]);
    const own = (await (
      await call(`/api/my-orders/items/${item.id}/tracking`, kit.shopper)
    ).json()) as Tracking;
    expect(own.tracking).toMatchObject({
      invoiceNo: itemInvoiceNo,
      replacementRefNo: null,
      paidBeforeDelivery: false,
    });

    const page = (await (await call('/api/my-orders?page=1', kit.shopper)).json()) as {
      orders: {
        groups: {
          items: { id: number; replacement: { title: string; trackHref: string | null } | null }[];
        }[];
      }[];
    };
    const line = page.orders.flatMap((o) => o.groups.flatMap((g) => g.items)).find((i) => i.id === item.id);
    expect(line?.replacement).toMatchObject({
      title: REPLACEMENT_SHIPMENT_TEXTS.delivered,
      trackHref: `/trackitem?item=${item.id}&shipment=${made.invoiceNo}`,
    });
  });

  it('the seller’s view of one item lists its replacement shipments; another seller gets 404', async () => {
    const { item, seller, refNo, itemInvoiceNo } = await initiatedReplacement(2, 1);
    type ItemView = {
      invoiceNo: string | null;
      replacementShipments: {
        invoiceNo: string;
        status: string;
        refNo: string;
        deliveredAt: string | null;
      }[];
    };
    const viewOf = async (cookie: string | null) => call(`/api/seller/order-items/${item.id}`, cookie);
    const before = (await (await viewOf(seller)).json()) as ItemView;
    expect(before.invoiceNo).toBe(itemInvoiceNo);
    expect(before.replacementShipments).toEqual([]);

    const first = (await (await ship(refNo, seller, {})).json()) as Shipped;
    for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered'])
      expect((await track(first.invoiceNo, seller, status)).status).toBe(200);
    // a second replacement of the same item, still on its way
    const again = await kit.insertRequest(item.id, 'replace', 1);
    expect((await decide(again, seller, 'initiate-replacement')).status).toBe(200);
    const second = (await (await ship(again, seller, {})).json()) as Shipped;

    const after = (await (await viewOf(seller)).json()) as ItemView;
    // the item's own parcel is still the one shown as its invoice
    expect(after.invoiceNo).toBe(itemInvoiceNo);
    expect(after.replacementShipments).toEqual([
      { invoiceNo: first.invoiceNo, status: 'delivered', refNo, deliveredAt: expect.any(String) },
      { invoiceNo: second.invoiceNo, status: 'manifested', refNo: again, deliveredAt: null },
    ]);
    expect(Number.isNaN(Date.parse(after.replacementShipments[0]?.deliveredAt ?? ''))).toBe(false);

    // another seller, a shopper and a visitor do not see it; malformed ids are refused
    const other = await kit.otherSellerCookie(item.sellerId);
    const foreign = await viewOf(other);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(await foreign.json())).not.toContain(first.invoiceNo);
    expect((await viewOf(kit.shopper)).status).toBe(403);
    expect((await viewOf(null)).status).toBe(401);
    for (const bad of ['0', '-1', 'abc', '1.5', '9'.repeat(30), encodeURIComponent("1' OR 1=1")])
      expect((await call(`/api/seller/order-items/${bad}`, seller)).status).toBe(400);
    expect((await call('/api/seller/order-items/2147483000', seller)).status).toBe(404);
  });

  it('refuses illegal steps with 409, keeping the shipment where it was', async () => {
    const { shipment, seller } = await shipped();
    const skip = await track(shipment.invoiceNo, seller, 'delivered');
    expect(skip.status).toBe(409);
    expect(((await skip.json()) as ErrorBody).error.message).toBe(
      TRANSITION_MESSAGES.trackingStep('manifested', 'delivered', TRACKING_NEXT.manifested),
    );
    expect((await track(shipment.invoiceNo, seller, 'lost_in_transit')).status).toBe(409);
    expect((await track(shipment.invoiceNo, seller, 'manifested')).status).toBe(200); // where it is: unchanged
    const [row] = await t.db.select().from(shipments).where(eq(shipments.invoiceNo, shipment.invoiceNo));
    expect(row?.status).toBe('manifested');
  });

  it('keeps another seller and other shoppers out', async () => {
    const { shipment, seller, item, refNo } = await shipped();
    const other = await kit.otherSellerCookie(item.sellerId);
    const res = await ship(refNo, other);
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.message).toBe(FULFILMENT_MESSAGES.requestNotFound);
    expect((await track(shipment.invoiceNo, other, 'not_picked')).status).toBe(404);
    expect((await replacementsOf(other)).map((r) => r.refNo)).not.toContain(refNo);
    expect((await replacementsOf(seller)).map((r) => r.refNo)).toContain(refNo);

    // the shopper's pages: another shopper reads nothing; another item's shipment number is not found
    const foreign = await call(
      `/api/my-orders/items/${item.id}/tracking?shipment=${shipment.invoiceNo}`,
      rahul,
    );
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as ErrorBody).error.message).toBe(TRACKING_MESSAGES.noOrderData);
    const unrelated = await shipped();
    const crossed = await call(
      `/api/my-orders/items/${item.id}/tracking?shipment=${unrelated.shipment.invoiceNo}`,
      kit.shopper,
    );
    expect(crossed.status).toBe(404);
    for (const bad of ["' OR 1=1", 'x'.repeat(41), '../INV-1'])
      expect(
        (
          await call(
            `/api/my-orders/items/${item.id}/tracking?shipment=${encodeURIComponent(bad)}`,
            kit.shopper,
          )
        ).status,
      ).toBe(400);
    // a shopper is not a seller
    expect((await ship(refNo, kit.shopper)).status).toBe(403);
    expect((await ship(refNo, null)).status).toBe(401);
    expect((await call('/api/seller/replacements', kit.shopper)).status).toBe(403);
  });

  it('ships only a replacement the seller initiated', async () => {
    const placed = await kit.singleItemOrder(3);
    const res = await call(`/api/seller/orders/${placed.orderNo}/shipments`, placed.seller, 'POST', {
      items: [{ itemId: placed.item.id }],
    });
    const { invoiceNo } = (await res.json()) as { invoiceNo: string };
    for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered'])
      await track(invoiceNo, placed.seller, status);
    const pending = await kit.insertRequest(placed.item.id, 'replace', 1);
    const early = await ship(pending, placed.seller);
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error.message).toBe(
      REPLACEMENT_SHIPMENT_MESSAGES.notInitiated,
    );
    await decide(pending, placed.seller, 'reject-without-return');
    expect((await ship(pending, placed.seller)).status).toBe(409);
    const returned = await kit.insertRequest(placed.item.id, 'return', 1);
    expect((await ship(returned, placed.seller)).status).toBe(409);
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, placed.order.id))).toHaveLength(1);
  });

  it('refuses malformed input', async () => {
    const { refNo, seller } = await initiatedReplacement();
    for (const body of [
      { awbNo: 'no spaces allowed' },
      { carrier: '' },
      { carrier: 'x'.repeat(61) },
      { carrier: 7 },
      { sellerId: 1 },
    ])
      expect((await ship(refNo, seller, body)).status, JSON.stringify(body)).toBe(400);
    expect(
      (
        await call(
          `/api/seller/item-requests/${encodeURIComponent("RP' OR 1=1")}/shipment`,
          seller,
          'POST',
          {},
        )
      ).status,
    ).toBe(400);
    expect(
      (await call(`/api/seller/item-requests/${refNo}/shipment`, seller, 'POST', '{"carrier":')).status,
    ).toBe(400);
    expect((await call('/api/seller/replacements?state=lost', seller)).status).toBe(400);
    expect((await call('/api/seller/replacements?page=0', seller)).status).toBe(400);
    expect((await replacementsOf(seller, 'to_send')).map((r) => r.refNo)).toContain(refNo);
  });
});

describe('a replacement that never arrives', () => {
  it.each([
    // [how, the steps, units back in stock]
    ['lost in transit', ['not_picked', 'in_transit', 'lost_in_transit'], 0],
    [
      'returned to the seller after a failed delivery',
      ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivery_failed', 'return_to_origin'],
      1,
    ],
    ['cancelled by the seller before pickup', ['cancelled_by_seller'], 1],
  ] as const)(
    '%s: the shopper is refunded instead, as a refused replacement would be',
    async (_how, steps, restocked) => {
      const { shipment, seller, item, refNo, order } = await shipped(2, 1);
      const stock = await kit.stockOf(item.offerId);
      let refundPaise = 0;
      for (const status of steps) {
        const moved = await track(shipment.invoiceNo, seller, status);
        expect(moved.status, status).toBe(200);
        refundPaise += ((await moved.json()) as { refundPaise: number }).refundPaise;
      }
      expect(await kit.stockOf(item.offerId)).toBe(stock + restocked);
      // one of two units of a delivered COD order: half of what was paid
      expect(refundPaise).toBe(Math.floor(order.totalPaise / 2));
      const refund = await refundOf(refNo);
      expect(refund).toMatchObject({ amountPaise: refundPaise, status: 'initiated', method: 'bank_account' });
      const shown = (await details(item.id)).requests[0];
      expect(shown?.status).toBe('initiate-replacement');
      expect(shown?.refund).toMatchObject({ status: 'initiated', amountPaise: refundPaise });
      expect(shown?.replacement?.tone).toBe('bad');
      expect(shown?.replacement?.detail).toBe(REPLACEMENT_SHIPMENT_TEXTS.refunded);
      // the item's own status and numbers do not move
      expect(await kit.itemRow(item.id)).toMatchObject({
        status: 'delivered',
        replacedQuantity: 1,
        returnedQuantity: 0,
      });
      // nothing more happens to a finished replacement shipment
      expect((await track(shipment.invoiceNo, seller, 'dispatched')).status).toBe(409);
      expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
    },
  );
});
