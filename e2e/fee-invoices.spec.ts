// requirements#fee-invoices in a browser: once a month's fee invoices are issued, a seller finds its
// invoice under Payments › Fee invoices and downloads the PDF, without scripts; another seller neither
// sees it nor reaches its PDF; finance reads the month's invoices in the console, with the seller's
// name and GSTIN, and is told of a month that is not one. Screenshots at 1366 and 360 px.
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feeInvoices, sellers, taxDocuments, users } from '@marketplace/db';
import { monthLabel, monthOf, monthStart } from '@marketplace/domain/settlement/console-api';
import { issueFeeInvoices } from '../apps/server/src/modules/settlements/index.ts';
import { pdfText } from '../apps/server/test-support/pdf.ts';
import { signInAsStaff } from './support/staff.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

/** The month of the first seeded invoice, its fee invoices issued as the month-end job would. */
async function issuedMonth() {
  const [document] = await store.db.select().from(taxDocuments).orderBy(asc(taxDocuments.id)).limit(1);
  if (!document) throw new Error('no seeded tax document');
  const month = monthOf(document.issuedAt);
  const issued = await issueFeeInvoices(
    store.db,
    { cli: true },
    month,
    new Date((monthStart(month, 1)?.getTime() ?? 0) + 3_600_000),
    { operatorBand: 'up_to_5cr' },
  );
  expect(issued.code).toBe('ISSUED');
  const [invoice] = await store.db
    .select({ invoice: feeInvoices, email: users.email })
    .from(feeInvoices)
    .innerJoin(sellers, eq(sellers.id, feeInvoices.sellerId))
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(and(eq(feeInvoices.month, month), eq(feeInvoices.kind, 'invoice')))
    .orderBy(asc(feeInvoices.id))
    .limit(1);
  if (!invoice) throw new Error('no fee invoice issued');
  const [other] = await store.db
    .select({ email: users.email })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(and(ne(sellers.id, invoice.invoice.sellerId), isNotNull(sellers.userId)))
    .limit(1);
  if (!other) throw new Error('no second seller');
  return { month, invoice: invoice.invoice, sellerEmail: invoice.email, otherEmail: other.email };
}

describe('fee invoices', () => {
  it('a seller downloads its month’s fee invoice; another seller cannot; finance reads the month', async () => {
    const { month, invoice, sellerEmail, otherEmail } = await issuedMonth();

    // the seller, its browser running no scripts
    await store.loginAs(sellerEmail);
    await store.restartPage({ javaScript: false });
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await store.page.goto(store.url('/sellercentral/payments'));
    await store.page.getByRole('link', { name: 'Fee invoices' }).click();
    await store.page.getByRole('heading', { level: 1, name: 'Fee invoices' }).waitFor();
    const table = store.page.getByRole('region', { name: 'Fee invoices' });
    const row = table.getByRole('row').filter({ hasText: invoice.number });
    await row.waitFor();
    expect(await row.textContent()).toContain(monthLabel(month));
    const link = row.getByRole('link', { name: `Download ${invoice.number} as PDF` });
    const href = await link.getAttribute('href');
    if (!href) throw new Error('no PDF link');
    const pdf = await store.page.request.get(store.url(href));
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const { text } = await pdfText(new Uint8Array(await pdf.body()));
    expect(text).toContain(invoice.number);
    await store.screenshot('seller-fee-invoices', WIDTHS.desktop);
    await store.screenshot('seller-fee-invoices', WIDTHS.mobile);
    await expectFitsWidth(store.page);

    // another seller: not in its list, and its PDF is not found
    await store.page.context().clearCookies();
    await store.loginAs(otherEmail);
    await store.page.goto(store.url('/sellercentral/payments/fee-invoices'));
    await store.page.getByRole('heading', { level: 1, name: 'Fee invoices' }).waitFor();
    expect(await store.page.getByText(invoice.number).count()).toBe(0);
    expect((await store.page.request.get(store.url(href))).status()).toBe(404);

    // finance, in the console
    await store.page.context().clearCookies();
    await signInAsStaff(store, 'finance-fee-invoices-e2e@staff.example.com', 'finance');
    await store.page.goto(store.url('/admin/settlements/trial-balance'));
    await store.page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Fee invoices' })
      .click();
    await store.page.getByRole('heading', { level: 1, name: 'Fee invoices' }).waitFor();
    await store.page.goto(store.url(`/admin/settlements/fee-invoices?month=${month}`));
    const month$ = store.page.getByRole('region', { name: `Fee invoices of ${monthLabel(month)}` });
    const consoleRow = month$.getByRole('row').filter({ hasText: invoice.number });
    await consoleRow.waitFor();
    expect(await consoleRow.textContent()).toContain(invoice.sellerLegalName);
    await store.screenshot('admin-fee-invoices', WIDTHS.desktop);
    await store.screenshot('admin-fee-invoices', WIDTHS.mobile);
    await expectFitsWidth(store.page);

    // a month that is not one, typed into the address: 400 with the message beside the field
    const bad = await store.page.goto(store.url('/admin/settlements/fee-invoices?month=2026-13'));
    expect(bad?.status()).toBe(400);
    await store.page.getByRole('heading', { level: 1, name: 'Fee invoices' }).waitFor();
  });
});
