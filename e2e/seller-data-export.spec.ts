// requirements#data-export: a seller downloads its own data from Seller Central's Account page.
// Screenshots at 360 and 1366 px.
import { describe, expect, it } from 'vitest';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SELLER = 'dakshin-mart@sellers.example.com';

describe('a seller’s own data', () => {
  it('is a JSON file behind “Download my data” on the Account page', async () => {
    await store.loginAs(SELLER);
    const { page } = store;
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(store.url('/sellercentral/account'));
    const link = page.getByRole('link', { name: 'Download my data' });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^my-seller-data-\d{4}-\d{2}-\d{2}\.json$/);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const file = JSON.parse(await readFile(path, 'utf8')) as { account: { email: string } };
    expect(file.account.email).toBe(SELLER);
    await page.getByRole('heading', { name: 'Your data' }).scrollIntoViewIfNeeded();
    await store.screenshot('seller-data-export', WIDTHS.desktop);
    await store.screenshot('seller-data-export', WIDTHS.mobile);
  });
});
