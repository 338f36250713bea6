import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itemRequestReasons,
  itemRequests,
  orders,
  outbox,
  payments,
  reasonQuestions,
  refunds,
} from '@marketplace/db';
import { CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
import { CANCEL_MESSAGES } from '@marketplace/domain/orders/cancel';
import { TRANSITION_MESSAGES } from '@marketplace/domain/orders/state-machine';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { latestCode } from '../../../test-support/accounts.ts';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { createSandboxProvider, type SandboxProvider } from '../payments/index.ts';
import { sendRefunds } from '../refunds/index.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Form = {
  orderNo: string;
  isPrepaid: boolean;
  items: { id: number; openQuantity: number; isCancellable: boolean; sellerId: number }[];
  reasons: { id: number; text: string }[];
};
type Detail = {
  item: { id: number; orderNo: string; cancelledQuantity: number };
  cancellations: {
    refNo: string;
    quantity: number;
    cancelledBy: string;
    status: string;
    reasons: string[];
    refund: { amountPaise: number; status: string } | null;
  }[];
};

const PRIYA = 'priya@example.com';
let t: TestApp;
let sandbox: SandboxProvider;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let rahul: string;
let reasons: { id: number; text: string }[];
let returnReasonId: number;

beforeAll(async () => {
  sandbox = createSandboxProvider();
  t = await createTestApp({ payments: sandbox });
  kit = await fulfilmentKit(t, PRIYA);
  call = jsonRequest(t);
  rahul = await t.loginCookie('rahul@example.com');
  reasons = await t.db
    .select({ id: reasonQuestions.id, text: reasonQuestions.text })
    .from(reasonQuestions)
    .where(eq(reasonQuestions.kind, 'cancel'));
  const [returnReason] = await t.db
    .select({ id: reasonQuestions.id })
    .from(reasonQuestions)
    .where(eq(reasonQuestions.kind, 'return'))
    .limit(1);
  if (!returnReason) throw new Error('the seed has return reasons');
  returnReasonId = returnReason.id;
});
afterAll(() => t.close());

const reasonId = (n = 0) => {
  const reason = reasons[n];
  if (!reason) throw new Error('the seed has cancel reasons');
  return reason.id;
};
const ask = (orderNo: string, items: unknown, cookie: string | null = kit.shopper) =>
  call('/api/cancellations', cookie, 'POST', { orderNo, items });
const verify = (code: unknown, cookie: string | null = kit.shopper) =>
  call('/api/cancellations/verify', cookie, 'POST', { code });
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('GET /api/cancellations/form', () => {
  it('lists the order’s items with what is open, the seeded cancel reasons, and no fee warning for COD', async () => {
    const { orderNo, item } = await kit.singleItemOrder(3);
    const res = await call(`/api/cancellations/form?order=${orderNo}&seller=${item.sellerId}`, kit.shopper);
    expect(res.status).toBe(200);
    const form = (await res.json()) as Form;
    expect(form.isPrepaid).toBe(false);
    expect(form.items).toEqual([
      expect.objectContaining({ id: item.id, openQuantity: 3, isCancellable: true }),
    ]);
    expect(form.reasons.map((r) => r.text)).toContain('Ordered by mistake');
    expect(form.reasons.length).toBeGreaterThanOrEqual(5);
  });

  it('answers 401 to a visitor, 400 to a malformed order or seller, 404 for another shopper’s order', async () => {
    const { orderNo } = await kit.singleItemOrder();
    expect((await call(`/api/cancellations/form?order=${orderNo}`, null)).status).toBe(401);
    expect(
      (await call(`/api/cancellations/form?order=${encodeURIComponent("' OR 1=1 --")}`, kit.shopper)).status,
    ).toBe(400);
    expect((await call(`/api/cancellations/form?order=${orderNo}&seller=-1`, kit.shopper)).status).toBe(400);
    expect((await call(`/api/cancellations/form?order=${'A'.repeat(41)}`, kit.shopper)).status).toBe(400);
    expect((await call('/api/cancellations/form', kit.shopper)).status).toBe(400);
    const theirs = await call(`/api/cancellations/form?order=${orderNo}`, rahul);
    expect(theirs.status).toBe(404);
    expect((await errorOf(theirs)).message).toBe(CANCEL_MESSAGES.orderNotFound);
  });
});

describe('POST /api/cancellations and /verify (COD)', () => {
  it('cancels an unshipped item at once after the OTP: stock back, the shopper’s completed request with its reasons, no refund', async () => {
    const { orderNo, item } = await kit.singleItemOrder(2);
    const stockBefore = await kit.stockOf(item.offerId);
    const asked = await ask(orderNo, [
      { itemId: item.id, quantity: 2, reasonIds: [reasonId(0), reasonId(2)] },
    ]);
    expect(asked.status).toBe(202);
    const sent = (await asked.json()) as { message: string; sentTo: string };
    expect(sent.sentTo).toBe('pr***@example.com and ******3210');
    // the same code reaches her email and her mobile
    const sentCodes = await t.db
      .select({ channel: outbox.channel, recipient: outbox.recipient })
      .from(outbox)
      .where(eq(outbox.template, 'order-cancel-code'));
    expect(sentCodes).toEqual(
      expect.arrayContaining([
        { channel: 'email', recipient: 'priya@example.com' },
        { channel: 'sms', recipient: '9876543210' },
      ]),
    );
    // nothing changes before the code is confirmed
    expect((await kit.itemRow(item.id)).cancelledQuantity).toBe(0);

    const code = await latestCode(t.db, PRIYA);
    const res = await verify(code);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      message: string;
      refundPaise: number;
      cancelled: { refNo: string }[];
    };
    expect(body).toMatchObject({ message: CANCEL_MESSAGES.cancelled, refundPaise: 0 });
    const row = await kit.itemRow(item.id);
    expect(row).toMatchObject({ status: 'cancelled', cancelledQuantity: 2 });
    expect(await kit.stockOf(item.offerId)).toBe(stockBefore + 2);
    const [request] = await t.db.select().from(itemRequests).where(eq(itemRequests.orderItemId, item.id));
    expect(request).toMatchObject({
      kind: 'cancel',
      status: 'completed',
      requestedBy: 'customer',
      quantity: 2,
    });
    const saved = await t.db
      .select()
      .from(itemRequestReasons)
      .where(eq(itemRequestReasons.requestId, request?.id ?? 0));
    expect(saved.map((r) => r.reasonId).sort()).toEqual([reasonId(0), reasonId(2)].sort());
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(
      await t.db
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, order?.id ?? 0)),
    ).toEqual([]);

    // the same code again: refused as used, nothing happens twice
    const again = await verify(code);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(CANCEL_MESSAGES.codeUsed);
    expect(await kit.stockOf(item.offerId)).toBe(stockBefore + 2);
    expect(await t.db.select().from(itemRequests).where(eq(itemRequests.orderItemId, item.id))).toHaveLength(
      1,
    );

    // the item page shows it as the shopper's
    const detail = (await (await call(`/api/cancellations/items/${item.id}`, kit.shopper)).json()) as Detail;
    expect(detail.cancellations).toEqual([
      expect.objectContaining({
        cancelledBy: 'customer',
        status: 'completed',
        quantity: 2,
        refund: null,
        reasons: expect.arrayContaining([reasons[0]?.text, reasons[2]?.text]) as unknown,
      }),
    ]);
  });

  it('cancels part of the quantity, then refuses more than the remainder', async () => {
    const { orderNo, item } = await kit.singleItemOrder(3);
    await ask(orderNo, [{ itemId: item.id, quantity: 2, reasonIds: [reasonId()] }]);
    expect((await verify(await latestCode(t.db, PRIYA))).status).toBe(200);
    expect(await kit.itemRow(item.id)).toMatchObject({ status: 'pending', cancelledQuantity: 2 });
    const more = await ask(orderNo, [{ itemId: item.id, quantity: 2, reasonIds: [reasonId()] }]);
    expect(more.status).toBe(409);
    expect((await errorOf(more)).message).toBe(TRANSITION_MESSAGES.requestQuantity);
    const rest = await ask(orderNo, [{ itemId: item.id, quantity: 1, reasonIds: [reasonId()] }]);
    expect(rest.status).toBe(202);
  });

  it('refuses malformed, missing, oversized and hostile requests with the spec’s messages', async () => {
    const { orderNo, item } = await kit.singleItemOrder(2);
    const line = { itemId: item.id, quantity: 1, reasonIds: [reasonId()] };
    const cases: [unknown, number, string?][] = [
      [{ orderNo, items: [] }, 400, CANCEL_MESSAGES.selectProduct],
      [{ orderNo }, 400, CANCEL_MESSAGES.selectProduct],
      [{ orderNo, items: [{ ...line, quantity: 0 }] }, 400, CANCEL_MESSAGES.selectQuantity],
      [{ orderNo, items: [{ ...line, quantity: '1' }] }, 400, CANCEL_MESSAGES.selectQuantity],
      [{ orderNo, items: [{ ...line, quantity: 1.5 }] }, 400, CANCEL_MESSAGES.selectQuantity],
      [{ orderNo, items: [{ ...line, reasonIds: 'all' }] }, 400, CANCEL_MESSAGES.unknownReason],
      [{ orderNo, items: [line, line] }, 400, CANCEL_MESSAGES.duplicateItem],
      [{ orderNo, items: Array.from({ length: 51 }, (_, i) => ({ ...line, itemId: i + 1 })) }, 400],
      [{ orderNo, items: [line], userId: 1 }, 400],
      [
        { orderNo, items: [line], additionalInfo: 'x'.repeat(501) },
        400,
        CANCEL_MESSAGES.additionalInfoTooLong,
      ],
      [{ orderNo, items: [{ ...line, reasonIds: [returnReasonId] }] }, 400, CANCEL_MESSAGES.unknownReason],
      [{ orderNo: "OD1' OR '1'='1", items: [line] }, 404, CANCEL_MESSAGES.orderNotFound],
      [{ orderNo, items: [{ ...line, quantity: 3 }] }, 409, TRANSITION_MESSAGES.requestQuantity],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('/api/cancellations', kit.shopper, 'POST', body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(status);
      if (message) expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect((await call('/api/cancellations', kit.shopper, 'POST', '{"orderNo":')).status).toBe(400);
    expect((await call('/api/cancellations', null, 'POST', { orderNo, items: [line] })).status).toBe(401);
    expect((await kit.itemRow(item.id)).cancelledQuantity).toBe(0);
  });

  it('keeps another shopper out: their order or an item of another order answers 404', async () => {
    const mine = await kit.singleItemOrder();
    const other = await kit.singleItemOrder();
    const line = { itemId: mine.item.id, quantity: 1, reasonIds: [reasonId()] };
    const theirs = await ask(mine.orderNo, [line], rahul);
    expect(theirs.status).toBe(404);
    const mixed = await ask(other.orderNo, [line]);
    expect(mixed.status).toBe(404);
    expect((await errorOf(mixed)).message).toBe(CANCEL_MESSAGES.itemNotInOrder);
    expect((await call(`/api/cancellations/items/${mine.item.id}`, rahul)).status).toBe(404);
  });

  it('refuses an item with a request waiting for the seller, and one already shipped', async () => {
    const waiting = await kit.singleItemOrder();
    await kit.insertRequest(waiting.item.id, 'cancel');
    const res = await ask(waiting.orderNo, [
      { itemId: waiting.item.id, quantity: 1, reasonIds: [reasonId()] },
    ]);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(TRANSITION_MESSAGES.requestOpen);

    const shipped = await kit.singleItemOrder();
    const ship = await call(`/api/seller/orders/${shipped.orderNo}/shipments`, shipped.seller, 'POST', {
      items: [{ itemId: shipped.item.id }],
    });
    expect(ship.status).toBe(201);
    const late = await ask(shipped.orderNo, [
      { itemId: shipped.item.id, quantity: 1, reasonIds: [reasonId()] },
    ]);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe(TRANSITION_MESSAGES.cancelRequest);
  });

  it('cancels nothing when one item was shipped between the request and the OTP', async () => {
    const [a, b] = kit.takeOffers(2, true);
    if (!a || !b) throw new Error('two offers');
    const { orderNo, items } = await kit.placeOrder([{ candidate: a }, { candidate: b }]);
    const [first, second] = items;
    if (!first || !second) throw new Error('two items');
    const stockBefore = await kit.stockOf(first.offerId);
    const asked = await ask(orderNo, [
      { itemId: first.id, quantity: 1, reasonIds: [reasonId()] },
      { itemId: second.id, quantity: 1, reasonIds: [reasonId()] },
    ]);
    expect(asked.status).toBe(202);
    const seller = await kit.sellerCookie(second.sellerId);
    const ship = await call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', {
      items: [{ itemId: second.id }],
    });
    expect(ship.status).toBe(201);
    const res = await verify(await latestCode(t.db, PRIYA));
    expect(res.status).toBe(409);
    expect((await kit.itemRow(first.id)).cancelledQuantity).toBe(0);
    expect(await kit.stockOf(first.offerId)).toBe(stockBefore);
    expect(await t.db.select().from(itemRequests).where(eq(itemRequests.orderItemId, first.id))).toEqual([]);
  });
});

describe('POST /api/cancellations/verify (codes)', () => {
  it('needs the OTP: missing, empty or malformed codes answer 400 with the spec’s message', async () => {
    for (const body of [{}, { code: '' }, { code: '   ' }]) {
      const res = await call('/api/cancellations/verify', kit.shopper, 'POST', body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(CANCEL_MESSAGES.otpRequired);
    }
    for (const code of ['12ab56', '1234567', '<script>', 123456]) {
      const res = await verify(code);
      expect(res.status).toBe(400);
    }
    expect((await verify('123456', null)).status).toBe(401);
  });

  it('counts wrong codes: the fifth locks the code and even the right one is refused after', async () => {
    const { orderNo, item } = await kit.singleItemOrder();
    await ask(orderNo, [{ itemId: item.id, quantity: 1, reasonIds: [reasonId()] }]);
    const code = await latestCode(t.db, PRIYA);
    for (let i = 1; i <= 4; i++) {
      const res = await verify(wrongCodeFor(code));
      expect(res.status).toBe(422);
      expect((await errorOf(res)).message).toBe(CODE_MESSAGES.invalid);
    }
    const fifth = await verify(wrongCodeFor(code));
    expect(fifth.status).toBe(422);
    expect((await errorOf(fifth)).message).toBe(CODE_MESSAGES.tooManyAttempts);
    const right = await verify(code);
    expect(right.status).toBe(422);
    expect((await kit.itemRow(item.id)).cancelledQuantity).toBe(0);
  });

  it('lets only the latest code work, and not another shopper’s session', async () => {
    const { orderNo, item } = await kit.singleItemOrder();
    await ask(orderNo, [{ itemId: item.id, quantity: 1, reasonIds: [reasonId()] }]);
    const older = await latestCode(t.db, PRIYA);
    await ask(orderNo, [{ itemId: item.id, quantity: 1, reasonIds: [reasonId(1)] }]);
    const newer = await latestCode(t.db, PRIYA);
    if (older !== newer) expect((await verify(older)).status).toBe(422);
    expect((await verify(newer, rahul)).status).toBe(422);
    expect((await verify(newer)).status).toBe(200);
  });
});

describe('retries', () => {
  it('confirms once when the same code arrives twice at the same time: stock back once, one request', async () => {
    const { orderNo, item } = await kit.singleItemOrder(2);
    const stockBefore = await kit.stockOf(item.offerId);
    await ask(orderNo, [{ itemId: item.id, quantity: 2, reasonIds: [reasonId()] }]);
    const code = await latestCode(t.db, PRIYA);
    const answers = await Promise.all([verify(code), verify(code)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(await kit.stockOf(item.offerId)).toBe(stockBefore + 2);
    expect(await t.db.select().from(itemRequests).where(eq(itemRequests.orderItemId, item.id))).toHaveLength(
      1,
    );
  });
});

describe('prepaid cancellation', () => {
  it('records the refund of the paid share, sends it to the payment provider once, and shows it on the item page', async () => {
    const { orderNo, order, item } = await kit.singleItemOrder(1, 'prepaid');
    await t.db.insert(payments).values({
      orderId: order.id,
      provider: 'sandbox',
      providerOrderId: `sandbox_order_${orderNo}`,
      providerPaymentId: `sandbox_pay_${orderNo}`,
      amountPaise: order.totalPaise,
      status: 'paid',
    });
    const form = (await (await call(`/api/cancellations/form?order=${orderNo}`, kit.shopper)).json()) as Form;
    expect(form.isPrepaid).toBe(true);

    await ask(orderNo, [{ itemId: item.id, quantity: 1, reasonIds: [reasonId()] }]);
    const res = await verify(await latestCode(t.db, PRIYA));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { refundPaise: number; message: string };
    expect(body.refundPaise).toBe(order.totalPaise);
    expect(body.message).toContain(CANCEL_MESSAGES.refundFollows);

    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toEqual([
      expect.objectContaining({
        amountPaise: order.totalPaise,
        status: 'processed',
        method: 'original_payment',
      }),
    ]);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.paymentStatus).toBe('refunded');
    const sent = [...sandbox.refunds.values()].filter((r) => r.paymentId === `sandbox_pay_${orderNo}`);
    expect(sent).toEqual([expect.objectContaining({ amountPaise: order.totalPaise })]);

    const detail = (await (await call(`/api/cancellations/items/${item.id}`, kit.shopper)).json()) as Detail;
    expect(detail.cancellations[0]?.refund).toEqual(
      expect.objectContaining({ amountPaise: order.totalPaise, status: 'processed' }),
    );
  });
});

describe('refunds the provider could not take', () => {
  it('stay initiated and are sent on a later run, once, like the refund of a seller’s cancellation', async () => {
    const { orderNo, order, item, seller } = await kit.singleItemOrder(1, 'prepaid');
    await t.db.insert(payments).values({
      orderId: order.id,
      provider: 'sandbox',
      providerOrderId: `sandbox_order_${orderNo}`,
      providerPaymentId: `sandbox_pay_${orderNo}`,
      amountPaise: order.totalPaise,
      status: 'paid',
    });
    const cancel = await call(`/api/seller/order-items/${item.id}/cancel`, seller, 'POST', {});
    expect(cancel.status).toBe(200);
    const refundRow = async () => (await t.db.select().from(refunds).where(eq(refunds.orderId, order.id)))[0];
    expect(await refundRow()).toMatchObject({ status: 'initiated', amountPaise: order.totalPaise });

    const failures: number[] = [];
    const down: SandboxProvider = {
      ...sandbox,
      refund: () => Promise.reject(new Error('the provider is unreachable')),
    };
    const first = await sendRefunds(t.db, down, { orderId: order.id, onError: (_, id) => failures.push(id) });
    expect(first).toEqual([]);
    expect(failures).toHaveLength(1);
    expect((await refundRow())?.status).toBe('initiated');

    const second = await sendRefunds(t.db, sandbox, { orderId: order.id });
    expect(second).toHaveLength(1);
    expect((await refundRow())?.status).toBe('processed');
    expect(await sendRefunds(t.db, sandbox, { orderId: order.id })).toEqual([]);
    expect(
      [...sandbox.refunds.values()].filter((r) => r.paymentId === `sandbox_pay_${orderNo}`),
    ).toHaveLength(1);
  });
});

describe('GET /api/cancellations/items/{id}', () => {
  it('shows a seller’s cancellation as the seller’s, an item without one as empty, and refuses bad ids', async () => {
    const { item, seller } = await kit.singleItemOrder();
    const none = (await (await call(`/api/cancellations/items/${item.id}`, kit.shopper)).json()) as Detail;
    expect(none.cancellations).toEqual([]);
    expect(
      (await call(`/api/seller/order-items/${item.id}/cancel`, seller, 'POST', { reason: 'Out of stock' }))
        .status,
    ).toBe(200);
    const detail = (await (await call(`/api/cancellations/items/${item.id}`, kit.shopper)).json()) as Detail;
    expect(detail.cancellations).toEqual([
      expect.objectContaining({ cancelledBy: 'seller', status: 'completed' }),
    ]);
    for (const id of ['0', '-1', 'abc', '99999999999', '1%20OR%201=1'])
      expect((await call(`/api/cancellations/items/${id}`, kit.shopper)).status).toBe(400);
    expect((await call(`/api/cancellations/items/${item.id}`, null)).status).toBe(401);
    expect((await call('/api/cancellations/items/2147483647', kit.shopper)).status).toBe(404);
    const [request] = await t.db
      .select()
      .from(itemRequests)
      .where(and(eq(itemRequests.orderItemId, item.id), eq(itemRequests.requestedBy, 'seller')));
    expect(request?.kind).toBe('cancel');
  });
});
