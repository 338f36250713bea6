import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, categories, products } from '@marketplace/db';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import { CART_MESSAGES } from '@marketplace/domain/cart/messages';
import { CHECKOUT_MESSAGES } from '@marketplace/domain/orders/checkout';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { storedLine, userIdOf } from './support/cart-fixtures.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

// requirements#accessibility. A shopper on a phone taps with a thumb, and a shopper with a
// keyboard tabs: WCAG 2.5.8 (targets at least 24 by 24 px), the 44 px of WCAG 2.5.5 for a page's
// main controls, and 2.4.1 (a way past the header to the page's content).

const store = useStorefront();
const SHOPPER = 'priya@example.com';

type Target = { name: string; width: number; height: number };

/**
 * Every control the shopper can tap that is on screen: links, buttons, fields, summaries. A radio
 * or checkbox counts with its label (a tap on the label picks it); a link inside a sentence is
 * exempt (WCAG 2.5.8's inline exception).
 */
function smallTargets(minimum: number) {
  return store.page.evaluate((min) => {
    const described = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const found: { name: string; width: number; height: number }[] = [];
    const controls = document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="option"], [tabindex="0"]',
    );
    for (const el of Array.from(controls)) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[hidden], [aria-hidden="true"], [inert]')) continue;
      let box = el.getBoundingClientRect();
      if (el instanceof HTMLInputElement && ['radio', 'checkbox', 'file'].includes(el.type)) {
        const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      }
      if (box.width === 0 && box.height === 0) continue; // not rendered
      if (el.classList.contains('skip-link')) continue; // off screen until focused
      // a link in running text: its size is the line's
      if (
        el.tagName === 'A' &&
        el.parentElement &&
        ['P', 'LI', 'SPAN', 'DD'].includes(el.parentElement.tagName)
      ) {
        const parentText = (el.parentElement.textContent ?? '').trim();
        const ownText = (el.textContent ?? '').trim();
        if (el.parentElement.tagName === 'P' && parentText.length > ownText.length + 10) continue;
      }
      if (box.width < min || box.height < min)
        found.push({ name: described(el), width: Math.round(box.width), height: Math.round(box.height) });
    }
    return found;
  }, minimum);
}

async function sizeOf(locator: ReturnType<typeof store.page.locator>): Promise<Target> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the control is not shown');
  return { name: '', width: Math.round(box.width), height: Math.round(box.height) };
}

async function expectAtLeast(locator: ReturnType<typeof store.page.locator>, size: number, label: string) {
  await locator.first().waitFor();
  const { width, height } = await sizeOf(locator.first());
  expect.soft({ width: Math.min(width, size), height: Math.min(height, size) }, label).toEqual({
    width: size,
    height: size,
  });
}

async function firstProductPath() {
  const [row] = await store.db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id))
    .limit(1);
  return `/productdetails/${encodeURIComponent(row?.name ?? '')}`;
}

async function cartLines() {
  const address = await defaultAddress(store.db, SHOPPER);
  const found = await deliverableOffers(store.db, address.pincode);
  const pick = found.find((c) => c.options.length > 1) ?? found[0];
  const other = found.find((c) => c.offer.sellerId !== pick?.offer.sellerId);
  return [pick, other].map((c) =>
    storedLine({
      productId: c?.offer.productId ?? 0,
      sellerId: c?.offer.sellerId ?? 0,
      name: c?.name ?? '',
      price: c?.offer.salePricePaise ?? 0,
    }),
  );
}

describe('tap targets on a phone (360 px)', () => {
  it('home: every control at least 24 px, Deliver to and search at least 44 px', async () => {
    await store.page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
    await store.openHydrated('/');
    expect.soft(await smallTargets(24)).toEqual([]);
    await expectAtLeast(store.page.getByRole('button', { name: /Deliver to/ }), 44, 'Deliver to');
    await expectAtLeast(store.page.getByRole('combobox', { name: /Search/ }), 44, 'search box');
  });

  it('a listing: every control at least 24 px, the sort choice at least 44 px', async () => {
    await store.page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
    const [top] = await store.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.level, 1))
      .orderBy(asc(categories.id))
      .limit(1);
    await store.openHydrated(categoryListingPath(1, top?.name ?? ''));
    await store.page.locator('.product-card').first().waitFor();
    expect.soft(await smallTargets(24)).toEqual([]);
    await expectAtLeast(store.page.locator('.listing-sort select'), 44, 'sort');
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) await store.screenshot('targets-listing', width);
  });

  it('product: every control at least 24 px, Add to Cart, Buy Now and quantity at least 44 px', async () => {
    await store.page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
    await store.openHydrated(await firstProductPath());
    const buyBox = store.page.getByRole('complementary', { name: 'Buy this product' });
    await buyBox.waitFor();
    expect.soft(await smallTargets(24)).toEqual([]);
    await expectAtLeast(buyBox.getByRole('button', { name: 'Add to Cart' }), 44, 'Add to Cart');
    await expectAtLeast(buyBox.getByRole('button', { name: 'Buy Now' }), 44, 'Buy Now');
    await expectAtLeast(buyBox.getByRole('combobox'), 44, 'quantity');
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) await store.screenshot('targets-product', width);
  });

  it('cart: every control at least 24 px, quantity and Proceed at least 44 px', async () => {
    await store.page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
    const lines = await cartLines();
    await store.openHydrated('/');
    await store.page.evaluate((value) => localStorage.setItem('cartItems', JSON.stringify(value)), lines);
    await store.openHydrated('/cart');
    await store.page.locator('.cart-line').first().waitFor();
    expect.soft(await smallTargets(24)).toEqual([]);
    await expectAtLeast(store.page.locator('.cart-line select'), 44, 'cart quantity');
    await expectAtLeast(
      store.page.getByRole('button', { name: CART_MESSAGES.checkOut, exact: true }),
      44,
      'Proceed to checkout',
    );
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) await store.screenshot('targets-cart', width);
    await expectAtLeast(
      store.page.locator('.cart-line').getByRole('button', { name: 'Remove' }),
      44,
      'Remove',
    );
  });

  it('checkout: every control at least 24 px, address and delivery choices at least 44 px tall', async () => {
    await store.page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
    const lines = await cartLines();
    await store.openHydrated('/');
    await store.page.evaluate((value) => localStorage.setItem('cartItems', JSON.stringify(value)), lines);
    await store.db.delete(cartItems).where(eq(cartItems.userId, await userIdOf(store.db, SHOPPER)));
    await store.loginAs(SHOPPER);
    await store.openHydrated('/checkout');
    const proceed = store.page.getByRole('button', { name: CHECKOUT_MESSAGES.proceed, exact: true });
    await store.page.getByRole('radio').first().waitFor();
    expect.soft(await smallTargets(24)).toEqual([]);
    await expectAtLeast(proceed, 44, 'Proceed');
    await proceed.click();
    await store.page.waitForURL(/\/deliveryreview\?address=[0-9]+$/);
    await expect.poll(() => proceed.isEnabled()).toBe(true);
    expect.soft(await smallTargets(24)).toEqual([]);
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) await store.screenshot('targets-delivery', width);
  });
});

describe('the keyboard', () => {
  it('reaches “Skip to main content” first, and it moves focus to the page’s content', async () => {
    await store.openHydrated('/');
    await store.page.keyboard.press('Tab');
    const focused = store.page.locator(':focus');
    expect(await focused.textContent()).toBe('Skip to main content');
    expect(await focused.isVisible()).toBe(true);
    await store.screenshot('skip-link', WIDTHS.mobile);
    await store.page.keyboard.press('Enter');
    await expect.poll(() => store.page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    // the next Tab goes on inside the page, not back to the header
    await store.page.keyboard.press('Tab');
    expect(await store.page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  it('closes the search suggestions on Escape and keeps the text typed', async () => {
    await store.openHydrated('/');
    const box = store.page.getByRole('combobox', { name: 'Search products, brands and categories' });
    await box.pressSequentially('shi');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
    await box.press('Escape');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    expect(await store.page.getByRole('listbox', { name: 'Suggestions' }).isVisible()).toBe(false);
    expect(await box.inputValue()).toBe('shi');
    // typing on opens the list again
    await box.pressSequentially('r');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
  });
});
