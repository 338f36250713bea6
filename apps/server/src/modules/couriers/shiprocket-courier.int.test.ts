// "Ship with Bazaar courier" with COURIER_PROVIDER=shiprocket, through the real HTTP app and the
// local stand-in of Shiprocket's API: booking (with retries), the signed tracking webhook and polling.
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  courierEvents,
  courierInbox,
  courierReversePickups,
  courierShipments,
  itemRequests,
  shipments,
} from '@marketplace/db';
import { COURIER_MESSAGES } from '@marketplace/domain/orders/courier';
import { indiaDate } from '@marketplace/domain/orders/returns';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import {
  SHIPROCKET_STAND_IN,
  type ShiprocketStandIn,
  startShiprocketStandIn,
} from '../../../test-support/shiprocket-stand-in.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { courierPollJob } from './poll-job.ts';
import { bookDueReversePickups } from './reverse-pickups.ts';
import { createShiprocketCourier } from './shiprocket.ts';

let standIn: ShiprocketStandIn;
let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
const shiprocket = () =>
  createShiprocketCourier({
    baseUrl: standIn.url,
    email: SHIPROCKET_STAND_IN.email,
    password: SHIPROCKET_STAND_IN.password,
    pickupLocation: SHIPROCKET_STAND_IN.pickupLocation,
    retry: { attempts: 3, firstDelayMs: 10, timeoutMs: 2_000 },
  });
beforeAll(async () => {
  standIn = await startShiprocketStandIn();
  const courier = shiprocket();
  t = await createTestApp({
    courier: () => courier,
    shiprocketWebhookToken: SHIPROCKET_STAND_IN.webhookToken,
  });
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
afterEach(() => standIn.failNext(0));

type Booked = {
  invoiceNo: string;
  awbNo: string;
  courierName: string;
  chargePaise: number;
  labelUrl: string;
};
type ErrorBody = { error: { code: string; message: string } };
const WEBHOOK = '/api/webhooks/courier/shiprocket';

async function booked(paymentMode: 'cod' | 'prepaid' = 'cod') {
  const placed = await kit.singleItemOrder(1, paymentMode);
  const res = await call(`/api/seller/orders/${placed.orderNo}/courier-shipments`, placed.seller, 'POST');
  expect(res.status).toBe(201);
  return { ...placed, booking: (await res.json()) as Booked };
}
const statusOf = async (invoiceNo: string) =>
  (await t.db.select().from(shipments).where(eq(shipments.invoiceNo, invoiceNo)))[0]?.status;
/** a webhook, answered, and what it kept applied (ADR-0069) */
const post = async (body: string, headers: Record<string, string> = {}, path = WEBHOOK) => {
  const res = await t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  await t.courierInbox.idle();
  return res;
};
const inboxOutcome = async (awbNo: string, scan: string) =>
  (
    await t.db
      .select({ outcome: courierInbox.outcome })
      .from(courierInbox)
      .where(and(eq(courierInbox.awbNo, awbNo), eq(courierInbox.scan, scan)))
  ).map((row) => row.outcome);
const deliver = (hook: { body: string; headers: Record<string, string> }, path = WEBHOOK) =>
  post(hook.body, hook.headers, path);
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('Ship with Bazaar courier through Shiprocket', () => {
  it('books the order with Shiprocket, with its AWB, courier and label', async () => {
    const { booking, seller } = await booked();
    expect(booking.courierName).toBe('Xpressbees Surface');
    const made = standIn.byAwb(booking.awbNo);
    expect(made?.channelOrderId).toBe(booking.invoiceNo);
    const [row] = await t.db.select().from(courierShipments).where(eq(courierShipments.awbNo, booking.awbNo));
    expect(row?.provider).toBe('shiprocket');
    const label = await t.request(booking.labelUrl, { headers: { cookie: seller } });
    expect(label.status).toBe(200);
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('books after Shiprocket answered 5xx twice', async () => {
    standIn.failNext(2, 503);
    const { booking } = await booked();
    expect(standIn.byAwb(booking.awbNo)).toBeDefined();
  });

  it('tells the seller in plain words when Shiprocket never answers, and the same click books later', async () => {
    const placed = await kit.singleItemOrder(1, 'cod');
    standIn.failNext(1_000, 502);
    const res = await call(`/api/seller/orders/${placed.orderNo}/courier-shipments`, placed.seller, 'POST');
    expect(res.status).toBe(503);
    expect(((await res.json()) as ErrorBody).error.message).toBe(COURIER_MESSAGES.unavailable);
    standIn.failNext(0);
    const again = await call(`/api/seller/orders/${placed.orderNo}/courier-shipments`, placed.seller, 'POST');
    expect(again.status).toBe(201);
  });
});

describe('Shiprocket’s tracking webhook', () => {
  it('moves the shipment on each scan; a replay changes nothing', async () => {
    const { booking } = await booked();
    const picked = await standIn.scan(booking.awbNo, 42, 'Pune_Hub', later(1));
    const res = await deliver(picked);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'queued' });
    expect(await statusOf(booking.invoiceNo)).toBe('in_transit');
    expect(await inboxOutcome(booking.awbNo, 'picked_up')).toEqual(['applied']);
    // the same webhook again, at once and later
    const replays = await Promise.all([deliver(picked), deliver(picked)]);
    for (const replay of replays) {
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    }
    const out = await standIn.scan(booking.awbNo, 17, 'Kolkata_DC', later(2));
    expect((await deliver(out)).status).toBe(200);
    expect(await statusOf(booking.invoiceNo)).toBe('dispatched');
    const done = await standIn.scan(booking.awbNo, 7, 'Kolkata_DC', later(3));
    // also at the path Shiprocket's panel accepts
    expect((await deliver(done, '/api/webhooks/courier/scans')).status).toBe(200);
    expect(await statusOf(booking.invoiceNo)).toBe('delivered');
    expect(await (await deliver(picked)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await statusOf(booking.invoiceNo)).toBe('delivered');
  });

  it('refuses a missing or wrong token with 401, changing nothing', async () => {
    const { booking } = await booked();
    const hook = await standIn.scan(booking.awbNo, 42, 'Pune_Hub', later(1));
    expect((await post(hook.body)).status).toBe(401);
    const wrong = await post(hook.body, { 'x-api-key': `${SHIPROCKET_STAND_IN.webhookToken}x` });
    expect(wrong.status).toBe(401);
    expect((await post(hook.body, { 'x-api-key': '' })).status).toBe(401);
    expect(await statusOf(booking.invoiceNo)).toBe('manifested');
  });

  it('ignores with 202 an unknown AWB, and an AWB booked with another courier', async () => {
    const key = { 'x-api-key': SHIPROCKET_STAND_IN.webhookToken };
    const body = (awb: string) =>
      JSON.stringify({
        awb,
        current_status_id: 7,
        current_status: 'DELIVERED',
        current_timestamp: '06 12 2026 10:00:00',
        scans: [],
      });
    const unknown = await post(body('SR999999999'), key);
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual({ received: true, outcome: 'unknown_awb' });
    // a parcel booked with another courier under the same AWB is not Shiprocket's to move
    const { booking } = await booked();
    await t.db
      .update(courierShipments)
      .set({ provider: 'sandbox' })
      .where(eq(courierShipments.awbNo, booking.awbNo));
    const other = await post(body(booking.awbNo), key);
    expect(other.status).toBe(202);
    expect(await statusOf(booking.invoiceNo)).toBe('manifested');
  });

  it.each([
    ['malformed JSON', '{"awb": ', 400],
    ['a body that is no tracking update', '{"hello": "world"}', 400],
    ['an AWB of hostile characters', '{"awb": "../../etc", "current_status_id": 7}', 400],
    ['a NUL byte', '{"awb": "SR1\\u0000", "current_status_id": 7}', 400],
    ['a huge body', `{"awb":"SR1","scans":[],"x":"${'a'.repeat(2_000_000)}"}`, 413],
    ['a body just past the webhook’s own limit', `{"awb":"SR1","x":"${'a'.repeat(70_000)}"}`, 413],
  ])('answers %s with its status, never a 500', async (_name, body, status) => {
    const res = await post(body, { 'x-api-key': SHIPROCKET_STAND_IN.webhookToken });
    expect(res.status).toBe(status);
  });

  it('is off (404) while no token is configured', async () => {
    const app = await createTestApp({});
    try {
      const res = await app.request(WEBHOOK, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'anything-at-all-1' },
        body: '{"awb":"SR1"}',
      });
      expect(res.status).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('polling Shiprocket', () => {
  it('brings the scans a lost webhook would have, within the rate, and a later webhook of one is a duplicate', async () => {
    const parcels = await Promise.all([booked(), booked(), booked(), booked(), booked()]);
    const transitAt = parcels.map((_, i) => later(20 + i));
    for (const [i, { booking }] of parcels.entries()) {
      await standIn.scan(booking.awbNo, 42, 'Pune_Hub', later(10 + i));
      await standIn.scan(booking.awbNo, 18, 'Nagpur_Hub', transitAt[i]);
    }
    // the stand-in answers 429 past 2 tracking calls a second; the job keeps under it
    standIn.setRateLimit(2, 1_000);
    try {
      const job = courierPollJob(t.db, shiprocket(), pino({ level: 'silent' }), {
        perMinute: 2,
        windowMs: 1_000,
      });
      const before = standIn.requests.length;
      const started = Date.now();
      const moved = async () => {
        for (const { booking } of parcels)
          if ((await statusOf(booking.invoiceNo)) !== 'in_transit') return false;
        return true;
      };
      for (let run = 0; run < 10 && !(await moved()); run++) await job.run();
      expect(await moved()).toBe(true);
      const tracked = standIn.requests.slice(before).filter((r) => r.path.startsWith('/courier/track/'));
      expect(tracked.filter((r) => r.status === 429)).toEqual([]);
      // more calls than one window allows were spread over the windows
      expect(tracked.length).toBeGreaterThanOrEqual(5);
      expect(Date.now() - started).toBeGreaterThanOrEqual(Math.floor((tracked.length - 1) / 2) * 1_000);
    } finally {
      standIn.setRateLimit(1_000_000);
    }
    const first = parcels[0]?.booking.awbNo ?? '';
    // the webhook of a scan polling already brought is the same event
    const hook = await standIn.scan(first, 18, 'Nagpur_Hub', transitAt[0]);
    expect(await (await deliver(hook)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const [row] = await t.db.select().from(courierShipments).where(eq(courierShipments.awbNo, first));
    const events = await t.db
      .select()
      .from(courierEvents)
      .where(eq(courierEvents.courierShipmentId, row?.id ?? 0));
    expect(events.filter((e) => e.scan === 'in_transit')).toHaveLength(1);
  });
});

describe('a return’s reverse pickup with Shiprocket', () => {
  /** A parcel Shiprocket delivered, its return accepted with a pickup and booked back with Shiprocket. */
  async function bookedBack() {
    const { booking, seller, item } = await booked();
    for (const [minutes, code] of [
      [1, 42],
      [2, 17],
      [3, 7],
    ] as const)
      expect(
        (await deliver(await standIn.scan(booking.awbNo, code, 'Kolkata_DC', later(minutes)))).status,
      ).toBe(200);
    expect(await statusOf(booking.invoiceNo)).toBe('delivered');
    const refNo = await kit.insertRequest(item.id, 'return', 1);
    await t.db
      .update(itemRequests)
      .set({ pickupDate: indiaDate(new Date()) })
      .where(eq(itemRequests.refNo, refNo));
    const decided = await call(`/api/seller/item-requests/${refNo}/decision`, seller, 'POST', {
      decision: 'refund-with-reverse',
    });
    expect(decided.status).toBe(200);
    expect(await bookDueReversePickups(t.db, shiprocket(), new Date())).toContain(refNo);
    const [pickup] = await t.db
      .select()
      .from(courierReversePickups)
      .innerJoin(itemRequests, eq(itemRequests.id, courierReversePickups.requestId))
      .where(eq(itemRequests.refNo, refNo));
    if (!pickup) throw new Error('the reverse pickup is booked');
    expect(pickup.courier_reverse_pickups.provider).toBe('shiprocket');
    expect(pickup.courier_reverse_pickups.awbNo).not.toBe(booking.awbNo);
    return { refNo, awbNo: pickup.courier_reverse_pickups.awbNo, requestId: pickup.item_requests.id };
  }
  const pickupOf = async (requestId: number) =>
    (
      await t.db.select().from(courierReversePickups).where(eq(courierReversePickups.requestId, requestId))
    )[0];
  const requestOf = async (requestId: number) =>
    (await t.db.select().from(itemRequests).where(eq(itemRequests.id, requestId)))[0];

  it('is moved by the webhook under its own AWB: the pickup scan records the pickup once', async () => {
    const { awbNo, requestId } = await bookedBack();
    const picked = await standIn.scan(awbNo, 42, 'Kolkata_DC', later(60));
    const res = await deliver(picked);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'queued' });
    expect((await pickupOf(requestId))?.status).toBe('picked_up');
    const pickedUpAt = (await requestOf(requestId))?.pickedUpAt;
    expect(pickedUpAt).toBeInstanceOf(Date);
    // a replay moves nothing and records no second pickup
    expect(await (await deliver(picked)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await requestOf(requestId))?.pickedUpAt?.getTime()).toBe(pickedUpAt?.getTime());
  });

  it('is asked about by polling when its webhook never came', async () => {
    const { awbNo, requestId } = await bookedBack();
    // Shiprocket scanned the pickup and the arrival at the seller; neither webhook arrived
    await standIn.scan(awbNo, 42, 'Kolkata_DC', later(60));
    await standIn.scan(awbNo, 7, 'Pune_Hub', later(120));
    const job = courierPollJob(t.db, shiprocket(), pino({ level: 'silent' }), { perMinute: 1_000 });
    await job.run();
    expect((await pickupOf(requestId))?.status).toBe('delivered');
    expect((await requestOf(requestId))?.pickedUpAt).toBeInstanceOf(Date);
  });
});
