import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offers, orderItems, orders, payments, refunds } from '@marketplace/db';
import { CODE_MESSAGES } from '@marketplace/domain/accounts/codes';
import {
  CANCEL_MESSAGES,
  CANCELLED_BY_LABELS,
  REFUND_STATUS_LABELS,
} from '@marketplace/domain/orders/cancel';
import { REFUND_TEXTS } from '@marketplace/domain/orders/refund-life';
import { formatDay } from '../apps/web/app/components/orders/order-dates.ts';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { codeSentTo } from './support/inbox.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
let used = 0;

/** A COD order of the logged-in shopper placed through the API (checkout is other pages' work). */
async function placeCodOrder(quantity: number) {
  await store.loginAs(SHOPPER);
  const address = await defaultAddress(store.db, SHOPPER);
  const pick = (await deliverableOffers(store.db, address.pincode)).filter((o) => o.offer.stock >= quantity)[
    used++
  ];
  if (!pick) throw new Error('a deliverable offer');
  const res = await store.page.context().request.post(store.url('/api/orders'), {
    data: {
      idempotencyKey: `e2e-cancel-${used}-${Date.now()}`,
      addressId: address.id,
      paymentMode: 'cod',
      lines: [
        {
          productId: pick.offer.productId,
          sellerId: pick.offer.sellerId,
          quantity,
          deliveryType: 'standard',
        },
      ],
    },
  });
  expect(res.status()).toBe(201);
  const { orderNo } = (await res.json()) as { orderNo: string };
  const [order] = await store.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  const [item] = await store.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order?.id ?? 0));
  if (!item) throw new Error('the order has its item');
  return { orderNo, item };
}

const stockOf = async (offerId: number) =>
  (await store.db.select({ stock: offers.stock }).from(offers).where(eq(offers.id, offerId)))[0]?.stock;

describe('/cancelitem and /cancelleditemdetail', () => {
  it('cancels a COD item with reasons and the emailed OTP, back to My Orders, and shows it as cancelled by the shopper', async () => {
    const { orderNo, item } = await placeCodOrder(2);
    const stockBefore = await stockOf(item.offerId);
    const page = store.page;
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    // the link My Orders gives the item's Cancel action
    await store.openHydrated(`/cancelitem?order=${orderNo}&seller=${item.sellerId}&item=${item.id}`);
    const tick = page.getByRole('checkbox', { name: item.productName });
    await tick.waitFor();
    expect(await tick.isChecked()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toBe(
      'My Order/Cancel Item',
    );

    // nothing ticked
    await tick.uncheck();
    const reason = page.getByRole('checkbox', { name: 'Ordered by mistake' });
    expect(await reason.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await page.getByRole('alert').textContent()).toBe(CANCEL_MESSAGES.selectProduct);

    // ticked, but no quantity chosen (2 units are open)
    await tick.check();
    expect(await reason.isEnabled()).toBe(true);
    await reason.check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(CANCEL_MESSAGES.selectQuantity, { exact: true }).waitFor();

    await page.getByLabel('Quantity to cancel').selectOption('2');
    await page.getByRole('button', { name: 'Submit' }).click();
    const otp = page.getByLabel('Enter OTP');
    await otp.waitFor();
    expect(await page.getByText(CANCEL_MESSAGES.codeSent('pr***@example.com and ******3210')).count()).toBe(
      1,
    );
    expect(await page.getByText(CANCEL_MESSAGES.prepaidRefund).count()).toBe(0);

    await page.getByRole('button', { name: 'Verify' }).click();
    expect(await page.getByRole('alert').textContent()).toBe(CANCEL_MESSAGES.otpRequired);
    const code = await codeSentTo(store.db, SHOPPER);
    await otp.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(CODE_MESSAGES.invalid).waitFor();
    expect(
      (await store.db.select().from(orderItems).where(eq(orderItems.id, item.id)))[0]?.cancelledQuantity,
    ).toBe(0);

    await store.screenshot('cancel-item', WIDTHS.mobile);
    await store.screenshot('cancel-item', WIDTHS.desktop);
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await otp.fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/myorder$/);
    expect(await stockOf(item.offerId)).toBe((stockBefore ?? 0) + 2);

    await store.openHydrated(`/cancelleditemdetail?item=${item.id}`);
    await page.getByText(CANCELLED_BY_LABELS.customer).waitFor();
    expect(await page.getByText('Ordered by mistake').count()).toBe(1);
    expect(await page.getByText(orderNo).count()).toBeGreaterThan(0);
    await store.screenshot('cancelled-item-detail', WIDTHS.mobile);
    await store.screenshot('cancelled-item-detail', WIDTHS.desktop);
  });

  it('tells a shopper who paid online that the cancelled items are refunded in full, and shows the refund once cancelled', async () => {
    const { orderNo, item } = await placeCodOrder(1);
    // as a verified sandbox payment leaves an order
    const [order] = await store.db
      .update(orders)
      .set({ paymentMode: 'prepaid', paymentStatus: 'paid' })
      .where(eq(orders.orderNo, orderNo))
      .returning();
    await store.db.insert(payments).values({
      orderId: order?.id ?? 0,
      provider: 'sandbox',
      providerOrderId: `sandbox_order_${orderNo}`,
      providerPaymentId: `sandbox_pay_${orderNo}`,
      amountPaise: order?.totalPaise ?? 0,
      status: 'paid',
    });
    const page = store.page;
    await store.openHydrated(`/cancelleditemdetail?item=${item.id}`);
    await page.getByText(CANCEL_MESSAGES.noneFound).waitFor();

    await store.openHydrated(`/cancelitem?order=${orderNo}&seller=${item.sellerId}&item=${item.id}`);
    await page.getByText(CANCEL_MESSAGES.prepaidRefund).waitFor();
    // one unit open: no quantity select
    expect(await page.getByLabel('Quantity to cancel').count()).toBe(0);
    await store.screenshot('cancel-item-prepaid', WIDTHS.mobile);
    await page.getByRole('checkbox', { name: 'Found a better price elsewhere' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    // the code is read once it is sent (the OTP form shows), not the previous test's
    await page.getByLabel('Enter OTP').waitFor();
    await page.getByLabel('Enter OTP').fill(await codeSentTo(store.db, SHOPPER));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/myorder$/);

    await store.openHydrated(`/cancelleditemdetail?item=${item.id}`);
    await page.getByText(CANCELLED_BY_LABELS.customer).waitFor();
    expect(await page.getByText(/Refund amount: ₹/).count()).toBe(1);
    // sent to the payment provider right after the cancellation
    expect(await page.getByText(`Refund status: ${REFUND_STATUS_LABELS.processed}`).count()).toBe(1);
    expect(await page.getByText('To your original payment method · 7 to 10 business days').count()).toBe(1);
    await store.screenshot('cancelled-item-refund', WIDTHS.mobile);
    await store.screenshot('cancelled-item-refund', WIDTHS.desktop);

    // the provider reports it settled on the job's next run
    const [sent] = await store.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order?.id ?? 0));
    expect(sent?.status).toBe('processed');
    expect((await store.runRefunds()).completed).toContain(sent?.id);
    await page.reload();
    await page.getByText(`Refund status: ${REFUND_STATUS_LABELS.completed}`).waitFor();
    const [refund] = await store.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order?.id ?? 0));
    expect(refund?.status).toBe('completed');
    await page
      .locator('.cancelled-refund')
      .getByText(REFUND_TEXTS.completedOn(formatDay(refund?.completedAt?.toISOString() ?? '')))
      .waitFor();
    // one sentence for the cancellation and its refund, never “refund to follow”
    expect(await page.getByTestId('status-sentence').textContent()).toMatch(
      /^Cancelled and refunded Refunded on /,
    );
    expect(await page.getByText('7 to 10 business days').count()).toBe(0);
    await store.screenshot('cancelled-item-refund-completed', WIDTHS.mobile);
    await store.screenshot('cancelled-item-refund-completed', WIDTHS.desktop);

    await store.openHydrated('/cancelleditemdetail?item=2000000000');
    await page.getByText(CANCEL_MESSAGES.noneFound).waitFor();
    await store.openHydrated('/cancelitem?order=OD0000000000');
    expect(await page.getByRole('alert').textContent()).toBe(CANCEL_MESSAGES.orderNotFound);
  });
});
