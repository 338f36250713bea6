// Every Seller Central page as a seeded seller sees it (requirements#seller-central), at a phone's
// and a laptop's width: nothing scrolls sideways, and each page is saved for people to look at.
// One browser page walks them all; the rows it opens are read from the seed, not made.
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  brandCampaigns,
  itemRequests,
  offerImports,
  offers,
  orderItems,
  orders,
  products,
  sellerMessages,
  sellers,
  shipments,
  users,
} from '@marketplace/db';
import { SELLER_ORDER_TABS } from '@marketplace/domain/sellers/seller-orders';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SELLER = 'dakshin-mart@sellers.example.com';
const SHOPPER = 'priya@example.com';

/** What the walk opens: Dakshin Mart's own rows from the seed. */
async function sellerRows() {
  const db = store.db;
  const [seller] = await db
    .select({ id: sellers.id })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(users.email, SELLER));
  if (!seller) throw new Error('Dakshin Mart is seeded');
  const own = eq(orderItems.sellerId, seller.id);
  // an item still to ship (its order's page shows the shipment form and the cancel form)
  const [toShip] = await db
    .select({ orderNo: orders.orderNo })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(own, eq(orderItems.status, 'pending')))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  // a shipment on its way: the order's page with its tracking, its label and packing slip
  const [onItsWay] = await db
    .select({ orderNo: orders.orderNo, invoiceNo: shipments.invoiceNo })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.sellerId, seller.id), eq(shipments.status, 'in_transit')))
    .limit(1);
  const [request] = await db
    .select({ refNo: itemRequests.refNo })
    .from(itemRequests)
    .innerJoin(orderItems, eq(orderItems.id, itemRequests.orderItemId))
    .where(and(own, eq(itemRequests.kind, 'return'), eq(itemRequests.status, 'pending')))
    .limit(1);
  const [conversation] = await db
    .select({ itemId: sellerMessages.orderItemId, topic: sellerMessages.topic })
    .from(sellerMessages)
    .where(eq(sellerMessages.sellerId, seller.id))
    .orderBy(asc(sellerMessages.id))
    .limit(1);
  // the listing with the longest product name: the edit page at its most crowded
  const [listing] = await db
    .select({ offerId: offers.id })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.sellerId, seller.id), isNull(offers.closedAt)))
    .orderBy(desc(sql`length(${products.name})`))
    .limit(1);
  const [upload] = await db
    .insert(offerImports)
    .values({
      sellerId: seller.id,
      fileName: 'dakshin-mart-prices-and-stock-for-the-festive-week.csv',
      status: 'done',
      totalRows: 1240,
      processedRows: 1240,
      appliedRows: 1237,
      errorRows: 3,
      errors: [
        { line: 14, sku: 'DM-KITCHEN-STEEL-TIFFIN-3-TIER-XL-0014', reason: 'This SKU is not one of yours.' },
        { line: 208, sku: 'DM-0208', reason: 'The price cannot be more than the M.R.P.' },
        { line: 977, sku: '', reason: 'The SKU is missing.' },
      ],
      finishedAt: new Date(),
    })
    .returning({ id: offerImports.id });
  // two campaigns of its own, like the seed gives every third seller: one paused, one ended
  const seeded = await db
    .select()
    .from(brandCampaigns)
    .where(sql`${brandCampaigns.sellerId} IS NOT NULL`)
    .orderBy(asc(brandCampaigns.id))
    .limit(2);
  if (seeded.length < 2) throw new Error('some sellers advertise');
  await db.insert(brandCampaigns).values(
    seeded.map(({ id: _id, ...campaign }, index) => ({
      ...campaign,
      sellerId: seller.id,
      name: index === 0 ? 'Dakshin Mart: kitchen and home essentials, Diwali week' : 'Dakshin Mart: summer',
    })),
  );
  if (!toShip || !onItsWay || !request || !conversation || !listing || !upload)
    throw new Error('Dakshin Mart has orders, a shipment, a request, a conversation and a listing');
  return { toShip, onItsWay, request, conversation, listing, upload };
}

/** The tables on the page that hide some of their columns behind a sideways scroll. */
const scrollingTables = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.ui-table-wrap')]
      .filter((wrap) => wrap.scrollWidth > wrap.clientWidth)
      .map((wrap) => wrap.getAttribute('aria-label')),
  );

/**
 * Opens a page at a phone's width, then looks at it there and on a laptop: the page fits, and
 * so does every table in it (on a phone a table's rows are cards).
 */
async function visit(name: string, path: string) {
  const page = store.page;
  await page.setViewportSize({ width: WIDTHS.mobile, height: 900 });
  const response = await page.goto(store.url(path));
  expect(response?.status(), `${path} answers`).toBe(200);
  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFitsWidth(page);
    expect(await scrollingTables(page), `${path} at ${width} px`).toEqual([]);
    await store.screenshot(`seller-${name}`, width);
  }
}

describe('Seller Central’s pages at a phone’s and a laptop’s width', () => {
  it('fits every page a seller works in, and the join page a shopper sees', async () => {
    const rows = await sellerRows();
    await store.loginAs(SELLER);

    await visit('dashboard', '/sellercentral');
    for (const tab of SELLER_ORDER_TABS) await visit(`orders-${tab}`, `/sellercentral/orders?tab=${tab}`);
    await visit('order-to-ship', `/sellercentral/orders/${rows.toShip.orderNo}`);
    const { orderNo, invoiceNo } = rows.onItsWay;
    await visit('order-shipped', `/sellercentral/orders/${orderNo}`);
    await visit('label', `/sellercentral/orders/${orderNo}/shipments/${invoiceNo}/label`);
    await visit('slip', `/sellercentral/orders/${orderNo}/shipments/${invoiceNo}/slip`);
    await visit('returns', '/sellercentral/returns');
    await visit('return-request', `/sellercentral/returns/${rows.request.refNo}`);
    await visit('payments', '/sellercentral/payments');
    await visit('inventory', '/sellercentral/inventory');
    await visit('inventory-upload', '/sellercentral/inventory/upload');
    await visit('inventory-import', `/sellercentral/inventory/imports/${rows.upload.id}`);
    await visit('listings', '/sellercentral/listings');
    await visit('listings-new', '/sellercentral/listings/new?q=steel');
    await visit('listings-new-product', '/sellercentral/listings/new-product');
    // the whole form, once a category is chosen
    const leaf = await store.page
      .getByLabel('Category', { exact: true })
      .locator('option')
      .nth(1)
      .getAttribute('value');
    await visit('listings-new-product-form', `/sellercentral/listings/new-product?category=${leaf}`);
    await visit('listing-edit', `/sellercentral/listings/${rows.listing.offerId}`);
    await visit('messages', '/sellercentral/messages');
    const { itemId, topic } = rows.conversation;
    await visit('conversation', `/sellercentral/messages/${itemId}/${topic}`);
    await visit('ads', '/sellercentral/ads');
    await visit('ads-new', '/sellercentral/ads/new');
    await visit('account', '/sellercentral/account');

    await store.page.context().clearCookies();
    await store.loginAs(SHOPPER);
    await visit('join', '/sellercentral/join');
  }, 60_000);
});
