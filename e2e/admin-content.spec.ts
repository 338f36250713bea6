// requirements#operator-content: marketing staff edit a home-page block, preview it at phone and
// desktop width, publish it and the shopper's home page shows it; a banner added with its image shows
// on the home carousel; one block is edited with no scripts at all.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { revealAll } from './support/home.ts';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const MARKETING = 'marketing-content-e2e@staff.example.com';
const ROW = 'Why shop with us';

const heading = (name: string | RegExp) => store.page.getByRole('heading', { level: 1, name }).waitFor();

describe('storefront content in the console', () => {
  it('marketing edits a home block, previews it at both widths, publishes it and shoppers see it', async () => {
    await signInAsStaff(store, MARKETING, 'marketing');
    await store.openHydrated('/admin');
    const nav = store.page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Storefront content' }).click();
    await heading('Storefront content');
    await store.page.getByRole('link', { name: 'Page blocks' }).click();
    await heading('Page blocks: Home page');
    const rows = store.page.getByRole('region', { name: 'Rows, top to bottom' });
    await rows.getByRole('link', { name: ROW }).waitFor();
    await store.screenshot('admin-content-blocks', WIDTHS.desktop);

    await rows.getByRole('link', { name: ROW }).click();
    await heading(ROW);
    const block = store.page.getByRole('form', { name: 'Block 1' });
    // with scripts, only the content block's fields show
    expect(await block.getByLabel('Product ids').isVisible()).toBe(false);
    const text = 'Fresh deals from sellers in your own city, every single day.';
    await block.getByLabel('Text', { exact: true }).fill(text);
    await block.getByLabel('Link', { exact: true }).fill('javascript:alert(1)');
    await block.getByRole('button', { name: 'Publish' }).click();
    await block.getByText('A link is a path on this shop').first().waitFor();

    const again = store.page.getByRole('form', { name: 'Block 1' });
    await again.getByLabel('Link', { exact: true }).fill('/todaydeals');
    await again.getByRole('button', { name: 'Preview' }).click();
    const preview = store.page.getByRole('region', { name: 'Preview' });
    await preview.getByText('Preview: not yet published').waitFor();
    for (const title of ['Preview at phone width', 'Preview at desktop width']) {
      const frame = store.page.frameLocator(`iframe[title="${title}"]`);
      await frame.getByText(text).waitFor();
      expect(await frame.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe('/todaydeals');
    }
    // nothing is published yet
    const before = await (await store.page.request.get(store.url('/'))).text();
    expect(before).not.toContain(text);
    await store.screenshot('admin-content-preview', WIDTHS.desktop);

    await store.page.getByRole('form', { name: 'Block 1' }).getByRole('button', { name: 'Publish' }).click();
    await store.page.getByText('The block was published.').waitFor();

    // the shopper's home page shows it at once
    const shopper = await store.restartPage();
    await shopper.context().clearCookies();
    await store.openHydrated('/');
    await revealAll(shopper);
    await shopper.getByText(text).waitFor();
    expect(await shopper.getByRole('link', { name: 'Learn more' }).first().getAttribute('href')).toBe(
      '/todaydeals',
    );
    await store.screenshot('admin-content-home', WIDTHS.mobile);
  }, 90_000);

  it('adds a banner with its image that the home carousel shows', async () => {
    await signInAsStaff(store, 'marketing-banner-e2e@staff.example.com', 'marketing');
    await store.openHydrated('/admin/content/banners');
    await heading('Banners');
    const form = store.page.getByRole('form', { name: 'Add a banner' });
    const image = await sharp({ create: { width: 1800, height: 400, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    await form
      .getByLabel('Image')
      .setInputFiles({ name: 'winter.png', mimeType: 'image/png', buffer: image });
    await form.getByLabel('Alt text').fill('Winter sale on woollens');
    await form.getByLabel('Link', { exact: true }).fill('/todaydeals');
    await form.getByRole('button', { name: 'Add the banner' }).click();
    await store.page.getByText('The banner was added.').waitFor();
    const table = store.page.getByRole('region', { name: 'Banners in their carousel’s order' });
    const added = table.getByRole('row').filter({ hasText: 'Winter sale on woollens' });
    expect(await added.textContent()).toContain('Showing');
    await store.screenshot('admin-content-banners', WIDTHS.desktop);

    await store.page.goto(store.url('/'));
    const carousel = store.page.getByRole('region', { name: 'Offers' });
    const slide = carousel.getByRole('img', { name: 'Winter sale on woollens', includeHidden: true });
    expect(await slide.getAttribute('src')).toMatch(
      /^\/media\/banners\/uploads\/[0-9a-f]{20}-1500x300\.webp$/,
    );
  }, 60_000);

  it('without scripts, edits a block’s title and publishes it', async () => {
    await signInAsStaff(store, 'marketing-noscript-e2e@staff.example.com', 'marketing');
    const page = await store.restartPage({ javaScript: false });
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(store.url('/admin/content/blocks'));
    await page.getByRole('region', { name: 'Rows, top to bottom' }).getByRole('link', { name: ROW }).click();
    await heading(ROW);
    const block = page.getByRole('form', { name: 'Block 1' });
    // without scripts every kind's fields show; the chosen kind's are saved
    expect(await block.getByLabel('Product ids').isVisible()).toBe(true);
    await block.getByLabel('Title', { exact: true }).fill('Shop with confidence');
    await block.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('The block was published.').waitFor();
    await store.screenshot('admin-content-row-no-script', WIDTHS.desktop);

    await page.context().clearCookies();
    await page.goto(store.url('/'));
    await page.getByRole('heading', { name: 'Shop with confidence' }).waitFor();
  }, 60_000);
});
