import AxeBuilder from '@axe-core/playwright';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  brands,
  cartItems,
  orderItems,
  orders,
  products,
  queryRows,
  shipments,
  users,
} from '@marketplace/db';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import { CHECKOUT_MESSAGES } from '@marketplace/domain/orders/checkout';
import { defaultAddress, deliverableOffers } from '../apps/server/test-support/orders.ts';
import { storedLine, userIdOf } from './support/cart-fixtures.ts';
import { revealAll } from './support/home.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

// requirements#accessibility: every page a shopper meets, at a phone's and a laptop's width, against
// WCAG 2.0 A and AA and WCAG 2.1 AA: any violation, of any impact, anywhere on the page (header and
// footer included) fails.

const store = useStorefront();
const SHOPPER = 'priya@example.com';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

async function violations() {
  // violations only: axe skips collecting the (far more numerous) passing and incomplete nodes
  // (options first: AxeBuilder's options() replaces what withTags() set)
  const results = await new AxeBuilder({ page: store.page })
    .options({ resultTypes: ['violations'] })
    .withTags(TAGS)
    .analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
  );
}

/** Checks the open page at both widths (the layout, and so contrast and names, changes with the width). */
async function expectClean(ready: () => Promise<unknown>) {
  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    await store.page.setViewportSize({ width, height: 900 });
    await ready();
    // soft: one run lists every page's violations, not only the first page's
    expect.soft(await violations(), `${new URL(store.page.url()).pathname} at ${width} px`).toEqual([]);
  }
}

async function openAndCheck(path: string, heading?: string | RegExp) {
  await store.openHydrated(path);
  await expectClean(async () => {
    if (heading) await store.page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
  });
}

const lineOf = (c: Awaited<ReturnType<typeof deliverableOffers>>[number]) =>
  storedLine({
    productId: c.offer.productId,
    sellerId: c.offer.sellerId,
    name: c.name,
    price: c.offer.salePricePaise,
  });

async function firstProduct() {
  const [row] = await store.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id))
    .limit(1);
  if (!row) throw new Error('a seeded product');
  return row;
}

/** A seeded item of the shopper's that has a shipment (and so tracking), by its item status. */
async function shippedItem(status: string) {
  const [row] = await store.db
    .select({ id: orderItems.id, orderNo: orders.orderNo })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(shipments, eq(shipments.id, orderItems.shipmentId))
    .where(and(eq(users.email, SHOPPER), isNotNull(orderItems.shipmentId), eq(orderItems.status, status)))
    .orderBy(desc(orderItems.id))
    .limit(1);
  return row;
}

async function anyItem() {
  const [row] = await store.db
    .select({ id: orderItems.id, orderNo: orders.orderNo })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(users.email, SHOPPER))
    .orderBy(asc(orderItems.id))
    .limit(1);
  if (!row) throw new Error('the shopper has orders');
  return row;
}

describe('accessibility of every shopper page (WCAG 2.1 AA, 360 and 1366 px)', () => {
  it('home', async () => {
    await store.openHydrated('/');
    await expectClean(() => revealAll(store.page));
  });

  it('a best-sellers listing and a category listing', async () => {
    await openAndCheck('/best-sellers-online/Luxury%20Beauty');
    const [top] = await queryRows<{ name: string }>(
      store.db,
      sql`SELECT name FROM categories WHERE level = 1 ORDER BY id LIMIT 1`,
    );
    await openAndCheck(categoryListingPath(1, top?.name ?? ''));
  });

  it('a product page', async () => {
    const product = await firstProduct();
    await openAndCheck(`/productdetails/${encodeURIComponent(product.name)}`);
  });

  it('search results', async () => {
    await openAndCheck('/searchpage/shirt');
  });

  it('a brand page', async () => {
    const [brand] = await store.db
      .select({ name: brands.name })
      .from(brands)
      .orderBy(asc(brands.id))
      .limit(1);
    await openAndCheck(`/brand/${encodeURIComponent(brand?.name ?? '')}`);
  });

  it("today's deals and coupons", async () => {
    await openAndCheck('/todaydeals');
    await openAndCheck('/coupons');
  });

  it('login, registration and a policy page', async () => {
    await openAndCheck('/login');
    await openAndCheck('/registration');
    await openAndCheck('/policy/Privacy%20Notice');
    await openAndCheck('/about');
  });

  it('a cart with lines', async () => {
    const address = await defaultAddress(store.db, SHOPPER);
    const found = await deliverableOffers(store.db, address.pincode);
    const lines = found.slice(0, 2).map(lineOf);
    await store.openHydrated('/');
    await store.page.evaluate((value) => localStorage.setItem('cartItems', JSON.stringify(value)), lines);
    await store.openHydrated('/cart');
    await expectClean(() => store.page.locator('.cart-line').first().waitFor());
  });

  it('the checkout steps', async () => {
    const address = await defaultAddress(store.db, SHOPPER);
    const found = await deliverableOffers(store.db, address.pincode);
    await store.openHydrated('/');
    await store.page.evaluate(
      (value) => localStorage.setItem('cartItems', JSON.stringify(value)),
      found.slice(0, 2).map(lineOf),
    );
    await store.db.delete(cartItems).where(eq(cartItems.userId, await userIdOf(store.db, SHOPPER)));
    await store.loginAs(SHOPPER);
    await store.openHydrated('/checkout');
    const proceed = store.page.getByRole('button', { name: CHECKOUT_MESSAGES.proceed, exact: true });
    await expectClean(() => store.page.getByRole('radio').first().waitFor());
    await proceed.click();
    await store.page.waitForURL(/\/deliveryreview\?address=[0-9]+$/);
    await expectClean(() => expect.poll(() => proceed.isEnabled()).toBe(true));
    await proceed.click();
    await store.page.waitForURL(/\/deliveryfinalreview\?address=[0-9]+$/);
    const pay = store.page.getByRole('button', { name: CHECKOUT_MESSAGES.payNow, exact: true });
    await expectClean(() => expect.poll(() => pay.isEnabled()).toBe(true));
  });

  it('My Orders, an order’s details and tracking', async () => {
    await store.loginAs(SHOPPER);
    await store.openHydrated('/myorder');
    await expectClean(() => store.page.getByTestId('order-card').first().waitFor());
    const item = await anyItem();
    await openAndCheck(`/neworderdetail?order=${item.orderNo}`);
    let tracked = 0;
    for (const status of ['shipped', 'delivered']) {
      const shipped = await shippedItem(status);
      if (!shipped) continue;
      await openAndCheck(`/trackitem?item=${shipped.id}`);
      tracked++;
    }
    expect(tracked, 'a seeded shipment to track').toBeGreaterThan(0);
  });

  // one test per page: each is checked at two widths, and a slow machine needs its time per page
  for (const path of [
    '/myprofile',
    '/updateprofile',
    '/updatepassword',
    '/settings',
    '/myaddress',
    '/addressform',
    '/bankaccount',
    '/accountform',
    '/mywhishlist',
    '/buyagain',
    '/saveforlater',
  ])
    it(`the account page ${path}`, async () => {
      await store.loginAs(SHOPPER);
      await openAndCheck(path);
    });

  // WCAG 2.5.3 (label in name): axe keeps this rule among its experimental ones, so it is asked for by
  // name; a speech user says what the logo shows and must reach it, on every header that draws it
  it('the logo is named by the text it shows, in the shop, sign-in and secure checkout headers', async () => {
    const address = await defaultAddress(store.db, SHOPPER);
    const [line] = (await deliverableOffers(store.db, address.pincode)).map(lineOf);
    const mismatches = async () => {
      const results = await new AxeBuilder({ page: store.page })
        .withRules(['label-content-name-mismatch'])
        .analyze();
      return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
    };
    for (const path of ['/', '/login']) {
      await store.openHydrated(path);
      expect.soft(await mismatches(), path).toEqual([]);
    }
    await store.page.evaluate((value) => localStorage.setItem('cartItems', JSON.stringify(value)), [line]);
    await store.loginAs(SHOPPER);
    await store.openHydrated('/checkout');
    await store.page.locator('.secure-head').waitFor();
    expect.soft(await mismatches(), '/checkout').toEqual([]);
  });

  it('the three feedback forms', async () => {
    const item = await anyItem();
    await store.db.update(orderItems).set({ status: 'delivered' }).where(eq(orderItems.id, item.id));
    await store.loginAs(SHOPPER);
    for (const kind of ['seller', 'delivery', 'product'])
      await openAndCheck(`/${kind}feedback?item=${item.id}`, /Feedback$/);
  });
});
