// requirements#journal (ADR-0053): finance reads the operator's trial balance in the console, its
// browser running no scripts, chooses a day with the page's form, is told of a day that is not one, and
// finds the month's Tally and CSV journal to download. Screenshots at 1366 and 360 px.
import { describe, expect, it } from 'vitest';
import { signInAsStaff } from './support/staff.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

describe('the trial balance in the console', () => {
  it('shows debits equal to credits, takes a day, and links the month’s journal files, at 1366 and 360 px', async () => {
    await signInAsStaff(store, 'finance-journal-e2e@staff.example.com', 'finance');
    await store.restartPage({ javaScript: false });
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await store.page.goto(store.url('/admin/settlements/trial-balance'));
    await store.page.getByRole('heading', { level: 1, name: 'Trial balance' }).waitFor();
    await store.page.getByText('Debits and credits agree').waitFor();
    const nav = store.page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Trial balance' }).waitFor();
    const table = store.page.getByRole('region', { name: /^Trial balance at the end of/ });
    expect(await table.getByRole('row').count()).toBeGreaterThan(5);
    await table.getByRole('row').filter({ hasText: 'Bank current account' }).first().waitFor();
    const tally = store.page.getByRole('link', { name: 'Download for TallyPrime (XML)' });
    expect(await tally.getAttribute('href')).toMatch(
      /^\/api\/admin\/settlements\/journal\/tally\.xml\?month=\d{4}-\d{2}$/,
    );
    await store.screenshot('admin-trial-balance', WIDTHS.desktop);
    await store.screenshot('admin-trial-balance', WIDTHS.mobile);
    await expectFitsWidth(store.page);
    // the sellers' ledgers stand as one line, so a phone reads the balance in a few screens
    const sellers = table.getByRole('link', { name: /^Sellers’ payables \(\d+ sellers\)$/ });
    await sellers.waitFor();
    expect(await store.page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(4500);
    const each = store.page.getByRole('region', { name: 'Each seller’s payable' });
    expect(await each.isVisible()).toBe(false);
    await store.page.getByText(/^Each seller’s payable \(\d+\)$/).click();
    expect(await each.getByRole('row').count()).toBeGreaterThan(10);
    await store.screenshot('admin-trial-balance-sellers', WIDTHS.mobile);

    // a day before anything was posted: nothing on it
    await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await store.page.getByLabel('At the end of', { exact: true }).fill('2020-01-01');
    await store.page.getByRole('button', { name: 'Show' }).click();
    await store.page.getByText('Nothing was posted by then.').waitFor();

    // a day that is not one, typed into the address: a 400 page with the message beside the field
    const res = await store.page.goto(store.url('/admin/settlements/trial-balance?date=2026-02-30'));
    expect(res?.status()).toBe(400);
    await store.page.getByText('Choose a day (YYYY-MM-DD).').waitFor();
  });
});
