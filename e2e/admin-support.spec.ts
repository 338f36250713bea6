// requirements#operator-support: support staff find a shopper's order by email, cancel an item for
// them and see the refund start on the order's page; the shopper sees the cancellation in My
// Orders; a refund that failed three times is sent again from the queue; and the search and the
// cancellation work in a browser without scripts.
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, refunds, users } from '@marketplace/db';
import { SUPPORT_MESSAGES } from '@marketplace/domain/admin/support-api';
import { CANCELLED_BY_LABELS } from '@marketplace/domain/orders/cancel';
import { REFUND_TEXTS } from '@marketplace/domain/orders/refund-life';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const RAHUL = 'rahul@example.com';
const PRIYA = 'priya@example.com';

const heading = (name: string | RegExp) => store.page.getByRole('heading', { level: 1, name }).waitFor();

/** A shopper's order whose items all wait for dispatch, and its first item. */
async function pendingOrderOf(email: string, paymentMode: 'cod' | 'prepaid') {
  const rows = await store.db
    .select({ orderNo: orders.orderNo, itemId: orderItems.id, productName: orderItems.productName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(users.email, email), eq(orders.paymentMode, paymentMode), eq(orderItems.status, 'pending')))
    .orderBy(asc(orderItems.id));
  const first = rows[0];
  if (!first) throw new Error(`no pending ${paymentMode} order of ${email}`);
  return first;
}

describe('support in the console', () => {
  it('finds a shopper’s order by email, cancels an item for them, sees the refund, and resends a failed one', async () => {
    const { orderNo, itemId, productName } = await pendingOrderOf(RAHUL, 'prepaid');
    await signInAsStaff(store, 'support-desk@staff.example.com', 'support');
    const page = store.page;
    await store.openHydrated('/admin');
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Orders', exact: true }).click();
    await heading('Orders');

    await page.getByLabel('Order number, shopper’s email or mobile, or seller').fill(RAHUL);
    await page.getByRole('button', { name: 'Find orders' }).click();
    await page.waitForURL(/\/admin\/orders\?q=rahul/);
    const results = page.getByRole('region', { name: 'All orders, newest first' });
    const row = results.getByRole('row').filter({ hasText: orderNo });
    await row.waitFor();
    expect(await row.textContent()).toContain('Prepaid');
    await store.screenshot('admin-support-search', WIDTHS.desktop);

    await row.getByRole('link', { name: orderNo }).click();
    await page.waitForURL(store.url(`/admin/orders/${orderNo}`));
    await heading(`Order ${orderNo}`);
    const items = page.getByRole('region', { name: 'Items' });
    const itemRow = items.getByRole('row').filter({ hasText: productName });
    await itemRow.getByText('Cancel for the shopper').click();
    const form = page.getByRole('form', { name: `Cancel ${productName} for the shopper` });
    await form.getByLabel('Shopper’s reason').selectOption({ label: 'Ordered by mistake' });
    await form
      .getByLabel('Note (the shopper sees it with the cancellation)')
      .fill('Rahul called the helpline.');
    await form.getByRole('button', { name: 'Cancel item' }).click();
    await page.getByText(/cancelled for the shopper\. A refund of ₹/).waitFor();
    await expect.poll(() => itemRow.textContent()).toContain('Cancelled');
    const refundsTable = page.getByRole('region', { name: 'Refunds' });
    // sent to the payment provider at once, as after the shopper's own cancellation
    await refundsTable.getByText('Processed').waitFor();
    expect(await refundsTable.textContent()).toContain(REFUND_TEXTS.toOriginalPayment);
    await page
      .getByRole('region', { name: 'Messages sent to the shopper' })
      .getByText('Items cancelled by support')
      .waitFor();
    await store.screenshot('admin-support-order', WIDTHS.desktop);

    // the provider refused it three times (ADR-0011): it waits in the queue for an operator
    const [request] = await store.db
      .select({ refundId: refunds.id })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(orders.orderNo, orderNo));
    if (!request) throw new Error('no refund');
    await store.db
      .update(refunds)
      .set({ status: 'failed', attempt: 3, failureReason: 'The payment cannot be refunded now.' })
      .where(eq(refunds.id, request.refundId));
    await nav.getByRole('link', { name: 'Failed refunds' }).click();
    await heading('Failed refunds');
    const queued = page
      .getByRole('region', { name: 'Failed refunds, the longest waiting first' })
      .getByRole('row')
      .filter({ hasText: orderNo });
    expect(await queued.textContent()).toContain('The payment cannot be refunded now.');
    await store.screenshot('admin-support-failed-refunds', WIDTHS.desktop);
    await queued.getByRole('button', { name: 'Send again' }).click();
    await page.getByText(SUPPORT_MESSAGES.refundRetried(4)).waitFor();
    await expect.poll(() => queued.count()).toBe(0);
    const [retried] = await store.db.select().from(refunds).where(eq(refunds.id, request.refundId));
    // sent to the sandbox again at once, under the fourth attempt's key
    expect(retried).toMatchObject({ status: 'processed', attempt: 4 });

    // the shopper sees the cancellation in My Orders, as their own
    await store.loginAs(RAHUL);
    const shopper = await store.restartPage();
    await store.openHydrated(`/cancelleditemdetail?item=${itemId}`);
    await shopper.getByText(CANCELLED_BY_LABELS.customer).waitFor();
    expect(await shopper.getByText('Ordered by mistake').count()).toBe(1);
    expect(await shopper.getByText(orderNo).count()).toBeGreaterThan(0);
    await store.screenshot('admin-support-shopper-cancelled', WIDTHS.mobile);
  });

  it('without scripts, support searches by mobile and cancels an item with the plain form', async () => {
    const { orderNo, itemId, productName } = await pendingOrderOf(PRIYA, 'cod');
    await signInAsStaff(store, 'support-noscript@staff.example.com', 'support');
    const page = await store.restartPage({ javaScript: false });
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(store.url('/admin/orders'));
    await heading('Orders');
    await page.getByLabel('Order number, shopper’s email or mobile, or seller').fill('98765 43210');
    await page.getByRole('button', { name: 'Find orders' }).click();
    await page.waitForURL(/\/admin\/orders\?q=98765/);
    await page.getByText(/orders? found by mobile/).waitFor();
    await page.getByRole('link', { name: orderNo }).click();
    await heading(`Order ${orderNo}`);

    const form = page.getByRole('form', { name: `Cancel ${productName} for the shopper` });
    await page.getByText('Cancel for the shopper').first().click();
    // no reason chosen: the browser's own check holds the form, so send it with the reason
    await form.getByLabel('Shopper’s reason').selectOption({ index: 1 });
    await form.getByRole('button', { name: 'Cancel item' }).click();
    await page.getByText(/cancelled for the shopper\./).waitFor();
    const [item] = await store.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    expect(item?.status).toBe('cancelled');
    // a cash order took no money: nothing to refund
    expect(await page.getByText(/A refund of/).count()).toBe(0);
    await store.screenshot('admin-support-no-script', WIDTHS.desktop);
  });
});
