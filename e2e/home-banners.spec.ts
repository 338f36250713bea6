import { describe, expect, it } from 'vitest';
import { openHydrated, revealAll } from './support/home.ts';
import { expectFitsWidth, useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

describe('home banners', () => {
  it.each([WIDTHS.mobile, WIDTHS.desktop])(
    'at %i px show the sponsored tag beside, never over, the banner art',
    async (width) => {
      await store.page.setViewportSize({ width, height: 900 });
      await openHydrated(store.page, store.url('/'));
      await revealAll(store.page);
      await expectFitsWidth(store.page);
      const layout = await store.page.evaluate(() =>
        Array.from(document.querySelectorAll('.banner-block')).map((block) => {
          const image = block.querySelector('img')?.getBoundingClientRect();
          const tag = block.querySelector('.sponsored-tag')?.getBoundingClientRect();
          return {
            imageBottom: image?.bottom ?? 0,
            imageHeight: image?.height ?? 0,
            tagTop: tag?.top ?? null,
          };
        }),
      );
      for (const block of layout) {
        expect(block.imageHeight).toBeGreaterThan(0);
        if (block.tagTop !== null) expect(block.tagTop).toBeGreaterThanOrEqual(block.imageBottom - 0.5);
      }
      // the hero carousel's slide keeps a visible height on a phone
      const hero = await store.page.locator('.home-hero .banner-slide img').first().boundingBox();
      expect(hero?.height ?? 0).toBeGreaterThan(width === WIDTHS.mobile ? 60 : 200);
      await store.screenshot('home-banners', width);
      // the first screen alone, where the banners are
      await store.page.screenshot({ path: `e2e/screenshots/home-banners-top-${width}.png` });
    },
    60_000,
  );
});
