import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __reactRouterRouteModules?: unknown;
  }
}

/** Opens a page and waits until React has hydrated it. */
export async function openHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => window.__reactRouterRouteModules !== undefined);
}

/** Scrolls through the page so every scroll-reveal block is shown and lazy images load. */
export async function revealAll(page: Page) {
  // scroll-reveal blocks are set up once the page has hydrated
  await page.waitForFunction(
    () => document.querySelector('.reveal') === null || document.querySelector('.reveal.active') !== null,
  );
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(r));
    }
    for (const img of Array.from(document.images)) img.loading = 'eager';
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete ? Promise.resolve() : new Promise((r) => (img.onload = img.onerror = r)),
      ),
    );
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => document.querySelectorAll('.reveal.waiting').length === 0);
}

/** Names of the slides whose middle lies inside their carousel's viewport. */
export function visibleSlides(page: Page, carouselLabel: string) {
  return page.evaluate((label) => {
    const carousel = document.querySelector(`[aria-roledescription="carousel"][aria-label="${label}"]`);
    const viewport = carousel?.firstElementChild?.getBoundingClientRect();
    if (!carousel || !viewport) return [];
    return Array.from(carousel.querySelectorAll('[aria-roledescription="slide"]'))
      .filter((slide) => {
        const r = slide.getBoundingClientRect();
        const middle = r.left + r.width / 2;
        return middle > viewport.left && middle < viewport.right;
      })
      .map((slide) => slide.querySelector('.name')?.textContent ?? '');
  }, carouselLabel);
}
