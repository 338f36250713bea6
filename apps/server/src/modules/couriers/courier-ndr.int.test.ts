// ADR-0058: a failed delivery attempt, the shopper's and the seller's choice, and a parcel sent
// back reaching the seller, through the real HTTP app and the sandbox courier's clock.
import { and, asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codCollections,
  courierNdrActions,
  courierShipments,
  offers,
  orderItems,
  orders,
  outbox,
  sandboxCourierParcels,
  shipments,
  trackingEvents,
} from '@marketplace/db';
import { NDR_MESSAGES, type NdrQueue, type NdrView, reattemptDays } from '@marketplace/domain/orders/ndr';
import { addDays, indiaDate } from '@marketplace/domain/orders/returns';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { applyCourierEvent } from './apply-event.ts';
import { createSandboxCourier } from './sandbox.ts';
import { sandboxCourierJob } from './sandbox-job.ts';

// the courier's clock, moved by the test: a courier day passes in a real minute
let now = new Date();
let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let runClock: () => Promise<unknown>;
beforeAll(async () => {
  t = await createTestApp({
    clock: () => now,
    // every parcel fails its first attempts (chosen for return); an attempt the shopper or the
    // seller asks for is delivered
    courier: (db) =>
      createSandboxCourier(db, {
        speed: 1440,
        rates: { failedAttemptRate: 0, rtoRate: 1 },
        seed: 'ndr',
        clock: () => now,
      }),
  });
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  runClock = sandboxCourierJob(t.db, pino({ level: 'silent' }), { clock: () => now }).run;
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };
type Chosen = { success: true; message: string; ndr: NdrView };

async function shipmentOf(invoiceNo: string) {
  const [row] = await t.db.select().from(shipments).where(eq(shipments.invoiceNo, invoiceNo));
  if (!row) throw new Error('the shipment exists');
  return row;
}
/** Moves the courier's clock 4 courier hours at a time until the parcel reaches `status`. */
async function until(invoiceNo: string, status: string) {
  for (let i = 0; i < 200; i++) {
    if ((await shipmentOf(invoiceNo)).status === status) return;
    now = new Date(now.getTime() + 10_000);
    await runClock();
  }
  throw new Error(`the parcel never reached ${status}; it is at ${(await shipmentOf(invoiceNo)).status}`);
}
const stockOf = async (offerId: number) =>
  (await t.db.select({ stock: offers.stock }).from(offers).where(eq(offers.id, offerId)))[0]?.stock;

/** A COD order shipped with the sandbox courier, at its first failed attempt. */
async function failedOnce() {
  const placed = await kit.singleItemOrder(1, 'cod');
  const res = await call(`/api/seller/orders/${placed.orderNo}/courier-shipments`, placed.seller, 'POST');
  expect(res.status).toBe(201);
  const { invoiceNo, awbNo } = (await res.json()) as { invoiceNo: string; awbNo: string };
  await until(invoiceNo, 'delivery_failed');
  return { ...placed, invoiceNo, awbNo };
}
const ndrPath = (invoiceNo: string) => `/api/my-orders/shipments/${invoiceNo}/ndr`;
const choose = (invoiceNo: string, body: unknown, cookie: string | null = kit.shopper) =>
  call(ndrPath(invoiceNo), cookie, 'POST', body);

describe('a failed delivery attempt (NDR)', () => {
  it('tells the shopper at once, who reschedules; the parcel is delivered on the day chosen', async () => {
    const { invoiceNo, orderNo, order, item } = await failedOnce();
    const told = await t.db.select().from(outbox).where(eq(outbox.template, 'delivery-attempted'));
    const mine = told.filter((m) => m.body.includes(orderNo));
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine[0]?.body).toContain(`/trackitem?item=${item.id}`);

    const view = await call(ndrPath(invoiceNo), kit.shopper);
    expect(view.status).toBe(200);
    const shown = (await view.json()) as NdrView;
    expect(shown).toMatchObject({ attempts: 1, isAwaitingChoice: true, choice: null });
    expect(shown.reattemptDays).toEqual(reattemptDays(now));

    const day = shown.reattemptDays[1] ?? '';
    const res = await choose(invoiceNo, { action: 're_attempt', date: day });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Chosen;
    expect(body.message).toBe(NDR_MESSAGES.chosen.re_attempt(day));
    expect(body.ndr).toMatchObject({
      isAwaitingChoice: false,
      choice: { action: 're_attempt', chosenBy: 'shopper' },
    });
    // a second choice for the same attempt is refused
    const again = await choose(invoiceNo, { action: 'return_to_origin' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe(NDR_MESSAGES.notAwaiting);

    await until(invoiceNo, 'delivered');
    const shipment = await shipmentOf(invoiceNo);
    // the attempt asked for went out after the failed one, and was delivered
    const steps = await t.db
      .select({ status: trackingEvents.status })
      .from(trackingEvents)
      .where(eq(trackingEvents.shipmentId, shipment.id))
      .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id));
    expect(steps.map((s) => s.status).slice(-3)).toEqual(['delivery_failed', 'dispatched', 'delivered']);
    expect(
      await t.db.select().from(codCollections).where(eq(codCollections.shipmentId, shipment.id)),
    ).toHaveLength(1);
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid?.paymentStatus).toBe('paid');
  });

  it('takes a corrected address, on the order and the courier’s parcel', async () => {
    const { invoiceNo, order, awbNo } = await failedOnce();
    const res = await choose(invoiceNo, {
      action: 'change_address',
      address: 'Flat 4, Lake View Road, near the temple',
      pincode: order.deliveryPincode,
      phone: '9876501234',
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      deliveryAddress: 'Flat 4, Lake View Road, near the temple',
      deliveryPhone: '9876501234',
    });
    const [parcel] = await t.db
      .select()
      .from(sandboxCourierParcels)
      .where(eq(sandboxCourierParcels.awbNo, awbNo));
    expect(parcel?.delivery).toMatchObject({ address: 'Flat 4, Lake View Road, near the temple' });
    await until(invoiceNo, 'delivered');
  });

  it('cancelled by the shopper: the parcel goes back, reaches the seller, stock returns once, no cash', async () => {
    const { invoiceNo, item, awbNo } = await failedOnce();
    const before = await stockOf(item.offerId);
    const res = await choose(invoiceNo, { action: 'return_to_origin' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Chosen).message).toBe(NDR_MESSAGES.chosen.return_to_origin);
    await until(invoiceNo, 'return_to_origin');
    // on its way back: not yet on the seller's shelf
    expect(await stockOf(item.offerId)).toBe(before);
    const shipment = await shipmentOf(invoiceNo);
    for (let i = 0; i < 40; i++) {
      const [booking] = await t.db
        .select()
        .from(courierShipments)
        .where(eq(courierShipments.shipmentId, shipment.id));
      if (booking?.rtoReceivedAt) break;
      now = new Date(now.getTime() + 10_000);
      await runClock();
    }
    expect(await stockOf(item.offerId)).toBe((before ?? 0) + 1);
    // the courier reports the arrival again, under another event id: nothing more comes back
    const replay = await applyCourierEvent(t.db, 'sandbox', {
      awbNo,
      eventKey: 'replayed-arrival',
      scan: 'rto_delivered',
      location: 'Seller',
      occurredAt: new Date(now.getTime() + 60_000),
    });
    expect(replay).toEqual({ code: 'APPLIED', status: 'return_to_origin' });
    expect(await stockOf(item.offerId)).toBe((before ?? 0) + 1);
    expect(
      await t.db.select().from(codCollections).where(eq(codCollections.shipmentId, shipment.id)),
    ).toEqual([]);
    const [closed] = await t.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(closed?.status).toBe('undelivered');
  });

  it('sends one choice when two arrive at once', async () => {
    const { invoiceNo } = await failedOnce();
    const day = reattemptDays(now)[0];
    const answers = await Promise.all([
      choose(invoiceNo, { action: 're_attempt', date: day }),
      choose(invoiceNo, { action: 'return_to_origin' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const shipment = await shipmentOf(invoiceNo);
    const [booking] = await t.db
      .select()
      .from(courierShipments)
      .where(eq(courierShipments.shipmentId, shipment.id));
    expect(
      await t.db
        .select()
        .from(courierNdrActions)
        .where(eq(courierNdrActions.courierShipmentId, booking?.id ?? 0)),
    ).toHaveLength(1);
  });

  it('refuses bad choices with their status, never a 500, and lets no one else choose', async () => {
    const { invoiceNo, seller } = await failedOnce();
    const today = indiaDate(now);
    const bad: [unknown, number][] = [
      [{ action: 're_attempt', date: today }, 400],
      [{ action: 're_attempt', date: addDays(today, -1) }, 400],
      [{ action: 're_attempt', date: addDays(today, 4) }, 400],
      [{ action: 're_attempt', date: 'tomorrow' }, 400],
      [{ action: 're_attempt' }, 400],
      [{ action: 'change_address', address: 'Somewhere', pincode: '56001' }, 400],
      [{ action: 'change_address', address: 'Somewhere', pincode: '5600011' }, 400],
      [{ action: 'change_address', address: 'Some\u0000where', pincode: '560001' }, 400],
      [{ action: 'change_address', address: 'x'.repeat(201), pincode: '560001' }, 400],
      [{ action: 'change_phone', phone: '12345' }, 400],
      [{ action: 'fly_it_in' }, 400],
      [{}, 400],
    ];
    for (const [body, status] of bad) {
      const res = await choose(invoiceNo, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
    }
    for (const [raw, status] of [
      ['{"action": "re_attempt", ', 400],
      [`{"action":"change_address","address":"${'a'.repeat(2_000_000)}","pincode":"560001"}`, 413],
    ] as const) {
      const res = await t.request(ndrPath(invoiceNo), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: kit.shopper, origin: 'http://localhost' },
        body: raw,
      });
      expect(res.status).toBe(status);
    }
    expect((await call('/api/my-orders/shipments/SHP%00X/ndr', kit.shopper)).status).toBe(400);
    expect((await call('/api/my-orders/shipments/SHP%E0%A4/ndr', kit.shopper)).status).toBe(400);

    const someoneElse = await t.loginCookie('rahul@example.com');
    expect((await call(ndrPath(invoiceNo), someoneElse)).status).toBe(404);
    expect((await choose(invoiceNo, { action: 'return_to_origin' }, someoneElse)).status).toBe(404);
    expect((await choose(invoiceNo, { action: 'return_to_origin' }, null)).status).toBe(401);
    // the seller chooses through its own queue, not the shopper's page
    expect((await choose(invoiceNo, { action: 'return_to_origin' }, seller)).status).toBe(404);
    // still waiting: none of these were sent
    expect(((await (await call(ndrPath(invoiceNo), kit.shopper)).json()) as NdrView).isAwaitingChoice).toBe(
      true,
    );
  });
});

describe('the seller’s NDR queue', () => {
  it('lists parcels with a failed attempt and their choice; the seller can act too', async () => {
    const { invoiceNo, seller, item } = await failedOnce();
    const queue = await call('/api/seller/ndr', seller);
    expect(queue.status).toBe(200);
    const rows = ((await queue.json()) as NdrQueue).rows;
    expect(rows.find((r) => r.invoiceNo === invoiceNo)).toMatchObject({
      attempts: 1,
      isAwaitingChoice: true,
      choice: null,
      status: 'delivery_failed',
    });
    const other = await kit.otherSellerCookie(item.sellerId);
    const theirs = ((await (await call('/api/seller/ndr', other)).json()) as NdrQueue).rows;
    expect(theirs.some((r) => r.invoiceNo === invoiceNo)).toBe(false);
    const path = `/api/seller/shipments/${invoiceNo}/ndr`;
    expect((await call(path, other, 'POST', { action: 'return_to_origin' })).status).toBe(404);
    expect((await call(path, kit.shopper, 'POST', { action: 'return_to_origin' })).status).toBe(403);
    expect((await call('/api/seller/ndr', kit.shopper)).status).toBe(403);
    expect((await call('/api/seller/ndr', null)).status).toBe(401);
    // a seller offers another attempt or the return, not an address
    expect((await call(path, seller, 'POST', { action: 'change_phone', phone: '9876501234' })).status).toBe(
      400,
    );

    const day = reattemptDays(now)[0];
    const acted = await call(path, seller, 'POST', { action: 're_attempt', date: day });
    expect(acted.status).toBe(200);
    const after = ((await (await call('/api/seller/ndr', seller)).json()) as NdrQueue).rows;
    expect(after.find((r) => r.invoiceNo === invoiceNo)).toMatchObject({
      isAwaitingChoice: false,
      choice: { action: 're_attempt', chosenBy: 'seller' },
    });
    // the shopper's page shows who chose
    const view = (await (await call(ndrPath(invoiceNo), kit.shopper)).json()) as NdrView;
    expect(view.choice?.chosenBy).toBe('seller');
  });

  it('with no choice the courier tries again each day; three failures send the parcel back', async () => {
    const { invoiceNo, item, seller } = await failedOnce();
    const before = await stockOf(item.offerId);
    await until(invoiceNo, 'return_to_origin');
    const shipment = await shipmentOf(invoiceNo);
    const [booking] = await t.db
      .select()
      .from(courierShipments)
      .where(and(eq(courierShipments.shipmentId, shipment.id)));
    expect(booking?.failedAttempts).toBe(3);
    // the third failure asks nobody: the parcel is already going back
    const res = await choose(invoiceNo, { action: 're_attempt', date: reattemptDays(now)[0] });
    expect(res.status).toBe(409);
    const rows = ((await (await call('/api/seller/ndr', seller)).json()) as NdrQueue).rows;
    expect(rows.find((r) => r.invoiceNo === invoiceNo)).toMatchObject({
      attempts: 3,
      isAwaitingChoice: false,
    });
    for (let i = 0; i < 40 && (await stockOf(item.offerId)) === before; i++) {
      now = new Date(now.getTime() + 10_000);
      await runClock();
    }
    expect(await stockOf(item.offerId)).toBe((before ?? 0) + 1);
  });
});
