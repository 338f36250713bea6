import AxeBuilder from '@axe-core/playwright';
import { and, count, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, deliveryRates, offers, orderItems, orders } from '@marketplace/db';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { CHECKOUT_MESSAGES } from '@marketplace/domain/orders/checkout';
import { ORDER_MESSAGES, productUnavailable } from '@marketplace/domain/orders/messages';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { SANDBOX_TEXTS } from '../apps/server/src/modules/payments/index.ts';
import { remotePincode, storedLine, userIdOf } from './support/cart-fixtures.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';

const href = (name: string) => `/productdetails/${encodeURIComponent(name)}`;
const item = (name: string) => store.page.getByRole('listitem', { name, exact: true });
const button = (name: string) => store.page.getByRole('button', { name, exact: true });
const setStoredCart = (cart: unknown[]) =>
  store.page.evaluate((value) => localStorage.setItem('cartItems', JSON.stringify(value)), cart);
const stored = (key: string) => store.page.evaluate((k) => localStorage.getItem(k), key);

/** Offers that reach the shopper's default address with COD, from two different sellers. */
async function twoSellers(skip = 0) {
  const address = await defaultAddress(store.db, SHOPPER);
  const found = (await deliverableOffers(store.db, address.pincode)).slice(skip);
  const first = found.find((c) => c.options.length > 1) ?? found[0];
  const second = found.find(
    (c) => c.offer.sellerId !== first?.offer.sellerId && c.offer.productId !== first?.offer.productId,
  );
  if (!first || !second) throw new Error('two sellers reach the address');
  return [first, second] as const;
}
const lineOf = (c: Awaited<ReturnType<typeof twoSellers>>[number]) =>
  storedLine({
    productId: c.offer.productId,
    sellerId: c.offer.sellerId,
    name: c.name,
    price: c.offer.salePricePaise,
  });
/** No serious or critical accessibility violations in the page's main part. */
async function expectAccessible() {
  const results = await new AxeBuilder({ page: store.page }).include('main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}
const ordersOf = async (userId: number) =>
  (await store.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]?.n ?? 0;

/** Lines put in a visitor's cart, then the shopper logs in: the next page merges them into the saved cart. */
async function withCart(lines: unknown[], email = SHOPPER) {
  // an earlier journey may have left lines in the saved cart (an unpaid order keeps them)
  await store.db.delete(cartItems).where(eq(cartItems.userId, await userIdOf(store.db, email)));
  await store.openHydrated('/');
  await setStoredCart(lines);
  await store.loginAs(email);
}

/** A logged-in shopper with lines in the cart, through the address step to the final review. */
async function toFinalReview(lines: unknown[]) {
  await withCart(lines);
  await store.openHydrated('/checkout');
  await button(CHECKOUT_MESSAGES.proceed).click();
  await store.page.waitForURL(/\/deliveryreview\?address=[0-9]+$/);
  await expect.poll(() => button(CHECKOUT_MESSAGES.proceed).isEnabled()).toBe(true);
  await button(CHECKOUT_MESSAGES.proceed).click();
  await store.page.waitForURL(/\/deliveryfinalreview\?address=[0-9]+$/);
  await expect.poll(() => button(CHECKOUT_MESSAGES.payNow).isEnabled()).toBe(true);
}

describe('checkout', () => {
  it('visitor adds two sellers’ products, logs in, picks the address and delivery, and places a COD order once', async () => {
    const [a, b] = await twoSellers();
    const priya = await userIdOf(store.db, SHOPPER);
    for (const offer of [a, b]) {
      await store.openHydrated(`${href(offer.name)}?seller=${offer.offer.sellerId}`);
      await store.page
        .getByRole('complementary', { name: 'Buy this product' })
        .getByRole('button', { name: 'Add to Cart' })
        .click();
      await store.page.getByText('Product added to cart!').waitFor();
    }
    await store.openHydrated('/cart');
    await button(CART_MESSAGES.checkOut).click();
    await store.page.waitForURL(/\/login\?redirectTo=%2Fcheckout/);
    await store.page.getByLabel('Email', { exact: true }).fill(SHOPPER);
    await store.page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORDS.shopper);
    await button('Sign in').click();
    await store.page.waitForURL(store.url('/checkout'));

    // the visitor's lines are merged into the saved cart
    const saved = () =>
      store.db.select({ offerId: cartItems.offerId }).from(cartItems).where(eq(cartItems.userId, priya));
    await expect
      .poll(async () => (await saved()).map((r) => r.offerId).sort())
      .toEqual([a.offer.id, b.offer.id].sort());

    // the default address is preselected
    const address = await defaultAddress(store.db, SHOPPER);
    await store.page.getByRole('heading', { name: CHECKOUT_MESSAGES.selectAddress }).waitFor();
    const radios = store.page.getByRole('radio');
    await expect.poll(() => radios.count()).toBeGreaterThan(0);
    const checked = store.page.locator('.checkout-address-option.is-picked');
    expect(await checked.textContent()).toContain(address.pincode);
    expect(await store.page.getByRole('link', { name: /Add New Address/ }).getAttribute('href')).toBe(
      '/addressform?fromCheckout=1',
    );
    await expectAccessible();
    await store.screenshot('checkout', WIDTHS.mobile);
    await store.screenshot('checkout', WIDTHS.desktop);
    await button(CHECKOUT_MESSAGES.proceed).click();

    // delivery review: standard first, another option picked is finalised and priced after a second
    await store.page.waitForURL(/\/deliveryreview\?address=[0-9]+$/);
    const first = item(a.name);
    await first.getByRole('radio', { name: /Standard Delivery/ }).waitFor();
    expect(await first.getByRole('radio', { name: /Standard Delivery/ }).isChecked()).toBe(true);
    const other = a.options.find((o) => o.deliveryType !== 'standard');
    if (other) {
      const deliveryBefore = await store.page.getByTestId('summary-delivery').textContent();
      await first.getByRole('radio', { name: new RegExp(other.label) }).check();
      await expect
        .poll(() => stored(`buyNowItemDelivery-${a.offer.productId}-${a.offer.sellerId}-${a.offer.sku}`))
        .toBe(other.deliveryType);
      if (other.chargePaise !== a.option.chargePaise) {
        await expect
          .poll(() => store.page.getByTestId('summary-delivery').textContent())
          .not.toBe(deliveryBefore);
      }
    }
    await expect.poll(() => button(CHECKOUT_MESSAGES.proceed).isEnabled()).toBe(true);
    await expectAccessible();
    await store.screenshot('deliveryreview', WIDTHS.mobile);
    await store.screenshot('deliveryreview', WIDTHS.desktop);
    await button(CHECKOUT_MESSAGES.proceed).click();

    // final review: address, items, PromoJun line; a double click places one order
    await store.page.waitForURL(/\/deliveryfinalreview\?address=[0-9]+$/);
    await store.page.getByRole('heading', { name: CHECKOUT_MESSAGES.finalTitle }).waitFor();
    await expect.poll(() => button(CHECKOUT_MESSAGES.payCod).isEnabled()).toBe(true);
    expect(await store.page.getByRole('region', { name: 'Delivery address' }).textContent()).toContain(
      address.pincode,
    );
    expect(await store.page.getByTestId('summary-promo').textContent()).toBe('−₹50.00');
    const total = await store.page.getByTestId('summary-total').textContent();
    await expectAccessible();
    await store.screenshot('deliveryfinalreview', WIDTHS.mobile);
    await store.screenshot('deliveryfinalreview', WIDTHS.desktop);
    const before = await ordersOf(priya);
    await button(CHECKOUT_MESSAGES.payCod).dblclick();
    await store.page.getByRole('status').filter({ hasText: ORDER_MESSAGES.codPlaced }).waitFor();
    await store.page.waitForURL(/\/myorder$/);
    // My Orders says so too, and lists the new order first
    await store.page.getByRole('status').filter({ hasText: ORDER_MESSAGES.codPlaced }).waitFor();

    expect(await ordersOf(priya)).toBe(before + 1);
    const [order] = await store.db
      .select()
      .from(orders)
      .where(eq(orders.userId, priya))
      .orderBy(desc(orders.id))
      .limit(1);
    expect(order).toMatchObject({ paymentMode: 'cod', status: 'placed', promoName: 'PromoJun' });
    await expect.poll(() => store.page.getByTestId('order-no').first().textContent()).toBe(order?.orderNo);
    const res = await store.page.context().request.get(store.url(`/api/orders/${order?.orderNo}`));
    const body = (await res.json()) as { totalPaise: number; items: { productId: number }[] };
    expect(body.items.map((i) => i.productId).sort()).toEqual([a.offer.productId, b.offer.productId].sort());
    expect(total).toBe(
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(body.totalPaise / 100),
    );
    if (other) {
      const [line] = await store.db
        .select({ deliveryType: orderItems.deliveryType })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, order?.id ?? 0), eq(orderItems.productId, a.offer.productId)));
      expect(line?.deliveryType).toBe(other.deliveryType);
    }
    // the ordered lines left the cart, here and on the server, and the coupons list is cleared
    await expect.poll(() => saved()).toEqual([]);
    expect(JSON.parse((await stored('cartItems')) ?? '[]')).toEqual([]);
    expect(await stored('Discountdata')).toBeNull();
  });

  it('shows the final review as a secure checkout: reduced header and footer, payment choices listed', async () => {
    const [a] = await twoSellers();
    await toFinalReview([lineOf(a)]);
    const header = store.page.locator('header').first();
    expect(await header.getByText('Secure checkout').isVisible()).toBe(true);
    // nothing to wander off to: no search, no menus, no account links, no footer lists
    expect(await store.page.getByRole('search').count()).toBe(0);
    expect(await store.page.locator('input[name="keyword"]').count()).toBe(0);
    expect(await store.page.getByRole('navigation', { name: 'Account and cart' }).count()).toBe(0);
    expect(await store.page.locator('.menu-bar, .foot-cols').count()).toBe(0);
    const policies = store.page.getByRole('navigation', { name: 'Policies' });
    expect(await policies.getByRole('link').count()).toBeGreaterThan(0);
    // each way to pay is listed with what it takes, and has its own button
    const payment = store.page.getByRole('form', { name: 'Payment' });
    expect(await payment.textContent()).toContain('UPI, credit and debit cards, net banking and wallets');
    expect(await payment.textContent()).toContain('Cash on Delivery');
    expect(await payment.textContent()).toContain('₹15,000');
    expect(await payment.getByRole('button').allTextContents()).toEqual([
      CHECKOUT_MESSAGES.payNow,
      CHECKOUT_MESSAGES.payCod,
    ]);
    // the shop's own pages keep the full header
    await store.openHydrated('/cart');
    expect(await store.page.getByRole('navigation', { name: 'Account and cart' }).count()).toBe(1);
  });

  it('pays online on the sandbox page and thanks the shopper; the cart is cleared once paid', async () => {
    const [a] = await twoSellers(3);
    await toFinalReview([lineOf(a)]);
    await button(CHECKOUT_MESSAGES.payNow).click();
    await store.page.waitForURL(/\/paymentgateway\?order=/);
    await button('Proceed to Pay').waitFor();
    await store.screenshot('paymentgateway', WIDTHS.mobile);
    await store.screenshot('paymentgateway', WIDTHS.desktop);
    // not paid yet: the cart still holds the line
    expect(JSON.parse((await stored('cartItems')) ?? '[]')).toHaveLength(1);
    await button('Proceed to Pay').click();
    await button(SANDBOX_TEXTS.succeed).click();
    await store.page.waitForURL(/\/thankyou\?order=/);
    await store.page.getByText(ORDER_MESSAGES.onlinePlaced).waitFor();
    const orderNo = await store.page.getByTestId('order-no').textContent();
    const [order] = await store.db
      .select()
      .from(orders)
      .where(eq(orders.orderNo, orderNo ?? ''));
    expect(order).toMatchObject({ paymentMode: 'prepaid', paymentStatus: 'paid' });
    await expect.poll(async () => JSON.parse((await stored('cartItems')) ?? '[]') as unknown).toEqual([]);
  });

  it('comes back from a failed payment to the same order, and paying again reuses it', async () => {
    const [a] = await twoSellers(5);
    await toFinalReview([lineOf(a)]);
    await button(CHECKOUT_MESSAGES.payNow).click();
    await store.page.waitForURL(/\/paymentgateway\?order=/);
    const orderNo = await store.page.getByTestId('order-no').textContent();
    await button('Proceed to Pay').click();
    await button(SANDBOX_TEXTS.fail).click();
    await store.page.waitForURL(/payment=failed/);
    expect(await store.page.getByRole('alert').textContent()).toBe(ORDER_MESSAGES.paymentFailed);
    const [order] = await store.db
      .select()
      .from(orders)
      .where(eq(orders.orderNo, orderNo ?? ''));
    expect(order).toMatchObject({ status: 'awaiting_payment' });
    expect(JSON.parse((await stored('cartItems')) ?? '[]')).toHaveLength(1);

    await store.page.getByRole('link', { name: /Back to review/ }).click();
    await store.page.waitForURL(/\/deliveryfinalreview(\?address=[0-9]+)?$/);
    await expect.poll(() => button(CHECKOUT_MESSAGES.payNow).isEnabled()).toBe(true);
    await button(CHECKOUT_MESSAGES.payNow).click();
    await store.page.waitForURL(/\/paymentgateway\?order=/);
    expect(await store.page.getByTestId('order-no').textContent()).toBe(orderNo);
  });

  it('says the order failed when the item sold out meanwhile, and marks it unavailable', async () => {
    const [a] = await twoSellers(11);
    await toFinalReview([lineOf(a)]);
    await store.db.update(offers).set({ stock: 0 }).where(eq(offers.id, a.offer.id));
    try {
      await button(CHECKOUT_MESSAGES.payCod).click();
      const alert = store.page.getByRole('alert').filter({ hasText: ORDER_MESSAGES.placeFailed });
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        `${ORDER_MESSAGES.placeFailed} ${productUnavailable(a.offer.productId)}`,
      );
      await item(a.name).getByText(CHECKOUT_MESSAGES.itemUnavailable).waitFor();
      expect(await button(CHECKOUT_MESSAGES.payCod).isDisabled()).toBe(true);
      expect(new URL(store.page.url()).pathname).toBe('/deliveryfinalreview');
    } finally {
      await store.db.update(offers).set({ stock: a.offer.stock }).where(eq(offers.id, a.offer.id));
    }
  });

  it('a new address at a pincode couriers do not reach blocks the order, with Delete', async () => {
    const [a] = await twoSellers(7);
    const remote = await remotePincode(store.db);
    const remoteRates = await store.db.select().from(deliveryRates).where(eq(deliveryRates.zone, 'remote'));
    await store.db.update(deliveryRates).set({ isAvailable: false }).where(eq(deliveryRates.zone, 'remote'));
    try {
      await withCart([lineOf(a)]);
      await store.openHydrated('/checkout');
      await store.page.getByRole('link', { name: /Add New Address/ }).click();
      await store.page.waitForURL(/\/addressform\?fromCheckout=1/);
      expect(await store.page.getByRole('link', { name: /Back to checkout/ }).getAttribute('href')).toBe(
        '/checkout',
      );
      for (const [label, value] of [
        ['Address (door / apartment)', '12 Hill View'],
        ['Address 2 (street)', 'Main Road'],
        ['LandMark', 'Near the post office'],
        ['PinCode', remote],
      ] as const) {
        await store.page.getByLabel(label, { exact: true }).fill(value);
      }
      // requirements#addresses: from checkout the form's Proceed goes on to the delivery review with the new address
      await button(CHECKOUT_MESSAGES.proceed).click();
      await store.page.waitForURL(/\/deliveryreview\?address=[0-9]+$/);
      await expect
        .poll(() => store.page.getByRole('region', { name: 'Delivery address' }).textContent())
        .toContain(remote);
      await item(a.name).getByText(CHECKOUT_MESSAGES.deliveryNotAvailable).waitFor();
      expect(await button(CHECKOUT_MESSAGES.proceed).isDisabled()).toBe(true);

      await store.openHydrated('/deliveryfinalreview');
      await item(a.name).getByText(CHECKOUT_MESSAGES.itemUnavailable).waitFor();
      expect(await button(CHECKOUT_MESSAGES.payNow).isDisabled()).toBe(true);
      expect(await button(CHECKOUT_MESSAGES.payCod).isDisabled()).toBe(true);
      await item(a.name).getByRole('button', { name: CHECKOUT_MESSAGES.delete }).click();
      await store.page.waitForURL(/\/cart$/);
    } finally {
      for (const rate of remoteRates) {
        await store.db
          .update(deliveryRates)
          .set({ isAvailable: rate.isAvailable })
          .where(eq(deliveryRates.id, rate.id));
      }
    }
  });

  it('opened from its URL, checkout sends a cart with an item that cannot be ordered back to the cart', async () => {
    const [a] = await twoSellers(3);
    await withCart([lineOf(a)]);
    await store.db.update(offers).set({ stock: 0 }).where(eq(offers.id, a.offer.id));
    try {
      await store.page.goto(store.url('/checkout'));
      await store.page.waitForURL(/\/cart$/);
      await store.page.getByText(CART_MESSAGES.unavailableBanner).waitFor();
    } finally {
      await store.db.update(offers).set({ stock: a.offer.stock }).where(eq(offers.id, a.offer.id));
    }
  });

  it('sends an empty cart, or no chosen address, back to the cart', async () => {
    await store.loginAs('ananya@example.com');
    await store.openHydrated('/');
    await store.page.evaluate(() => localStorage.removeItem('selectedAddress'));
    await store.openHydrated('/deliveryreview');
    await store.page.waitForURL(/\/cart$/);
    const [a] = await twoSellers(9);
    await setStoredCart([lineOf(a)]);
    await store.openHydrated('/deliveryfinalreview');
    await store.page.waitForURL(/\/cart$/);
    await store.page.evaluate(() => localStorage.setItem('cartItems', '[]'));
    await store.openHydrated('/checkout');
    await store.page.waitForURL(/\/cart$/);
  });
});
