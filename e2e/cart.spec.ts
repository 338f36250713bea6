import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, deliveryRates, offers } from '@marketplace/db';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import {
  offersOfDistinctSellers,
  offerWithCoupon,
  remotePincode,
  storedLine,
  userIdOf,
} from './support/cart-fixtures.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';
import { withoutScripts } from '../apps/server/test-support/testing.ts';

const store = useStorefront();

async function openHydrated(path: string) {
  await store.page.goto(store.url(path));
  await store.page.waitForFunction(
    () => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
  );
}
const href = (name: string) => `/productdetails/${encodeURIComponent(name)}`;
const lines = () => store.page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
const line = (name: string) => store.page.getByRole('listitem', { name, exact: true });
const checkOut = () => store.page.getByRole('button', { name: CART_MESSAGES.checkOut });
const setStoredCart = (cart: unknown[]) =>
  store.page.evaluate((value) => localStorage.setItem('cartItems', JSON.stringify(value)), cart);

describe('the cart', () => {
  it('visitor adds two products from two sellers, logs in through the form and the cart is merged', async () => {
    const [a, b] = await offersOfDistinctSellers(store.db, 2);
    if (!a || !b) throw new Error('offers');
    const priya = await userIdOf(store.db, 'priya@example.com');
    // saved earlier, with more units than the browser's line: the merge keeps the larger (ADR-0037)
    await store.db.insert(cartItems).values({ userId: priya, offerId: a.id, quantity: 3 });

    for (const offer of [a, b]) {
      await openHydrated(`${href(offer.name)}?seller=${offer.sellerId}`);
      await store.page
        .getByRole('complementary', { name: 'Buy this product' })
        .getByRole('button', { name: 'Add to Cart' })
        .click();
      await store.page.getByText('Product added to cart!').waitFor();
    }
    await openHydrated('/cart');
    await store.page.getByRole('heading', { name: /My Cart/ }).waitFor();
    await expect.poll(() => lines().count()).toBe(2);
    expect(await store.page.getByTestId('cart-item-count').textContent()).toBe('2');
    // no tabs for visitors
    expect(await store.page.getByRole('tab', { name: CART_MESSAGES.buyAgain }).count()).toBe(0);
    await store.screenshot('cart', WIDTHS.desktop);
    await store.screenshot('cart', WIDTHS.mobile);

    await checkOut().click();
    await store.page.waitForURL(/\/login\?redirectTo=%2Fcheckout/);
    await store.page.getByLabel('Email', { exact: true }).fill('priya@example.com');
    await store.page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORDS.shopper);
    await store.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await store.page.waitForURL(store.url('/checkout'));

    const saved = () =>
      store.db
        .select({ offerId: cartItems.offerId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(eq(cartItems.userId, priya))
        .orderBy(asc(cartItems.offerId));
    const expected = [
      { offerId: a.id, quantity: 3 },
      { offerId: b.id, quantity: 1 },
    ].sort((x, y) => x.offerId - y.offerId);
    await expect.poll(saved).toEqual(expected);

    await openHydrated('/cart');
    await expect.poll(() => lines().count()).toBe(2);
    await expect.poll(() => line(a.name).getByRole('combobox').inputValue()).toBe('3');
    await store.page.getByRole('tab', { name: CART_MESSAGES.saveForLater }).waitFor();
    await store.screenshot('cart-logged-in', WIDTHS.desktop);
    await store.screenshot('cart-logged-in', WIDTHS.mobile);

    // a change is pushed to the server
    await line(b.name).getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(saved).toEqual([{ offerId: a.id, quantity: 3 }]);
  });

  it('a pincode change makes an item unavailable: banner, blocked checkout, Remove This Item', async () => {
    const [a] = await offersOfDistinctSellers(store.db, 1);
    if (!a) throw new Error('offer');
    const remote = await remotePincode(store.db);
    await openHydrated('/');
    await setStoredCart([storedLine(a)]);
    await openHydrated('/cart');
    await line(a.name).waitFor();
    await store.page.waitForTimeout(600); // the first check runs 300 ms after load
    expect(await store.page.getByText(CART_MESSAGES.itemUnavailable).count()).toBe(0);
    expect(await checkOut().isDisabled()).toBe(false);

    // couriers stop going to the remote zone; the shopper moves there
    const remoteRates = await store.db.select().from(deliveryRates).where(eq(deliveryRates.zone, 'remote'));
    await store.db.update(deliveryRates).set({ isAvailable: false }).where(eq(deliveryRates.zone, 'remote'));
    await store.page.getByRole('button', { name: /^Deliver to/ }).click();
    const dialog = store.page.getByRole('dialog', { name: 'Choose your location' });
    await dialog.getByRole('textbox').fill(remote);
    await dialog.getByRole('button', { name: 'Apply' }).click();

    await line(a.name).getByText(CART_MESSAGES.itemUnavailable).waitFor();
    expect(await line(a.name).getByText(CART_MESSAGES.itemUnavailableDetail).count()).toBe(1);
    await store.page.getByText(CART_MESSAGES.unavailableBanner).waitFor();
    expect(await store.page.getByText(CART_MESSAGES.unavailableBannerDetail).count()).toBe(1);
    expect(await checkOut().isDisabled()).toBe(true);
    await dialog.waitFor({ state: 'hidden' });
    await store.screenshot('cart-unavailable', WIDTHS.mobile);

    await line(a.name).getByRole('button', { name: CART_MESSAGES.removeThisItem }).click();
    await store.page.getByText(CART_MESSAGES.empty).waitFor();
    for (const rate of remoteRates) {
      await store.db
        .update(deliveryRates)
        .set({ isAvailable: rate.isAvailable })
        .where(eq(deliveryRates.id, rate.id));
    }
  });

  it('asks to reduce a quantity above stock, and applies a coupon that survives a reload', async () => {
    const { offer, name, coupon } = await offerWithCoupon(store.db);
    const key = `${offer.productId}-${offer.sellerId}-${coupon.id}`;
    await openHydrated('/');
    await setStoredCart([
      {
        ...storedLine(
          { productId: offer.productId, sellerId: offer.sellerId, name, price: offer.salePricePaise },
          3,
        ),
        couponid: coupon.id,
        coupon: String(coupon.id),
        couponname: coupon.name,
        couponoffertype: coupon.offerType,
        couponoffervalue: coupon.value,
        coupon_data: key,
      },
    ]);
    await store.db.update(offers).set({ stock: 2 }).where(eq(offers.id, offer.id));
    await openHydrated('/cart');
    await store.page.getByText(CART_MESSAGES.cartUpdated).waitFor();
    expect(await checkOut().isDisabled()).toBe(true);
    await store.page.getByRole('button', { name: CART_MESSAGES.updateCart }).click();
    await expect.poll(() => line(name).getByRole('combobox').inputValue()).toBe('2');
    await expect.poll(() => store.page.getByText(CART_MESSAGES.cartUpdated).count()).toBe(0);

    const totalBefore = await store.page.getByTestId('cart-total').textContent();
    await line(name).getByRole('button', { name: CART_MESSAGES.getDiscount }).click();
    await line(name).getByRole('button', { name: CART_MESSAGES.couponApplied }).waitFor();
    await expect.poll(() => store.page.getByTestId('cart-total').textContent()).not.toBe(totalBefore);
    const stored = await store.page.evaluate(() => localStorage.getItem('Discountdata'));
    expect(JSON.parse(stored ?? '[]')).toEqual([key]);
    await openHydrated('/cart');
    await line(name).getByRole('button', { name: CART_MESSAGES.couponApplied }).waitFor();
    expect(await store.page.getByTestId('cart-total').textContent()).not.toBe(totalBefore);
    await store.db
      .update(offers)
      .set({ stock: offer.stock })
      .where(and(eq(offers.id, offer.id)));
  });

  it('never trusts a price or quantity the browser stored: lines take the seller’s figures and say so', async () => {
    const [a] = await offersOfDistinctSellers(store.db, 1);
    if (!a) throw new Error('offer');
    const [live] = await store.db.select().from(offers).where(eq(offers.id, a.id));
    if (!live) throw new Error('offer');
    await openHydrated('/');
    // a line edited in storage: ₹1.00 each, 9 of them, "up to 9 per order", a made-up M.R.P. and stock
    await setStoredCart([
      { ...storedLine({ ...a, price: 100 }, 9), mrp: 100, product_quantity: 999, maximum_qty_per_order: 9 },
    ]);
    await openHydrated('/cart');
    await store.page.getByText(CART_MESSAGES.cartUpdated).waitFor();
    const rupees = (paise: number) =>
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
    await expect.poll(() => line(a.name).textContent()).toContain(rupees(live.salePricePaise));
    expect(await checkOut().isDisabled()).toBe(true);
    await store.page.getByRole('button', { name: CART_MESSAGES.updateCart }).click();
    const most = Math.min(9, live.stock, live.maxPerOrder);
    await expect.poll(() => line(a.name).getByRole('combobox').inputValue()).toBe(String(most));
    await expect
      .poll(() => store.page.getByTestId('cart-subtotal').textContent())
      .toBe(rupees(live.salePricePaise * most));
    const options = await line(a.name).getByRole('combobox').locator('option').allTextContents();
    expect(options.at(-1)).toBe(String(Math.min(live.stock, live.maxPerOrder)));
    expect(await checkOut().isDisabled()).toBe(false);
    const stored = JSON.parse(
      (await store.page.evaluate(() => localStorage.getItem('cartItems'))) ?? '[]',
    ) as unknown[];
    expect(stored[0]).toMatchObject({
      price: live.salePricePaise,
      mrp: live.mrpPaise,
      quantity: most,
      maximum_qty_per_order: live.maxPerOrder,
    });
  });

  it('shows each line’s delivery and arrival for the pincode, and the total with delivery and PromoJun, as checkout will', async () => {
    const [a, b] = await offersOfDistinctSellers(store.db, 2);
    if (!a || !b) throw new Error('offers');
    await openHydrated('/');
    await setStoredCart([storedLine(a), storedLine(b, 2)]);
    await openHydrated('/cart');
    for (const offer of [a, b])
      await expect
        .poll(() => line(offer.name).getByTestId('cart-line-delivery').textContent())
        .toMatch(/Delivery · Arriving [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} · (FREE|₹[\d,]+\.\d\d)$/);
    await expect
      .poll(() => store.page.getByTestId('cart-delivery').textContent())
      .toMatch(/^(FREE|₹[\d,]+\.\d\d)$/);
    expect(await store.page.getByTestId('cart-promo').textContent()).toMatch(/^−₹[\d,]+\.\d\d$/);
    const total = await store.page.getByTestId('cart-total').textContent();
    // the same quote the order will use: the server's checkout quote for this pincode
    const res = await store.page.context().request.post(store.url('/api/checkout/estimate'), {
      data: {
        pincode: '600100',
        lines: [a, b].map((o, i) => ({ productId: o.productId, sellerId: o.sellerId, quantity: i + 1 })),
      },
    });
    const body = (await res.json()) as { summary: { totalPaise: number } };
    expect(total).toBe(
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(
        body.summary.totalPaise / 100,
      ),
    );
    await store.screenshot('cart-estimate', WIDTHS.mobile);
    await store.screenshot('cart-estimate', WIDTHS.desktop);
  });

  it('fetches a logged-in shopper’s saved cart into a browser that has none', async () => {
    const [a] = await offersOfDistinctSellers(store.db, 1);
    if (!a) throw new Error('offer');
    await store.db
      .insert(cartItems)
      .values({ userId: await userIdOf(store.db, 'rahul@example.com'), offerId: a.id, quantity: 2 });
    await store.loginAs('rahul@example.com');
    await openHydrated('/cart');
    await expect.poll(() => line(a.name).getByRole('combobox').inputValue()).toBe('2');
    await expect.poll(() => store.page.locator('.cart-badge').textContent()).toBe('1');
  });

  it('shows the empty cart, and Sellers not Available for a line without a price', async () => {
    await openHydrated('/cart');
    await store.page.getByText(CART_MESSAGES.empty).waitFor();
    await store.screenshot('cart-empty', WIDTHS.mobile);
    await setStoredCart([{ product_id: '1-1-X', productId: 1, sellerId: 1, quantity: 1 }]);
    await openHydrated('/cart');
    await line('Unknown Product').getByText(CART_MESSAGES.sellersNotAvailable).waitFor();
    expect(await checkOut().isDisabled()).toBe(true);
  });

  it("gives a visitor's cart its shape in the first HTML: the empty cart, or room for the lines the browser holds", async () => {
    // what the page shows, not the message catalog its scripts carry
    const firstHtml = async () =>
      withoutScripts(await (await store.page.request.get(store.url('/cart'))).text());
    await store.page.context().clearCookies();
    // a first visit: nothing in the browser, so the server sends the empty cart itself
    const empty = await firstHtml();
    expect(empty).toContain(CART_MESSAGES.empty);
    expect(empty).not.toContain('Loading your cart');
    const [offer] = await offersOfDistinctSellers(store.db, 1);
    if (!offer) throw new Error('offer');
    await openHydrated('/');
    await setStoredCart([storedLine(offer)]);
    await openHydrated('/cart');
    await lines().first().waitFor();
    // the browser mirrored one line: the next first HTML keeps room for it instead of saying empty
    expect((await store.page.context().cookies()).find((cookie) => cookie.name === 'cartLines')?.value).toBe(
      '1',
    );
    expect(await firstHtml()).toContain('Loading your cart');
    await lines().first().getByRole('button', { name: 'Remove', exact: true }).click();
    await store.page.getByText(CART_MESSAGES.empty).waitFor();
    expect(await firstHtml()).not.toContain('Loading your cart');
  });
});
