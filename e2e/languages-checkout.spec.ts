// requirements#languages, the checkout area: a shopper in Hindi, Tamil or Telugu goes from the cart
// through the checkout steps to a COD order and its thank-you page, buys now, and pays online, and
// every step speaks the shopper's language (no English left but stored names and codes) and keeps it
// in every link, form and redirect.
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, orders } from '@marketplace/db';
import {
  GST_STATE_CODES,
  gstinCheckCharacter,
  gstStateCodeOf,
} from '@marketplace/domain/sellers/tax-identity';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { SANDBOX_TEXTS } from '../apps/server/src/modules/payments/index.ts';
import shopHi from '../apps/web/app/i18n/messages/hi.json' with { type: 'json' };
import shopTa from '../apps/web/app/i18n/messages/ta.json' with { type: 'json' };
import shopTe from '../apps/web/app/i18n/messages/te.json' with { type: 'json' };
import checkoutHi from '../apps/web/app/i18n/messages/checkout/hi.json' with { type: 'json' };
import checkoutTa from '../apps/web/app/i18n/messages/checkout/ta.json' with { type: 'json' };
import checkoutTe from '../apps/web/app/i18n/messages/checkout/te.json' with { type: 'json' };
import { storedLine, userIdOf } from './support/cart-fixtures.ts';
import { englishWordsOf, storedNameWords } from './support/english-words.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOPPER = 'priya@example.com';
const LANGUAGES = ['hi', 'ta', 'te'] as const;
type Language = (typeof LANGUAGES)[number];

const MESSAGES: Record<Language, Record<string, string>> = {
  hi: { ...shopHi, ...checkoutHi },
  ta: { ...shopTa, ...checkoutTa },
  te: { ...shopTe, ...checkoutTe },
};
/** A message of the language without arguments, as the page shows it. */
function say(language: Language, key: string): string {
  const text = MESSAGES[language][key];
  if (text === undefined) throw new Error(`no message ${key} in ${language}`);
  return text;
}

/**
 * Codes shoppers say as they are, whatever their language: the payment and tax ones, and the
 * letters of the example GSTIN in its field's placeholder.
 */
const CODES = ['UPI', 'GST', 'GSTIN', 'AAPFU'];

const button = (name: string) => store.page.getByRole('button', { name, exact: true });

/** No English in the page's main part but stored names and codes. */
async function expectNoEnglish(where: string) {
  const allowed = new Set([...(await storedNameWords(store.db, store.page)), ...CODES]);
  expect(await englishWordsOf(store.page, allowed), where).toEqual([]);
}

/** Every link and form of the page's main part stays in the language. */
async function expectLinksIn(language: Language, where: string) {
  const targets = await store.page
    .locator('main a[href^="/"], main form[action^="/"]')
    .evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('href') ?? element.getAttribute('action') ?? ''),
    );
  expect(
    targets.filter((target) => !target.startsWith(`/${language}/`)),
    where,
  ).toEqual([]);
}

/** The page fits the width: nothing reaches past the window's edge. */
async function expectFits(width: number, where: string) {
  await store.page.setViewportSize({ width, height: 900 });
  const widths = await store.page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    outside: [...document.querySelectorAll('main *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`)
      .slice(-3),
  }));
  expect(
    widths.page,
    `${where} at ${width} px scrolls sideways (${widths.outside.join(' ')})`,
  ).toBeLessThanOrEqual(width);
}

/** Offers that reach the shopper's default address with COD, from two different sellers. */
async function twoSellers() {
  const address = await defaultAddress(store.db, SHOPPER);
  const found = await deliverableOffers(store.db, address.pincode);
  const first = found.find((c) => c.options.length > 1) ?? found[0];
  const second = found.find(
    (c) => c.offer.sellerId !== first?.offer.sellerId && c.offer.productId !== first?.offer.productId,
  );
  if (!first || !second) throw new Error('two sellers reach the address');
  return [first, second] as const;
}
type Offer = Awaited<ReturnType<typeof twoSellers>>[number];
const lineOf = (c: Offer) =>
  storedLine({
    productId: c.offer.productId,
    sellerId: c.offer.sellerId,
    name: c.name,
    price: c.offer.salePricePaise,
  });
/** The item as the product page's Buy Now stores it. */
const buyNowItem = (c: Offer) =>
  JSON.stringify({
    ...lineOf(c),
    product_id: `${c.offer.productId}-${c.offer.sellerPincode}`,
    seller_pincode: c.offer.sellerPincode,
  });
const setBuyNow = (value: string) => store.page.evaluate((v) => localStorage.setItem('buyNowItem', v), value);

/** A GSTIN registered in another state than the shopper's address. */
async function otherStateGstin() {
  const address = await defaultAddress(store.db, SHOPPER);
  const delivery = gstStateCodeOf(address.state) ?? '29';
  const registered = delivery === '27' ? '29' : '27';
  if (!GST_STATE_CODES[registered]) throw new Error('a GST state');
  const first14 = `${registered}AAPFU0939F1Z`;
  return first14 + gstinCheckCharacter(first14);
}

/** Opens "Buying for your business?" and types a GSTIN of another state: its warning shows. */
async function giveOtherStateGstin(language: Language) {
  await store.page.getByText(say(language, 'checkout.business.open'), { exact: true }).click();
  await store.page.getByLabel('GSTIN', { exact: true }).fill(await otherStateGstin());
  await store.page
    .getByRole('status')
    .filter({ hasText: say(language, 'checkout.business.stateTitle') })
    .waitFor();
}

async function latestOrderNo() {
  const [order] = await store.db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(eq(orders.userId, await userIdOf(store.db, SHOPPER)))
    .orderBy(desc(orders.id))
    .limit(1);
  if (!order) throw new Error('an order');
  return order.orderNo;
}

describe('checking out in Hindi, Tamil and Telugu', () => {
  it.each(LANGUAGES)(
    'walks a %s shopper from the cart through the steps to a COD order and its thank-you page',
    async (language) => {
      const [a, b] = await twoSellers();
      await store.db.delete(cartItems).where(eq(cartItems.userId, await userIdOf(store.db, SHOPPER)));
      await store.openHydrated('/');
      await store.page.evaluate(
        (value) => localStorage.setItem('cartItems', JSON.stringify(value)),
        [lineOf(a), lineOf(b)],
      );
      await store.loginAs(SHOPPER);
      // the shopper chose the language from the header's menu, then goes to the cart
      await store.page.goto(store.url(`/language?to=${language}&next=/${language}/cart`));
      await store.openHydrated(`/${language}/cart`);
      await button(say(language, 'cart.checkOut')).click();
      await store.page.waitForURL(new RegExp(`/${language}/checkout$`));
      // from here the steps' own links and redirects keep the language, not the remembered choice
      await store.page.context().clearCookies({ name: 'lang' });

      // the address step
      await expect.poll(() => store.page.getByRole('radio').count()).toBeGreaterThan(0);
      await expectNoEnglish(`${language} checkout`);
      await expectLinksIn(language, `${language} checkout`);
      await button(say(language, 'checkout.proceed')).click();

      // the delivery options
      await store.page.waitForURL(new RegExp(`/${language}/deliveryreview\\?address=[0-9]+$`));
      await expect.poll(() => button(say(language, 'checkout.proceed')).isEnabled()).toBe(true);
      await store.page
        .getByRole('radio', { name: new RegExp(say(language, 'delivery.standard')) })
        .first()
        .waitFor();
      await expectNoEnglish(`${language} deliveryreview`);
      await expectLinksIn(language, `${language} deliveryreview`);
      await button(say(language, 'checkout.proceed')).click();

      // the final review, with the business details open and a GSTIN of another state warned about
      await store.page.waitForURL(new RegExp(`/${language}/deliveryfinalreview\\?address=[0-9]+$`));
      await expect.poll(() => button(say(language, 'checkout.payCod')).isEnabled()).toBe(true);
      await expectNoEnglish(`${language} deliveryfinalreview`);
      await expectLinksIn(language, `${language} deliveryfinalreview`);
      await giveOtherStateGstin(language);
      await expectNoEnglish(`${language} deliveryfinalreview with a GSTIN of another state`);
      if (language === 'ta') {
        for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
          await store.screenshot('languages-checkout-ta-final-review', width);
          await expectFits(width, 'the Tamil final review');
        }
        await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
      }
      // no business after all: the order names the shopper
      await store.page.getByLabel('GSTIN', { exact: true }).fill('');

      // Pay COD: the success popup in the language, then My Orders in the language
      await button(say(language, 'checkout.payCod')).click();
      await store.page
        .getByRole('status')
        .filter({ hasText: say(language, 'checkout.order.codPlaced') })
        .first()
        .waitFor();
      await store.page.waitForURL(new RegExp(`/${language}/myorder$`));

      // the order's thank-you page
      await store.openHydrated(`/${language}/thankyou?order=${await latestOrderNo()}`);
      await store.page
        .getByRole('heading', { name: say(language, 'checkout.thanks.placed'), exact: true })
        .waitFor();
      await expectNoEnglish(`${language} thankyou`);
      await expectLinksIn(language, `${language} thankyou`);
    },
  );

  it.each(LANGUAGES)(
    'buys now in %s: the page, a GSTIN of another state, the address list, and paying online',
    async (language) => {
      const [c] = await twoSellers();
      await store.loginAs(SHOPPER);
      await store.openHydrated('/');
      await setBuyNow(buyNowItem(c));
      await store.openHydrated(`/${language}/buynow`);
      await expect.poll(() => button(say(language, 'checkout.cashOnDelivery')).isEnabled()).toBe(true);
      await expectNoEnglish(`${language} buynow`);
      await expectLinksIn(language, `${language} buynow`);

      await giveOtherStateGstin(language);
      await expectNoEnglish(`${language} buynow with a GSTIN of another state`);
      if (language === 'ta') {
        for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
          await store.screenshot('languages-checkout-ta-buynow', width);
          await expectFits(width, 'the Tamil buy now page');
        }
        await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
      }
      await store.page.getByLabel('GSTIN', { exact: true }).fill('');

      // the address list, and back to the default address
      await button(say(language, 'checkout.changeAddress')).click();
      await store.page
        .getByRole('heading', { name: say(language, 'checkout.selectAddress'), exact: true })
        .waitFor();
      await expectNoEnglish(`${language} buynow, the address list`);
      await expectLinksIn(language, `${language} buynow, the address list`);
      const home = await defaultAddress(store.db, SHOPPER);
      await store.page.getByRole('radio', { name: new RegExp(home.pincode) }).click();
      await button(say(language, 'checkout.changeAddress')).waitFor();

      // paying online: the payment page in the language
      await expect.poll(() => button(say(language, 'checkout.payOnline')).isEnabled()).toBe(true);
      await button(say(language, 'checkout.payOnline')).click();
      await store.page.waitForURL(new RegExp(`/${language}/paymentgateway\\?order=`));
      await button(say(language, 'checkout.payment.proceed')).waitFor();
      await expectNoEnglish(`${language} paymentgateway`);
      await expectLinksIn(language, `${language} paymentgateway`);
      const orderNo = (await store.page.getByTestId('order-no').textContent()) ?? '';

      // a failed payment is said in the language
      await store.openHydrated(`/${language}/paymentgateway?order=${orderNo}&payment=failed`);
      expect(await store.page.getByRole('alert').textContent()).toBe(
        say(language, 'checkout.payment.failed'),
      );
      await expectNoEnglish(`${language} paymentgateway after a failed payment`);

      // paid on the provider's page (the sandbox, in English), back to the thank-you page in the
      // language the shopper chose
      await store.page.context().addCookies([{ name: 'lang', value: language, url: store.url('/') }]);
      await button(say(language, 'checkout.payment.proceed')).click();
      await button(SANDBOX_TEXTS.succeed).click();
      await store.page.waitForURL(new RegExp(`/${language}/thankyou\\?order=`));
      await store.page.getByText(say(language, 'checkout.order.onlinePlaced'), { exact: true }).waitFor();
      await expectNoEnglish(`${language} thankyou, paid online`);
      await store.page.context().clearCookies({ name: 'lang' });
    },
  );

  it.each(LANGUAGES)(
    'says Buy Now’s data is invalid in %s, and sends an empty one to the cart',
    async (language) => {
      await store.loginAs(SHOPPER);
      await store.openHydrated('/');
      await setBuyNow('{"name":"no product"}');
      await store.openHydrated(`/${language}/buynow`);
      await store.page.getByText(say(language, 'checkout.buyNow.invalid'), { exact: true }).waitFor();
      await expectNoEnglish(`${language} buynow, invalid`);
      await expectLinksIn(language, `${language} buynow, invalid`);
      await setBuyNow('{}');
      await store.openHydrated(`/${language}/buynow`);
      await store.page.waitForURL(new RegExp(`/${language}/cart$`));
    },
  );
});
