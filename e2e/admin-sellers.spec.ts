// requirements#operator-sellers: a seller who joined through Seller Central waits in the console's
// onboarding queue; a catalog staff member opens it, reads its details and documents and approves
// it in the browser, and the seller can then list; another is rejected with a reason the seller
// reads on its joining page; without scripts the approval form still works. Screenshots at 1366 px.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, users } from '@marketplace/db';
import { ADMIN_SELLER_MESSAGES } from '@marketplace/domain/admin/sellers-api';
import { joinFields, PDF_BYTES, PNG_BYTES } from '../apps/server/test-support/seller-join.ts';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
let joined = 0;

/** A new account applies to sell through the joining API, in the page's browser; its email. */
async function sellerWhoJoined(displayName: string) {
  joined += 1;
  const email = `e2e-applicant-${joined}-${Date.now()}@example.com`;
  await store.db
    .insert(users)
    .values({ email, passwordHash: 'x', firstName: 'Kavya', lastName: displayName });
  await store.loginAs(email);
  const [top] = await store.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.level, 1))
    .limit(1);
  const fields = joinFields({ displayName, contactEmail: email });
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {};
  for (const [name, value] of Object.entries(fields)) if (typeof value === 'string') multipart[name] = value;
  multipart.categoryIds = String(top?.id ?? 0);
  multipart.taxCertificate = {
    name: 'gst-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(PDF_BYTES),
  };
  multipart.cancelledCheque = { name: 'cheque.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BYTES) };
  const res = await store.page.request.post(store.url('/api/seller/registration'), {
    multipart,
    headers: { origin: store.url('') },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

const heading = (name: string | RegExp) => store.page.getByRole('heading', { level: 1, name }).waitFor();
/** A card of the seller's page, by its heading. */
const card = (title: string) =>
  store.page.locator('section').filter({ has: store.page.getByRole('heading', { level: 2, name: title }) });

describe('sellers in the console', () => {
  it('a catalog staff member approves a seller who joined, which can then list', async () => {
    const email = await sellerWhoJoined('Kaveri Handlooms');
    await signInAsStaff(store, 'catalog-e2e@staff.example.com', 'catalog');
    await store.openHydrated('/admin');
    const nav = store.page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(['Overview', 'Sellers']),
    );
    await nav.getByRole('link', { name: 'Sellers' }).click();
    await store.page.waitForURL(store.url('/admin/sellers'));
    await heading('Sellers');
    const queue = store.page.getByRole('region', { name: 'Waiting for review sellers' });
    const row = queue.getByRole('row').filter({ hasText: 'Kaveri Handlooms' });
    await row.waitFor();
    expect(await row.textContent()).toContain(email);
    // the seeded application waited longest: it comes first
    expect(await queue.getByRole('row').nth(1).textContent()).toContain('Nilgiri Naturals');
    await store.screenshot('admin-sellers-queue', WIDTHS.desktop);

    await row.getByRole('link', { name: 'Kaveri Handlooms' }).click();
    await heading('Kaveri Handlooms');
    const documents = card('Documents');
    const certificate = documents.getByRole('link', { name: 'gst-certificate.pdf' });
    const href = await certificate.getAttribute('href');
    expect(href).toMatch(/^\/api\/admin\/sellers\/\d+\/documents\/\d+$/);
    const download = await store.page.request.get(store.url(href ?? ''));
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect(await store.page.getByText('•••• 9012').count()).toBeGreaterThan(0);
    await store.screenshot('admin-seller-pending', WIDTHS.desktop);

    await store.page.getByRole('button', { name: 'Approve', exact: true }).click();
    await store.page.getByText(ADMIN_SELLER_MESSAGES.done.approve('Kaveri Handlooms')).waitFor();
    const history = card('Status history');
    await history.getByText('Pending → Approved').waitFor();
    expect(await history.textContent()).toContain('catalog-e2e@staff.example.com');
    expect(await store.page.getByRole('button', { name: 'Suspend' }).count()).toBe(1);
    await store.screenshot('admin-seller-approved', WIDTHS.desktop);

    await store.page.goto(store.url('/admin/sellers?status=approved'));
    await store.page.getByRole('columnheader', { name: 'Late shipments' }).waitFor();
    await store.screenshot('admin-sellers-approved', WIDTHS.desktop);

    // the seller now lists from Seller Central
    await store.loginAs(email);
    await store.page.goto(store.url('/sellercentral/listings/new'));
    await heading('Sell an existing product');
  });

  it('a rejection’s reason reaches the seller on its joining page', async () => {
    const email = await sellerWhoJoined('Godavari Crafts');
    await signInAsStaff(store, 'catalog-reject-e2e@staff.example.com', 'catalog');
    await store.openHydrated('/admin/sellers?q=Godavari');
    await store.page.getByRole('link', { name: 'Godavari Crafts' }).click();
    await heading('Godavari Crafts');
    const reason = 'The PAN on the cheque differs from the one in your GSTIN. Upload the right cheque.';
    await store.page.getByLabel('Reason for rejecting').fill(reason);
    await store.page.getByRole('button', { name: 'Reject', exact: true }).click();
    await store.page.getByText(ADMIN_SELLER_MESSAGES.done.reject('Godavari Crafts')).waitFor();
    await store.page.getByText(reason).first().waitFor();
    await store.screenshot('admin-seller-rejected', WIDTHS.desktop);

    await store.loginAs(email);
    await store.page.goto(store.url('/sellercentral/join'));
    await heading('Correct your application');
    await store.page.getByText(reason).waitFor();
  });

  it('without scripts, staff approve through the form and read the answer', async () => {
    await sellerWhoJoined('Narmada Naturals');
    await signInAsStaff(store, 'catalog-noscript-e2e@staff.example.com', 'catalog');
    const page = await store.restartPage({ javaScript: false });
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(store.url('/admin/sellers?q=Narmada'));
    await page.getByRole('link', { name: 'Narmada Naturals' }).click();
    await heading('Narmada Naturals');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText(ADMIN_SELLER_MESSAGES.done.approve('Narmada Naturals')).waitFor();
    await page.getByText('Approved', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Suspend' }).count()).toBe(1);
    await store.screenshot('admin-seller-approved-no-script', WIDTHS.desktop);
  });
});
