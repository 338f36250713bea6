// requirements#link-picker, requirements#media-library (ADR-0047): marketing staff give a top-menu
// entry a link chosen from the site, with scripts (a category in the dialog) and without them (a
// site page from the list; a typed link still checked); a video block plays a film uploaded in the
// video picker. Screenshots at 360 and 1366 px.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mediaVideos, queryRows, topMenuItems } from '@marketplace/db';
import { CONTENT_MESSAGES } from '@marketplace/domain/admin/menus-pages-api';
import { signInAsStaff } from './support/staff.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();
const SHOTS = '/tmp/shots-picks-cod';
const heading = (name: string | RegExp) => store.page.getByRole('heading', { level: 1, name }).waitFor();

/** The page as it is now (dialogs open), at both widths. */
async function shoot(name: string) {
  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    await store.page.setViewportSize({ width, height: 900 });
    await store.page.waitForTimeout(150);
    await store.page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

const addTopForm = () =>
  store.page.locator('form').filter({ has: store.page.getByRole('button', { name: 'Add to the top menu' }) });
const entry = (label: string) => store.db.select().from(topMenuItems).where(eq(topMenuItems.name, label));

describe('links picked for menu entries', () => {
  it('with scripts: a category chosen in the link picker’s dialog becomes the entry’s link', async () => {
    await signInAsStaff(store, 'marketing-menu-links@staff.example.com', 'marketing');
    await store.openHydrated('/admin/content/menus');
    await heading('Menus');
    const form = addTopForm();
    await form.getByLabel('Label').fill('Running shoes');
    await form.getByRole('button', { name: 'Choose a page…' }).click();
    const dialog = store.page.getByRole('dialog', { name: 'Link (optional): choose a page' });
    await dialog.getByLabel('Category').check();
    await dialog.getByRole('combobox', { name: 'Category' }).fill('Footwear');
    await dialog.getByRole('option').first().waitFor();
    await shoot('menu-link-picker');
    await dialog.getByRole('option').first().click();
    await dialog.waitFor({ state: 'hidden' });
    const link = await form.getByLabel('Link (optional)', { exact: true }).inputValue();
    expect(link).toMatch(/^\/categorylist\/(c|sc|ssc|sssc)\/[^/]+$/);
    await form.getByText(/Leads to: Category:/).waitFor();
    await form.getByRole('button', { name: 'Add to the top menu' }).click();
    await store.page.getByText('Added to the top menu.').waitFor();
    expect((await entry('Running shoes'))[0]?.link).toBe(link);
    const table = store.page.getByRole('region', { name: 'Top menu, in order' });
    await table
      .getByRole('row')
      .filter({ hasText: 'Running shoes' })
      .getByText(/^Category: /)
      .waitFor();
    await shoot('menu-links-listed');
    // the shop's header leads there
    await store.page.goto(store.url('/'));
    expect(
      await store.page
        .locator('header')
        .getByRole('link', { name: 'Running shoes' })
        .first()
        .getAttribute('href'),
    ).toBe(link);
  }, 120_000);

  it('without scripts: a site page chosen from the list is saved; a typed link that is not safe is refused', async () => {
    await signInAsStaff(store, 'marketing-menu-noscript@staff.example.com', 'marketing');
    const page = await store.restartPage({ javaScript: false });
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto(store.url('/admin/content/menus'));
    await heading('Menus');
    let form = addTopForm();
    await form.getByLabel('Label').fill('Deals now');
    await form.getByLabel('Link (optional)', { exact: true }).fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Add to the top menu' }).click();
    await page.getByText(CONTENT_MESSAGES.linkNotSafe).first().waitFor();
    expect(await entry('Deals now')).toHaveLength(0);
    // the label typed is kept; the link cleared and a page of the site chosen instead
    form = addTopForm();
    expect(await form.getByLabel('Label').inputValue()).toBe('Deals now');
    await form.getByLabel('Link (optional)', { exact: true }).fill('');
    await form.getByLabel('Or a page of the site').selectOption({ label: 'Today’s Deals' });
    await store.screenshot('admin-menu-link-noscript', WIDTHS.desktop);
    await page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
    await expectFitsWidth(page);
    await page.screenshot({ path: `${SHOTS}/menu-link-noscript-${WIDTHS.mobile}.png`, fullPage: true });
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await form.getByRole('button', { name: 'Add to the top menu' }).click();
    await page.getByText('Added to the top menu.').waitFor();
    expect((await entry('Deals now'))[0]?.link).toBe('/todaydeals');
    await page
      .getByRole('region', { name: 'Top menu, in order' })
      .getByRole('row')
      .filter({ hasText: 'Deals now' })
      .getByText('Site page: Today’s Deals')
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/menu-link-noscript-${WIDTHS.desktop}.png`, fullPage: true });
  }, 120_000);
});

describe('the video block’s film', () => {
  it('is uploaded in the video picker and played by the block', async () => {
    await signInAsStaff(store, 'marketing-video-e2e@staff.example.com', 'marketing');
    const made = await store.page.request.post(store.url('/api/admin/content/rows'), {
      headers: { origin: store.url('').replace(/\/$/, '') },
      data: { categoryId: null, title: 'Brand films', showTitle: true, contentType: 'Home' },
    });
    expect(made.status()).toBe(201);
    const rowId = ((await made.json()) as { id: number }).id;
    await store.openHydrated(`/admin/content/blocks/${rowId}`);
    await heading('Brand films');
    const form = store.page.getByRole('form', { name: 'Add a block' });
    await form.getByLabel('Block', { exact: true }).selectOption('video');
    await form.getByRole('button', { name: 'Choose or upload a video…' }).click();
    const dialog = store.page.getByRole('dialog', { name: 'Video: choose a video' });
    await dialog.getByLabel('Video file').setInputFiles({
      name: 'not-a-film.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('<html>not a film</html>'),
    });
    await dialog.getByRole('button', { name: 'Upload and use' }).click();
    await dialog.getByText('This file is not an MP4 or WebM video.').waitFor();
    const ftyp = Buffer.from('\0\0\0\x18ftypisom\0\0\x02\0isomiso2', 'latin1');
    const mdat = Buffer.concat([Buffer.from('\0\0\0\x48mdat', 'latin1'), Buffer.alloc(64, 5)]);
    await dialog.getByLabel('Video file').setInputFiles({
      name: 'festive-film.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.concat([ftyp, mdat]),
    });
    await dialog.getByLabel('Name (to find it again)').fill('Festive film');
    await shoot('video-picker');
    await dialog.getByRole('button', { name: 'Upload and use' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const path = await form.getByLabel('Video', { exact: true }).inputValue();
    expect(path).toMatch(/^\/media\/library\/videos\/[0-9a-f]{20}\.mp4$/);
    await form.getByRole('button', { name: 'Publish' }).click();
    await store.page.getByText('The block was published.').waitFor();
    const [item] = await queryRows<{ video_path: string }>(
      store.db,
      sql`SELECT i.video_path FROM content_items i JOIN content_columns c ON c.id = i.column_id WHERE c.row_id = ${rowId}`,
    );
    expect(item?.video_path).toBe(path);
    const [listed] = await store.db
      .select()
      .from(mediaVideos)
      .where(and(eq(mediaVideos.path, path), eq(mediaVideos.contentType, 'video/mp4')));
    expect(listed?.name).toBe('Festive film');
  }, 120_000);
});
