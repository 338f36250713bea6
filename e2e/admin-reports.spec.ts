// requirements#operator-reports: finance staff read orders, GMV, cancellations, returns and refunds
// by day, category and seller, as a chart and a table, and download each as CSV.
import { describe, expect, it } from 'vitest';
import { signInAsStaff } from './support/staff.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const heading = (name: string) => store.page.getByRole('heading', { level: 1, name }).waitFor();
const table = () => store.page.getByRole('region', { name: /^Orders by/ });

describe('the console’s reports', () => {
  it('finance reads the figures by day, by seller and by category, and downloads them as CSV', async () => {
    await signInAsStaff(store, 'finance-e2e@staff.example.com', 'finance');
    await store.page.goto(store.url('/admin'));
    await store.page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Reports' })
      .click();
    await heading('Reports');
    await store.page.getByRole('img', { name: /^GMV by day\./ }).waitFor();
    // 30 days and the totals line
    expect(await table().getByRole('row').count()).toBe(1 + 30 + 1);
    await store.screenshot('admin-reports-day', WIDTHS.desktop);

    await store.page
      .getByRole('navigation', { name: 'Reports' })
      .getByRole('link', { name: 'By seller' })
      .click();
    await store.page.waitForURL(/by=seller/);
    await store.page.getByRole('img', { name: /^GMV by seller\./ }).waitFor();
    await table().getByRole('columnheader', { name: 'Seller' }).waitFor();
    await store.screenshot('admin-reports-seller', WIDTHS.desktop);
    await store.screenshot('admin-reports-seller', WIDTHS.mobile);
    await expectFitsWidth(store.page);
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });

    const download = store.page.waitForEvent('download');
    await store.page.getByRole('link', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^orders-by-seller-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const body = await store.page.request.get(
      store.page.url().replace('/admin/reports?', '/api/admin/reports.csv?'),
    );
    const lines = (await body.text()).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^seller,orders,units,gmv_\(inr\)/);
    expect(lines.at(-1)).toMatch(/^Total,/);
    // one CSV line per row of the table, with the header and totals
    expect(lines.length).toBe(await table().getByRole('row').count());

    await store.page
      .getByRole('navigation', { name: 'Reports' })
      .getByRole('link', { name: 'By category' })
      .click();
    await store.page.getByRole('img', { name: /^GMV by category\./ }).waitFor();
    await store.screenshot('admin-reports-category', WIDTHS.desktop);
  });

  it('without scripts, chooses the days, and says what is wrong with days the wrong way round', async () => {
    await signInAsStaff(store, 'finance-noscript@staff.example.com', 'finance');
    await store.restartPage({ javaScript: false });
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await store.page.goto(store.url('/admin/reports'));
    await store.page.getByLabel('From', { exact: true }).fill('2026-11-01');
    await store.page.getByLabel('To', { exact: true }).fill('2026-11-07');
    await store.page.getByRole('button', { name: 'Show' }).click();
    await store.page.waitForURL(/from=2026-11-01&to=2026-11-07/);
    expect(await table().getByRole('row').count()).toBe(1 + 7 + 1);
    await table().getByRole('rowheader', { name: 'Sat, 7 Nov 2026' }).waitFor();

    await store.page.getByLabel('From', { exact: true }).fill('2026-11-20');
    await store.page.getByLabel('To', { exact: true }).fill('2026-11-07');
    await store.page.getByRole('button', { name: 'Show' }).click();
    await store.page.getByText('The first day must not be after the last day.').first().waitFor();
  });

  it('refuses marketing staff the reports', async () => {
    await signInAsStaff(store, 'marketing-reports@staff.example.com', 'marketing');
    const refused = await store.page.goto(store.url('/admin/reports'));
    expect(refused?.status()).toBe(403);
    await heading('Not allowed');
  });
});
