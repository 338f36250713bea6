// requirements#operator-catalog: catalog staff approve a seller's new product in the browser and
// shoppers then find it; a rejection's reason reaches the seller; a seller's edit of a live product
// is approved from its before → after; two duplicates merge and the duplicate's address leads on.
// The decisions also work without scripts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, users } from '@marketplace/db';
import { MODERATION_MESSAGES } from '@marketplace/domain/admin/moderation-api';
import { LISTING_MESSAGES } from '@marketplace/domain/sellers/listing-api';
import { approveProduct } from '../apps/server/src/modules/seller-listings/index.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/sessions/index.ts';
import { submitSellerProduct } from '../apps/server/test-support/listings.ts';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const DAKSHIN = 'dakshin-mart@sellers.example.com';
const GANGA = 'ganga-mercantile@sellers.example.com';

const heading = (name: string | RegExp) => store.page.getByRole('heading', { level: 1, name }).waitFor();
const field = (label: string) => store.page.getByLabel(label, { exact: true });

/** A seller's new product, added through the listings API as Seller Central adds it. */
async function sellerProduct(email: string, title: string) {
  const [user] = await store.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const { token } = await createSession(store.db, user?.id ?? 0);
  return submitSellerProduct(
    (path, init) => fetch(store.url(path), init),
    `${SESSION_COOKIE}=${token}`,
    title,
  );
}

describe('the catalog console', () => {
  it('catalog staff approve a seller’s new product, edited, and shoppers find it', async () => {
    const title = 'Wombatware Copper Bottle 1 L';
    const created = await sellerProduct(DAKSHIN, title);
    await signInAsStaff(store, 'catalog-e2e@staff.example.com', 'catalog');
    await store.openHydrated('/admin/catalog');
    await heading('Moderation queue');
    const nav = store.page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(['Overview', 'Moderation', 'Merge products']),
    );
    const row = store.page.getByRole('row').filter({ hasText: title });
    expect(await row.textContent()).toContain('Dakshin Mart');
    expect(await row.textContent()).toContain('New product');
    await store.screenshot('admin-catalog-queue', WIDTHS.desktop);

    await row.getByRole('link', { name: title }).click();
    await heading(title);
    await store.page.getByText('Waiting for moderation').first().waitFor();
    // requirements#gst-tax: staff see the HSN code; its rate follows from the schedule, never typed
    await store.page
      .getByRole('definition')
      .filter({ hasText: /^7323$/ })
      .waitFor();
    expect(await field('Manufacturer name').inputValue()).toBe('Dakshin Steelworks');
    await store.screenshot('admin-catalog-review', WIDTHS.desktop);

    await field('Bullet points').fill('Pure copper, lacquered inside\nKeeps water cool');
    await store.page.getByRole('button', { name: 'Approve', exact: true }).click();
    await heading('Moderation queue');
    await store.page.getByText(MODERATION_MESSAGES.editedApproved).waitFor();
    expect(await store.page.getByRole('row').filter({ hasText: title }).count()).toBe(0);

    // the shop shows it, as edited
    const shown = await store.page.goto(store.url(`/productdetails/${encodeURIComponent(title)}`));
    expect(shown?.status()).toBe(200);
    await heading(title);
    await store.page.getByText('Pure copper, lacquered inside').first().waitFor();
    const [row2] = await store.db.select().from(products).where(eq(products.id, created.productId));
    expect(row2).toMatchObject({ moderationStatus: 'approved', isActive: true });
  });

  it('without scripts, staff reject one product with a reason the seller reads, and approve another', async () => {
    const rejected = 'Wombatware Brass Lamp';
    const approved = 'Wombatware Steel Lunch Box';
    await sellerProduct(DAKSHIN, rejected);
    const second = await sellerProduct(GANGA, approved);
    const page = await store.restartPage({ javaScript: false });
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await signInAsStaff(store, 'catalog-noscript@staff.example.com', 'catalog');
    await page.goto(store.url('/admin/catalog'));
    await page.getByRole('row').filter({ hasText: rejected }).getByRole('link').click();
    await heading(rejected);
    // no reason: the form says so
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText(MODERATION_MESSAGES.reason).first().waitFor();
    await field('Reason the product is rejected').fill('The images show a different lamp.');
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    await heading('Moderation queue');
    await page.getByText(MODERATION_MESSAGES.rejected).waitFor();

    await page.goto(store.url(`/admin/catalog/products/${second.productId}`));
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await heading('Moderation queue');
    await page.getByText(MODERATION_MESSAGES.approved).waitFor();
    expect((await page.goto(store.url(`/productdetails/${encodeURIComponent(approved)}`)))?.status()).toBe(
      200,
    );

    // the seller reads the reason in Seller Central
    await store.loginAs(DAKSHIN);
    await page.goto(store.url('/sellercentral/listings?q=wombatware%20brass'));
    await page.getByText('The images show a different lamp.').waitFor();
  });

  it('a seller’s edit of its live product waits, shown before → after, and applies once approved', async () => {
    const title = 'Wombatware Steel Tiffin';
    const created = await sellerProduct(DAKSHIN, title);
    expect((await approveProduct(store.db, created.productId, new Date())).code).toBe('OK');

    // the seller edits the title and bullets in Seller Central
    await store.loginAs(DAKSHIN);
    await store.openHydrated(`/sellercentral/listings/${created.offerId}`);
    await field('Title').fill('Wombatware Steel Tiffin, 3 Tier');
    await field('Bullet points').fill('Three tiers');
    await store.page.getByRole('button', { name: 'Save changes' }).click();
    await store.page.getByText(LISTING_MESSAGES.editSentToModeration).waitFor();
    // the shop keeps the approved product
    expect((await store.page.goto(store.url(`/productdetails/${encodeURIComponent(title)}`)))?.status()).toBe(
      200,
    );

    await signInAsStaff(store, 'catalog-edits@staff.example.com', 'catalog');
    await store.openHydrated('/admin/catalog');
    const row = store.page.getByRole('row').filter({ hasText: title }).filter({ hasText: 'Edit' });
    expect(await row.textContent()).toContain('Title, Bullet points');
    await row.getByRole('link').click();
    await store.page.getByRole('heading', { name: 'Edit waiting for review' }).waitFor();
    const changes = store.page.getByRole('region', { name: 'Fields the edit changes' });
    expect(await changes.getByRole('row').filter({ hasText: 'Title' }).textContent()).toContain(
      'Wombatware Steel Tiffin, 3 Tier',
    );
    await store.screenshot('admin-catalog-edit', WIDTHS.desktop);
    await store.page.getByRole('button', { name: 'Approve edit' }).click();
    await heading('Moderation queue');
    await store.page.getByText(MODERATION_MESSAGES.revisionApproved).waitFor();
    const shown = await store.page.goto(
      store.url(`/productdetails/${encodeURIComponent('Wombatware Steel Tiffin, 3 Tier')}`),
    );
    expect(shown?.status()).toBe(200);
    await store.page.getByText('Three tiers').first().waitFor();
  });

  it('an owner merges a duplicate into the product kept; the duplicate’s address leads there', async () => {
    const keep = await sellerProduct(GANGA, 'Wombatware Electric Kettle 1.5 L');
    const duplicate = await sellerProduct(DAKSHIN, 'Wombatware Kettle 1.5 Litre');
    expect((await approveProduct(store.db, keep.productId, new Date())).code).toBe('OK');

    await signInAsStaff(store, 'owner-merge@staff.example.com', 'owner');
    await store.openHydrated('/admin/catalog/merge');
    await heading('Merge duplicate products');
    await field('Find a product by name or id').fill('wombatware kettle');
    await store.page.getByRole('button', { name: 'Search' }).click();
    const found = store.page.getByRole('region', { name: 'Products found' });
    await found.getByRole('row').filter({ hasText: 'Wombatware Kettle 1.5 Litre' }).waitFor();
    await field('Product to keep').fill(String(keep.productId));
    await field('Duplicate').fill(String(duplicate.productId));
    await store.page.getByRole('button', { name: 'Preview the merge' }).click();
    await store.page.getByRole('heading', { name: 'What the merge does' }).waitFor();
    const moves = store.page.getByRole('region', { name: 'What moves to the product kept' });
    expect(await moves.getByRole('row').filter({ hasText: 'Offers' }).textContent()).toContain('1');
    await store.screenshot('admin-catalog-merge', WIDTHS.desktop);
    await store.page.getByRole('button', { name: /^Merge “/ }).click();
    await store.page
      .getByText(
        MODERATION_MESSAGES.merged('Wombatware Kettle 1.5 Litre', 'Wombatware Electric Kettle 1.5 L'),
      )
      .waitFor();

    const landed = await store.page.goto(
      store.url(`/productdetails/${encodeURIComponent('Wombatware Kettle 1.5 Litre')}`),
    );
    expect(landed?.status()).toBe(200);
    expect(decodeURIComponent(store.page.url())).toContain(
      '/productdetails/Wombatware Electric Kettle 1.5 L',
    );
    await heading('Wombatware Electric Kettle 1.5 L');
    // both sellers now offer the one product
    await store.page.getByText('Dakshin Mart').first().waitFor();
  });
});
