import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courierShipments,
  orders,
  sandboxCourierParcels,
  sandboxCourierScans,
  shipments,
} from '@marketplace/db';
import { COURIER_MESSAGES } from '@marketplace/domain/orders/courier';
import {
  COURIER_BATCH_LIMIT,
  COURIER_BATCH_MESSAGES,
  type CourierBatchView,
  pickupDays,
} from '@marketplace/domain/orders/courier-batch';
import { FULFILMENT_MESSAGES } from '@marketplace/domain/orders/fulfilment';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { pdfText } from '../../../test-support/pdf.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { applyCourierEvent } from './apply-event.ts';
import { createSandboxCourier } from './sandbox.ts';

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
beforeAll(async () => {
  t = await createTestApp({
    courier: (db) =>
      createSandboxCourier(db, {
        speed: 'instant',
        rates: { failedAttemptRate: 0, rtoRate: 0 },
        seed: 'batch',
      }),
  });
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };
const book = (cookie: string | null, body: unknown) =>
  call('/api/seller/courier-batches', cookie, 'POST', body);
const shipmentQuery = (refs: string[]) => new URLSearchParams(refs.map((r) => ['shipment', r])).toString();

/** `count` orders of one seller, each one item, placed and waiting to ship. */
async function ordersOfOneSeller(count: number) {
  const offers = kit.takeOffersOfOneSeller(count);
  const placed = [];
  for (const candidate of offers) placed.push(await kit.placeOrder([{ candidate }], 'cod'));
  const sellerId = offers[0]?.offer.sellerId;
  if (!sellerId) throw new Error('a seller');
  return {
    sellerId,
    seller: await kit.sellerCookie(sellerId),
    orderNos: placed.map((p) => p.orderNo),
    placed,
  };
}

describe('Ship many orders with the Bazaar courier', () => {
  it('books each order, prints their labels in one PDF and their manifest, and schedules one pickup', async () => {
    const { seller, orderNos } = await ordersOfOneSeller(3);
    const res = await book(seller, { orderNos });
    expect(res.status).toBe(200);
    const batch = (await res.json()) as CourierBatchView;
    expect(batch.message).toBe(COURIER_BATCH_MESSAGES.booked(3, 3));
    expect(batch.lines.map((l) => [l.orderNo, l.booked])).toEqual(orderNos.map((o) => [o, true]));
    expect(batch.shipments).toHaveLength(3);
    const awbs = batch.lines.map((l) => l.awbNo);
    expect(new Set(awbs).size).toBe(3);

    const labels = await t.request(`/api/seller/courier-labels?${shipmentQuery(batch.shipments)}`, {
      headers: { cookie: seller },
    });
    expect(labels.status).toBe(200);
    expect(labels.headers.get('content-type')).toBe('application/pdf');
    const labelsPdf = await pdfText(new Uint8Array(await labels.arrayBuffer()));
    expect(labelsPdf.pages).toBe(3);
    for (const awb of awbs) expect(labelsPdf.text).toContain(`AWB ${awb}`);

    const manifest = await t.request(`/api/seller/courier-manifest?${shipmentQuery(batch.shipments)}`, {
      headers: { cookie: seller },
    });
    expect(manifest.status).toBe(200);
    const manifestPdf = await pdfText(new Uint8Array(await manifest.arrayBuffer()));
    for (const awb of awbs) expect(manifestPdf.text).toContain(awb);
    for (const ref of batch.shipments) expect(manifestPdf.text).toContain(ref);
    expect(manifestPdf.text).toContain('3 parcels');
    expect(manifestPdf.text).toMatch(/signature/i);

    const day = pickupDays(new Date())[2] ?? '';
    const pickup = await call('/api/seller/courier-pickups', seller, 'POST', {
      shipments: batch.shipments,
      pickupDate: day,
    });
    expect(pickup.status).toBe(200);
    const scheduled = (await pickup.json()) as {
      pickupReference: string;
      pickupDate: string;
      message: string;
    };
    expect(scheduled.pickupDate).toBe(day);
    expect(scheduled.pickupReference).toMatch(/^PKP\d{8}[0-9A-F]{8}$/);
    // the same parcels on the same day are the same pickup
    const again = await call('/api/seller/courier-pickups', seller, 'POST', {
      shipments: [...batch.shipments].reverse(),
      pickupDate: day,
    });
    expect(((await again.json()) as { pickupReference: string }).pickupReference).toBe(
      scheduled.pickupReference,
    );
  });

  it('reports per order what was booked and why the others were not', async () => {
    const { seller, orderNos, placed } = await ordersOfOneSeller(3);
    const [first, second, third] = orderNos as [string, string, string];
    // one the courier cannot serve, one the seller shipped itself
    const unserviceable = placed[1]?.order.id ?? 0;
    await t.db.update(orders).set({ deliveryPincode: '000000' }).where(eq(orders.id, unserviceable));
    const self = await call(`/api/seller/orders/${third}/shipments`, seller, 'POST', {
      items: [{ itemId: placed[2]?.items[0]?.id }],
      carrier: 'Delhivery',
      awbNo: 'DL-99887766',
    });
    expect(self.status).toBe(201);
    const res = await book(seller, { orderNos: [first, second, third, first] });
    expect(res.status).toBe(200);
    const batch = (await res.json()) as CourierBatchView;
    expect(batch.lines.map((l) => [l.orderNo, l.booked, l.message])).toEqual([
      [first, true, expect.stringContaining('Booked with') as unknown],
      [second, false, COURIER_MESSAGES.notServiceable('The delivery pincode is not valid.')],
      [third, false, COURIER_MESSAGES.nothingToShip],
    ]);
    expect(batch.message).toBe(COURIER_BATCH_MESSAGES.booked(1, 3));
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, unserviceable))).toEqual([]);
  });

  it('books each order once when the same batch is sent twice at once', async () => {
    const { seller, orderNos, placed } = await ordersOfOneSeller(3);
    const [a, b] = await Promise.all([book(seller, { orderNos }), book(seller, { orderNos })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [x, y] = (await Promise.all([a.json(), b.json()])) as CourierBatchView[];
    expect(x?.lines.map((l) => l.awbNo)).toEqual(y?.lines.map((l) => l.awbNo));
    expect(x?.lines.every((l) => l.booked)).toBe(true);
    const rows = await t.db
      .select({ id: courierShipments.id })
      .from(courierShipments)
      .innerJoin(shipments, eq(shipments.id, courierShipments.shipmentId))
      .where(
        inArray(
          shipments.orderId,
          placed.map((p) => p.order.id),
        ),
      );
    expect(rows).toHaveLength(3);
    const parcels = await t.db
      .select()
      .from(sandboxCourierParcels)
      .where(inArray(sandboxCourierParcels.reference, x?.shipments ?? []));
    expect(parcels).toHaveLength(3);
  });

  it('refuses another seller’s orders and shipments without telling them apart from unknown ones', async () => {
    const mine = await ordersOfOneSeller(1);
    const other = await kit.otherSellerCookie(mine.sellerId);
    const res = await book(other, { orderNos: [...mine.orderNos, 'OD99999999999'] });
    expect(res.status).toBe(200);
    const batch = (await res.json()) as CourierBatchView;
    expect(batch.lines.map((l) => l.message)).toEqual([
      FULFILMENT_MESSAGES.orderNotFound,
      FULFILMENT_MESSAGES.orderNotFound,
    ]);
    expect(
      await t.db
        .select()
        .from(shipments)
        .where(eq(shipments.orderId, mine.placed[0]?.order.id ?? 0)),
    ).toEqual([]);

    const booked = (await (await book(mine.seller, { orderNos: mine.orderNos })).json()) as CourierBatchView;
    const query = shipmentQuery(booked.shipments);
    for (const path of [`/api/seller/courier-labels?${query}`, `/api/seller/courier-manifest?${query}`]) {
      const theirs = await t.request(path, { headers: { cookie: other } });
      expect(theirs.status).toBe(404);
      expect(((await theirs.json()) as ErrorBody).error.message).toBe(
        COURIER_BATCH_MESSAGES.shipmentsNotFound,
      );
      // one of theirs among mine spoils the batch too
      const mixed = await t.request(`${path}&shipment=SHP-1-1`, { headers: { cookie: mine.seller } });
      expect(mixed.status).toBe(404);
      expect((await t.request(path)).status).toBe(401);
      expect((await t.request(path, { headers: { cookie: kit.shopper } })).status).toBe(403);
    }
    const pickup = await call('/api/seller/courier-pickups', other, 'POST', {
      shipments: booked.shipments,
      pickupDate: pickupDays(new Date())[0],
    });
    expect(pickup.status).toBe(404);
    expect((await book(null, { orderNos: mine.orderNos })).status).toBe(401);
    expect((await book(kit.shopper, { orderNos: mine.orderNos })).status).toBe(403);
  });

  it('moves the sandbox’s planned pickup, and every scan after it, to the chosen day', async () => {
    // a sandbox on a real clock: a courier day is a real minute
    const courier = createSandboxCourier(t.db, {
      speed: 1440,
      rates: { failedAttemptRate: 0, rtoRate: 0 },
      seed: 'pickup',
    });
    const bookedAt = new Date();
    const answer = await courier.book({
      reference: `SHP-PICKUP-${Date.now()}`,
      orderNo: 'OD1000001',
      pickup: {
        name: 'Shop',
        address: '1 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
        phone: null,
      },
      delivery: {
        name: 'Asha',
        address: '2 Park St',
        city: 'Kolkata',
        state: 'West Bengal',
        pincode: '700016',
        phone: null,
      },
      weightGrams: 400,
      paymentMode: 'cod',
      codPaise: 49_900,
      contents: 'Kurta × 1',
      bookedAt,
    });
    if (answer.code !== 'BOOKED') throw new Error('booked');
    const scansOf = async () => {
      const [parcel] = await t.db
        .select()
        .from(sandboxCourierParcels)
        .where(eq(sandboxCourierParcels.awbNo, answer.awbNo));
      return t.db
        .select()
        .from(sandboxCourierScans)
        .where(eq(sandboxCourierScans.parcelId, parcel?.id ?? 0))
        .orderBy(asc(sandboxCourierScans.sequence));
    };
    const before = await scansOf();
    const day = pickupDays(new Date())[3] ?? '';
    const scheduled = await courier.schedulePickup({ awbNos: [answer.awbNo], pickupDate: day });
    expect(scheduled).toMatchObject({ code: 'SCHEDULED', pickupDate: day });
    const after = await scansOf();
    // on the sandbox's clock (a courier minute is 1/1440 of a real one), 2 pm India time of the day
    const courierMinutes = (at: Date) => ((at.getTime() - bookedAt.getTime()) * 1440) / 60_000;
    const pickupScan = after.find((s) => s.scan === 'picked_up');
    const wanted = (Date.parse(`${day}T14:00:00+05:30`) - bookedAt.getTime()) / 60_000;
    expect(Math.abs(courierMinutes(pickupScan?.dueAt ?? new Date(0)) - wanted)).toBeLessThan(2);
    // the scheduling scan stays; everything from the pickup on keeps its gaps
    expect(after[0]?.dueAt).toEqual(before[0]?.dueAt);
    const shift = (pickupScan?.dueAt.getTime() ?? 0) - (before[1]?.dueAt.getTime() ?? 0);
    expect(shift).toBeGreaterThan(0);
    after.slice(1).forEach((scan, i) => {
      expect(scan.dueAt.getTime() - (before[i + 1]?.dueAt.getTime() ?? 0)).toBe(shift);
    });
    // a cancelled parcel cannot be picked up; an unknown one is named
    expect(await courier.schedulePickup({ awbNos: ['BZS0000000000'], pickupDate: day })).toMatchObject({
      code: 'REFUSED',
      reason: 'Unknown AWB BZS0000000000.',
    });
    await courier.cancel(answer.awbNo);
    expect(await courier.schedulePickup({ awbNos: [answer.awbNo], pickupDate: day })).toMatchObject({
      code: 'REFUSED',
    });
  });

  it('refuses a pickup of a parcel already picked up, and a day outside the coming week', async () => {
    const { seller, orderNos } = await ordersOfOneSeller(1);
    const booked = (await (await book(seller, { orderNos })).json()) as CourierBatchView;
    for (const pickupDate of ['2020-01-01', '2099-01-01', '2026-02-30', 'tomorrow', '']) {
      const res = await call('/api/seller/courier-pickups', seller, 'POST', {
        shipments: booked.shipments,
        pickupDate,
      });
      expect(res.status).toBe(400);
    }
    // the sandbox's clock sends the pickup scan
    const [parcel] = await t.db
      .select()
      .from(sandboxCourierParcels)
      .where(eq(sandboxCourierParcels.reference, booked.shipments[0] ?? ''));
    await t.db
      .update(sandboxCourierScans)
      .set({ sentAt: new Date() })
      .where(eq(sandboxCourierScans.parcelId, parcel?.id ?? 0));
    const res = await call('/api/seller/courier-pickups', seller, 'POST', {
      shipments: booked.shipments,
      pickupDate: pickupDays(new Date())[1],
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.message).toBe(
      COURIER_BATCH_MESSAGES.pickupRefused(`Already picked up: AWB ${parcel?.awbNo}.`),
    );
  });

  it.each([
    ['an empty selection', { orderNos: [] }, COURIER_BATCH_MESSAGES.nothingChosen],
    [
      `more than ${COURIER_BATCH_LIMIT} orders`,
      { orderNos: Array.from({ length: 501 }, (_, i) => `OD${String(1_000_000 + i)}`) },
      COURIER_BATCH_MESSAGES.tooMany,
    ],
    [
      'a NUL byte in an order number',
      { orderNos: ['OD1000000\u0000'] },
      'This field has a character that is not allowed.',
    ],
    ['an order number that is not one', { orderNos: ['../admin'] }, COURIER_BATCH_MESSAGES.badOrderNo],
    ['orders of the wrong type', { orderNos: 'OD1000000' }, null],
    ['no body fields', {}, null],
  ])('answers %s with 400, never a 500', async (_name, body, message) => {
    const { seller } = await ordersOfOneSeller(1);
    const res = await book(seller, body);
    expect(res.status).toBe(400);
    if (message) expect(((await res.json()) as ErrorBody).error.message).toBe(message);
  });

  it.each([
    ['no shipment', ''],
    ['a NUL byte', 'shipment=SHP-1%00'],
    ['broken percent-encoding', 'shipment=SHP-%E0%A4'],
    ['too many', Array.from({ length: 501 }, (_, i) => `shipment=SHP-${i}`).join('&')],
  ])('answers labels and the manifest for %s with 400', async (_name, query) => {
    const { seller } = await ordersOfOneSeller(1);
    for (const path of ['/api/seller/courier-labels', '/api/seller/courier-manifest']) {
      const res = await t.request(`${path}?${query}`, { headers: { cookie: seller } });
      expect(res.status).toBe(400);
    }
  });

  it('answers malformed JSON and a huge body, never a 500', async () => {
    const { seller } = await ordersOfOneSeller(1);
    for (const [body, status] of [
      ['{"orderNos": [', 400],
      [`{"orderNos":["${'1'.repeat(2_000_000)}"]}`, 413],
    ] as const) {
      const res = await t.request('/api/seller/courier-batches', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: seller, origin: 'http://localhost' },
        body,
      });
      expect(res.status).toBe(status);
    }
  });
});

describe('the dispatch deadline of a parcel booked with the courier', () => {
  type Dispatch = { dispatchBy: string; isLate: boolean };
  it('is met by the courier’s pickup scan, not by the booking', async () => {
    const { seller, orderNos } = await ordersOfOneSeller(2);
    const batch = (await (await book(seller, { orderNos })).json()) as CourierBatchView;
    const [late, onTime] = batch.lines;
    if (!late?.awbNo || !onTime?.awbNo) throw new Error('both booked');
    const detail = async (orderNo: string) =>
      ((await (await call(`/api/seller/orders/${orderNo}`, seller)).json()) as { items: Dispatch[] })
        .items[0];
    const listed = async (orderNo: string) =>
      (
        (await (await call(`/api/seller/orders?tab=shipped&q=${orderNo}`, seller)).json()) as {
          rows: Dispatch[];
        }
      ).rows[0];
    const before = await detail(late.orderNo);
    if (!before) throw new Error('the order');
    expect(before.isLate).toBe(false);
    const deadline = Date.parse(before.dispatchBy);
    const pickup = (awbNo: string, eventKey: string, at: number) =>
      applyCourierEvent(t.db, 'sandbox', {
        awbNo,
        eventKey,
        scan: 'picked_up',
        location: 'Pune hub',
        occurredAt: new Date(at),
      });
    // booked in time, but the agent collected it an hour after the deadline
    expect(await pickup(late.awbNo, 'late-pickup', deadline + 3_600_000)).toMatchObject({ code: 'APPLIED' });
    expect(await pickup(onTime.awbNo, 'on-time-pickup', deadline - 60_000)).toMatchObject({
      code: 'APPLIED',
    });
    expect((await detail(late.orderNo))?.isLate).toBe(true);
    expect((await listed(late.orderNo))?.isLate).toBe(true);
    expect((await detail(onTime.orderNo))?.isLate).toBe(false);
    expect((await listed(onTime.orderNo))?.isLate).toBe(false);
  });

  it('is missed by a booked parcel still waiting for the courier past its deadline', async () => {
    const { seller, orderNos, placed } = await ordersOfOneSeller(1);
    await book(seller, { orderNos });
    // the order was placed ten days ago: booked today, and not yet picked up
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(orders.id, placed[0]?.order.id ?? 0));
    const res = await call(`/api/seller/orders/${orderNos[0]}`, seller);
    expect(((await res.json()) as { items: Dispatch[] }).items[0]?.isLate).toBe(true);
  });
});
