import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bankAccounts,
  itemRequests,
  orderItems,
  orders,
  outbox,
  reasonQuestions,
  refunds,
  sellers,
  shipments,
  users,
} from '@marketplace/db';
import type { StaffRole } from '@marketplace/domain/admin/console';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import {
  FailedRefundsPage,
  ORDER_LIST_MESSAGES,
  ORDER_TABS,
  OrderSearchPage,
  SUPPORT_MESSAGES,
  SupportOrder,
} from '@marketplace/domain/admin/support-api';
import { REFUND_RETRY_MESSAGES } from '@marketplace/domain/orders/refund-life';
import { TRANSITION_MESSAGES } from '@marketplace/domain/orders/state-machine';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#operator-support
let t: TestApp;
let support: string;
let owner: string;
const PRIYA = 'priya@example.com';
const RAHUL = 'rahul@example.com';
const SELLER = 'dakshin-mart@sellers.example.com';

beforeAll(async () => {
  t = await createTestApp();
  support = (await verifiedStaff(t, 'meera.support@bazaar.example', 'support')).cookie;
  owner = (await verifiedStaff(t, 'owner@bazaar.example', 'owner')).cookie;
});
afterAll(() => t.close());

const get = (path: string, cookie?: string) => t.request(path, { headers: cookie ? { cookie } : {} });
const post = (path: string, body: unknown, cookie?: string) =>
  t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

async function orderOf(email: string, where: { paymentMode?: string; itemStatus: string }) {
  const rows = await t.db
    .select({ orderNo: orders.orderNo, id: orders.id, paymentMode: orders.paymentMode })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(users.email, email), eq(orderItems.status, where.itemStatus)))
    .orderBy(asc(orders.id));
  const found = rows.find((row) => !where.paymentMode || row.paymentMode === where.paymentMode);
  if (!found) throw new Error(`no ${where.itemStatus} order of ${email}`);
  return found;
}
const itemsOf = (orderId: number) =>
  t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
async function cancelReason() {
  const [reason] = await t.db
    .select()
    .from(reasonQuestions)
    .where(eq(reasonQuestions.kind, 'cancel'))
    .limit(1);
  if (!reason) throw new Error('no cancel reasons seeded');
  return reason;
}
async function orderPage(orderNo: string) {
  const res = await get(`/api/admin/orders/${orderNo}`, support);
  expect(res.status).toBe(200);
  return SupportOrder.parse(await res.json());
}
async function lastAudit(action: string) {
  const [entry] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

describe('who reaches support', () => {
  it('every support endpoint is in the OpenAPI document under the admin tag', async () => {
    const document = (await (await get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const paths = [
      '/api/admin/orders',
      '/api/admin/orders/{orderNo}',
      '/api/admin/orders/{orderNo}/cancellations',
      '/api/admin/refunds/failed',
      '/api/admin/refunds/{id}/retry',
      '/api/admin/shipments/{invoiceNo}/lost',
    ];
    for (const path of paths) {
      const operations = Object.values(document.paths[path] ?? {});
      expect(operations.length, path).toBeGreaterThan(0);
      for (const operation of operations) expect(operation.tags).toEqual(['admin']);
    }
  });

  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/admin/orders?q=priya%40example.com'],
    ['GET', '/api/admin/orders/OD202601010000000001'],
    ['GET', '/api/admin/refunds/failed'],
    [
      'POST',
      '/api/admin/orders/OD202601010000000001/cancellations',
      { items: [{ itemId: 1, quantity: 1 }], reasonId: 1 },
    ],
    ['POST', '/api/admin/refunds/1/retry', {}],
    ['POST', '/api/admin/shipments/INV-X-1/lost', {}],
  ];
  const call = (method: string, path: string, body: unknown, cookie?: string) =>
    method === 'GET' ? get(path, cookie) : post(path, body, cookie);

  it.each(endpoints)('%s %s: a visitor 401, a shopper and a seller 403', async (method, path, body) => {
    expect((await call(method, path, body)).status).toBe(401);
    const shopper = await call(method, path, body, await t.loginCookie(PRIYA));
    expect(shopper.status).toBe(403);
    expect((await errorOf(shopper)).message).toBe(STAFF_MESSAGES.notStaff);
    expect((await call(method, path, body, await t.loginCookie(SELLER))).status).toBe(403);
  });

  it.each(['catalog', 'finance', 'marketing'] as StaffRole[])(
    'staff of role %s are refused every support endpoint',
    async (role) => {
      const { cookie } = await verifiedStaff(t, `${role}.staff@bazaar.example`, role);
      for (const [method, path, body] of endpoints) {
        const res = await call(method, path, body, cookie);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect((await errorOf(res)).message).toBe(STAFF_MESSAGES.wrongRole);
      }
    },
  );
});

describe('finding an order', () => {
  const search = async (q: string, cookie = support) => {
    const res = await get(`/api/admin/orders?q=${encodeURIComponent(q)}`, cookie);
    expect(res.status).toBe(200);
    return OrderSearchPage.parse(await res.json());
  };

  it('by the shopper’s email or mobile: all their orders, newest first', async () => {
    const byEmail = await search(' Priya@Example.com ');
    expect(byEmail.searchedAs).toBe('email');
    expect(byEmail.total).toBeGreaterThanOrEqual(6);
    expect(new Set(byEmail.orders.map((o) => o.shopper.email))).toEqual(new Set([PRIYA]));
    const placed = byEmail.orders.map((o) => o.placedAt);
    expect(placed).toEqual([...placed].sort().reverse());
    const row = byEmail.orders[0];
    expect(row?.sellers.length).toBeGreaterThan(0);
    expect(row?.itemStatuses.reduce((sum, s) => sum + s.count, 0)).toBeGreaterThan(0);

    const byMobile = await search('+91 98765 43210');
    expect(byMobile.searchedAs).toBe('mobile');
    expect(byMobile.orders.map((o) => o.orderNo)).toEqual(byEmail.orders.map((o) => o.orderNo));
  });

  it('by the order number, in any case', async () => {
    const { orderNo } = await orderOf(RAHUL, { itemStatus: 'pending' });
    const found = await search(orderNo.toLowerCase());
    expect(found.searchedAs).toBe('order');
    expect(found.orders.map((o) => o.orderNo)).toEqual([orderNo]);
    expect(found.orders[0]?.shopper.email).toBe(RAHUL);
  });

  it('by a seller’s name or email: the orders with its items', async () => {
    const [seller] = await t.db
      .select({ name: sellers.name, id: sellers.id })
      .from(sellers)
      .innerJoin(orderItems, eq(orderItems.sellerId, sellers.id))
      .limit(1);
    if (!seller) throw new Error('no seller with orders');
    const byName = await search(seller.name.slice(0, Math.max(4, seller.name.length - 2)));
    expect(byName.searchedAs).toBe('seller');
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.orders.every((o) => o.sellers.some((name) => name.includes(seller.name.slice(0, 4))))).toBe(
      true,
    );
    const bySellerEmail = await search(SELLER);
    for (const row of bySellerEmail.orders) expect(row.sellers).toContain('Dakshin Mart');
  });

  it('nothing found is an empty page, not an error', async () => {
    const none = await search('nobody-at-all@example.com');
    expect(none).toMatchObject({ total: 0, orders: [], page: 1, pageCount: 1 });
  });

  it.each([
    ['status=bogus', ORDER_LIST_MESSAGES.status],
    ['payment=cash', ORDER_LIST_MESSAGES.payment],
    ['seller=abc', ORDER_LIST_MESSAGES.seller],
    ['seller=-1', ORDER_LIST_MESSAGES.seller],
    ['from=2026-02-30', 'from must be a real date.'],
    ['from=2026-12-05&to=2026-12-01', ORDER_LIST_MESSAGES.order],
    [`status=${'x'.repeat(5000)}`, ORDER_LIST_MESSAGES.status],
    [`q=${'a'.repeat(255)}`, SUPPORT_MESSAGES.queryTooLong],
    // a NUL byte never reaches the search: the address itself is refused
    ['q=priya%00%40example.com', 'NUL'],
    ['q=priya&page=0', SUPPORT_MESSAGES.pageShape],
  ])('?%s is refused with 400', async (query, message) => {
    const res = await get(`/api/admin/orders?${query}`, support);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await errorOf(res))).toContain(message);
  });

  it('broken percent-encoding is a 400, never a 500', async () => {
    expect((await get('/api/admin/orders?q=%E0%A4%A', support)).status).toBe(400);
    expect((await get('/api/admin/orders/%E0%A4%A', support)).status).toBe(400);
  });
});

describe('an order’s whole life', () => {
  it('items, payments with the provider’s ids, and what staff may do', async () => {
    const { orderNo, id } = await orderOf(RAHUL, { itemStatus: 'pending', paymentMode: 'prepaid' });
    const order = await orderPage(orderNo);
    expect(order.shopper.email).toBe(RAHUL);
    expect(order.items).toHaveLength((await itemsOf(id)).length);
    for (const item of order.items) {
      expect(item.cancellableQuantity).toBe(item.quantity);
      expect(item.cancelRefusal).toBeNull();
    }
    expect(order.payments[0]).toMatchObject({
      provider: 'sandbox',
      providerPaymentId: `sandbox_pay_${orderNo}`,
    });
    expect(order.cancelReasons.length).toBeGreaterThan(0);
  });

  it('shipments with AWB and tracking, requests with reasons, refunds by the bank account’s last 4 digits only', async () => {
    const [returned] = await t.db
      .select({ orderNo: orders.orderNo, orderId: orders.id, requestId: itemRequests.id })
      .from(itemRequests)
      .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(eq(users.email, PRIYA), eq(itemRequests.kind, 'return')))
      .limit(1);
    const [account] = await t.db
      .select({ id: bankAccounts.id, number: bankAccounts.accountNumber })
      .from(bankAccounts)
      .innerJoin(users, eq(users.id, bankAccounts.userId))
      .where(eq(users.email, PRIYA))
      .limit(1);
    if (!returned || !account) throw new Error('no returned order or bank account of Priya');
    // a cash refund to her bank account, as the payout job fixes it on the refund
    await t.db.insert(refunds).values({
      orderId: returned.orderId,
      amountPaise: 1_000,
      method: 'bank_account',
      bankAccountId: account.id,
      bankAccountLast4: account.number.slice(-4),
    });
    const res = await get(`/api/admin/orders/${returned.orderNo}`, support);
    const text = await res.text();
    const order = SupportOrder.parse(JSON.parse(text));
    expect(order.shipments[0]?.awbNo).toMatch(/^\d{10}$/);
    expect(order.shipments[0]?.events.length).toBeGreaterThan(0);
    expect(order.shipments[0]?.lostRefusal).toBe(TRANSITION_MESSAGES.trackingFinished);
    expect(order.requests[0]).toMatchObject({ kind: 'return', additionalInfo: expect.any(String) });
    const cash = order.refunds.find((r) => r.method === 'bank_account');
    expect(cash?.destination).toBe(`To your bank account ending ${account.number.slice(-4)}`);
    // staff never see a full bank account number
    expect(text).not.toContain(account.number);
  });

  it('an unknown order is 404, a malformed number 400', async () => {
    const missing = await get('/api/admin/orders/OD202601010000000001', support);
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toBe(SUPPORT_MESSAGES.orderNotFound);
    expect((await get('/api/admin/orders/OD%2520%3B', support)).status).toBe(400);
  });
});

describe('cancelling for the shopper', () => {
  it('cancels an item of a paid order: stock back, refund started, the shopper emailed, an audit entry', async () => {
    const { orderNo, id } = await orderOf(RAHUL, { itemStatus: 'pending', paymentMode: 'prepaid' });
    const [item] = await itemsOf(id);
    if (!item) throw new Error('no item');
    const reason = await cancelReason();
    const res = await post(
      `/api/admin/orders/${orderNo}/cancellations`,
      {
        items: [{ itemId: item.id, quantity: item.quantity }],
        reasonId: reason.id,
        note: 'Shopper called: ordered twice.',
      },
      support,
    );
    expect(res.status).toBe(200);
    const done = (await res.json()) as { message: string };
    expect(done.message).toContain('cancelled for the shopper');
    expect(done.message).toContain('A refund of ₹');

    const [after] = await t.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(after).toMatchObject({ status: 'cancelled', cancelledQuantity: item.quantity });
    const [request] = await t.db.select().from(itemRequests).where(eq(itemRequests.orderItemId, item.id));
    expect(request).toMatchObject({
      kind: 'cancel',
      status: 'completed',
      requestedBy: 'customer',
      additionalInfo: 'Shopper called: ordered twice.',
    });

    const order = await orderPage(orderNo);
    const refund = order.refunds.find((r) => r.requestRefNo === request?.refNo);
    // sent to the sandbox at once, as after the shopper's own cancellation
    expect(refund).toMatchObject({ status: 'processed', provider: 'sandbox', attempt: 1, canRetry: false });
    expect(order.items.find((i) => i.id === item.id)).toMatchObject({
      status: 'cancelled',
      cancellableQuantity: 0,
    });
    expect(order.requests.find((r) => r.refNo === request?.refNo)?.reasons).toEqual([reason.text]);
    expect(order.sentMessages.map((m) => m.template)).toContain('order-cancelled-by-support');
    const [email] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, RAHUL), eq(outbox.template, 'order-cancelled-by-support')));
    expect(email?.subject).toBe(SUPPORT_MESSAGES.cancelledEmailSubject(orderNo));

    const audit = await lastAudit('order.cancel');
    expect(audit).toMatchObject({
      actor: 'meera.support@bazaar.example',
      targetType: 'order',
      targetId: orderNo,
    });
    expect(audit?.before).toEqual({
      items: [{ id: item.id, status: 'pending', quantity: item.quantity, cancelledQuantity: 0 }],
    });
    expect(audit?.after).toMatchObject({
      items: [
        { id: item.id, status: 'cancelled', quantity: item.quantity, cancelledQuantity: item.quantity },
      ],
      reason: reason.text,
      refundPaise: refund?.amountPaise,
    });
  });

  it('two staff cancelling the same item at once: one wins, the other gets the state machine’s refusal', async () => {
    const { orderNo, id } = await orderOf(RAHUL, { itemStatus: 'pending', paymentMode: 'prepaid' });
    const open = (await itemsOf(id)).find((i) => i.status === 'pending');
    if (!open) throw new Error('no pending item left');
    const reason = await cancelReason();
    const body = { items: [{ itemId: open.id, quantity: open.quantity }], reasonId: reason.id };
    const answers = await Promise.all([
      post(`/api/admin/orders/${orderNo}/cancellations`, body, support),
      post(`/api/admin/orders/${orderNo}/cancellations`, body, owner),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409);
    if (refused) expect((await errorOf(refused)).message).toBe(TRANSITION_MESSAGES.cancelRequest);
    const requests = await t.db.select().from(itemRequests).where(eq(itemRequests.orderItemId, open.id));
    expect(requests).toHaveLength(1);
    const requestRefunds = await t.db
      .select()
      .from(refunds)
      .where(
        inArray(
          refunds.requestId,
          requests.map((r) => r.id),
        ),
      );
    expect(requestRefunds).toHaveLength(1);
  });

  it('an item that has shipped is refused with the state machine’s message', async () => {
    const { orderNo, id } = await orderOf(PRIYA, { itemStatus: 'shipped' });
    const [item] = await itemsOf(id);
    if (!item) throw new Error('no item');
    const reason = await cancelReason();
    const order = await orderPage(orderNo);
    expect(order.items[0]?.cancelRefusal).toBe(TRANSITION_MESSAGES.cancelRequest);
    const res = await post(
      `/api/admin/orders/${orderNo}/cancellations`,
      { items: [{ itemId: item.id, quantity: 1 }], reasonId: reason.id },
      support,
    );
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(TRANSITION_MESSAGES.cancelRequest);
  });

  it('bad input is a clear 400, 404 or 422, never a 500, and writes nothing', async () => {
    const { orderNo, id } = await orderOf(PRIYA, { itemStatus: 'pending' });
    const [item] = await itemsOf(id);
    const other = await orderOf(RAHUL, { itemStatus: 'delivered' });
    const [otherItem] = await itemsOf(other.id);
    if (!item || !otherItem) throw new Error('no items');
    const reason = await cancelReason();
    const path = `/api/admin/orders/${orderNo}/cancellations`;
    const line = { itemId: item.id, quantity: 1 };
    const before = (await t.db.select().from(auditLog)).length;
    const cases: [unknown, number, string][] = [
      ['{"items": [', 400, ''],
      [{ reasonId: reason.id }, 400, SUPPORT_MESSAGES.selectItem],
      [{ items: [line] }, 400, SUPPORT_MESSAGES.reasonRequired],
      // a NUL byte in JSON is refused before the schema, with the API's own message
      [{ items: [line], reasonId: reason.id, note: 'x\u0000' }, 400, ''],
      [{ items: [line], reasonId: reason.id, note: 'x\u0007' }, 400, SUPPORT_MESSAGES.noteControl],
      [{ items: [line], reasonId: reason.id, note: 'x'.repeat(501) }, 400, SUPPORT_MESSAGES.noteTooLong],
      [
        { items: [{ itemId: item.id, quantity: item.quantity + 1 }], reasonId: reason.id },
        409,
        TRANSITION_MESSAGES.requestQuantity,
      ],
      [{ items: [line], reasonId: 2_000_000_000 }, 422, SUPPORT_MESSAGES.unknownReason],
      [
        { items: [{ itemId: otherItem.id, quantity: 1 }], reasonId: reason.id },
        404,
        SUPPORT_MESSAGES.itemNotInOrder,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(path, body, support);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect(JSON.stringify(await errorOf(res))).toContain(message);
    }
    const missing = await post(
      '/api/admin/orders/OD202601010000000001/cancellations',
      { items: [line], reasonId: reason.id },
      support,
    );
    expect(missing.status).toBe(404);
    const huge = await post(
      path,
      { items: [line], reasonId: reason.id, note: 'x'.repeat(2_000_000) },
      support,
    );
    expect([400, 413]).toContain(huge.status);
    expect((await t.db.select().from(auditLog)).length).toBe(before);
    const [unchanged] = await t.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(unchanged?.status).toBe('pending');
  });
});

describe('marking a shipment lost', () => {
  it('a parcel in transit: lost, the paid item refunded, an audit entry', async () => {
    const { orderNo, id } = await orderOf(PRIYA, { itemStatus: 'shipped', paymentMode: 'prepaid' });
    const [item] = await itemsOf(id);
    const [shipment] = await t.db.select().from(shipments).where(eq(shipments.orderId, id));
    if (!item || !shipment) throw new Error('no shipment');
    expect((await orderPage(orderNo)).shipments[0]?.lostRefusal).toBeNull();
    const res = await post(
      `/api/admin/shipments/${shipment.invoiceNo}/lost`,
      { note: 'Courier confirmed loss.' },
      support,
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toContain(SUPPORT_MESSAGES.shipmentLost);
    const order = await orderPage(orderNo);
    expect(order.shipments[0]).toMatchObject({ status: 'lost_in_transit' });
    expect(order.shipments[0]?.events.at(-1)).toMatchObject({
      status: 'lost_in_transit',
      note: 'Courier confirmed loss.',
    });
    expect(order.items[0]?.status).toBe('undelivered');
    expect(order.refunds.length).toBeGreaterThan(0);
    const audit = await lastAudit('shipment.lost');
    expect(audit).toMatchObject({
      targetType: 'shipment',
      targetId: shipment.invoiceNo,
      before: { status: 'in_transit' },
    });
    expect(audit?.after).toMatchObject({ status: 'lost_in_transit', note: 'Courier confirmed loss.' });
  });

  it('a delivered parcel is refused with the state machine’s message; an unknown one is 404', async () => {
    const { id } = await orderOf(PRIYA, { itemStatus: 'delivered' });
    const [shipment] = await t.db.select().from(shipments).where(eq(shipments.orderId, id));
    if (!shipment) throw new Error('no shipment');
    const res = await post(`/api/admin/shipments/${shipment.invoiceNo}/lost`, {}, support);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(TRANSITION_MESSAGES.trackingFinished);
    expect((await post('/api/admin/shipments/INV-NONE-1/lost', {}, support)).status).toBe(404);
    expect((await post('/api/admin/shipments/INV%20X/lost', {}, support)).status).toBe(400);
    expect(
      (await post(`/api/admin/shipments/${shipment.invoiceNo}/lost`, { note: 'a\u0000' }, support)).status,
    ).toBe(400);
  });
});

describe('failed refunds', () => {
  async function failedRefund(updatedAt: Date) {
    const { id } = await orderOf(RAHUL, { itemStatus: 'delivered' });
    const [made] = await t.db
      .insert(refunds)
      .values({
        orderId: id,
        amountPaise: 12_345,
        status: 'failed',
        method: 'bank_account',
        bankAccountLast4: '4321',
        attempt: 3,
        provider: 'sandbox',
        providerRefundId: `sandbox_pout_fail_${updatedAt.getTime()}`,
        processedAt: updatedAt,
        failureReason: 'Beneficiary account closed',
        createdAt: updatedAt,
        updatedAt,
      })
      .returning({ id: refunds.id });
    if (!made) throw new Error('no refund');
    return made.id;
  }

  it('wait in a queue, the longest waiting first, and an operator sends one again', async () => {
    const newer = await failedRefund(new Date('2026-11-20T10:00:00Z'));
    const older = await failedRefund(new Date('2026-11-10T10:00:00Z'));
    const res = await get('/api/admin/refunds/failed', support);
    expect(res.status).toBe(200);
    const queue = FailedRefundsPage.parse(await res.json());
    const ids = queue.refunds.map((r) => r.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    expect(queue.refunds.find((r) => r.id === older)).toMatchObject({
      attempt: 3,
      failureReason: 'Beneficiary account closed',
      destination: 'To your bank account ending 4321',
    });

    const answers = await Promise.all([
      post(`/api/admin/refunds/${older}/retry`, {}, support),
      post(`/api/admin/refunds/${older}/retry`, {}, owner),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409);
    if (refused) expect((await errorOf(refused)).message).toBe(REFUND_RETRY_MESSAGES.notFailed('initiated'));
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, older));
    expect(row).toMatchObject({
      status: 'initiated',
      attempt: 4,
      providerRefundId: null,
      bankAccountId: null,
    });
    const audit = await lastAudit('refund.retry');
    expect(audit).toMatchObject({ targetType: 'refund', targetId: String(older) });
    expect(audit?.before).toMatchObject({ status: 'failed', attempt: 3 });
    expect(audit?.after).toMatchObject({ status: 'initiated', attempt: 4, providerRefundId: null });
    const after = FailedRefundsPage.parse(await (await get('/api/admin/refunds/failed', support)).json());
    expect(after.refunds.map((r) => r.id)).not.toContain(older);
  });

  it('an unknown refund is 404, a malformed id or page 400', async () => {
    expect((await post('/api/admin/refunds/2000000000/retry', {}, support)).status).toBe(404);
    expect((await post('/api/admin/refunds/abc/retry', {}, support)).status).toBe(400);
    expect((await post('/api/admin/refunds/99999999999/retry', {}, support)).status).toBe(400);
    expect((await get('/api/admin/refunds/failed?page=-1', support)).status).toBe(400);
  });
});

describe('a COD order whose every item was cancelled', () => {
  it('reads Cancelled, not a payment still to come, to support and to the shopper', async () => {
    const [order] = await t.db
      .select({ id: orders.id, orderNo: orders.orderNo, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(
        and(
          eq(orders.paymentMode, 'cod'),
          eq(orders.paymentStatus, 'pending'),
          eq(orders.status, 'placed'),
          sql`NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = ${orders.id} AND oi.status <> 'pending')`,
        ),
      )
      .limit(1);
    if (!order) throw new Error('the seed has COD orders waiting to ship');
    const before = (await (await get(`/api/admin/orders/${order.orderNo}`, owner)).json()) as {
      paymentStatus: string;
    };
    expect(before.paymentStatus).toBe('pending');
    await t.db
      .update(orderItems)
      .set({ status: 'cancelled', cancelledQuantity: sql`${orderItems.quantity}` })
      .where(eq(orderItems.orderId, order.id));

    const shown = (await (await get(`/api/admin/orders/${order.orderNo}`, owner)).json()) as {
      paymentStatus: string;
    };
    expect(shown.paymentStatus).toBe('cancelled');
    const found = (await (await get(`/api/admin/orders?q=${order.orderNo}`, owner)).json()) as {
      orders: { paymentStatus: string }[];
    };
    expect(found.orders[0]?.paymentStatus).toBe('cancelled');
    const consolePage = await (await get(`/admin/orders/${order.orderNo}`, owner)).text();
    expect(consolePage).toMatch(/Payment <span[^>]*>Cancelled</);

    const shopper = await t.loginCookie(order.email);
    const mine = (await (await get(`/api/my-orders/${order.orderNo}`, shopper)).json()) as {
      paymentStatus?: string;
      order?: { paymentStatus: string };
    };
    expect(mine.order?.paymentStatus ?? mine.paymentStatus).toBe('cancelled');
    const detail = await (await get(`/neworderdetail?order=${order.orderNo}`, shopper)).text();
    expect(detail).toMatch(/data-testid="detail-payment-status"[^>]*>Cancelled</);
    expect(detail).not.toContain('on delivery</p>');
  });
});

describe('the order list', () => {
  const list = async (query: string, cookie = support) => {
    const res = await get(`/api/admin/orders${query}`, cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    return OrderSearchPage.parse(await res.json());
  };

  it('shows the latest orders without a search, newest first, 25 a page, with each tab’s count', async () => {
    const all = await t.db.select({ id: orders.id, createdAt: orders.createdAt }).from(orders);
    const first = await list('');
    expect(first.searchedAs).toBeNull();
    expect(first.total).toBe(all.length);
    expect(first.counts.all).toBe(all.length);
    expect(first.orders).toHaveLength(25);
    const times = first.orders.map((order) => order.placedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await list('?page=2');
    expect(second.orders[0]?.orderNo).not.toBe(first.orders[0]?.orderNo);
    // each tab lists what its count says, and only orders of its state
    for (const tab of ORDER_TABS) {
      const page = await list(`?status=${tab}`);
      expect(page.total, tab).toBe(first.counts[tab]);
    }
    const toShip = await list('?status=to_ship');
    for (const order of toShip.orders)
      expect(
        order.itemStatuses.some((s) => s.status === 'pending'),
        order.orderNo,
      ).toBe(true);
    const cancelled = await list('?status=cancelled');
    for (const order of cancelled.orders)
      expect(
        order.itemStatuses.every((s) => s.status === 'cancelled'),
        order.orderNo,
      ).toBe(true);
  });

  it('filters by payment mode, seller and Indian days, the search kept', async () => {
    const cod = await list('?payment=cod');
    expect(cod.total).toBeGreaterThan(0);
    expect(cod.orders.every((order) => order.paymentMode === 'cod')).toBe(true);
    const prepaid = await list('?payment=prepaid');
    expect(cod.total + prepaid.total).toBe((await list('')).total);

    const [seller] = await t.db.select().from(sellers).where(eq(sellers.name, 'Dakshin Mart'));
    const theirs = await list(`?seller=${seller?.id}`);
    expect(theirs.total).toBeGreaterThan(0);
    expect(theirs.orders.every((order) => order.sellers.includes('Dakshin Mart'))).toBe(true);
    expect(theirs.sellers.map((s) => s.name)).toContain('Dakshin Mart');

    const newest = (await list('')).orders[0];
    const day = new Date(new Date(newest?.placedAt ?? 0).getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const onDay = await list(`?from=${day}&to=${day}`);
    expect(onDay.orders.map((order) => order.orderNo)).toContain(newest?.orderNo);
    for (const order of onDay.orders)
      expect(new Date(new Date(order.placedAt).getTime() + 330 * 60_000).toISOString().slice(0, 10)).toBe(
        day,
      );
    expect((await list('?from=2001-01-01&to=2001-01-31')).total).toBe(0);

    const searched = await list(`?q=${encodeURIComponent(PRIYA)}&payment=cod`);
    expect(searched.searchedAs).toBe('email');
    expect(
      searched.orders.every((order) => order.shopper.email === PRIYA && order.paymentMode === 'cod'),
    ).toBe(true);
  });

  it('shows tabs, filters and the newest orders on the page; a bad filter is a message, never a failure', async () => {
    const page = await get('/admin/orders', support);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('aria-label="Orders by status"');
    expect(html).toContain('href="/admin/orders?status=to_ship"');
    expect(html.match(/href="\/admin\/orders\/OD\d+"/g)).toHaveLength(25);
    const bad = await get('/admin/orders?status=bogus&payment=cash', support);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(ORDER_LIST_MESSAGES.status);
    expect((await get('/admin/orders?from=%E0%A4%A', support)).status).toBeLessThan(500);
    expect((await get('/admin/orders?seller=%00', support)).status).toBeLessThan(500);
  });

  it('is for support and owners only', async () => {
    expect((await get('/api/admin/orders?status=to_ship', owner)).status).toBe(200);
    for (const role of ['catalog', 'finance', 'marketing'] as const) {
      const other = (await verifiedStaff(t, `orders-list-${role}@bazaar.example`, role)).cookie;
      expect((await get('/api/admin/orders?status=to_ship', other)).status, role).toBe(403);
      expect((await get('/admin/orders', other)).status, role).toBe(403);
    }
    expect((await get('/api/admin/orders')).status).toBe(401);
    expect((await get('/api/admin/orders', await t.loginCookie(PRIYA))).status).toBe(403);
  });
});
