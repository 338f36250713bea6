// The order pages in a browser that runs no scripts (ADR-0013): My Orders, tracking, a return
// with its photo, a cancellation with its emailed code, feedback and a message to the seller, each
// rendered on the server and completed through posted forms.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { itemRequests, orderItems, orders, sellers, users } from '@marketplace/db';
import { CANCEL_MESSAGES } from '@marketplace/domain/orders/cancel';
import { FEEDBACK_MESSAGES } from '@marketplace/domain/orders/feedback';
import { RETURN_FORM_TEXTS, RETURN_MESSAGES } from '@marketplace/domain/orders/returns';
import { SHOPPER_STAGE_NAMES } from '@marketplace/domain/orders/shopper-tracking';
import { MORE_ACTIONS_LABEL } from '@marketplace/domain/orders/item-actions';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import { FILES } from '../apps/server/test-support/feedback.ts';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { codeSentTo } from './support/inbox.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
let used = 0;

/** A COD order of the shopper placed through the API (checkout is other pages' work), and its item. */
async function placeCodOrder(quantity = 1) {
  await store.loginAs(SHOPPER);
  const address = await defaultAddress(store.db, SHOPPER);
  const pick = (await deliverableOffers(store.db, address.pincode))[60 + used++];
  if (!pick) throw new Error('a deliverable offer');
  const res = await store.page.context().request.post(store.url('/api/orders'), {
    data: {
      idempotencyKey: `e2e-no-script-${used}-${Date.now()}`,
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
  const [item] = await store.db
    .select({ id: orderItems.id, sellerId: orderItems.sellerId, productName: orderItems.productName })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.orderNo, orderNo));
  if (!item) throw new Error('the order has its item');
  return { orderNo, item };
}

/** The order's seller moves its parcel through the given tracking steps (the seller API). */
async function ship(orderNo: string, item: { id: number; sellerId: number }, steps: string[]) {
  const [row] = await store.db
    .select({ userId: users.id })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, item.sellerId));
  const { token } = await createSession(store.db, row?.userId ?? 0);
  const call = async (path: string, body: unknown) => {
    const res = await fetch(store.url(path), {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const { invoiceNo } = (await call(`/api/seller/orders/${orderNo}/shipments`, {
    items: [{ itemId: item.id }],
  })) as { invoiceNo: string };
  for (const status of steps) await call(`/api/seller/shipments/${invoiceNo}/tracking`, { status });
}

const noScripts = () => store.restartPage({ javaScript: false });

describe('the order pages without JavaScript', () => {
  it('My Orders lists the orders and tracking shows the steps', async () => {
    const { orderNo, item } = await placeCodOrder();
    await ship(orderNo, item, ['not_picked', 'in_transit']);
    const page = await noScripts();
    await page.goto(store.url('/myorder'));
    const card = page.getByTestId('order-card').first();
    expect(await card.getByTestId('order-no').textContent()).toBe(orderNo);
    expect(await card.textContent()).toContain(item.productName);
    expect(await page.locator('.ui-spinner, .ui-skeleton').count()).toBe(0);
    await store.screenshot('my-orders-no-script', WIDTHS.mobile);
    await store.screenshot('my-orders-no-script', WIDTHS.desktop);
    // only what the shipped item can do now leads; the spec's other actions open under More without scripts
    const row = page.locator(`[data-item-id="${item.id}"]`);
    expect(await row.locator('.myorder-actions-box > .myorder-actions [data-action]').count()).toBe(1);
    expect(await row.locator('[data-action="return"]').isVisible()).toBe(false);
    await row.locator('summary', { hasText: MORE_ACTIONS_LABEL }).click();
    expect(await row.locator('[data-action="return"]').isVisible()).toBe(true);
    expect(await row.locator('[data-action="return"]').getAttribute('aria-disabled')).toBe('true');
    await store.screenshot('my-orders-more-no-script', WIDTHS.mobile);
    await store.screenshot('my-orders-more-no-script', WIDTHS.desktop);

    await page.locator(`[data-item-id="${item.id}"] [data-action="track"]`).click();
    await page.waitForURL(store.url(`/trackitem?item=${item.id}`));
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    expect(await page.locator('[aria-current="step"]').textContent()).toContain(SHOPPER_STAGE_NAMES.shipped);
    await store.screenshot('track-item-no-script', WIDTHS.mobile);
  });

  it('a return request completes: the spec’s messages first, the photo kept, then sent and listed', async () => {
    const { orderNo, item } = await placeCodOrder();
    await store.db
      .update(orderItems)
      .set({ returnWindowDays: 10, replaceWindowDays: 10 })
      .where(eq(orderItems.id, item.id));
    await ship(orderNo, item, ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered']);
    const page = await noScripts();
    const path = `/returnitem?order=${orderNo}&seller=${item.sellerId}&item=${item.id}`;
    await page.goto(store.url(path));
    // the link's product comes ticked, its choices shown; the video waits for scripts and says so
    expect(await page.getByTestId('as-product-pick').first().isChecked()).toBe(true);
    expect(await page.getByText('Adding a video needs JavaScript').count()).toBe(1);
    // before any submit: the photo is said to be required, and the refund and where it goes are shown
    await page.getByText(RETURN_FORM_TEXTS.photoHint).waitFor();
    expect(await page.getByTestId('refund-preview').textContent()).toMatch(
      /^Refund: ₹[\d,]+\.\d{2} to your bank account ending \d{4}$/,
    );
    await store.screenshot('return-form-no-script', WIDTHS.mobile);
    await store.screenshot('return-form-no-script', WIDTHS.desktop);
    await page.getByLabel('Add photos').setInputFiles({
      name: 'damaged.png',
      mimeType: 'image/png',
      buffer: FILES.png,
    });
    await page.getByRole('button', { name: 'Submit Return' }).click();
    await page.getByText(RETURN_MESSAGES.reasons).waitFor();
    await page.getByText(RETURN_MESSAGES.pickupDate).first().waitFor();
    // the photo went up with the first post: it shows, and is not asked for again
    expect(await page.getByRole('img', { name: 'Photo 1' }).count()).toBe(1);
    expect(await page.getByText(RETURN_MESSAGES.images).count()).toBe(0);

    await page
      .getByRole('group', { name: `Your choice for ${item.productName}` })
      .getByRole('checkbox')
      .first()
      .check();
    const pickup = page.getByLabel('Pickup date');
    await pickup.selectOption((await pickup.locator('option').nth(1).getAttribute('value')) ?? '');
    await page.getByLabel(/Additional info/).fill('Arrived scratched.');
    await store.screenshot('return-item-no-script', WIDTHS.mobile);
    await page.getByRole('button', { name: 'Submit Return' }).click();
    await page.getByRole('status').filter({ hasText: RETURN_MESSAGES.submitted }).waitFor();
    const [request] = await store.db.select().from(itemRequests).where(eq(itemRequests.orderItemId, item.id));
    expect(request).toMatchObject({
      kind: 'return',
      status: 'pending',
      additionalInfo: 'Arrived scratched.',
    });
    await page.getByText(`Ref ${request?.refNo ?? ''}`).waitFor();
    await store.screenshot('return-item-sent-no-script', WIDTHS.desktop);

    // the return's help page: a message to the seller is a posted form too
    await page.goto(store.url(`/returninprocess/contactseller?item=${item.id}`));
    await page.getByLabel('Your message').fill('Please call before the pickup.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Please call before the pickup.').waitFor();
    expect(await page.getByLabel('Your message').inputValue()).toBe('');
  });

  it('a cancellation completes with the code from the email, and the item shows as cancelled', async () => {
    const { orderNo, item } = await placeCodOrder(2);
    const page = await noScripts();
    await page.goto(store.url(`/cancelitem?order=${orderNo}&seller=${item.sellerId}&item=${item.id}`));
    expect(await page.getByRole('checkbox', { name: item.productName }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Ordered by mistake' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(CANCEL_MESSAGES.selectQuantity, { exact: true }).waitFor();
    // the reason ticked is kept
    expect(await page.getByRole('checkbox', { name: 'Ordered by mistake' }).isChecked()).toBe(true);
    await page.getByLabel('Quantity to cancel').selectOption('2');
    await page.getByRole('button', { name: 'Submit' }).click();
    const otp = page.getByLabel('Enter OTP');
    await otp.waitFor();
    expect(page.url()).not.toContain('code=');
    await otp.fill(await codeSentTo(store.db, SHOPPER));
    await store.screenshot('cancel-item-no-script', WIDTHS.mobile);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(store.url('/myorder'));
    await page.getByRole('status').filter({ hasText: CANCEL_MESSAGES.cancelled }).waitFor();
    expect(page.url()).not.toContain('code=');
    const [row] = await store.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row?.cancelledQuantity).toBe(2);
  });

  it('seller feedback is given with stars and text', async () => {
    const { orderNo, item } = await placeCodOrder();
    await ship(orderNo, item, ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered']);
    const page = await noScripts();
    await page.goto(store.url(`/sellerfeedback?item=${item.id}`));
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByText(FEEDBACK_MESSAGES.stars).waitFor();
    await page.getByRole('radio', { name: /^4 stars/ }).check();
    await page.getByLabel('Your feedback').fill('Quick and careful.');
    await store.screenshot('seller-feedback-no-script', WIDTHS.mobile);
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.waitForURL(store.url('/myorder'));
    await page.getByRole('status').filter({ hasText: FEEDBACK_MESSAGES.saved }).waitFor();
  });
});
