import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemRequests, orders, refunds } from '@marketplace/db';
import { FULFILMENT_MESSAGES } from '@marketplace/domain/orders/fulfilment';
import { PICKUP_MESSAGES } from '@marketplace/domain/orders/pickup';
import { indiaDate, type ItemRequestDetails } from '@marketplace/domain/orders/returns';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import pino from 'pino';
import { collectDuePickups, pickupJob } from './index.ts';

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let shopper: string;
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  shopper = await t.loginCookie('priya@example.com');
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };
type PickedUp = { refNo: string; status: string; pickedUpAt: string; refundPaise: number; message: string };

const decide = (refNo: string, cookie: string | null, decision: string) =>
  call(`/api/seller/item-requests/${refNo}/decision`, cookie, 'POST', { decision });
const pickup = (refNo: string, cookie: string | null) =>
  call(`/api/seller/item-requests/${refNo}/pickup`, cookie, 'POST');
const requestRow = async (refNo: string) =>
  (await t.db.select().from(itemRequests).where(eq(itemRequests.refNo, refNo)))[0];
const refundsOf = (orderId: number) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
/** The shopper's pickup day comes (the kit asks for a day far ahead). */
const pickupDayIs = (refNo: string, day: string) =>
  t.db.update(itemRequests).set({ pickupDate: day }).where(eq(itemRequests.refNo, refNo));
const today = () => indiaDate(new Date());
const shopperView = async (itemId: number, kind: 'return' | 'replace') => {
  const res = await call(`/api/item-requests?kind=${kind}&item=${itemId}`, shopper);
  expect(res.status).toBe(200);
  return (await res.json()) as ItemRequestDetails;
};

describe('a return’s refund starts at its pickup (requirements#return-pickup)', () => {
  it('accepting a return with pickup refunds nothing; recording the pickup on its day starts the refund', async () => {
    const { item, seller, order } = await kit.deliveredItem(2);
    const refNo = await kit.insertRequest(item.id, 'return', 1);
    const decided = await decide(refNo, seller, 'refund-with-reverse');
    expect(decided.status).toBe(200);
    expect(((await decided.json()) as { refundPaise: number }).refundPaise).toBe(0);
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await kit.itemRow(item.id)).toMatchObject({ returnedQuantity: 1 });

    // the shopper's page: waiting for the pickup on their day, and the refund it will start
    const [waiting] = (await shopperView(item.id, 'return')).requests;
    expect(waiting?.waiting).toEqual({ step: 'pickup', pickupDate: '2030-01-01', isRefundAfterPickup: true });
    expect(waiting?.refund).toMatchObject({
      status: 'pending',
      amountPaise: Math.floor(order.totalPaise / 2),
    });

    // before the pickup day: refused, nothing refunded
    const early = await pickup(refNo, seller);
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error.message).toBe(
      PICKUP_MESSAGES.beforePickupDay('2030-01-01'),
    );
    expect(await refundsOf(order.id)).toEqual([]);

    await pickupDayIs(refNo, today());
    const res = await pickup(refNo, seller);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PickedUp;
    expect(body).toMatchObject({ refNo, status: 'refund-with-reverse', message: PICKUP_MESSAGES.recorded });
    expect(body.refundPaise).toBe(Math.floor(order.totalPaise / 2));
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({
      amountPaise: body.refundPaise,
      status: 'initiated',
      method: 'bank_account',
      requestId: (await requestRow(refNo))?.id,
    });
    expect((await requestRow(refNo))?.pickedUpAt?.toISOString()).toBe(body.pickedUpAt);

    // the seller's view of the item shows the pickup day and when it was recorded
    const sellerView = (await (await call(`/api/seller/order-items/${item.id}`, seller)).json()) as {
      requests: { refNo: string; pickupDate: string | null; pickedUpAt: string | null }[];
    };
    expect(sellerView.requests.find((r) => r.refNo === refNo)).toMatchObject({
      pickupDate: today(),
      pickedUpAt: body.pickedUpAt,
    });

    const [picked] = (await shopperView(item.id, 'return')).requests;
    expect(picked?.waiting).toEqual({ step: 'picked_up', pickedUpAt: body.pickedUpAt });
    expect(picked?.refund).toMatchObject({ status: 'initiated', amountPaise: body.refundPaise });

    // recorded again: the same answer, no second refund
    const again = await pickup(refNo, seller);
    expect(again.status).toBe(200);
    expect((await again.json()) as PickedUp).toMatchObject({ pickedUpAt: body.pickedUpAt, refundPaise: 0 });
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it('refunds a prepaid return in full, and marks the order refunded, only at the pickup', async () => {
    const { item, seller, order } = await kit.deliveredItem(2, 'prepaid');
    const refNo = await kit.insertRequest(item.id, 'return', 2);
    await decide(refNo, seller, 'refund-with-reverse');
    expect(await refundsOf(order.id)).toEqual([]);
    const paymentStatus = async () =>
      (await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.paymentStatus;
    expect(await paymentStatus()).toBe('paid');
    await pickupDayIs(refNo, today());
    const body = (await (await pickup(refNo, seller)).json()) as PickedUp;
    expect(body.refundPaise).toBe(order.totalPaise);
    expect(await paymentStatus()).toBe('refunded');
    expect((await refundsOf(order.id)).map((r) => [r.amountPaise, r.method])).toEqual([
      [order.totalPaise, 'original_payment'],
    ]);
  });

  it('a replacement refused with return is refunded at its pickup; an initiated one only marks the old unit collected', async () => {
    const refused = await kit.deliveredItem(1, 'prepaid');
    const refNo = await kit.insertRequest(refused.item.id, 'replace');
    await decide(refNo, refused.seller, 'reject-with-return');
    expect(await refundsOf(refused.order.id)).toEqual([]);
    await pickupDayIs(refNo, today());
    expect(((await (await pickup(refNo, refused.seller)).json()) as PickedUp).refundPaise).toBe(
      refused.order.totalPaise,
    );

    const exchanged = await kit.deliveredItem(1, 'prepaid');
    const exchange = await kit.insertRequest(exchanged.item.id, 'replace');
    await decide(exchange, exchanged.seller, 'initiate-replacement');
    await pickupDayIs(exchange, today());
    const res = await pickup(exchange, exchanged.seller);
    expect(res.status).toBe(200);
    expect(((await res.json()) as PickedUp).refundPaise).toBe(0);
    expect(await refundsOf(exchanged.order.id)).toEqual([]);
    expect((await requestRow(exchange))?.pickedUpAt).toBeInstanceOf(Date);
  });

  it.each([
    ['a pending request', null],
    ['a rejected return', 'rejected'],
    ['a return the shopper keeps (refunded at the decision)', 'refund-without-reverse'],
  ])('refuses to record the pickup of %s (409)', async (_, decision) => {
    const { item, seller, order } = await kit.deliveredItem(1, 'prepaid');
    const refNo = await kit.insertRequest(item.id, 'return');
    if (decision) await decide(refNo, seller, decision);
    await pickupDayIs(refNo, today());
    const before = await refundsOf(order.id);
    const res = await pickup(refNo, seller);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(PICKUP_MESSAGES.notAwaitingPickup);
    expect(await refundsOf(order.id)).toEqual(before);
    expect((await requestRow(refNo))?.pickedUpAt).toBeNull();
  });

  it('another seller (404), the shopper (403), a visitor (401) and a cancellation (409) cannot record it', async () => {
    const { item, seller, order } = await kit.deliveredItem(1);
    const refNo = await kit.insertRequest(item.id, 'return');
    await decide(refNo, seller, 'refund-with-reverse');
    await pickupDayIs(refNo, today());
    const other = await pickup(refNo, await kit.otherSellerCookie(item.sellerId));
    expect(other.status).toBe(404);
    expect(((await other.json()) as ErrorBody).error.message).toBe(FULFILMENT_MESSAGES.requestNotFound);
    expect((await pickup(refNo, shopper)).status).toBe(403);
    expect((await pickup(refNo, null)).status).toBe(401);
    expect((await pickup('NO-SUCH-REF', seller)).status).toBe(404);
    expect(await refundsOf(order.id)).toEqual([]);
    expect((await requestRow(refNo))?.pickedUpAt).toBeNull();

    const { item: pendingItem, seller: pendingSeller } = await kit.singleItemOrder();
    const cancelRef = await kit.insertRequest(pendingItem.id, 'cancel');
    await decide(cancelRef, pendingSeller, 'completed');
    expect((await pickup(cancelRef, pendingSeller)).status).toBe(409);
  });

  it.each([
    ['a NUL byte', 'RT1%002'],
    ['broken percent-encoding', 'RT%E0%A4%A'],
    ['markup', '%3Cscript%3E'],
    ['an oversized reference', 'R'.repeat(5000)],
  ])('refuses %s in the reference with 400', async (_, refNo) => {
    const { item, seller } = await kit.singleItemOrder();
    expect(item.id).toBeGreaterThan(0);
    const res = await pickup(refNo, seller);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/\S/);
  });
});

describe('the courier’s round', () => {
  it('records the pickups whose day has come in India, oldest first, and starts their refunds', async () => {
    const due = await kit.deliveredItem(1, 'prepaid');
    const dueRef = await kit.insertRequest(due.item.id, 'return');
    await decide(dueRef, due.seller, 'refund-with-reverse');
    const later = await kit.deliveredItem(1, 'prepaid');
    const laterRef = await kit.insertRequest(later.item.id, 'return');
    await decide(laterRef, later.seller, 'refund-with-reverse');
    await pickupDayIs(dueRef, '2029-12-30');
    await pickupDayIs(laterRef, '2029-12-31');
    const kept = await kit.deliveredItem(1, 'prepaid');
    const keptRef = await kit.insertRequest(kept.item.id, 'return');
    await decide(keptRef, kept.seller, 'refund-without-reverse');

    // 30 Dec 2029, 23:59 in India: only the first one's day has come
    const collected = await collectDuePickups(t.db, new Date('2029-12-30T18:29:00Z'));
    expect(collected).toContain(dueRef);
    expect(collected).not.toContain(laterRef);
    expect(collected).not.toContain(keptRef);
    expect((await refundsOf(due.order.id)).map((r) => r.amountPaise)).toEqual([due.order.totalPaise]);
    expect(await refundsOf(later.order.id)).toEqual([]);

    const next = await collectDuePickups(t.db, new Date('2029-12-30T18:31:00Z'));
    expect(next).toContain(laterRef);
    expect(next).not.toContain(dueRef);
    expect((await refundsOf(later.order.id)).map((r) => r.amountPaise)).toEqual([later.order.totalPaise]);
    expect((await refundsOf(kept.order.id)).map((r) => r.amountPaise)).toEqual([kept.order.totalPaise]);
  });

  it('runs as the server’s job and asks the refund job to send what it started', async () => {
    const placed = await kit.deliveredItem(1, 'prepaid');
    const refNo = await kit.insertRequest(placed.item.id, 'return');
    await decide(refNo, placed.seller, 'refund-with-reverse');
    await pickupDayIs(refNo, '2031-01-01');
    let asked = 0;
    const job = pickupJob(t.db, pino({ level: 'silent' }), {
      clock: () => new Date('2031-01-01T06:00:00Z'),
      onCollected: () => (asked += 1),
    });
    await job.run();
    expect(asked).toBe(1);
    expect((await requestRow(refNo))?.pickedUpAt?.toISOString()).toBe('2031-01-01T06:00:00.000Z');
    // nothing left to collect: the refund job is not asked again
    await job.run();
    expect(asked).toBe(1);
  });
});
