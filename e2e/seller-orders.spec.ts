import { and, desc, eq, notExists } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  itemRequests,
  orderItems,
  orders,
  refunds,
  sellers,
  shipments,
  trackingEvents,
  users,
} from '@marketplace/db';
import { formatInr } from '@marketplace/domain/money/money';
import { FULFILMENT_MESSAGES } from '@marketplace/domain/orders/fulfilment';
import { PICKUP_MESSAGES } from '@marketplace/domain/orders/pickup';
import { indiaDate } from '@marketplace/domain/orders/returns';
import { TRACKING_STEP_LABELS } from '@marketplace/domain/orders/tracking';
import { SELLER_DECISION_LABELS, SELLER_REQUEST_MESSAGES } from '@marketplace/domain/sellers/seller-requests';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
let used = 0;

/** A COD order placed by the shopper through the API; the seller's login and the item. */
async function codOrder() {
  await store.loginAs(SHOPPER);
  const address = await defaultAddress(store.db, SHOPPER);
  const pick = (await deliverableOffers(store.db, address.pincode))[used++ + 11];
  if (!pick) throw new Error('a deliverable offer');
  const res = await store.page.context().request.post(store.url('/api/orders'), {
    data: {
      idempotencyKey: `e2e-seller-orders-${used}-${Date.now()}`,
      addressId: address.id,
      paymentMode: 'cod',
      lines: [
        {
          productId: pick.offer.productId,
          sellerId: pick.offer.sellerId,
          quantity: 1,
          deliveryType: 'standard',
        },
      ],
    },
  });
  expect(res.status()).toBe(201);
  const { orderNo } = (await res.json()) as { orderNo: string };
  const [item] = await store.db
    .select({ id: orderItems.id, orderId: orderItems.orderId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.orderNo, orderNo));
  const [seller] = await store.db
    .select({ email: users.email })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, pick.offer.sellerId));
  if (!item || !seller) throw new Error('the order and its seller');
  return { orderNo, item, sellerEmail: seller.email };
}

const DAKSHIN = 'dakshin-mart@sellers.example.com';

/** Dakshin Mart's seeded work: a pending request of a kind, a shipment on its way, an item to ship. */
async function dakshinWork() {
  const db = store.db;
  const [seller] = await db
    .select({ id: sellers.id })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(users.email, DAKSHIN));
  if (!seller) throw new Error('Dakshin Mart is seeded');
  const own = eq(orderItems.sellerId, seller.id);
  const pendingRequest = async (kind: 'return' | 'replace') => {
    const [found] = await db
      .select({ id: itemRequests.id, refNo: itemRequests.refNo, itemId: itemRequests.orderItemId })
      .from(itemRequests)
      .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
      .where(and(own, eq(itemRequests.kind, kind), eq(itemRequests.status, 'pending')));
    if (!found) throw new Error(`Dakshin Mart has a ${kind} request to decide`);
    return found;
  };
  const [onItsWay] = await db
    .select({ id: shipments.id, invoiceNo: shipments.invoiceNo, orderNo: orders.orderNo })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.sellerId, seller.id), eq(shipments.status, 'in_transit')));
  // an item waiting for dispatch that its shopper has not asked to cancel
  const [toShip] = await db
    .select({ id: orderItems.id, orderNo: orders.orderNo })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        own,
        eq(orderItems.status, 'pending'),
        notExists(db.select().from(itemRequests).where(eq(itemRequests.orderItemId, orderItems.id))),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!onItsWay || !toShip) throw new Error('Dakshin Mart has a shipment on its way and an item to ship');
  return {
    returned: await pendingRequest('return'),
    replaced: await pendingRequest('replace'),
    onItsWay,
    toShip,
  };
}

describe('a seller fulfils an order and decides its return in Seller Central', () => {
  it('ships from the order page, prints the label, tracks to delivered, accepts the return and the refund shows', async () => {
    const { orderNo, item, sellerEmail } = await codOrder();
    // a late item of the same kind: ordered six days ago, never shipped
    const late = await codOrder();
    await store.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 6 * 24 * 60 * 60 * 1000) })
      .where(eq(orders.id, late.item.orderId));

    const page = store.page;
    // the late one is flagged in its seller's To ship tab
    await page.context().clearCookies();
    await store.loginAs(late.sellerEmail);
    await store.openHydrated(`/sellercentral/orders?tab=to_ship&q=${late.orderNo}`);
    await page
      .getByRole('row')
      .filter({ hasText: late.orderNo })
      .getByText('Late', { exact: true })
      .waitFor();

    await page.context().clearCookies();
    await store.loginAs(sellerEmail);
    await store.openHydrated('/sellercentral/orders?tab=new');
    const row = page.getByRole('row').filter({ hasText: orderNo });
    await row.waitFor();
    await row.getByText('To ship').waitFor();
    expect(await row.locator('time').count()).toBe(1);
    await store.screenshot('seller-orders', WIDTHS.mobile);
    await store.screenshot('seller-orders', WIDTHS.desktop);

    await page.getByRole('link', { name: orderNo }).click();
    await page.waitForURL((url) => url.pathname === `/sellercentral/orders/${orderNo}`);
    await page.getByRole('heading', { name: 'Create invoice and shipment' }).waitFor();
    await page.getByLabel('Carrier').fill('Delhivery');
    await page.getByLabel('AWB number').fill('DLV-E2E-4242');
    await page.getByRole('button', { name: 'Create invoice and shipment' }).click();
    await page.getByText('The invoice and shipment have been created.').waitFor();
    const [shipped] = await store.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(shipped?.status).toBe('shipped');
    await store.screenshot('seller-order', WIDTHS.mobile);
    await store.screenshot('seller-order', WIDTHS.desktop);

    await page.getByRole('link', { name: 'Print shipping label' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/label'));
    const barcode = page.getByRole('img', { name: 'Barcode DLV-E2E-4242' });
    await barcode.waitFor();
    expect(await barcode.locator('svg path').count()).toBeGreaterThan(0);
    await page.getByText(/^COD ₹/).waitFor();
    await store.screenshot('seller-label', WIDTHS.mobile);
    await store.screenshot('seller-label', WIDTHS.desktop);
    await page.getByRole('link', { name: 'Packing slip' }).click();
    await page.getByRole('heading', { name: 'Packing slip' }).waitFor();
    await store.screenshot('seller-slip', WIDTHS.desktop);

    await store.openHydrated(`/sellercentral/orders/${orderNo}`);
    for (const status of ['Not Picked', 'In Transit', 'Pending', 'Dispatched', 'Delivered']) {
      await page.getByLabel('Next status').selectOption({ label: status });
      await page.getByLabel('Location').fill('Hub');
      await page.getByRole('button', { name: 'Update tracking' }).click();
      await page.getByText('The shipment status has been updated.').waitFor();
      await page.locator('.sc-ord-events li').filter({ hasText: status }).first().waitFor();
    }
    await page.getByText('This shipment has reached its final status.').waitFor();
    const [delivered] = await store.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(delivered?.status).toBe('delivered');

    // the shopper asks to return it, picked up today (as the shopper's return form records it)
    await store.db.update(orderItems).set({ returnWindowDays: 10 }).where(eq(orderItems.id, item.id));
    const [order] = await store.db.select().from(orders).where(eq(orders.id, item.orderId));
    const refNo = `RTE2E${item.id}`;
    await store.db.insert(itemRequests).values({
      refNo,
      kind: 'return',
      orderItemId: item.id,
      userId: order?.userId ?? 0,
      quantity: 1,
      status: 'pending',
      requestedBy: 'customer',
      additionalInfo: 'The box was crushed.',
      pickupDate: indiaDate(new Date()),
    });

    await store.openHydrated('/sellercentral/returns');
    await page.getByRole('link', { name: refNo }).waitFor();
    await store.screenshot('seller-returns', WIDTHS.mobile);
    await store.screenshot('seller-returns', WIDTHS.desktop);
    await page.getByRole('link', { name: refNo }).click();
    await page.getByText('The box was crushed.').waitFor();
    // a rejection needs its reason
    await page.getByLabel('Reject', { exact: true }).check();
    await page.getByRole('button', { name: 'Record decision' }).click();
    await page.getByText('Say why you reject this request.').waitFor();
    await page.getByLabel(/refund after the product is picked up/).check();
    await store.screenshot('seller-return-request', WIDTHS.mobile);
    await store.screenshot('seller-return-request', WIDTHS.desktop);
    await page.getByRole('button', { name: 'Record decision' }).click();
    await page.getByText('The decision has been recorded.').waitFor();
    await page.getByRole('button', { name: 'Record pickup' }).click();
    // (the decision's own label speaks of "picked up": wait for the pickup's answer itself)
    await page.getByText(PICKUP_MESSAGES.recorded).waitFor();
    const [request] = await store.db.select().from(itemRequests).where(eq(itemRequests.refNo, refNo));
    expect(request?.pickedUpAt).not.toBeNull();
    const [refund] = await store.db
      .select()
      .from(refunds)
      .where(eq(refunds.requestId, request?.id ?? 0));
    expect(refund?.amountPaise).toBeGreaterThan(0);
    await store.runRefunds();

    // the shopper sees the refund on the return's page
    await store.page.context().clearCookies();
    await store.loginAs(SHOPPER);
    await store.openHydrated(`/returnitemdetail?item=${item.id}`);
    await page
      .getByText(formatInr(refund?.amountPaise ?? 0))
      .first()
      .waitFor();
  });

  it('ships from the order page without JavaScript', async () => {
    const { orderNo, item, sellerEmail } = await codOrder();
    await store.page.context().clearCookies();
    await store.loginAs(sellerEmail);
    const page = await store.restartPage({ javaScript: false });
    await page.goto(store.url(`/sellercentral/orders/${orderNo}`));
    await page.getByLabel('AWB number').fill('NOJS-0001');
    await page.getByRole('button', { name: 'Create invoice and shipment' }).click();
    await page.getByText('The invoice and shipment have been created.').waitFor();
    await page.getByText('NOJS-0001').first().waitFor();
    const [shipped] = await store.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(shipped?.status).toBe('shipped');
    // a bad AWB number is refused with its message, nothing shipped
    const other = await codOrder();
    await page.context().clearCookies();
    await store.loginAs(other.sellerEmail);
    await page.goto(store.url(`/sellercentral/orders/${other.orderNo}`));
    await page.getByLabel('AWB number').fill('<b>');
    await page.getByRole('button', { name: 'Create invoice and shipment' }).click();
    await page.getByText('The AWB number has 4 to 40 letters, digits or dashes.').waitFor();
    const [waiting] = await store.db.select().from(orderItems).where(eq(orderItems.id, other.item.id));
    expect(waiting?.status).toBe('pending');
  });

  it('decides requests, records a pickup, moves a shipment on and cancels an item without JavaScript', async () => {
    const work = await dakshinWork();
    // the shopper's pickup day is today, so the pickup may be recorded once the return is accepted
    await store.db
      .update(itemRequests)
      .set({ pickupDate: indiaDate(new Date()) })
      .where(eq(itemRequests.id, work.returned.id));
    await store.loginAs(DAKSHIN);
    const page = await store.restartPage({ javaScript: false });
    const request = async (id: number) =>
      (await store.db.select().from(itemRequests).where(eq(itemRequests.id, id)))[0];

    // a rejection without its reason is refused and nothing is decided
    await page.goto(store.url(`/sellercentral/returns/${work.returned.refNo}`));
    await page.getByLabel('Reject', { exact: true }).check();
    await page.getByRole('button', { name: 'Record decision' }).click();
    await page.getByText(SELLER_REQUEST_MESSAGES.reasonNeeded).waitFor();
    expect((await request(work.returned.id))?.status).toBe('pending');
    // accepted with a pickup: the refund waits for it
    await page.getByLabel(SELLER_DECISION_LABELS['refund-with-reverse'] ?? '').check();
    await page.getByRole('button', { name: 'Record decision' }).click();
    await page.getByText(FULFILMENT_MESSAGES.decided).waitFor();
    expect((await request(work.returned.id))?.status).toBe('refund-with-reverse');
    // the pickup, recorded from the same page
    await page.getByRole('button', { name: 'Record pickup' }).click();
    await page.getByText(PICKUP_MESSAGES.recorded).waitFor();
    expect((await request(work.returned.id))?.pickedUpAt).not.toBeNull();
    const [refund] = await store.db.select().from(refunds).where(eq(refunds.requestId, work.returned.id));
    expect(refund?.amountPaise).toBeGreaterThan(0);
    await store.screenshot('seller-return-no-script', WIDTHS.mobile);

    // a replacement rejected with its reason, kept with the request and shown as typed
    const reason = 'The seal is intact and the <b>unit</b> works & was tested.';
    await page.goto(store.url(`/sellercentral/returns/${work.replaced.refNo}`));
    await page.getByLabel(SELLER_DECISION_LABELS['reject-without-return'] ?? '').check();
    await page.getByLabel('Reason (required to reject)').fill(reason);
    await page.getByRole('button', { name: 'Record decision' }).click();
    await page.getByText(FULFILMENT_MESSAGES.decided).waitFor();
    await page.getByText(reason, { exact: true }).waitFor();
    expect(await request(work.replaced.id)).toMatchObject({
      status: 'reject-without-return',
      decisionReason: reason,
    });

    // the shipment on its way moves to its next status, with where it is
    await page.goto(store.url(`/sellercentral/orders/${work.onItsWay.orderNo}`));
    const tracking = page.getByRole('form', { name: `Update tracking of ${work.onItsWay.invoiceNo}` });
    await tracking.getByLabel('Next status').selectOption({ label: TRACKING_STEP_LABELS.pending.name });
    await tracking.getByLabel('Location').fill('Ranchi delivery centre');
    await tracking.getByRole('button', { name: 'Update tracking' }).click();
    await page.getByText(FULFILMENT_MESSAGES.tracked).waitFor();
    await page.locator('.sc-ord-events li').filter({ hasText: 'Ranchi delivery centre' }).waitFor();
    const [shipment] = await store.db.select().from(shipments).where(eq(shipments.id, work.onItsWay.id));
    expect(shipment?.status).toBe('pending');
    const [event] = await store.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.shipmentId, work.onItsWay.id))
      .orderBy(desc(trackingEvents.id))
      .limit(1);
    expect(event).toMatchObject({ status: 'pending', location: 'Ranchi delivery centre' });

    // an item the seller cannot fulfil, cancelled with its reason for the shopper
    await page.goto(store.url(`/sellercentral/orders/${work.toShip.orderNo}`));
    const cancel = page.locator('details', { has: page.locator(`#reason-${work.toShip.id}`) });
    await cancel.getByText('Cannot fulfil? Cancel this item').click();
    await cancel.getByLabel('Reason').fill('The last unit was damaged in our warehouse.');
    await cancel.getByRole('button', { name: 'Cancel item' }).click();
    await page.getByText(FULFILMENT_MESSAGES.cancelled).waitFor();
    const [cancelled] = await store.db.select().from(orderItems).where(eq(orderItems.id, work.toShip.id));
    expect(cancelled?.status).toBe('cancelled');
    await store.screenshot('seller-order-cancelled-no-script', WIDTHS.mobile);
  });
});
