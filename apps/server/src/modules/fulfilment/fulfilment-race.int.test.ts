import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemRequests, refunds, shipments, trackingEvents } from '@marketplace/db';
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

// Retries and double clicks arrive together: the order lock makes each write happen once.
describe('concurrent seller writes', () => {
  it('five identical shipment requests create one invoice', async () => {
    const { item, seller, orderNo, order } = await kit.singleItemOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', { items: [{ itemId: item.id }] }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const invoices = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { invoiceNo: string }).invoiceNo),
    );
    expect(new Set(invoices).size).toBe(1);
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, order.id))).toHaveLength(1);
  });

  it('a cancel and a shipment of the same item: exactly one wins', async () => {
    const { item, seller, orderNo } = await kit.singleItemOrder();
    const stock = await kit.stockOf(item.offerId);
    const [cancelled, shipped] = await Promise.all([
      call(`/api/seller/order-items/${item.id}/cancel`, seller, 'POST', {}),
      call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', { items: [{ itemId: item.id }] }),
    ]);
    // one of them succeeds, the other is refused by the state machine
    const outcome = [cancelled.status, shipped.status];
    expect([
      [200, 409],
      [409, 201],
    ]).toContainEqual(outcome);
    const row = await kit.itemRow(item.id);
    if (cancelled.status === 200) {
      expect(row).toMatchObject({ status: 'cancelled', shipmentId: null });
      expect(await kit.stockOf(item.offerId)).toBe(stock + 1);
    } else {
      expect(row.status).toBe('shipped');
      expect(await kit.stockOf(item.offerId)).toBe(stock);
    }
  });

  it('three identical tracking moves add one event; three identical decisions refund once', async () => {
    const { item, seller, orderNo, order } = await kit.singleItemOrder(1, 'prepaid');
    const res = await call(`/api/seller/orders/${orderNo}/shipments`, seller, 'POST', {
      items: [{ itemId: item.id }],
    });
    const { invoiceNo } = (await res.json()) as { invoiceNo: string };
    const moves = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(`/api/seller/shipments/${invoiceNo}/tracking`, seller, 'POST', {
          status: 'cancelled_by_seller',
        }),
      ),
    );
    expect(moves.map((r) => r.status)).toEqual([200, 200, 200]);
    const [shipment] = await t.db.select().from(shipments).where(eq(shipments.invoiceNo, invoiceNo));
    const events = await t.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.shipmentId, shipment?.id ?? 0));
    expect(events.map((e) => e.status)).toEqual(['manifested', 'cancelled_by_seller']);
    expect(
      (await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).map((r) => r.amountPaise),
    ).toEqual([order.totalPaise]);

    const other = await kit.singleItemOrder(2);
    const refNo = await kit.insertRequest(other.item.id, 'cancel', 2);
    const stock = await kit.stockOf(other.item.offerId);
    const decisions = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(`/api/seller/item-requests/${refNo}/decision`, other.seller, 'POST', { decision: 'completed' }),
      ),
    );
    expect(decisions.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await kit.stockOf(other.item.offerId)).toBe(stock + 2);
    const [request] = await t.db.select().from(itemRequests).where(eq(itemRequests.refNo, refNo));
    expect(request?.status).toBe('completed');
  });
});
