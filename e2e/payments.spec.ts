import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '@marketplace/db';
import { formatInr } from '@marketplace/domain';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { SANDBOX_TEXTS } from '../apps/server/src/modules/payments/index.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';

/** Places an online order through the API as the logged-in shopper (checkout pages come later). */
async function placeOnlineOrder(n: number) {
  await store.loginAs(SHOPPER);
  const address = await defaultAddress(store.db, SHOPPER);
  const pick = (await deliverableOffers(store.db, address.pincode))[n];
  if (!pick) throw new Error('a deliverable offer');
  const res = await store.page.context().request.post(store.url('/api/orders'), {
    data: {
      idempotencyKey: `e2e-payment-${n}-${Date.now()}`,
      addressId: address.id,
      paymentMode: 'online',
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
  return (await res.json()) as { orderNo: string; totalPaise: number; next: string };
}

describe('paying for an online order', () => {
  it('pays on the sandbox page and the thank-you page shows the order number and amount', async () => {
    const { orderNo, totalPaise, next } = await placeOnlineOrder(0);
    const page = store.page;
    await page.goto(store.url(next));
    const button = page.getByRole('button', { name: 'Proceed to Pay' });
    await button.waitFor();
    expect(await page.getByTestId('order-no').textContent()).toBe(orderNo);
    expect(await page.getByTestId('amount').textContent()).toBe(formatInr(totalPaise));
    expect(await page.getByRole('link', { name: /Back to review/ }).getAttribute('href')).toBe(
      '/deliveryfinalreview',
    );
    await store.screenshot('payment-page', WIDTHS.mobile);
    await store.screenshot('payment-page', WIDTHS.desktop);

    await button.click();
    const succeed = page.getByRole('button', { name: SANDBOX_TEXTS.succeed });
    await succeed.waitFor();
    expect(await page.textContent('body')).toContain(formatInr(totalPaise));
    await succeed.click();

    await page.waitForURL(/\/thankyou\?order=/);
    await page.getByRole('link', { name: 'View Order' }).waitFor();
    expect(await page.getByTestId('order-no').textContent()).toBe(orderNo);
    expect(await page.getByTestId('amount').textContent()).toBe(formatInr(totalPaise));
    expect(await page.getByRole('link', { name: 'View Order' }).getAttribute('href')).toBe('/myorder');
    const [order] = await store.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(order).toMatchObject({ status: 'placed', paymentStatus: 'paid' });
    await store.screenshot('thank-you', WIDTHS.mobile);
    await store.screenshot('thank-you', WIDTHS.desktop);
  });

  it('comes back to the payment page with a failure message when the payment fails, order still unpaid', async () => {
    const { orderNo, next } = await placeOnlineOrder(1);
    const page = store.page;
    await page.goto(store.url(next));
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    await page.getByRole('button', { name: SANDBOX_TEXTS.fail }).click();
    await page.waitForURL(/payment=failed/);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(ORDER_MESSAGES.paymentFailed);
    await page.getByRole('button', { name: 'Proceed to Pay' }).waitFor();
    const [order] = await store.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(order).toMatchObject({ status: 'awaiting_payment', paymentStatus: 'awaiting_payment' });
  });

  it('sends a visitor to the login page', async () => {
    await store.page.goto(store.url('/paymentgateway?order=OD1'));
    await store.page.waitForURL(/\/login/);
    expect(new URL(store.page.url()).pathname).toBe('/login');
  });
});
