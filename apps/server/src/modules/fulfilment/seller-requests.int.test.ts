import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemRequests, offers, orders, refunds } from '@marketplace/db';
import { FULFILMENT_MESSAGES } from '@marketplace/domain/orders/fulfilment';
import { TRANSITION_MESSAGES } from '@marketplace/domain/orders/state-machine';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
beforeAll(async () => {
  t = await createTestApp();
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };
type Decided = { refNo: string; kind: string; status: string; refundPaise: number };

const cancel = (itemId: number, cookie: string | null, body: unknown = {}) =>
  call(`/api/seller/order-items/${itemId}/cancel`, cookie, 'POST', body);
const decide = (refNo: string, cookie: string | null, decision: unknown) =>
  call(`/api/seller/item-requests/${refNo}/decision`, cookie, 'POST', { decision });
const requestRow = async (refNo: string) =>
  (await t.db.select().from(itemRequests).where(eq(itemRequests.refNo, refNo)))[0];
const refundsOf = (orderId: number) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe('a seller cancelling an item it cannot fulfil', () => {
  it('cancels it, puts the stock back, records "cancelled by seller" and answers a retry the same', async () => {
    const { item, seller, order } = await kit.singleItemOrder(2);
    const stock = await kit.stockOf(item.offerId);
    const res = await cancel(item.id, seller, { reason: 'Out of stock at the warehouse' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { refNo: string; refundPaise: number };
    expect(body.refundPaise).toBe(0); // COD: nothing was paid
    expect(await kit.itemRow(item.id)).toMatchObject({ status: 'cancelled', cancelledQuantity: 2 });
    expect(await kit.stockOf(item.offerId)).toBe(stock + 2);
    expect(await requestRow(body.refNo)).toMatchObject({
      kind: 'cancel',
      requestedBy: 'seller',
      status: 'completed',
      quantity: 2,
      additionalInfo: 'Out of stock at the warehouse',
    });
    expect(await refundsOf(order.id)).toEqual([]);
    const again = await cancel(item.id, seller);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { refNo: string }).refNo).toBe(body.refNo);
    expect(await kit.stockOf(item.offerId)).toBe(stock + 2);
  });

  it('refunds a prepaid order in full when its only item is cancelled', async () => {
    const { item, seller, order } = await kit.singleItemOrder(1, 'prepaid');
    const res = await cancel(item.id, seller);
    expect(((await res.json()) as { refundPaise: number }).refundPaise).toBe(order.totalPaise);
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({
      amountPaise: order.totalPaise,
      method: 'original_payment',
      status: 'initiated',
    });
  });

  it('refunds each item of a two-seller prepaid order its share, adding up to the total', async () => {
    const [a, b] = kit.takeOffers(2, true);
    if (!a || !b) throw new Error('two sellers');
    const { items, order } = await kit.placeOrder(
      [{ candidate: a }, { candidate: b, quantity: 2 }],
      'prepaid',
    );
    let refunded = 0;
    for (const item of items) {
      const res = await cancel(item.id, await kit.sellerCookie(item.sellerId));
      refunded += ((await res.json()) as { refundPaise: number }).refundPaise;
    }
    expect(refunded).toBe(order.totalPaise);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.paymentStatus).toBe('refunded');
  });

  it('refuses a shipped item (409) and another seller’s item (404)', async () => {
    const { item, seller, orderNo } = await kit.singleItemOrder();
    const other = await kit.otherSellerCookie(item.sellerId);
    expect((await cancel(item.id, other)).status).toBe(404);
    await call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', { items: [{ itemId: item.id }] });
    const res = await cancel(item.id, seller);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(TRANSITION_MESSAGES.sellerCancelShipped);
  });

  it('refuses an oversized reason and a malformed id (400)', async () => {
    const { item, seller } = await kit.singleItemOrder();
    expect((await cancel(item.id, seller, { reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await cancel(item.id, seller, { reason: 42 })).status).toBe(400);
    expect((await call('/api/seller/order-items/abc/cancel', seller, 'POST', {})).status).toBe(400);
    expect(await kit.itemRow(item.id)).toMatchObject({ status: 'pending' });
  });
});

describe('deciding a shopper’s cancellation request', () => {
  it('completed: the units are cancelled and restocked; the same decision again changes nothing', async () => {
    const { item, seller } = await kit.singleItemOrder(2);
    const refNo = await kit.insertRequest(item.id, 'cancel', 1);
    const stock = await kit.stockOf(item.offerId);
    const res = await decide(refNo, seller, 'completed');
    expect(res.status).toBe(200);
    expect((await res.json()) as Decided).toMatchObject({ refNo, kind: 'cancel', status: 'completed' });
    expect(await kit.itemRow(item.id)).toMatchObject({ status: 'pending', cancelledQuantity: 1 });
    expect(await kit.stockOf(item.offerId)).toBe(stock + 1);
    expect((await decide(refNo, seller, 'completed')).status).toBe(200);
    expect(await kit.stockOf(item.offerId)).toBe(stock + 1);
    const other = await decide(refNo, seller, 'rejected');
    expect(other.status).toBe(409);
    expect(((await other.json()) as ErrorBody).error.message).toBe(FULFILMENT_MESSAGES.decidedOtherwise);
  });

  it('rejected: the item stays as it was and can be shipped', async () => {
    const { item, seller, orderNo } = await kit.singleItemOrder();
    const refNo = await kit.insertRequest(item.id, 'cancel');
    expect((await decide(refNo, seller, 'rejected')).status).toBe(200);
    expect(await requestRow(refNo)).toMatchObject({ status: 'rejected' });
    expect(await kit.itemRow(item.id)).toMatchObject({ status: 'pending', cancelledQuantity: 0 });
    const shipped = await call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', {
      items: [{ itemId: item.id }],
    });
    expect(shipped.status).toBe(201);
  });

  it('refuses a decision of another kind (409), an unknown one (400) and another seller (404)', async () => {
    const { item, seller } = await kit.singleItemOrder();
    const refNo = await kit.insertRequest(item.id, 'cancel');
    const wrong = await decide(refNo, seller, 'refund-with-reverse');
    expect(wrong.status).toBe(409);
    expect(((await wrong.json()) as ErrorBody).error.message).toBe(
      TRANSITION_MESSAGES.unknownDecision('cancel'),
    );
    for (const decision of ['approve', '', null, 7, 'x'.repeat(5000)])
      expect((await decide(refNo, seller, decision)).status).toBe(400);
    expect((await decide(refNo, await kit.otherSellerCookie(item.sellerId), 'completed')).status).toBe(404);
    expect((await decide('NO-SUCH-REF', seller, 'completed')).status).toBe(404);
    expect((await decide('<script>', seller, 'completed')).status).toBe(400);
    expect(await requestRow(refNo)).toMatchObject({ status: 'pending' });
  });
});

describe('deciding returns and replacements', () => {
  it('refund-with-reverse: returned quantity; the refund waits for the pickup (return-pickup.int.test.ts)', async () => {
    const { item, seller, order } = await kit.deliveredItem(2);
    const refNo = await kit.insertRequest(item.id, 'return', 1);
    const res = await decide(refNo, seller, 'refund-with-reverse');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Decided;
    expect(body.refundPaise).toBe(0);
    expect(await kit.itemRow(item.id)).toMatchObject({ status: 'delivered', returnedQuantity: 1 });
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it('refund-without-reverse: a refund of the paid share at once (COD: to the bank account)', async () => {
    const { item, seller, order } = await kit.deliveredItem(2);
    const refNo = await kit.insertRequest(item.id, 'return', 1);
    const body = (await (await decide(refNo, seller, 'refund-without-reverse')).json()) as Decided;
    expect(body.refundPaise).toBe(Math.floor(order.totalPaise / 2));
    const [refund] = await refundsOf(order.id);
    // the seeded shopper's default bank account, by its last 4 digits
    expect(refund).toMatchObject({
      amountPaise: body.refundPaise,
      method: 'bank_account',
      bankAccountLast4: expect.stringMatching(/^[0-9]{4}$/) as unknown,
    });
  });

  it.each([
    ['refund-without-reverse', 'return', { returnedQuantity: 1 }, true],
    ['rejected', 'return', { returnedQuantity: 0 }, false],
    // refunded at its pickup, not now (return-pickup.int.test.ts)
    ['reject-with-return', 'replace', { replacedQuantity: 1 }, false],
    ['reject-without-return', 'replace', { replacedQuantity: 1 }, true],
  ] as const)('%s on a %s request', async (decision, kind, fields, refunded) => {
    const { item, seller, order } = await kit.deliveredItem(1, 'prepaid');
    const refNo = await kit.insertRequest(item.id, kind);
    const res = await decide(refNo, seller, decision);
    expect(res.status).toBe(200);
    expect(await kit.itemRow(item.id)).toMatchObject(fields);
    expect(await requestRow(refNo)).toMatchObject({ status: decision });
    expect((await refundsOf(order.id)).map((r) => r.amountPaise)).toEqual(refunded ? [order.totalPaise] : []);
  });

  it('initiate-replacement sends a new unit from stock; with no stock it is refused (409)', async () => {
    const { item, seller } = await kit.deliveredItem(2);
    const stock = await kit.stockOf(item.offerId);
    const first = await kit.insertRequest(item.id, 'replace');
    expect((await decide(first, seller, 'initiate-replacement')).status).toBe(200);
    expect(await kit.stockOf(item.offerId)).toBe(stock - 1);
    expect(await kit.itemRow(item.id)).toMatchObject({ replacedQuantity: 1 });

    const second = await kit.insertRequest(item.id, 'replace');
    await t.db.update(offers).set({ stock: 0 }).where(eq(offers.id, item.offerId));
    const res = await decide(second, seller, 'initiate-replacement');
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(FULFILMENT_MESSAGES.noStockForReplacement);
    expect(await requestRow(second)).toMatchObject({ status: 'pending' });
    expect(await kit.itemRow(item.id)).toMatchObject({ replacedQuantity: 1 });
  });

  it('refuses a return decided on a replacement request (409)', async () => {
    const { item, seller } = await kit.deliveredItem(1);
    const refNo = await kit.insertRequest(item.id, 'replace');
    const res = await decide(refNo, seller, 'refund-with-reverse');
    expect(res.status).toBe(409);
  });
});

describe('replying to the shopper', () => {
  const reply = (itemId: number, cookie: string | null, body: unknown) =>
    call(`/api/seller/order-items/${itemId}/messages`, cookie, 'POST', body);

  it('answers only once the shopper has written, and returns the conversation', async () => {
    const { item, seller } = await kit.singleItemOrder();
    const early = await reply(item.id, seller, { body: 'Hello' });
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error.message).toBe(FULFILMENT_MESSAGES.nothingToReply);
    await kit.shopperMessage(item.id, 'When will it ship?');
    const res = await reply(item.id, seller, { body: '  It ships tomorrow.  ' });
    expect(res.status).toBe(201);
    const { messages } = (await res.json()) as { messages: { author: string; body: string }[] };
    expect(messages.map((m) => [m.author, m.body])).toEqual([
      ['shopper', 'When will it ship?'],
      ['seller', 'It ships tomorrow.'],
    ]);
    const detail = (await (await call(`/api/seller/order-items/${item.id}`, seller)).json()) as {
      messages: unknown[];
    };
    expect(detail.messages).toHaveLength(2);
  });

  it('refuses another seller (404) and an empty, blank or oversized message (400)', async () => {
    const { item, seller } = await kit.singleItemOrder();
    await kit.shopperMessage(item.id, 'Is it original?');
    expect((await reply(item.id, await kit.otherSellerCookie(item.sellerId), { body: 'Yes' })).status).toBe(
      404,
    );
    for (const body of [{}, { body: '' }, { body: '   ' }, { body: 'x'.repeat(2001) }, { body: ['x'] }])
      expect((await reply(item.id, seller, body)).status).toBe(400);
  });
});
