// requirements#payment-page-scripts: the payment page's scripts load with their integrity, a script
// the policy blocks is reported to us, and an owner reviews a changed list in the console (with and
// without scripts). Screenshots at 360 and 1366 px.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cspViolations } from '@marketplace/db';
import { paymentPageCheckJob } from '../apps/server/src/modules/payment-page/index.ts';
import { loadProductionWeb } from '../apps/server/src/web/production.ts';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';
import pino from 'pino';

const store = useStorefront();
const silent = pino({ level: 'silent' });

describe('the payment page’s scripts', () => {
  it('load with their integrity; a script slipped into the page is blocked and reported', async () => {
    await store.loginAs('priya@example.com');
    const { page } = store;
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/integrity/i.test(message.text())) refused.push(message.text());
    });
    await store.openHydrated('/paymentgateway');
    expect(refused, 'no build file was refused for its integrity').toEqual([]);
    // what a skimmer injected into the page would do: an inline script without the page's nonce
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.skimmed = true;';
      document.body.appendChild(script);
      await new Promise((done) => setTimeout(done, 100));
      return (window as unknown as { skimmed?: boolean }).skimmed === true;
    });
    expect(ran).toBe(false);
    await expect
      .poll(async () => {
        const rows = await store.db
          .select()
          .from(cspViolations)
          .where(eq(cspViolations.documentPath, '/paymentgateway'));
        return rows.map((row) => `${row.directive} ${row.blocked}`);
      })
      .toContain('script-src-elem inline');
    // and nothing of ours broke the policy while the page started (zod's eval probe once did)
    const rows = await store.db.select().from(cspViolations);
    expect(rows.map((row) => `${row.documentPath} ${row.directive} ${row.blocked}`)).toEqual([
      '/paymentgateway script-src-elem inline',
    ]);
  });

  it('an owner sees a changed list, what moved, and reviews it; the review works without scripts', async () => {
    const web = await loadProductionWeb();
    const release = web.release;
    if (!release) throw new Error('no release');
    let externalContent = 'one';
    const hashOf = () => Promise.resolve(`sha384-${externalContent}`);
    const externals = [
      {
        src: 'https://checkout.razorpay.com/v1/checkout.js',
        owner: 'Razorpay',
        purpose: 'Razorpay’s checkout: the card, UPI and netbanking form opens in Razorpay’s own frame.',
      },
    ];
    const job = paymentPageCheckJob(store.db, () => release, externals, silent, { hashOf });
    await job.run(); // a new shop's first list stands reviewed
    externalContent = 'two'; // the provider changed its script
    await job.run();

    await signInAsStaff(store, 'owner-scripts-e2e@staff.example.com', 'owner');
    const page = await store.restartPage({ javaScript: false });
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(store.url('/admin/payment-scripts'));
    await page.getByRole('heading', { level: 1, name: 'Payment page scripts' }).waitFor();
    const changed = page.getByRole('region', { name: 'The scripts changed since the last review' });
    await changed.waitFor();
    expect(await changed.textContent()).toContain('https://checkout.razorpay.com/v1/checkout.js');
    const build = page.getByRole('table', { name: 'Our build: the scripts' });
    expect(await build.getByRole('row').count()).toBeGreaterThan(6);
    const external = page.getByRole('table', { name: 'Another origin: the scripts' });
    expect(await external.textContent()).toContain('Razorpay’s checkout');
    expect(await page.getByRole('table', { name: 'Written into the page: the scripts' }).count()).toBe(1);
    await store.screenshot('admin-payment-scripts-changed', WIDTHS.desktop);
    await store.screenshot('admin-payment-scripts-changed', WIDTHS.mobile);

    await page.getByRole('button', { name: 'I have reviewed these scripts' }).click();
    await page.getByText('The payment page’s scripts are recorded as reviewed.').waitFor();
    expect(await page.locator('.pps-state').textContent()).toContain('owner-scripts-e2e@staff.example.com');
    expect(
      await page.getByRole('region', { name: 'The scripts changed since the last review' }).count(),
    ).toBe(0);
    await store.screenshot('admin-payment-scripts-reviewed', WIDTHS.mobile);
    await store.screenshot('admin-payment-scripts-reviewed', WIDTHS.desktop);
  });
});
