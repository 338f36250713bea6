// ADR-0069: the courier webhooks' inbox. What is kept is applied once, in arrival order; a worker
// that stopped leaves its rows to the next once their claim runs out; a scan that cannot be applied
// is tried again later and, after the last try, set aside as failed, never lost silently.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierInbox, courierShipments, shipments } from '@marketplace/db';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import {
  applyCourierInbox,
  courierEventKeeper,
  INBOX_CLAIM_MS,
  INBOX_MAX_ATTEMPTS,
  inboxRetryDelayMs,
  keepCourierEvent,
  pruneCourierInbox,
} from './inbox.ts';
import type { CourierTrackingEvent } from './provider.ts';
import { applyScanOfAnyParcel } from './route-event.ts';

const silent = pino({ level: 'silent' });
let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
});
afterAll(() => t.close());

/** a parcel booked with the built-in sandbox courier: its AWB and shipment */
async function bookedParcel() {
  const placed = await kit.singleItemOrder(1, 'cod');
  const res = await call(`/api/seller/orders/${placed.orderNo}/courier-shipments`, placed.seller, 'POST');
  expect(res.status).toBe(201);
  const { awbNo } = (await res.json()) as { awbNo: string };
  const [row] = await t.db.select().from(courierShipments).where(eq(courierShipments.awbNo, awbNo));
  if (!row) throw new Error('a booking');
  return { awbNo, shipmentId: row.shipmentId };
}
const statusOf = async (shipmentId: number) =>
  (await t.db.select().from(shipments).where(eq(shipments.id, shipmentId)))[0]?.status;
const rowsOf = (awbNo: string) =>
  t.db.select().from(courierInbox).where(eq(courierInbox.awbNo, awbNo)).orderBy(courierInbox.id);
const scanOf = (
  awbNo: string,
  scan: CourierTrackingEvent['scan'],
  minutesLater: number,
): CourierTrackingEvent => {
  const occurredAt = new Date(Date.now() + minutesLater * 60_000);
  return {
    awbNo,
    eventKey: `${awbNo}:${scan}:${occurredAt.toISOString()}`,
    scan,
    location: 'Pune_Hub',
    occurredAt,
  };
};

describe('keeping a webhook', () => {
  it('keeps the same event once when it arrives many times at once', async () => {
    const { awbNo } = await bookedParcel();
    const event = scanOf(awbNo, 'picked_up', 1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => keepCourierEvent(t.db, 'sandbox', event)),
    );
    expect(answers.filter((a) => a === 'queued')).toHaveLength(1);
    expect(answers.filter((a) => a === 'duplicate')).toHaveLength(5);
    expect(await rowsOf(awbNo)).toHaveLength(1);
  });

  it('keeps webhooks arriving together in one statement, each answered for itself', async () => {
    const { awbNo } = await bookedParcel();
    const keep = courierEventKeeper(t.db);
    const picked = scanOf(awbNo, 'picked_up', 1);
    const moving = scanOf(awbNo, 'in_transit', 2);
    const answers = await Promise.all([
      keep('sandbox', picked),
      keep('sandbox', picked),
      keep('sandbox', moving),
      keep('sandbox', scanOf('NOSUCHAWB2', 'in_transit', 2)),
      keep('sandbox', moving),
      keep('shiprocket', picked),
    ]);
    expect(answers).toEqual(['queued', 'duplicate', 'queued', 'unknown_awb', 'duplicate', 'unknown_awb']);
    expect((await rowsOf(awbNo)).map((r) => r.scan)).toEqual(['picked_up', 'in_transit']);
  });

  it('answers each webhook of a batch that failed on its own: one bad event fails only itself', async () => {
    const { awbNo } = await bookedParcel();
    const keep = courierEventKeeper(t.db);
    // a scan no courier sends: the table refuses it, and with it the batch's one statement
    const hostile = { ...scanOf(awbNo, 'in_transit', 3), scan: 'teleported' as CourierTrackingEvent['scan'] };
    const answers = await Promise.allSettled([
      keep('sandbox', scanOf(awbNo, 'picked_up', 1)),
      keep('sandbox', hostile),
      keep('sandbox', scanOf(awbNo, 'in_transit', 2)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await rowsOf(awbNo)).map((r) => r.scan)).toEqual(['picked_up', 'in_transit']);
  });

  it('keeps nothing for an AWB that is not the courier’s', async () => {
    const { awbNo } = await bookedParcel();
    expect(await keepCourierEvent(t.db, 'shiprocket', scanOf(awbNo, 'picked_up', 1))).toBe('unknown_awb');
    expect(await keepCourierEvent(t.db, 'sandbox', scanOf('NOSUCHAWB1', 'picked_up', 1))).toBe('unknown_awb');
    expect(await rowsOf(awbNo)).toHaveLength(0);
  });

  it('answers a scan already applied (brought by polling) as a duplicate', async () => {
    const { awbNo } = await bookedParcel();
    const event = scanOf(awbNo, 'picked_up', 1);
    expect((await applyScanOfAnyParcel(t.db, 'sandbox', event)).code).toBe('APPLIED');
    expect(await keepCourierEvent(t.db, 'sandbox', event)).toBe('duplicate');
  });
});

describe('applying what was kept', () => {
  it('applies in arrival order, once, and records each outcome', async () => {
    const { awbNo, shipmentId } = await bookedParcel();
    for (const [scan, minutes] of [
      ['picked_up', 1],
      ['in_transit', 2],
      ['out_for_delivery', 3],
      ['in_transit', 0],
    ] as const)
      expect(await keepCourierEvent(t.db, 'sandbox', scanOf(awbNo, scan, minutes))).toBe('queued');
    expect(await statusOf(shipmentId)).toBe('manifested');
    await applyCourierInbox(t.db, silent);
    expect(await statusOf(shipmentId)).toBe('dispatched');
    const rows = await rowsOf(awbNo);
    // the last one is older than the scans applied before it
    expect(rows.map((r) => r.outcome)).toEqual(['applied', 'applied', 'applied', 'stale']);
    expect(rows.every((r) => r.appliedAt instanceof Date && r.claimedUntil === null)).toBe(true);
    // nothing left: a second run applies nothing
    expect(await applyCourierInbox(t.db, silent)).toBe(0);
  });

  it('leaves a row claimed by a worker that stopped until its claim runs out', async () => {
    const { awbNo, shipmentId } = await bookedParcel();
    await keepCourierEvent(t.db, 'sandbox', scanOf(awbNo, 'picked_up', 1));
    const now = new Date();
    await t.db
      .update(courierInbox)
      .set({ claimedUntil: new Date(now.getTime() + INBOX_CLAIM_MS), attempts: 1 })
      .where(eq(courierInbox.awbNo, awbNo));
    await applyCourierInbox(t.db, silent, { now: () => now });
    expect(await statusOf(shipmentId)).toBe('manifested');
    await applyCourierInbox(t.db, silent, { now: () => new Date(now.getTime() + INBOX_CLAIM_MS + 1) });
    expect(await statusOf(shipmentId)).toBe('in_transit');
    expect((await rowsOf(awbNo)).map((r) => [r.outcome, r.attempts])).toEqual([['applied', 2]]);
  });

  it('tries a failing scan again after a growing wait, then sets it aside as failed', async () => {
    const { awbNo, shipmentId } = await bookedParcel();
    await keepCourierEvent(t.db, 'sandbox', scanOf(awbNo, 'picked_up', 1));
    let clock = Date.now();
    const failing: typeof applyScanOfAnyParcel = () => Promise.reject(new Error('the database went away'));
    for (let attempt = 1; attempt <= INBOX_MAX_ATTEMPTS; attempt++) {
      await applyCourierInbox(t.db, silent, { now: () => new Date(clock), apply: failing });
      const [row] = await rowsOf(awbNo);
      expect(row?.attempts).toBe(attempt);
      expect(row?.lastError).toBe('the database went away');
      if (attempt < INBOX_MAX_ATTEMPTS) {
        expect(row?.appliedAt).toBeNull();
        expect(row?.claimedUntil?.getTime()).toBe(clock + inboxRetryDelayMs(attempt));
        // not before its wait is over
        await applyCourierInbox(t.db, silent, { now: () => new Date(clock + 1), apply: failing });
        expect((await rowsOf(awbNo))[0]?.attempts).toBe(attempt);
        clock += inboxRetryDelayMs(attempt);
      } else {
        expect(row?.outcome).toBe('failed');
        expect(row?.appliedAt).toBeInstanceOf(Date);
      }
    }
    expect(inboxRetryDelayMs(1)).toBe(10_000);
    expect(inboxRetryDelayMs(4)).toBe(80_000);
    // set aside: a healthy run leaves it, and the parcel where it was
    expect(await applyCourierInbox(t.db, silent)).toBe(0);
    expect(await statusOf(shipmentId)).toBe('manifested');
  });

  it('drops applied rows once they are past their keeping time, never waiting ones', async () => {
    const { awbNo } = await bookedParcel();
    await keepCourierEvent(t.db, 'sandbox', scanOf(awbNo, 'picked_up', 1));
    await keepCourierEvent(t.db, 'sandbox', scanOf(awbNo, 'in_transit', 2));
    const [first] = await rowsOf(awbNo);
    await t.db
      .update(courierInbox)
      .set({ appliedAt: new Date(Date.now() - 31 * 86_400_000), outcome: 'applied' })
      .where(eq(courierInbox.id, first?.id ?? 0));
    expect(await pruneCourierInbox(t.db)).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(awbNo)).map((r) => r.scan)).toEqual(['in_transit']);
  });
});
