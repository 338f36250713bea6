// requirements#e-invoicing: a finance staff member reads the registrations the portal refused or that
// wait, with the seller, the document and the portal's code, and sends one again with the page's
// plain form (no scripts). Screenshots at 360 and 1366 px.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eInvoices, sellers, taxDocuments } from '@marketplace/db';
import { signInAsStaff } from './support/staff.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

/** A B2B invoice of a registered seller, with its registration refused by the portal (Duplicate IRN). */
async function refusedRegistration() {
  const [document] = await store.db
    .select({ id: taxDocuments.id, sellerId: taxDocuments.sellerId, number: taxDocuments.number })
    .from(taxDocuments)
    .innerJoin(sellers, eq(sellers.id, taxDocuments.sellerId))
    .where(eq(taxDocuments.kind, 'invoice'))
    .limit(1);
  if (!document) throw new Error('the seed has invoices');
  await store.db.insert(eInvoices).values({
    documentId: document.id,
    sellerId: document.sellerId,
    status: 'refused',
    attempts: 1,
    errorCode: '2150',
    errorMessage: 'Duplicate IRN',
  });
  return document;
}

describe('failed e-invoice registrations in the console', () => {
  it('lists a refusal with its portal code and sends it again without scripts', async () => {
    const document = await refusedRegistration();
    await signInAsStaff(store, 'finance-einv-e2e@staff.example.com', 'finance');
    await store.restartPage({ javaScript: false });
    await store.page.goto(store.url('/admin/settlements/e-invoices'));
    await store.page.getByRole('heading', { level: 1, name: 'E-invoices' }).waitFor();
    await store.page.getByText(document.number).first().waitFor();
    await store.page.getByText('Duplicate IRN').first().waitFor();
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await store.page.setViewportSize({ width, height: 900 });
      await expectFitsWidth(store.page);
      await store.screenshot('admin-e-invoices', width);
    }
    await store.page
      .getByRole('form', { name: `Send ${document.number} again` })
      .getByRole('button')
      .click();
    await store.page.locator('.settle-page [role="alert"], .settle-page [role="status"]').first().waitFor();
    const [row] = await store.db.select().from(eInvoices).where(eq(eInvoices.documentId, document.id));
    // the sandbox portal answered: registered, or refused again with its own code; tried once more
    expect(row?.attempts).toBe(2);
  });
});
