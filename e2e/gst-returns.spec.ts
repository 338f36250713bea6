// requirements#gstr-8, requirements#seller-gst-returns (ADR-0043) in a browser: finance downloads a
// month's GSTR-8 from the console's Exports page, as CSV and as the offline tool's JSON, and the
// JSON's TCS is the ledger's for the month; a seller reads its Table 14 figures and TCS credit in
// Seller Central without scripts and downloads them. Screenshots of both pages at 360 and 1366 px.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sellers, settlementEntries, taxDocuments, users } from '@marketplace/db';
import { monthOf, monthStart, shiftMonth } from '@marketplace/domain/settlement/console-api';
import type { Gstr8Json } from '@marketplace/domain/settlement/gstr8';
import { MARKETPLACE_OPERATOR } from '@marketplace/domain/tax/document-view';
import { signInAsStaff } from './support/staff.ts';
import { expectFitsWidth, SCREENSHOTS, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const heading = (name: string) => store.page.getByRole('heading', { level: 1, name }).waitFor();
const SHOTS = '/tmp/shots-gst-returns';

/** Both widths of a page, kept with the others and copied where the reviewers look. */
async function shots(name: string) {
  await mkdir(SHOTS, { recursive: true });
  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    await store.screenshot(name, width);
    await copyFile(join(SCREENSHOTS, `${name}-${width}.png`), join(SHOTS, `${name}-${width}.png`));
  }
}

/** The last month that ended, and minus the ledger's TCS entries of its documents. */
async function lastMonth() {
  const month = shiftMonth(monthOf(new Date()), -1);
  const from = monthStart(month) ?? new Date();
  const to = monthStart(month, 1) ?? new Date();
  const documents = await store.db
    .select({ id: taxDocuments.id, sellerId: taxDocuments.sellerId })
    .from(taxDocuments)
    .where(and(gte(taxDocuments.issuedAt, from), lt(taxDocuments.issuedAt, to)));
  const entries =
    documents.length === 0
      ? []
      : await store.db
          .select({ amount: settlementEntries.amountPaise })
          .from(settlementEntries)
          .where(
            and(
              eq(settlementEntries.kind, 'tcs'),
              inArray(
                settlementEntries.documentId,
                documents.map((d) => d.id),
              ),
            ),
          );
  return { month, documents, tcsPaise: -entries.reduce((sum, e) => sum + e.amount, 0) + 0 };
}

describe('GST returns', () => {
  it('finance downloads the month’s GSTR-8 as CSV and as the offline tool’s JSON, which reconciles with the ledger', async () => {
    const { month, documents, tcsPaise } = await lastMonth();
    expect(documents.length).toBeGreaterThan(0);
    await signInAsStaff(store, 'finance-gstr8-e2e@staff.example.com', 'finance');
    await store.restartPage({ javaScript: false });
    await store.page.goto(store.url('/admin/settlements/exports'));
    await heading('Exports');
    await store.page.getByRole('heading', { name: 'GSTR-8: TCS collected (Tables 3 and 4)' }).waitFor();
    await store.page
      .getByText(/section 393\(1\)/)
      .first()
      .waitFor();
    const json = store.page.getByRole('link', { name: /JSON for the GST offline tool/ });
    expect(await json.getAttribute('href')).toBe(`/api/admin/settlements/exports/gstr8.json?month=${month}`);
    await shots('admin-exports-gstr8');
    await expectFitsWidth(store.page);

    const answer = await store.page.request.get(
      store.url(`/api/admin/settlements/exports/gstr8.json?month=${month}`),
    );
    expect(answer.status()).toBe(200);
    const gstr8 = (await answer.json()) as Gstr8Json;
    expect(gstr8.gstin).toBe(MARKETPLACE_OPERATOR.gstin);
    expect(gstr8.fp).toBe(`${month.slice(5, 7)}${month.slice(0, 4)}`);
    const paise = (rupees: number) => Math.round(rupees * 100);
    expect(gstr8.tcs.reduce((sum, r) => sum + paise(r.iamt) + paise(r.camt) + paise(r.samt), 0)).toBe(
      tcsPaise,
    );
    const csv = await store.page.request.get(
      store.url(`/api/admin/settlements/exports/tcs.csv?month=${month}`),
    );
    expect((await csv.text()).split('\r\n')[0]).toMatch(
      /^table,original_period,original_supplier_gstin,supplier_gstin,/,
    );
  });

  it('a seller reads its Table 14 and TCS credit without scripts and downloads them', async () => {
    const { month, documents } = await lastMonth();
    const [seller] = await store.db
      .select({ email: users.email, gstin: sellers.gstin })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(
        inArray(
          sellers.id,
          documents.map((d) => d.sellerId),
        ),
      )
      .limit(1);
    if (!seller?.gstin) throw new Error('a registered seller with documents last month');
    await store.loginAs(seller.email);
    await store.restartPage({ javaScript: false });
    await store.page.goto(store.url('/sellercentral/gst'));
    await heading('GST returns');
    await store.page.getByRole('heading', { name: /^GSTR-1 Table 14\(a\):/ }).waitFor();
    await store.page.getByText(MARKETPLACE_OPERATOR.gstin).first().waitFor();
    await store.page.getByRole('region', { name: 'TCS credit by place of supply' }).waitFor();
    await shots('sellercentral-gst');
    await expectFitsWidth(store.page);
    const table14 = await store.page.request.get(store.url(`/api/seller/gst/table-14.csv?month=${month}`));
    expect(table14.status()).toBe(200);
    expect((await table14.text()).split('\r\n')[1]).toContain(
      `,Liable to collect tax u/s 52(TCS),${MARKETPLACE_OPERATOR.gstin},`,
    );
  });
});
