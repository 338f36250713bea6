import AxeBuilder from '@axe-core/playwright';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses, orderItems, orders } from '@marketplace/db';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { formatInr } from '@marketplace/domain';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { CHECKOUT_MESSAGES } from '@marketplace/domain/orders/checkout';
import { ORDER_MESSAGES } from '@marketplace/domain/orders/messages';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { SANDBOX_TEXTS } from '../apps/server/src/modules/payments/index.ts';
import { storedLine, userIdOf } from './support/cart-fixtures.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

const href = (name: string) => `/productdetails/${encodeURIComponent(name)}`;
const button = (name: string) => store.page.getByRole('button', { name, exact: true });
const stored = (key: string) => store.page.evaluate((k) => localStorage.getItem(k), key);
const setBuyNow = (value: string) => store.page.evaluate((v) => localStorage.setItem('buyNowItem', v), value);

async function offerFor(email: string, index: number) {
  const address = await defaultAddress(store.db, email);
  const found = (await deliverableOffers(store.db, address.pincode))[index];
  if (!found) throw new Error('a deliverable offer');
  return found;
}
/** The item as the product page's Buy Now stores it ('{id}-{seller pincode}'). */
const buyNowItem = (c: Awaited<ReturnType<typeof offerFor>>) =>
  JSON.stringify({
    ...storedLine({
      productId: c.offer.productId,
      sellerId: c.offer.sellerId,
      name: c.name,
      price: c.offer.salePricePaise,
    }),
    product_id: `${c.offer.productId}-${c.offer.sellerPincode}`,
    seller_pincode: c.offer.sellerPincode,
  });

describe('Buy Now', () => {
  it('visitor presses Buy Now, logs in, comes back, takes two and pays cash on delivery', async () => {
    const c = await offerFor('priya@example.com', 2);
    const priya = await userIdOf(store.db, 'priya@example.com');
    await store.openHydrated(`${href(c.name)}?seller=${c.offer.sellerId}`);
    await store.page
      .getByRole('complementary', { name: 'Buy this product' })
      .getByRole('button', { name: 'Buy Now' })
      .click();
    await store.page.waitForURL(/\/login\?redirectTo=(%2F|\/)buynow/);
    expect(JSON.parse((await stored('buyNowItem')) ?? 'null')).toMatchObject({
      productId: c.offer.productId,
      sellerId: c.offer.sellerId,
    });
    await store.page.getByLabel('Email', { exact: true }).fill('priya@example.com');
    await store.page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORDS.shopper);
    await button('Sign in').click();
    await store.page.waitForURL(store.url('/buynow'));

    const line = store.page.getByRole('listitem', { name: c.name, exact: true });
    await line.getByRole('radio', { name: /Standard Delivery/ }).waitFor();
    expect(await line.getByRole('radio', { name: /Standard Delivery/ }).isChecked()).toBe(true);
    await button(CHECKOUT_MESSAGES.changeAddress).waitFor();
    await expect.poll(() => button(CHECKOUT_MESSAGES.cashOnDelivery).isEnabled()).toBe(true);
    const results = await new AxeBuilder({ page: store.page }).include('main').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    await store.screenshot('buynow', WIDTHS.mobile);
    await store.screenshot('buynow', WIDTHS.desktop);

    await line.getByRole('combobox').selectOption('2');
    await expect
      .poll(() => store.page.getByTestId('summary-items').textContent())
      .toBe(formatInr(c.offer.salePricePaise * 2));
    await expect.poll(() => button(CHECKOUT_MESSAGES.cashOnDelivery).isEnabled()).toBe(true);
    await button(CHECKOUT_MESSAGES.cashOnDelivery).click();
    await store.page.getByRole('status').filter({ hasText: ORDER_MESSAGES.codPlaced }).waitFor();
    await store.page.waitForURL(/\/myorder$/);

    const [order] = await store.db
      .select()
      .from(orders)
      .where(eq(orders.userId, priya))
      .orderBy(desc(orders.id))
      .limit(1);
    expect(order).toMatchObject({ paymentMode: 'cod', status: 'placed' });
    const items = await store.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? 0));
    expect(items.map((i) => [i.productId, i.quantity])).toEqual([[c.offer.productId, 2]]);
    expect(await stored('buyNowItem')).toBeNull();
    expect(await stored('Discountdata')).toBeNull();
  });

  it('changes the address and pays online; the buy-now item is cleared once paid', async () => {
    const c = await offerFor('rahul@example.com', 4);
    await store.loginAs('rahul@example.com');
    await store.openHydrated('/');
    await setBuyNow(buyNowItem(c));
    await store.openHydrated('/buynow');
    const home = await defaultAddress(store.db, 'rahul@example.com');
    const [away] = await store.db
      .select()
      .from(addresses)
      .where(
        and(
          eq(addresses.userId, await userIdOf(store.db, 'rahul@example.com')),
          eq(addresses.isDefault, false),
        ),
      );
    if (!away) throw new Error('rahul has a second address');
    const block = store.page.getByRole('region', { name: 'Delivery address' });
    await expect.poll(() => block.textContent()).toContain(home.pincode);

    // the other address: its pincode becomes the delivery location and the charges follow it
    await button(CHECKOUT_MESSAGES.changeAddress).click();
    await store.page.getByRole('radio', { name: new RegExp(away.pincode) }).click();
    await expect.poll(() => block.textContent()).toContain(away.pincode);
    expect(JSON.parse((await stored('selectedAddress')) ?? '{}')).toMatchObject({ id: away.id });
    await expect.poll(() => stored('pincode')).toBe(away.pincode);

    // and back to the default one
    await button(CHECKOUT_MESSAGES.changeAddress).click();
    await store.page.getByRole('radio', { name: new RegExp(home.pincode) }).click();
    await expect.poll(() => block.textContent()).toContain(home.pincode);
    await expect.poll(() => button(CHECKOUT_MESSAGES.payOnline).isEnabled()).toBe(true);
    await button(CHECKOUT_MESSAGES.payOnline).click();
    await store.page.waitForURL(/\/paymentgateway\?order=/);
    expect(await stored('buyNowItem')).not.toBeNull();
    await button('Proceed to Pay').click();
    await button(SANDBOX_TEXTS.succeed).click();
    await store.page.waitForURL(/\/thankyou\?order=/);
    await store.page.getByText(ORDER_MESSAGES.onlinePlaced).waitFor();
    await expect.poll(() => stored('buyNowItem')).toBeNull();
  });

  it('adds a new address from Buy Now and comes back to Buy Now with it chosen', async () => {
    const c = await offerFor('ananya@example.com', 5);
    await store.loginAs('ananya@example.com');
    await store.openHydrated('/');
    await setBuyNow(buyNowItem(c));
    await store.openHydrated('/buynow');
    await button(CHECKOUT_MESSAGES.changeAddress).click();
    await store.page.getByRole('link', { name: `+ ${CHECKOUT_MESSAGES.addNewAddress}` }).click();
    await store.page.waitForURL(/\/addressform\?fromBuyNow=1$/);
    expect(await store.page.getByRole('link', { name: 'Back to Buy Now' }).first().getAttribute('href')).toBe(
      '/buynow',
    );
    const home = await defaultAddress(store.db, 'ananya@example.com');
    for (const [label, value] of [
      ['First name', 'Ananya'],
      ['Last name', 'Iyer'],
      ['Email', 'ananya.office@example.com'],
      ['Mobile No', '9876501234'],
      ['Address (door / apartment)', 'Office 12, Tidel Park'],
      ['Address 2 (street)', 'Rajiv Gandhi Salai'],
      ['PinCode', home.pincode],
      ['LandMark', 'Near the metro'],
    ] as const) {
      await store.page.getByLabel(label, { exact: true }).fill(value);
    }
    await store.page.getByRole('button', { name: 'Save Address' }).click();
    await store.page.waitForURL(/\/buynow\?address=[0-9]+$/);
    const block = store.page.getByRole('region', { name: 'Delivery address' });
    await expect.poll(() => block.textContent()).toContain('Office 12, Tidel Park');
  });

  it('shows Invalid Buy Now Data for a malformed item, and an empty one goes to the cart', async () => {
    await store.loginAs('priya@example.com');
    await store.openHydrated('/');
    await setBuyNow('{"name":"no product"}');
    await store.openHydrated('/buynow');
    await store.page.getByText(CHECKOUT_MESSAGES.invalidBuyNow).waitFor();
    await store.screenshot('buynow-invalid', WIDTHS.mobile);
    await setBuyNow('{}');
    await store.openHydrated('/buynow');
    await store.page.waitForURL(/\/cart$/);
    await store.page.getByText(CART_MESSAGES.empty).waitFor();
  });

  it('asks a shopper without an address to select one, then opens the address list', async () => {
    const ananya = await userIdOf(store.db, 'ananya@example.com');
    await store.db.delete(addresses).where(eq(addresses.userId, ananya));
    const c = await offerFor('priya@example.com', 6);
    await store.loginAs('ananya@example.com');
    await store.openHydrated('/');
    await store.page.evaluate(() => localStorage.removeItem('selectedAddress'));
    await setBuyNow(buyNowItem(c));
    await store.openHydrated('/buynow');
    await store.page.getByText(CHECKOUT_MESSAGES.noAddresses).waitFor();
    const message = new Promise<string>((resolve) =>
      store.page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await button(CHECKOUT_MESSAGES.cashOnDelivery).click();
    expect(await message).toBe(CHECKOUT_MESSAGES.selectDeliveryAddress);
    await store.page.waitForURL(/\/myaddress$/);
  });
});
