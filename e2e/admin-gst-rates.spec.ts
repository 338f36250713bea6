// requirements#gst-tax: a finance staff member reads the GST rate schedule and adds a future-dated
// rate with the page's plain form. Screenshots at 360 and 1366 px.
import { describe, it } from 'vitest';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

describe('the GST rate schedule in the console', () => {
  it('lists the rates in force with their notifications and adds a future-dated rate', async () => {
    await signInAsStaff(store, 'finance-gst-e2e@staff.example.com', 'finance');
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await store.page.goto(store.url('/admin/settlements/gst-rates'));
    await store.page.getByRole('heading', { level: 1, name: 'GST rates' }).waitFor();
    await store.page.getByText('Notification 19/2025-Central Tax (Rate)').first().waitFor();
    const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    await store.page.getByLabel('HSN prefix', { exact: true }).fill('9504');
    await store.page.getByLabel('Goods', { exact: true }).fill('Board games and playing cards');
    await store.page.getByLabel('Takes effect on', { exact: true }).fill(day);
    await store.page.getByLabel('Rate', { exact: true }).selectOption('500');
    await store.page
      .getByLabel('Notification', { exact: true })
      .fill('Notification 99/2027-Central Tax (Rate)');
    await store.page.getByRole('button', { name: 'Add rate' }).click();
    await store.page.getByText('Rate added to the schedule.').waitFor();
    await store.screenshot('admin-gst-rates', WIDTHS.desktop);
    await store.screenshot('admin-gst-rates', WIDTHS.mobile);
  });
});
