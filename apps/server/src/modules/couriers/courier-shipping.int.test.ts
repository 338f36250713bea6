import { and, asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codCollections,
  courierEvents,
  courierShipments,
  orderItems,
  orders,
  shipments,
  trackingEvents,
} from '@marketplace/db';
import { COURIER_MESSAGES } from '@marketplace/domain/orders/courier';
import type { COURIER_SCANS } from '@marketplace/domain/orders/courier-scans';
import { FULFILMENT_MESSAGES } from '@marketplace/domain/orders/fulfilment';
import { SANDBOX_COURIER_NAME } from '@marketplace/domain/orders/sandbox-courier';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { applyCourierEvent } from './apply-event.ts';
import { createSandboxCourier } from './sandbox.ts';
import { sandboxCourierJob } from './sandbox-job.ts';

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let runClock: () => Promise<unknown>;
beforeAll(async () => {
  // the sandbox courier's clock runs instantly: every scan is due once booked
  t = await createTestApp({
    courier: (db) =>
      createSandboxCourier(db, {
        speed: 'instant',
        rates: { failedAttemptRate: 0, rtoRate: 0 },
        seed: 'test',
      }),
  });
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  runClock = sandboxCourierJob(t.db, pino({ level: 'silent' })).run;
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };
type Booked = {
  invoiceNo: string;
  awbNo: string;
  courierName: string;
  chargePaise: number;
  labelUrl: string;
};

const shipWithCourier = (orderNo: string, cookie: string | null, body?: unknown) =>
  call(`/api/seller/orders/${orderNo}/courier-shipments`, cookie, 'POST', body);

async function booked(paymentMode: 'cod' | 'prepaid' = 'cod') {
  const placed = await kit.singleItemOrder(1, paymentMode);
  const res = await shipWithCourier(placed.orderNo, placed.seller);
  expect(res.status).toBe(201);
  return { ...placed, booking: (await res.json()) as Booked };
}

async function shipmentOf(invoiceNo: string) {
  const [row] = await t.db.select().from(shipments).where(eq(shipments.invoiceNo, invoiceNo));
  if (!row) throw new Error('the shipment exists');
  return row;
}
const event = (awbNo: string, eventKey: string, scan: (typeof COURIER_SCANS)[number], minutes: number) => ({
  awbNo,
  eventKey,
  scan,
  location: 'Pune hub',
  occurredAt: new Date(Date.now() + minutes * 60_000),
});

describe('Ship with Bazaar courier', () => {
  it('quotes the rate for the seller’s items waiting to ship', async () => {
    const placed = await kit.singleItemOrder();
    const res = await call(`/api/seller/orders/${placed.orderNo}/courier-quote`, placed.seller);
    expect(res.status).toBe(200);
    const quote = (await res.json()) as { serviceable: boolean; chargePaise: number; courierName: string };
    expect(quote).toMatchObject({ serviceable: true, courierName: SANDBOX_COURIER_NAME });
    expect(quote.chargePaise).toBeGreaterThanOrEqual(3_500);
  });

  it('invoices, ships and books the whole order in one call, with the courier’s AWB and label', async () => {
    const { booking, item, orderNo, seller } = await booked();
    expect(booking.courierName).toBe(SANDBOX_COURIER_NAME);
    expect(booking.awbNo).toMatch(/^BZS\d{10}$/);
    const shipment = await shipmentOf(booking.invoiceNo);
    expect(shipment).toMatchObject({
      status: 'manifested',
      awbNo: booking.awbNo,
      carrier: SANDBOX_COURIER_NAME,
      courierProvider: 'sandbox',
    });
    const [row] = await t.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row?.status).toBe('shipped');

    const label = await t.request(booking.labelUrl, { headers: { cookie: seller } });
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await label.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // the order page shows the booking, and no tracking form: the courier moves it
    const page = await call(`/api/seller/orders/${orderNo}`, seller);
    const detail = (await page.json()) as {
      shipments: { invoiceNo: string; nextStatuses: string[]; courier: { labelUrl: string } | null }[];
    };
    expect(detail.shipments[0]).toMatchObject({ nextStatuses: [], courier: { labelUrl: booking.labelUrl } });
    // and the seller cannot move it by hand
    const moved = await call(`/api/seller/shipments/${booking.invoiceNo}/tracking`, seller, 'POST', {
      status: 'not_picked',
    });
    expect(moved.status).toBe(409);
    expect(((await moved.json()) as ErrorBody).error.message).toBe(FULFILMENT_MESSAGES.courierTracks);
  });

  it('books once when asked again or twice at once', async () => {
    const placed = await kit.singleItemOrder();
    const [a, b] = await Promise.all([
      shipWithCourier(placed.orderNo, placed.seller),
      shipWithCourier(placed.orderNo, placed.seller),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const [x, y] = (await Promise.all([a.json(), b.json()])) as Booked[];
    expect(x?.awbNo).toBe(y?.awbNo);
    const again = await shipWithCourier(placed.orderNo, placed.seller, {
      items: [{ itemId: placed.item.id }],
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Booked).awbNo).toBe(x?.awbNo);
    const rows = await t.db
      .select()
      .from(courierShipments)
      .innerJoin(shipments, eq(shipments.id, courierShipments.shipmentId))
      .where(eq(shipments.orderId, placed.order.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a parcel the seller already shipped itself, and an order with nothing left to ship', async () => {
    const placed = await kit.singleItemOrder();
    const self = await call(`/api/seller/orders/${placed.orderNo}/shipments`, placed.seller, 'POST', {
      items: [{ itemId: placed.item.id }],
      carrier: 'Delhivery',
      awbNo: 'DL-123456',
    });
    expect(self.status).toBe(201);
    const res = await shipWithCourier(placed.orderNo, placed.seller, { items: [{ itemId: placed.item.id }] });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(COURIER_MESSAGES.shippedYourself);
    const nothing = await shipWithCourier(placed.orderNo, placed.seller);
    expect(nothing.status).toBe(409);
    expect(((await nothing.json()) as ErrorBody).error.message).toBe(COURIER_MESSAGES.nothingToShip);
  });

  it('refuses an address the courier cannot serve before anything is invoiced', async () => {
    const placed = await kit.singleItemOrder();
    await t.db.update(orders).set({ deliveryPincode: '000000' }).where(eq(orders.id, placed.order.id));
    const res = await shipWithCourier(placed.orderNo, placed.seller);
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.message).toBe(
      COURIER_MESSAGES.notServiceable('The delivery pincode is not valid.'),
    );
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, placed.order.id))).toEqual([]);
  });

  it('lets no one else book, quote or read the label', async () => {
    const { booking, orderNo, item } = await booked();
    const other = await kit.otherSellerCookie(item.sellerId);
    expect((await shipWithCourier(orderNo, other)).status).toBe(404);
    expect((await call(`/api/seller/orders/${orderNo}/courier-quote`, other)).status).toBe(404);
    expect((await t.request(booking.labelUrl, { headers: { cookie: other } })).status).toBe(404);
    expect((await shipWithCourier(orderNo, kit.shopper)).status).toBe(403);
    expect((await shipWithCourier(orderNo, null)).status).toBe(401);
    expect((await t.request(booking.labelUrl)).status).toBe(401);
  });

  it.each([
    ['a bad order number', '/api/seller/orders/OD%00X/courier-shipments', '{}', 400],
    ['broken percent-encoding', '/api/seller/orders/OD%E0%A4/courier-shipments', '{}', 400],
    ['malformed JSON', '/api/seller/orders/OD1/courier-shipments', '{"items": [', 400],
    ['items of the wrong type', '/api/seller/orders/OD1/courier-shipments', '{"items": "all"}', 400],
    ['an empty item list', '/api/seller/orders/OD1/courier-shipments', '{"items": []}', 400],
    [
      'a NUL byte in the body',
      '/api/seller/orders/OD1/courier-shipments',
      '{"items": [{"itemId": "1\\u0000"}]}',
      400,
    ],
    ['an unknown order', '/api/seller/orders/OD1/courier-shipments', '{}', 404],
    ['a huge body', '/api/seller/orders/OD1/courier-shipments', `{"x":"${'a'.repeat(2_000_000)}"}`, 413],
  ])('answers %s with its status, never a 500', async (_name, path, body, status) => {
    const { seller } = await kit.singleItemOrder();
    const res = await t.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: seller, origin: 'http://localhost' },
      body,
    });
    expect(res.status).toBe(status);
  });
});

describe('the courier’s scans move the shipment', () => {
  it('delivers a COD parcel with nobody clicking, and records the cash the courier collected', async () => {
    const { booking, item, order } = await booked('cod');
    await runClock();
    const shipment = await shipmentOf(booking.invoiceNo);
    expect(shipment.status).toBe('delivered');
    const steps = await t.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.shipmentId, shipment.id))
      .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id));
    expect(steps.map((s) => s.status).slice(0, 4)).toEqual([
      'manifested',
      'not_picked',
      'in_transit',
      'in_transit',
    ]);
    expect(steps.every((s) => s.note === null || !s.note.includes('_'))).toBe(true);
    expect(steps.slice(1).every((s) => s.location?.endsWith(' hub'))).toBe(true);
    {
      const [row] = await t.db.select().from(orderItems).where(eq(orderItems.id, item.id));
      expect(row?.status).toBe('delivered');
      const cash = await t.db.select().from(codCollections).where(eq(codCollections.shipmentId, shipment.id));
      expect(cash).toHaveLength(1);
      const [paid] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(paid?.paymentStatus).toBe('paid');
    }
  });

  it('ignores a replayed event, an out-of-order one and one that would move the parcel back', async () => {
    const { booking } = await booked('prepaid');
    const awb = booking.awbNo;
    // the sandbox's own scans are not sent here: these events stand in for a courier's webhook
    expect(await applyCourierEvent(t.db, 'sandbox', event(awb, 'e1', 'picked_up', 60))).toEqual({
      code: 'APPLIED',
      status: 'in_transit',
    });
    expect(await applyCourierEvent(t.db, 'sandbox', event(awb, 'e1', 'picked_up', 60))).toEqual({
      code: 'IGNORED',
      reason: 'duplicate',
    });
    expect(await applyCourierEvent(t.db, 'sandbox', event(awb, 'e3', 'out_for_delivery', 180))).toEqual({
      code: 'APPLIED',
      status: 'dispatched',
    });
    // arrives late: older than what was applied
    expect(
      await applyCourierEvent(t.db, 'sandbox', event(awb, 'e2', 'reached_destination_hub', 120)),
    ).toEqual({ code: 'IGNORED', reason: 'stale' });
    expect(await applyCourierEvent(t.db, 'sandbox', event(awb, 'e4', 'delivered', 240))).toEqual({
      code: 'APPLIED',
      status: 'delivered',
    });
    // newer, yet behind: never moves a delivered parcel
    expect(await applyCourierEvent(t.db, 'sandbox', event(awb, 'e5', 'delivery_attempted', 300))).toEqual({
      code: 'IGNORED',
      reason: 'backward',
    });
    expect(await applyCourierEvent(t.db, 'sandbox', event('BZS0000000000', 'e6', 'delivered', 300))).toEqual({
      code: 'UNKNOWN_AWB',
    });
    // the same AWB under another courier is not this shipment
    expect(await applyCourierEvent(t.db, 'shiprocket', event(awb, 'e7', 'delivered', 300))).toEqual({
      code: 'UNKNOWN_AWB',
    });
    const shipment = await shipmentOf(booking.invoiceNo);
    expect(shipment.status).toBe('delivered');
    const [booked_] = await t.db
      .select()
      .from(courierShipments)
      .where(eq(courierShipments.shipmentId, shipment.id));
    const kept = await t.db
      .select({ key: courierEvents.eventKey, outcome: courierEvents.outcome })
      .from(courierEvents)
      .where(eq(courierEvents.courierShipmentId, booked_?.id ?? 0))
      .orderBy(asc(courierEvents.id));
    expect(kept).toEqual([
      { key: 'e1', outcome: 'applied' },
      { key: 'e3', outcome: 'applied' },
      { key: 'e2', outcome: 'stale' },
      { key: 'e4', outcome: 'applied' },
      { key: 'e5', outcome: 'backward' },
    ]);
    // the scans the courier skipped were walked in order, each a step of the history
    const statuses = await t.db
      .select({ status: trackingEvents.status })
      .from(trackingEvents)
      .where(and(eq(trackingEvents.shipmentId, shipment.id)))
      .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id));
    expect(statuses.map((s) => s.status)).toEqual([
      'manifested',
      'not_picked',
      'in_transit',
      'pending',
      'dispatched',
      'delivered',
    ]);
  });

  it('sends a parcel back after three failed attempts when the courier fails every delivery', async () => {
    const app = await createTestApp({
      courier: (db) =>
        createSandboxCourier(db, {
          speed: 'instant',
          rates: { failedAttemptRate: 1, rtoRate: 0 },
          seed: 'test',
        }),
    });
    try {
      const other = await fulfilmentKit(app, 'rahul@example.com');
      const placed = await other.singleItemOrder(1, 'cod');
      const res = await jsonRequest(app)(
        `/api/seller/orders/${placed.orderNo}/courier-shipments`,
        placed.seller,
        'POST',
      );
      expect(res.status).toBe(201);
      const { invoiceNo } = (await res.json()) as Booked;
      await sandboxCourierJob(app.db, pino({ level: 'silent' })).run();
      const [shipment] = await app.db.select().from(shipments).where(eq(shipments.invoiceNo, invoiceNo));
      expect(shipment?.status).toBe('return_to_origin');
      const attempts = await app.db
        .select()
        .from(trackingEvents)
        .where(
          and(eq(trackingEvents.shipmentId, shipment?.id ?? 0), eq(trackingEvents.status, 'delivery_failed')),
        );
      expect(attempts).toHaveLength(3);
      expect(
        await app.db
          .select()
          .from(codCollections)
          .where(eq(codCollections.shipmentId, shipment?.id ?? 0)),
      ).toEqual([]);
      const [row] = await app.db.select().from(orderItems).where(eq(orderItems.id, placed.item.id));
      expect(row?.status).not.toBe('delivered');
    } finally {
      await app.close();
    }
  });
});
