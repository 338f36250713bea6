// requirements#languages: a shopper switches to Hindi from the header and
// completes search, product, cart, signing in, checkout and My Orders with no English left on any
// page but stored names and codes; every step stays in Hindi.
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, offers, orderItems, orders } from '@marketplace/db';
import { DEMO_PASSWORDS } from '@marketplace/db/seed';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import shop from '../apps/web/app/i18n/messages/hi.json' with { type: 'json' };
import checkout from '../apps/web/app/i18n/messages/checkout/hi.json' with { type: 'json' };
import signin from '../apps/web/app/i18n/messages/signin/hi.json' with { type: 'json' };
import { productPath } from '@marketplace/domain/seo/structured-data';
import { userIdOf } from './support/cart-fixtures.ts';
import { englishWordsOf, storedNameWords } from './support/english-words.ts';
import { useStorefront } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
const HINDI: Record<string, string> = { ...shop, ...checkout, ...signin };
const say = (key: string) => {
  const text = HINDI[key];
  if (text === undefined) throw new Error(`no Hindi message ${key}`);
  return text;
};
/** Codes shoppers say as they are in Hindi too. */
const CODES = ['UPI', 'GST', 'GSTIN', 'AAPFU', 'OTP', 'PDF'];
const button = (name: string) => store.page.getByRole('button', { name, exact: true });

/** Words of the names of the products the shopper has ordered: shown as stored on My Orders. */
async function orderedNames(): Promise<string[]> {
  const rows = await store.db
    .select({ name: orderItems.productName })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.userId, await userIdOf(store.db, SHOPPER)));
  return rows.flatMap((row) => row.name.match(/[A-Za-z]{3,}/g) ?? []);
}

async function expectNoEnglish(where: string) {
  const allowed = new Set([
    ...(await storedNameWords(store.db, store.page)),
    ...(await orderedNames()),
    ...CODES,
  ]);
  expect(await englishWordsOf(store.page, allowed), where).toEqual([]);
}

/** A product only one seller offers, reaching the shopper's address with COD: its buy box is that offer. */
async function soleOfferProduct() {
  const address = await defaultAddress(store.db, SHOPPER);
  for (const candidate of await deliverableOffers(store.db, address.pincode)) {
    const [sellers] = await store.db
      .select({ n: count() })
      .from(offers)
      .where(and(eq(offers.productId, candidate.offer.productId), eq(offers.isActive, true)));
    if (sellers?.n === 1) return candidate;
  }
  throw new Error('a product one seller offers reaches the shopper');
}

describe('a Hindi shopper’s whole journey', () => {
  it('switches to Hindi, searches, opens a product, adds it, signs in, checks out with COD and sees My Orders, all in Hindi', async () => {
    const product = await soleOfferProduct();
    await store.db.delete(cartItems).where(eq(cartItems.userId, await userIdOf(store.db, SHOPPER)));

    // the header's language menu
    await store.openHydrated('/');
    await store.page.locator('.language-menu summary').click();
    await store.page.getByRole('link', { name: 'हिन्दी', exact: true }).click();
    await store.page.waitForURL(/\/hi$/);

    // search from the header
    const box = store.page.getByPlaceholder(say('search.placeholder'), { exact: true });
    await box.fill('phone');
    await store.page
      .getByRole('button', { name: say('search.submit'), exact: true })
      .first()
      .click();
    // the header's search may go on to a category's listing that matches the words: still in Hindi
    await store.page.waitForURL((url) => url.pathname !== '/hi' && url.pathname.startsWith('/hi/'));
    await store.page.locator('main a[href^="/hi/productdetails/"]').first().waitFor();
    await expectNoEnglish('search results');

    // a product's page (one that reaches the shopper with COD), and into the cart
    await store.openHydrated(`/hi${productPath(product.name)}`);
    await button(say('product.addToCart')).first().click();
    await button(say('product.addedButton')).first().waitFor();
    await expectNoEnglish('product page');

    // the cart, and on to checkout: a visitor signs in first, in Hindi
    await store.openHydrated('/hi/cart');
    await expect.poll(() => button(say('cart.checkOut')).isEnabled()).toBe(true);
    await expectNoEnglish('cart');
    await button(say('cart.checkOut')).click();
    await store.page.waitForURL(/\/hi\/login\?redirectTo=%2Fhi%2Fcheckout/);
    await button(say('signin.signIn')).waitFor();
    await expectNoEnglish('login');
    await store.page.getByLabel(say('signin.email'), { exact: true }).fill(SHOPPER);
    await store.page.getByLabel(say('signin.password'), { exact: true }).fill(DEMO_PASSWORDS.shopper);
    await button(say('signin.signIn')).click();

    // the checkout steps
    await store.page.waitForURL(/\/hi\/checkout$/);
    await expect.poll(() => store.page.getByRole('radio').count()).toBeGreaterThan(0);
    await expectNoEnglish('checkout: address');
    await button(say('checkout.proceed')).click();
    await store.page.waitForURL(/\/hi\/deliveryreview\?address=[0-9]+$/);
    await expect.poll(() => button(say('checkout.proceed')).isEnabled()).toBe(true);
    await expectNoEnglish('checkout: delivery');
    await button(say('checkout.proceed')).click();
    await store.page.waitForURL(/\/hi\/deliveryfinalreview\?address=[0-9]+$/);
    await expect.poll(() => button(say('checkout.payCod')).isEnabled()).toBe(true);
    await expectNoEnglish('checkout: final review');
    await button(say('checkout.payCod')).click();

    // My Orders, with the order just placed
    await store.page.waitForURL(/\/hi\/myorder$/);
    await store.page.locator('main', { hasText: product.name }).waitFor();
    await expectNoEnglish('My Orders');
    expect(await store.page.evaluate(() => document.documentElement.lang)).toBe('hi-IN');
  });
});
