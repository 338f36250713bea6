// ADR-0058: an accepted return of a parcel the courier carried goes back by the courier's reverse
// pickup; the refund starts at its pickup scan, once; a failed quality check holds the refund and
// is listed for the seller and support. "Ship myself" returns keep the pickup-day round.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierReversePickups, itemRequests, refunds, sellers } from '@marketplace/db';
import { indiaDate } from '@marketplace/domain/orders/returns';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp } from '../../../test-support/testing.ts';
import { collectDuePickups } from '../fulfilment/index.ts';
import { applyReversePickupEvent, bookDueReversePickups } from './reverse-pickups.ts';
import { createSandboxCourier, type SandboxCourierOptions } from './sandbox.ts';
import { sandboxCourierJob } from './sandbox-job.ts';

type Disputes = { disputes: { refNo: string; sellerName: string; qualityCheckNotes: string[] }[] };

/** An app whose sandbox courier is instant and fails quality checks at `qcFailRate`. */
async function appWith(qcFailRate: number, shopperEmail = 'priya@example.com') {
  const options: SandboxCourierOptions = {
    speed: 'instant',
    rates: { failedAttemptRate: 0, rtoRate: 0, qcFailRate },
    seed: 'returns',
  };
  const t = await createTestApp({ courier: (db) => createSandboxCourier(db, options) });
  const kit = await fulfilmentKit(t, shopperEmail);
  const call = jsonRequest(t);
  const courier = createSandboxCourier(t.db, options);
  const runClock = sandboxCourierJob(t.db, pino({ level: 'silent' })).run;

  /** A COD parcel delivered by the courier, its return asked for (pickup today) and accepted. */
  async function acceptedReturn() {
    const placed = await kit.singleItemOrder(1, 'cod');
    const res = await call(`/api/seller/orders/${placed.orderNo}/courier-shipments`, placed.seller, 'POST');
    expect(res.status).toBe(201);
    await runClock();
    const refNo = await kit.insertRequest(placed.item.id, 'return', 1);
    await t.db
      .update(itemRequests)
      .set({ pickupDate: indiaDate(new Date()) })
      .where(eq(itemRequests.refNo, refNo));
    const decided = await call(`/api/seller/item-requests/${refNo}/decision`, placed.seller, 'POST', {
      decision: 'refund-with-reverse',
    });
    expect(decided.status).toBe(200);
    const [request] = await t.db.select().from(itemRequests).where(eq(itemRequests.refNo, refNo));
    if (!request) throw new Error('the request exists');
    return { ...placed, refNo, request };
  }
  const refundsOf = (requestId: number) =>
    t.db.select().from(refunds).where(eq(refunds.requestId, requestId));
  return { t, kit, call, courier, runClock, acceptedReturn, refundsOf };
}

describe('reverse pickups by the courier', () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    app = await appWith(0);
  });
  afterAll(() => app.t.close());

  it('books the pickup with quality-check notes and refunds at the courier’s pickup scan, once', async () => {
    const { t, courier, runClock, acceptedReturn, refundsOf } = app;
    const { refNo, request } = await acceptedReturn();
    // the pickup-day round leaves it to the courier
    expect(await collectDuePickups(t.db, new Date())).not.toContain(refNo);
    expect(await refundsOf(request.id)).toEqual([]);

    expect(await bookDueReversePickups(t.db, courier, new Date())).toContain(refNo);
    // booked once however often the round runs
    expect(await bookDueReversePickups(t.db, courier, new Date())).not.toContain(refNo);
    const [booking] = await t.db
      .select()
      .from(courierReversePickups)
      .where(eq(courierReversePickups.requestId, request.id));
    expect(booking).toMatchObject({ status: 'booked', provider: 'sandbox' });
    expect(booking?.awbNo).toMatch(/^BZR\d{10}$/);
    expect(booking?.qualityCheckNotes[0]).toMatch(/^Product: /);
    expect(await refundsOf(request.id)).toEqual([]);

    await runClock();
    const [after] = await t.db
      .select()
      .from(courierReversePickups)
      .where(eq(courierReversePickups.requestId, request.id));
    expect(after?.status).toBe('delivered');
    const [picked] = await t.db.select().from(itemRequests).where(eq(itemRequests.id, request.id));
    expect(picked?.pickedUpAt?.getTime()).toBe(after?.pickedUpAt?.getTime());
    const made = await refundsOf(request.id);
    expect(made).toHaveLength(1);
    expect(made[0]?.amountPaise).toBeGreaterThan(0);

    // the courier repeats its pickup scan: no second refund
    const replay = await applyReversePickupEvent(t.db, 'sandbox', {
      awbNo: after?.awbNo ?? '',
      eventKey: 'again',
      scan: 'picked_up',
      location: 'Chennai hub',
      occurredAt: new Date(Date.now() + 3_600_000),
    });
    expect(replay).toEqual({ code: 'IGNORED', reason: 'same' });
    expect(await refundsOf(request.id)).toHaveLength(1);
  });

  it('keeps the pickup-day round for a product the seller shipped itself', async () => {
    const { t, kit, call } = app;
    const { item, seller, order } = await kit.deliveredItem(1);
    const refNo = await kit.insertRequest(item.id, 'return', 1);
    await t.db
      .update(itemRequests)
      .set({ pickupDate: indiaDate(new Date()) })
      .where(eq(itemRequests.refNo, refNo));
    const decided = await call(`/api/seller/item-requests/${refNo}/decision`, seller, 'POST', {
      decision: 'refund-with-reverse',
    });
    expect(decided.status).toBe(200);
    expect(await bookDueReversePickups(t.db, app.courier, new Date())).not.toContain(refNo);
    expect(await collectDuePickups(t.db, new Date())).toContain(refNo);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
  });
});

describe('a failed quality check at the door', () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    app = await appWith(1, 'rahul@example.com');
  });
  afterAll(() => app.t.close());

  it('holds the refund and lists the dispute for the seller and support, no one else', async () => {
    const { t, kit, call, courier, runClock, acceptedReturn, refundsOf } = app;
    const { refNo, request, seller, item } = await acceptedReturn();
    expect(await bookDueReversePickups(t.db, courier, new Date())).toContain(refNo);
    await runClock();
    const [booking] = await t.db
      .select()
      .from(courierReversePickups)
      .where(eq(courierReversePickups.requestId, request.id));
    expect(booking?.status).toBe('qc_failed');
    expect(await refundsOf(request.id)).toEqual([]);
    const [held] = await t.db.select().from(itemRequests).where(eq(itemRequests.id, request.id));
    expect(held?.pickedUpAt).toBeNull();
    // and the pickup-day round does not pick it up behind the courier's back
    expect(await collectDuePickups(t.db, new Date())).not.toContain(refNo);

    const mine = await call('/api/seller/return-disputes', seller);
    expect(mine.status).toBe(200);
    const listed = ((await mine.json()) as Disputes).disputes.find((d) => d.refNo === refNo);
    expect(listed?.qualityCheckNotes.length).toBeGreaterThan(0);
    const other = await kit.otherSellerCookie(item.sellerId);
    const theirs = (await (await call('/api/seller/return-disputes', other)).json()) as Disputes;
    expect(theirs.disputes.some((d) => d.refNo === refNo)).toBe(false);

    const { cookie: support } = await verifiedStaff(t, 'support.qc@bazaar.example', 'support');
    const all = await call('/api/admin/return-disputes', support);
    expect(all.status).toBe(200);
    const seen = ((await all.json()) as Disputes).disputes.find((d) => d.refNo === refNo);
    // support reads whose return it is: the seller's name, as shoppers see it
    const [owner] = await t.db
      .select({ name: sellers.name })
      .from(sellers)
      .where(eq(sellers.id, item.sellerId));
    expect(seen?.sellerName).toBe(owner?.name);
    expect((await call('/api/admin/return-disputes', kit.shopper)).status).toBe(403);
    expect((await call('/api/admin/return-disputes', null)).status).toBe(401);
    expect((await call('/api/seller/return-disputes', kit.shopper)).status).toBe(403);
    expect((await call('/api/seller/return-disputes', null)).status).toBe(401);
  });
});
