// requirements#operator-content: marketing staff write a policy page in the console's rich-text
// editor, publish it and link it from the footer; a shopper reads it. Without scripts the same page
// is edited as HTML in a textarea, and hostile HTML comes out cleaned.
import { describe, expect, it } from 'vitest';
import { signInAsStaff } from './support/staff.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

// the storefront reads its menus afresh on every page here (in production: within a minute)
const store = useStorefront({ keepPageLookupsMs: 0 });
const MARKETING = 'meera-e2e@staff.example.com';
const TITLE = 'Cancellation Policy';
const ADDRESS = '/policy/cancellation-policy';

const heading = (name: string | RegExp) => store.page.getByRole('heading', { level: 1, name }).waitFor();

describe('explore and policy pages in the console', () => {
  it('marketing staff write a policy page with the editor, publish it, link it from the footer; a shopper reads it', async () => {
    await signInAsStaff(store, MARKETING, 'marketing');
    const dialogs: string[] = [];
    store.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await store.openHydrated('/admin/content/pages');
    await heading('Explore and policy pages');
    const nav = store.page.getByRole('navigation', { name: 'Console' });
    const entries = await nav.getByRole('link').allTextContents();
    expect(entries).toEqual(expect.arrayContaining(['Overview', 'Menus', 'Pages']));
    expect(entries).not.toContain('Audit log');
    await store.page.getByRole('link', { name: 'New page' }).click();
    await heading('New page');

    await store.page.getByLabel('Title', { exact: true }).fill(TITLE);
    await store.page.getByLabel('Kind').selectOption('policy');
    await store.page.getByLabel('Address', { exact: true }).fill('cancellation-policy');
    const toolbar = store.page.getByRole('toolbar', { name: 'Page text: formatting' });
    await toolbar.waitFor();
    const editor = store.page.getByRole('textbox', { name: 'Page text' });
    await editor.click();
    // pressing a tool leaves the focus in the text, so nothing typed right after it is lost
    const bold = await toolbar.getByRole('button', { name: 'Bold' }).boundingBox();
    if (!bold) throw new Error('the Bold button is not shown');
    await store.page.mouse.move(bold.x + bold.width / 2, bold.y + bold.height / 2);
    await store.page.mouse.down();
    expect(await store.page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('textbox');
    await store.page.mouse.up();
    await store.page.keyboard.type('Cancel within a day of ordering.');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    expect(await toolbar.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('false');
    await store.page.keyboard.press('Enter');
    await store.page.keyboard.type('You can cancel:');
    await store.page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    await store.page.keyboard.type('Before the order ships');
    await store.page.keyboard.press('Enter');
    await store.page.keyboard.type('For a full refund');
    await store.page.keyboard.press('Enter');
    await store.page.keyboard.press('Enter'); // out of the list
    await store.page.keyboard.type('Read the shipping policy');
    await store.page.keyboard.down('Shift');
    for (let i = 0; i < 'shipping policy'.length; i++) await store.page.keyboard.press('ArrowLeft');
    await store.page.keyboard.up('Shift');
    await toolbar.getByRole('button', { name: 'Link', exact: true }).click();
    await store.page.getByLabel('Link address').fill('/policy/shipping-policy');
    await toolbar.getByRole('button', { name: 'Apply link' }).click();
    await editor.locator('a[href="/policy/shipping-policy"]').waitFor();
    await store.screenshot('admin-page-editor', WIDTHS.desktop);

    await store.page.getByRole('button', { name: 'Create draft' }).click();
    await store.page.getByText('Saved as a draft. Publish it to show it to shoppers.').waitFor();
    await heading(TITLE);
    const preview = store.page.locator('.admin-page-preview');
    expect(await preview.locator('strong').textContent()).toBe('Cancel within a day of ordering.');
    expect(await preview.locator('ul li').allTextContents()).toEqual([
      'Before the order ships',
      'For a full refund',
    ]);
    expect(await preview.getByRole('link', { name: 'shipping policy' }).getAttribute('href')).toBe(
      '/policy/shipping-policy',
    );

    await store.page.getByRole('button', { name: 'Publish' }).click();
    await store.page.getByText('Published. Shoppers see the page within a minute.').waitFor();
    await store.page.getByRole('link', { name: ADDRESS }).waitFor();

    // the footer's Policies column gets a link to it, moved up one place
    await store.openHydrated('/admin/content/menus');
    await heading('Menus');
    const addFooter = store.page
      .locator('form')
      .filter({ has: store.page.getByRole('button', { name: 'Add to the footer' }) });
    await addFooter.getByLabel('Column').selectOption({ label: 'Policies' });
    await addFooter.getByLabel('Label').fill(TITLE);
    await addFooter.getByLabel('Page', { exact: true }).selectOption({ label: `${TITLE} (Policy)` });
    await addFooter.getByRole('button', { name: 'Add to the footer' }).click();
    await store.page.getByText('Added to the footer.').waitFor();
    const policies = store.page.getByRole('region', { name: 'Policies, in order' });
    await expect.poll(() => policies.getByRole('row').last().textContent()).toContain(TITLE);
    await policies.getByRole('button', { name: `Move ${TITLE} up` }).click();
    await store.page.getByText('Menu entry moved.').waitFor();
    await expect.poll(() => policies.getByRole('row').nth(-2).textContent()).toContain(TITLE);
    await store.screenshot('admin-menus', WIDTHS.desktop);
    expect(dialogs).toEqual([]);

    // a shopper (no session) finds it in the footer and reads it
    await store.page.context().clearCookies();
    await store.page.goto(store.url('/'));
    const footerLink = store.page.locator('footer').getByRole('link', { name: TITLE });
    await footerLink.click();
    await store.page.waitForURL(store.url(ADDRESS));
    await heading(TITLE);
    const body = store.page.locator('.content-body');
    expect(await body.locator('strong').textContent()).toBe('Cancel within a day of ordering.');
    expect(await body.locator('ul li').count()).toBe(2);
    expect(await body.getByRole('link', { name: 'shipping policy' }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    await store.page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
    await expectFitsWidth(store.page);
    await store.screenshot('policy-page', WIDTHS.mobile);
  });

  it('without scripts, staff edit the page as HTML in a textarea; hostile HTML is saved and shown cleaned', async () => {
    await signInAsStaff(store, 'meera-noscript@staff.example.com', 'marketing');
    const page = await store.restartPage({ javaScript: false });
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(store.url('/admin/content/pages'));
    await page.getByRole('link', { name: TITLE }).click();
    await heading(TITLE);
    const html = page.getByLabel('Page text');
    expect(await html.evaluate((element) => element.tagName)).toBe('TEXTAREA');
    expect(await html.inputValue()).toContain('<strong>Cancel within a day of ordering.</strong>');
    await html.fill(
      '<h2 onclick="alert(1)">Changed plans</h2><p style="color:red">Cancel <b>without</b> scripts.</p>' +
        '<script>alert(1)</script><img src=x onerror=alert(1)><p><a href="javascript:alert(1)">bad link</a></p>' +
        '<iframe src="https://evil.example"></iframe><svg onload=alert(1)></svg>',
    );
    await store.screenshot('admin-page-no-script', WIDTHS.desktop);
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.getByText('Saved. The page is live.').waitFor();
    const saved = await page.getByLabel('Page text').inputValue();
    expect(saved).toBe(
      '<h2>Changed plans</h2><p>Cancel <b>without</b> scripts.</p><p><a rel="noopener noreferrer">bad link</a></p>',
    );

    await page.goto(store.url(ADDRESS));
    await heading(TITLE);
    const body = page.locator('.content-body');
    expect(await body.innerHTML()).toBe(saved);
    expect(
      await page
        .locator('.content-body script, .content-body img, .content-body iframe, .content-body svg')
        .count(),
    ).toBe(0);
    expect(await body.getByText('bad link').getAttribute('href')).toBeNull();
  });
});
