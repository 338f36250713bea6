// requirements#b2b-place-of-supply in a browser: a business buyer whose GSTIN is registered in
// another state than the delivery address is warned before payment that the credit cannot be
// claimed in its own state (the invoice follows the delivery address); with scripts the warning
// shows as the GSTIN is typed, without them the first Pay answers it; the second Pay places.
import { count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, sellers } from '@marketplace/db';
import { CHECKOUT_MESSAGES } from '@marketplace/domain/orders/checkout';
import {
  GST_STATE_CODES,
  gstinCheckCharacter,
  gstStateCodeOf,
} from '@marketplace/domain/sellers/tax-identity';
import { businessStateWarningText } from '@marketplace/domain/tax/business-buyer';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { storedLine, userIdOf } from './support/cart-fixtures.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
const button = (name: string) => store.page.getByRole('button', { name, exact: true });
const field = (label: string) => store.page.getByLabel(label, { exact: true });

/** A GSTIN of another state than the shopper's address, and the warning it gets. */
async function otherStateGstin() {
  const address = await defaultAddress(store.db, SHOPPER);
  const delivery = gstStateCodeOf(address.state) ?? '29';
  const registered = delivery === '27' ? '29' : '27';
  const first14 = `${registered}AAPFU0939F1Z`;
  return {
    gstin: first14 + gstinCheckCharacter(first14),
    warning: businessStateWarningText(GST_STATE_CODES[registered] ?? '', GST_STATE_CODES[delivery] ?? ''),
  };
}

let used = 0;
async function freshOffer() {
  const address = await defaultAddress(store.db, SHOPPER);
  const registered = await store.db.select({ id: sellers.id }).from(sellers).where(isNotNull(sellers.gstin));
  const found = (await deliverableOffers(store.db, address.pincode)).filter(
    (c) => c.offer.salePricePaise < 500_000 && registered.some((s) => s.id === c.offer.sellerId),
  )[used++];
  if (!found) throw new Error('a deliverable offer of a seller registered for GST');
  return found;
}
const ordersOf = async (userId: number) =>
  (await store.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]?.n ?? 0;

async function giveBusiness(gstin: string) {
  await store.page.getByText('Buying for your business? Add your GSTIN for a GST invoice').click();
  await field('GSTIN').fill(gstin);
  await field('Business name (as registered for GST)').fill('Sharma Design Studio');
}

describe('a business GSTIN of another state than the delivery address', () => {
  it('without JavaScript: the first Pay COD answers the warning and places nothing, the second places the order', async () => {
    const offer = await freshOffer();
    const { gstin, warning } = await otherStateGstin();
    const priya = await userIdOf(store.db, SHOPPER);
    await store.loginAs(SHOPPER);
    const page = await store.restartPage({ javaScript: false });
    const saved = await page.request.put(store.url('/api/cart'), {
      data: { lines: [{ productId: offer.offer.productId, sellerId: offer.offer.sellerId, quantity: 1 }] },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.goto(store.url('/deliveryfinalreview'));
    await page.getByRole('heading', { name: CHECKOUT_MESSAGES.finalTitle }).waitFor();
    await giveBusiness(gstin);
    const before = await ordersOf(priya);
    await button(CHECKOUT_MESSAGES.payCod).click();
    await page.getByText(warning).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/deliveryfinalreview');
    expect(await ordersOf(priya)).toBe(before);
    expect(await field('GSTIN').inputValue()).toBe(gstin);
    await store.screenshot('b2b-gstin-state-no-script', WIDTHS.mobile);
    await button(CHECKOUT_MESSAGES.payCod).click();
    await page.waitForURL(store.url('/myorder'));
    expect(await ordersOf(priya)).toBe(before + 1);
  });

  it('with JavaScript: the warning shows as the GSTIN is typed, before any Pay; Pay again goes ahead', async () => {
    const offer = await freshOffer();
    const { gstin, warning } = await otherStateGstin();
    const priya = await userIdOf(store.db, SHOPPER);
    const page = await store.restartPage({ javaScript: true });
    await store.loginAs(SHOPPER);
    await store.openHydrated('/');
    const item = storedLine({
      productId: offer.offer.productId,
      sellerId: offer.offer.sellerId,
      name: offer.name,
      price: offer.offer.salePricePaise,
    });
    await page.evaluate(
      (value) => localStorage.setItem('buyNowItem', value),
      JSON.stringify({
        ...item,
        product_id: `${offer.offer.productId}-${offer.offer.sellerPincode}`,
        seller_pincode: offer.offer.sellerPincode,
      }),
    );
    await store.openHydrated('/buynow');
    await expect.poll(() => button(CHECKOUT_MESSAGES.cashOnDelivery).isEnabled()).toBe(true);
    await giveBusiness(gstin);
    // before any button is pressed
    await page.getByRole('status').filter({ hasText: warning }).waitFor();
    await store.screenshot('b2b-gstin-state-script', WIDTHS.desktop);
    const before = await ordersOf(priya);
    await button(CHECKOUT_MESSAGES.cashOnDelivery).click();
    await page.getByText(warning).first().waitFor();
    expect(await ordersOf(priya)).toBe(before);
    await button(CHECKOUT_MESSAGES.cashOnDelivery).click();
    await page.waitForURL(/\/myorder$/);
    expect(await ordersOf(priya)).toBe(before + 1);
  });
});
