import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, sellers, users } from '@marketplace/db';
import { ITEM_ACTION_NAMES, ORDER_LIST_MESSAGES } from '@marketplace/domain/orders/item-actions';
import { TRACKING_MESSAGES } from '@marketplace/domain/orders/tracking';
import { SHOPPER_OUTCOME_NAMES, SHOPPER_STAGE_NAMES } from '@marketplace/domain/orders/shopper-tracking';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
let used = 0;

/** A COD order of the logged-in shopper, placed through the API (the checkout pages are separate work). */
async function placeCodOrder(quantity = 1) {
  await store.loginAs(SHOPPER);
  const address = await defaultAddress(store.db, SHOPPER);
  const pick = (await deliverableOffers(store.db, address.pincode))[used++];
  if (!pick) throw new Error('a deliverable offer');
  const res = await store.page.context().request.post(store.url('/api/orders'), {
    data: {
      idempotencyKey: `e2e-orders-${used}-${Date.now()}`,
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
  return { orderNo, sellerId: pick.offer.sellerId, productName: pick.name };
}

/** The seller of the order, acting through the seller API with its own session. */
async function sellerApi(sellerId: number) {
  const [row] = await store.db
    .select({ userId: users.id })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId));
  if (!row) throw new Error('the seller has a login');
  const { token } = await createSession(store.db, row.userId);
  const call = async (path: string, method = 'GET', body?: unknown) => {
    const res = await fetch(store.url(path), {
      method,
      headers: {
        cookie: `${SESSION_COOKIE}=${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  return {
    async itemsOf(orderNo: string) {
      const page = (await call('/api/seller/order-items?status=pending')) as {
        items: { id: number; orderNo: string }[];
      };
      return page.items.filter((i) => i.orderNo === orderNo).map((i) => i.id);
    },
    async ship(orderNo: string, items: { itemId: number; quantity?: number }[]) {
      return (await call(`/api/seller/orders/${orderNo}/shipments`, 'POST', {
        items,
        carrier: 'Delhivery',
        awbNo: 'AWB-98765432',
      })) as { invoiceNo: string; splitItemIds: number[] };
    },
    async track(invoiceNo: string, status: string, location = 'Chennai hub') {
      await call(`/api/seller/shipments/${invoiceNo}/tracking`, 'POST', { status, location });
    },
  };
}

const actionState = async (itemId: number, action: keyof typeof ITEM_ACTION_NAMES) => {
  const control = store.page.locator(`[data-item-id="${itemId}"] [data-action="${action}"]`);
  return {
    tag: await control.evaluate((el) => el.tagName),
    disabled: await control.getAttribute('aria-disabled'),
  };
};

describe('My Orders and tracking', () => {
  it('a COD order shipped by its seller shows on /myorder with the right actions, and /trackitem shows its step', async () => {
    const { orderNo, sellerId, productName } = await placeCodOrder(2);
    const seller = await sellerApi(sellerId);
    const [itemId] = await seller.itemsOf(orderNo);
    if (!itemId) throw new Error('the seller sees the item');

    // before dispatch: only Cancel is enabled
    await store.openHydrated('/myorder');
    const page = store.page;
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    expect(await card.getByTestId('order-no').textContent()).toBe(orderNo);
    expect(await card.textContent()).toContain(productName);
    expect(await actionState(itemId, 'cancel')).toEqual({ tag: 'A', disabled: null });
    expect(await actionState(itemId, 'track')).toEqual({ tag: 'SPAN', disabled: 'true' });
    expect(await page.getByTestId('order-card').count()).toBe(3); // requirements#my-orders: three orders a page

    // the seller ships one unit (the other waits: split) and moves the parcel on
    const { invoiceNo, splitItemIds } = await seller.ship(orderNo, [{ itemId, quantity: 1 }]);
    for (const status of ['not_picked', 'in_transit']) await seller.track(invoiceNo, status);

    await store.openHydrated('/myorder');
    await page.locator(`[data-item-id="${itemId}"] [data-testid="invoice-no"]`).waitFor();
    expect(await actionState(itemId, 'track')).toEqual({ tag: 'A', disabled: null });
    expect(await actionState(itemId, 'cancel')).toEqual({ tag: 'SPAN', disabled: 'true' });
    expect(await actionState(itemId, 'return')).toEqual({ tag: 'SPAN', disabled: 'true' });
    const rest = page.locator(`[data-item-id="${splitItemIds[0]}"] [data-testid="item-status"]`);
    expect(await rest.textContent()).toBe(ORDER_LIST_MESSAGES.underDispatch);
    await store.screenshot('my-orders', WIDTHS.mobile);
    await store.screenshot('my-orders', WIDTHS.desktop);
    const axeOrders = await new AxeBuilder({ page }).include('main').analyze();
    expect(axeOrders.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // Track Item leads to /trackitem with the item in the URL
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.locator(`[data-item-id="${itemId}"] [data-action="track"]`).click();
    await page.waitForURL(new RegExp(`/trackitem\\?item=${itemId}$`));
    const current = page.locator('[aria-current="step"]');
    await current.waitFor();
    // the courier's in_transit, in the shopper's words
    expect(await current.textContent()).toContain(SHOPPER_STAGE_NAMES.shipped);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    expect(await page.locator('.track-stages li').allTextContents()).toEqual([
      expect.stringContaining('Ordered'),
      expect.stringContaining('Shipped'),
      expect.stringContaining('Out for delivery'),
      expect.stringContaining('Delivered'),
    ]);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toBe(
      `My Order/${ITEM_ACTION_NAMES.track}`,
    );
    expect(await page.locator('.track-events li').count()).toBe(3);
    expect(await page.locator('main').textContent()).not.toMatch(/Manifested|Not Picked|In Transit|Dispatch/);

    // a reload (or a shared link) shows the same tracking
    await seller.track(invoiceNo, 'pending');
    await page.reload();
    await page.locator('[aria-current="step"]').waitFor();
    // at the hub near the shopper: still Shipped, its day the pickup's
    expect(await page.locator('[aria-current="step"]').textContent()).toContain(SHOPPER_STAGE_NAMES.shipped);
    await store.screenshot('track-item', WIDTHS.mobile);
    await store.screenshot('track-item', WIDTHS.desktop);
    const axeTracking = await new AxeBuilder({ page }).include('main').analyze();
    expect(axeTracking.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
      [],
    );

    // delivered: return, replacement and the feedbacks open up, tracking is done
    for (const status of ['dispatched', 'delivered']) await seller.track(invoiceNo, status);
    await store.openHydrated('/myorder');
    await page.locator(`[data-item-id="${itemId}"] [data-action="return"]`).waitFor();
    for (const action of [
      'return',
      'replace',
      'deliveryFeedback',
      'productFeedback',
      'sellerFeedback',
    ] as const)
      expect(await actionState(itemId, action)).toEqual({ tag: 'A', disabled: null });
    expect(await page.locator(`[data-item-id="${itemId}"] [data-action="return"]`).getAttribute('href')).toBe(
      `/returnitem?order=${orderNo}&seller=${sellerId}&item=${itemId}`,
    );
  });

  it('shows an outcome that stops the parcel in place of the stages it never reached, and the spec texts for missing tracking', async () => {
    const { orderNo, sellerId } = await placeCodOrder();
    const seller = await sellerApi(sellerId);
    const [itemId] = await seller.itemsOf(orderNo);
    if (!itemId) throw new Error('the seller sees the item');
    const { invoiceNo } = await seller.ship(orderNo, [{ itemId }]);
    for (const status of ['not_picked', 'in_transit', 'lost_in_transit'])
      await seller.track(invoiceNo, status);

    await store.openHydrated(`/trackitem?item=${itemId}`);
    // the outcome takes the place of the stages the parcel never reached
    const now = store.page.getByRole('status').filter({ hasText: SHOPPER_OUTCOME_NAMES.lost_in_transit });
    await now.waitFor();
    expect(await store.page.locator('.track-stages li').allTextContents()).toEqual([
      expect.stringContaining('Ordered'),
      expect.stringContaining('Shipped'),
      expect.stringContaining(SHOPPER_OUTCOME_NAMES.lost_in_transit),
    ]);
    await store.screenshot('track-item-special', WIDTHS.mobile);

    await store.openHydrated('/trackitem?item=2000000000');
    await store.page.getByRole('alert').waitFor();
    expect(await store.page.getByRole('alert').textContent()).toBe(TRACKING_MESSAGES.noOrderData);
    await store.openHydrated('/trackitem');
    await store.page.getByRole('alert').waitFor();
    expect(await store.page.getByRole('alert').textContent()).toBe(TRACKING_MESSAGES.noOrderData);
  });

  it('leads tracking with the arrival day, then Delivered and the day, above the stages (requirements#tracking)', async () => {
    const { orderNo, sellerId } = await placeCodOrder();
    const seller = await sellerApi(sellerId);
    const [itemId] = await seller.itemsOf(orderNo);
    if (!itemId) throw new Error('the seller sees the item');
    const { invoiceNo } = await seller.ship(orderNo, [{ itemId }]);
    for (const status of ['not_picked', 'in_transit']) await seller.track(invoiceNo, status);
    const [row] = await store.db
      .select({ deliveryDays: orderItems.deliveryDays, placedAt: orders.createdAt })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.id, itemId));
    if (!row) throw new Error('the item');
    // what the shopper was promised at checkout, as the tracking page should say it
    const arrival = new Date(row.placedAt.getTime() + row.deliveryDays * 86_400_000);
    const weekday = new Intl.DateTimeFormat('en-IN', { weekday: 'long', timeZone: 'Asia/Kolkata' }).format(
      arrival,
    );

    await store.openHydrated(`/trackitem?item=${itemId}`);
    const arrivalBox = store.page.getByRole('region', { name: /^Arriving/ });
    await arrivalBox.waitFor();
    const title = await arrivalBox.getByRole('heading', { level: 2 }).textContent();
    expect([`Arriving ${weekday}`, 'Arriving today', 'Arriving tomorrow']).toContain(title);
    // it comes first: before the item and the steps
    expect(
      await store.page.evaluate(() => {
        const first = document.querySelector('.track-arrival');
        const steps = document.querySelector('[data-testid="tracking-steps"]');
        return Boolean(
          first && steps && first.compareDocumentPosition(steps) & Node.DOCUMENT_POSITION_FOLLOWING,
        );
      }),
    ).toBe(true);
    expect(await store.page.locator('.track-stages li').count()).toBe(4);
    await store.screenshot('track-item-arriving', WIDTHS.mobile);
    await store.screenshot('track-item-arriving', WIDTHS.desktop);

    for (const status of ['pending', 'dispatched', 'delivered']) await seller.track(invoiceNo, status);
    await store.openHydrated(`/trackitem?item=${itemId}`);
    const delivered = store.page.getByRole('region', { name: /^Delivered / });
    await delivered.waitFor();
    expect(await delivered.textContent()).toMatch(/^Delivered [A-Z][a-z]{2}, [0-9]{1,2} [A-Z][a-z]{2}$/);
  });

  it('opens an order’s details from My Orders: address, payment, summary and items; a reload and an unknown order', async () => {
    const { orderNo, productName } = await placeCodOrder(2);
    await store.openHydrated('/myorder');
    const card = store.page.getByTestId('order-card').filter({ hasText: orderNo });
    await card.getByRole('link', { name: 'View order details' }).click();
    await store.page.waitForURL(/\/neworderdetail\?order=/);
    expect(new URL(store.page.url()).searchParams.get('order')).toBe(orderNo);
    const page = store.page;
    await expect.poll(() => page.getByRole('heading', { name: 'Order Details', level: 1 }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('detail-order-no').textContent()).toBe(orderNo);
    const facts = page.getByRole('region', { name: 'Shipping and payment' });
    expect(await facts.textContent()).toContain('Cash on Delivery');
    expect(await facts.textContent()).toContain('PromoJun');
    const total = (await page.getByTestId('summary-total').textContent()) ?? '';
    expect(total).toMatch(/^₹[\d,]+\.\d{2}$/);
    expect(await page.getByTestId('order-card').textContent()).toContain(productName);
    // the card on the details page does not link to itself
    expect(await page.getByRole('link', { name: 'View order details' }).count()).toBe(0);
    await store.screenshot('order-details', WIDTHS.mobile);
    await store.screenshot('order-details', WIDTHS.desktop);
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    // the order number is in the URL (requirements#ids-in-urls): a reload shows the same order
    await page.reload();
    await expect.poll(() => page.getByTestId('detail-order-no').textContent()).toBe(orderNo);
    // another shopper's order or an unknown one
    await store.openHydrated('/neworderdetail?order=OD99999999999999');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('This order was not found.');
    await store.openHydrated('/neworderdetail?order=not-an-order');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('This order was not found.');
  });

  it('sends a visitor to the login page and back', async () => {
    await store.page.goto(store.url('/trackitem?item=5'));
    await store.page.waitForURL(/\/login\?redirectTo=/);
    expect(new URL(store.page.url()).searchParams.get('redirectTo')).toBe('/trackitem?item=5');
  });
});
