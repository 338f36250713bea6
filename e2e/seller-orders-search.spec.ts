// requirements#seller-orders: a seller narrows the orders list by SKU, buyer or days in a form that
// works before any script, and downloads exactly that list as CSV; offers on sale read "Active" in
// Listings as in Inventory.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, sellers, users } from '@marketplace/db';
import { useStorefront } from './support/storefront.ts';

const store = useStorefront();
const SELLER = 'dakshin-mart@sellers.example.com';

async function anItemToShip() {
  const [row] = await store.db
    .select({ sku: orderItems.sku, orderNo: orders.orderNo, buyer: orders.deliveryName })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(and(eq(users.email, SELLER), eq(orderItems.status, 'pending'), eq(orders.status, 'placed')))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!row) throw new Error('Dakshin Mart has an item to ship');
  return row;
}

describe('Seller Central orders: search and CSV', () => {
  it('finds the items of a SKU without scripts, and downloads the same list as CSV', async () => {
    const item = await anItemToShip();
    await store.loginAs(SELLER);
    const page = await store.restartPage({ javaScript: false });
    await page.goto(store.url('/sellercentral/orders?tab=to_ship'));
    await page.getByLabel('Order no., SKU or buyer').fill(item.sku.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === item.sku.toLowerCase());
    const rows = page.locator('.sc-ord-table tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const text of await rows.allTextContents()) expect(text).toContain(`SKU ${item.sku}`);

    const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    expect(href).toContain(`q=${encodeURIComponent(item.sku.toLowerCase())}`);
    const answer = await page.request.get(store.url(href ?? ''));
    expect(answer.status()).toBe(200);
    const lines = (await answer.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Order number,Ordered on (IST),SKU,Product,Quantity,Amount (INR),Buyer,City,Status,AWB',
    );
    // every item the tab counts, every page of it
    const counted = Number(
      await page
        .getByRole('link', { name: /^To ship/ })
        .locator('.ui-tablink-count')
        .textContent(),
    );
    expect(lines.length - 1).toBe(counted);
    expect(lines.slice(1).every((line) => line.includes(`,${item.sku},`))).toBe(true);
  });

  it('finds a buyer’s orders by a part of the name, and says so when a day range holds none', async () => {
    const item = await anItemToShip();
    await store.loginAs(SELLER);
    await store.openHydrated('/sellercentral/orders?tab=to_ship');
    const page = store.page;
    const part = item.buyer.split(' ')[0] ?? item.buyer;
    await page.getByLabel('Order no., SKU or buyer').fill(part);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === part);
    await page.getByRole('link', { name: item.orderNo }).first().waitFor();

    await page.goto(store.url('/sellercentral/orders?tab=to_ship&from=2001-01-01&to=2001-01-31'));
    await page.getByText('No order matches your search.').waitFor();
    await page.goto(store.url('/sellercentral/orders?tab=to_ship&from=2026-11-21&to=2026-11-20'));
    await page.getByText('The “To” day must not be before the “From” day.').waitFor();
  });

  it('calls an offer on sale Active in Listings, as Inventory does', async () => {
    await store.loginAs(SELLER);
    await store.openHydrated('/sellercentral/listings');
    const badges = await store.page.locator('.sc-list-table .ui-badge, table .ui-badge').allTextContents();
    expect(badges).toContain('Active');
    expect(badges).not.toContain('Live');
    await store.openHydrated('/sellercentral/inventory');
    expect(await store.page.locator('table').getByText('Active', { exact: true }).count()).toBeGreaterThan(0);
  });
});
