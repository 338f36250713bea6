import { eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brandCampaigns } from '@marketplace/db';
import { join } from 'node:path';
import { expectFitsWidth, SCREENSHOTS, useStorefront, WIDTHS } from './support/storefront.ts';

// the banner tests change campaigns between pages: read them afresh on every page
const store = useStorefront({ keepPageLookupsMs: 0 });

const menu = () => store.page.getByRole('dialog', { name: 'Shop by category' });
const allButton = () => store.page.getByRole('button', { name: 'All', exact: true });
const focusedText = () => store.page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('the category side menu', () => {
  it('opens on All with the top categories, and a category opens its submenu with groups that expand one by one', async () => {
    await store.openHydrated('/');
    expect(await menu().isVisible()).toBe(false);
    await allButton().click();
    await menu().waitFor();
    expect(await menu().getByRole('heading', { name: 'Shop by Category' }).isVisible()).toBe(true);
    const tops = await menu().locator('[data-top]').allTextContents();
    expect(tops.map((t) => t.replace('›', '').trim())).toEqual([
      'Electronics',
      'Fashion',
      'Home & Kitchen',
      'Beauty & Personal Care',
      'Sports & Fitness',
      'Books & Toys',
    ]);

    await menu()
      .getByRole('button', { name: /^Electronics/ })
      .click();
    expect(await menu().getByRole('heading', { name: 'Electronics' }).isVisible()).toBe(true);
    expect(await focusedText()).toContain('Back to Menu');
    const mobiles = menu().getByRole('button', { name: /^Mobiles & Tablets/ });
    const audio = menu().getByRole('button', { name: /^Audio/ });
    expect(await mobiles.getAttribute('aria-expanded')).toBe('false');
    expect(await menu().getByRole('link', { name: 'Smartphones' }).isVisible()).toBe(false);
    await mobiles.click();
    await audio.click();
    expect(await mobiles.getAttribute('aria-expanded')).toBe('true');
    expect(await audio.getAttribute('aria-expanded')).toBe('true');
    await mobiles.click();
    expect(await mobiles.getAttribute('aria-expanded')).toBe('false');
    expect(await audio.getAttribute('aria-expanded')).toBe('true');
    expect(await menu().getByRole('link', { name: 'Smartphones' }).isVisible()).toBe(false);

    await menu().getByRole('button', { name: 'Back to Menu' }).click();
    expect(await menu().getByRole('heading', { name: 'Shop by Category' }).isVisible()).toBe(true);
    expect(await focusedText()).toContain('Electronics');
  });

  it('links third-level entries to their listing, closing and resetting the menu on choosing one', async () => {
    await store.openHydrated('/');
    await allButton().click();
    await menu()
      .getByRole('button', { name: /^Electronics/ })
      .click();
    await menu()
      .getByRole('button', { name: /^Mobiles & Tablets/ })
      .click();
    const smartphones = menu().getByRole('link', { name: 'Smartphones' });
    expect(await smartphones.getAttribute('href')).toBe('/categorylist/ssc/Smartphones');
    expect(await menu().getByRole('link', { name: 'All Mobiles & Tablets' }).getAttribute('href')).toBe(
      '/categorylist/sc/Mobiles%20%26%20Tablets',
    );
    await smartphones.click();
    await store.page.waitForURL(store.url('/categorylist/ssc/Smartphones'));
    expect(await menu().isVisible()).toBe(false);
    await allButton().click();
    expect(await menu().getByRole('heading', { name: 'Shop by Category' }).isVisible()).toBe(true);
  });

  it('closes and resets on an outside click, Close and Escape, giving focus back to All', async () => {
    await store.openHydrated('/');
    await allButton().click();
    await menu()
      .getByRole('button', { name: /^Fashion/ })
      .click();
    await store.page.mouse.click(WIDTHS.desktop - 100, 500); // the dimmed page beside the menu
    expect(await menu().isVisible()).toBe(false);
    expect(await focusedText()).toBe('All');

    await allButton().click();
    expect(await menu().getByRole('heading', { name: 'Shop by Category' }).isVisible()).toBe(true);
    await menu().getByRole('button', { name: 'Close menu' }).click();
    expect(await menu().isVisible()).toBe(false);

    await allButton().click();
    await store.page.keyboard.press('Escape');
    expect(await menu().isVisible()).toBe(false);
  });

  it('works from the keyboard alone', async () => {
    await store.openHydrated('/');
    await allButton().focus();
    await store.page.keyboard.press('Enter');
    await menu().waitFor();
    // focus starts inside the menu and stays there
    for (let i = 0; i < 3; i++) await store.page.keyboard.press('Tab');
    expect(await menu().evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await menu()
      .getByRole('button', { name: /^Books & Toys/ })
      .focus();
    await store.page.keyboard.press('Enter');
    expect(await focusedText()).toContain('Back to Menu');
    await store.page.keyboard.press('Tab'); // See all in Books & Toys
    await store.page.keyboard.press('Tab'); // the first group
    await store.page.keyboard.press('Enter');
    const firstGroup = menu().locator('.side-list > li > button').first();
    expect(await firstGroup.getAttribute('aria-expanded')).toBe('true');
    await store.page.keyboard.press('Tab'); // 'All …' of the group
    await store.page.keyboard.press('Enter');
    await store.page.waitForURL(/\/categorylist\/sc\//);
    expect(await menu().isVisible()).toBe(false);
  });

  it('fits 360 px and 1366 px open, over a page that keeps its heading (screenshotted)', async () => {
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await store.page.setViewportSize({ width, height: 900 });
      await store.openHydrated('/');
      await allButton().click();
      await menu()
        .getByRole('button', { name: /^Home & Kitchen/ })
        .click();
      await menu().locator('.side-list > li > button').first().click();
      await store.page.waitForTimeout(300); // the slide-in
      await expectFitsWidth(store.page);
      await store.page.screenshot({ path: join(SCREENSHOTS, `side-menu-${width}.png`) });
    }
  });
});

describe('the banner block', () => {
  const banner = () => store.page.locator('.banner-block');

  it('shows a sponsored campaign at its size, linking to its brand', async () => {
    await store.openHydrated('/');
    expect(await banner().getByText('Sponsored').isVisible()).toBe(true);
    const img = banner().locator('img');
    expect(await img.getAttribute('width')).toBe('1500');
    const box = await img.boundingBox();
    expect(Math.round((box?.width ?? 0) / (box?.height ?? 1))).toBe(5); // 1500x300, scaled to the page
    const href = (await banner().locator('a').getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/brand(registry)?\//);
    await banner().locator('a').click();
    await store.page.waitForURL(store.url(href));
  });

  it('takes the full width and 40% of the window height when the size text is unreadable', async () => {
    await store.db
      .update(brandCampaigns)
      .set({ adSize: 'leaderboard' })
      .where(eq(brandCampaigns.type, 'banner'));
    await store.page.setViewportSize({ width: 1000, height: 800 });
    await store.openHydrated('/todaydeals');
    const box = await banner().locator('img').boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(1000);
    expect(Math.round(box?.height ?? 0)).toBe(320);
    await store.db
      .update(brandCampaigns)
      .set({ adSize: '1500x300' })
      .where(eq(brandCampaigns.type, 'banner'));
  });

  it('shows the default long banner when no campaign is eligible', async () => {
    await store.db.update(brandCampaigns).set({ isActive: false }).where(ne(brandCampaigns.id, 0));
    await store.openHydrated('/');
    expect(await banner().getAttribute('class')).toContain('banner-default');
    expect(await banner().getByText('Sponsored').count()).toBe(0);
    await store.db.update(brandCampaigns).set({ isActive: sql`true` });
  });

  it('gives home its extra banner carousel, with previous and next and no dots', async () => {
    await store.openHydrated('/');
    const carousel = store.page.getByRole('region', { name: 'Offers', exact: true });
    const visible = () =>
      carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])').getAttribute('aria-label');
    expect(await visible()).toBe('1 of 3');
    await carousel.getByRole('button', { name: 'Next banner' }).click();
    await expect.poll(visible).toBe('2 of 3');
    await carousel.getByRole('button', { name: 'Previous banner' }).click();
    await carousel.getByRole('button', { name: 'Previous banner' }).click();
    await expect.poll(visible).toBe('3 of 3'); // it loops
    expect(await carousel.locator('.dots, [role="tab"]').count()).toBe(0);
    await store.openHydrated('/todaydeals');
    expect(await store.page.getByRole('region', { name: 'Offers', exact: true }).count()).toBe(0);
  });
});

describe('accessibility of the open menus', () => {
  it('has no serious or critical violations with the side menu or the account dropdown open', async () => {
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    await store.openHydrated('/');
    await allButton().click();
    await menu()
      .getByRole('button', { name: /^Electronics/ })
      .click();
    await menu().locator('.side-list > li > button').first().click();
    const check = async () => {
      const results = await new AxeBuilder({ page: store.page }).analyze();
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
    };
    expect(await check()).toEqual([]);
    await store.page.keyboard.press('Escape');
    await store.page.getByRole('button', { name: /Account & Lists/ }).click();
    expect(await check()).toEqual([]);
  });
});
