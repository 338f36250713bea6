// requirements#languages: what a page in Hindi, Tamil or Telugu still says in English, for the
// browser tests that check no English is left but stored names and an allow-list.
import type { Page } from 'playwright-core';
import { brands, categories, contentColumns, contentRows, type Database, sellers } from '@marketplace/db';

/**
 * The words a page shows in its `main` that are not in its language: text and the names screen
 * readers read (aria-label, alt, title, placeholder), leaving out what is stored rather than said
 * by the shop: names marked translate="no", text in English by its `lang`, and what shoppers and
 * sellers wrote (reviews, a seller's answer).
 */
export async function englishWordsOf(page: Page, allowed: ReadonlySet<string>): Promise<string[]> {
  const found = await page.evaluate(() => {
    const stored =
      '[translate="no"], [lang^="en"], .pd-review-text, .pd-seller-message, script, style, noscript';
    const main = document.querySelector('main');
    if (!main) return ['(no main)'];
    const texts: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(stored) || !parent.checkVisibility()) continue;
      texts.push(node.textContent ?? '');
    }
    for (const element of main.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
      if (element.closest(stored)) continue;
      for (const name of ['aria-label', 'alt', 'title', 'placeholder'])
        texts.push(element.getAttribute(name) ?? '');
    }
    return texts;
  });
  return (
    found
      .join('\n')
      .replace(/Bazaar Assured|Bazaar|COD|EMI|UPC|Wi-Fi|mAh|GB|TB|cm\b|kg\b|ml\b|A to Z|\b[A-Z]+\d+\b/g, '') // units, and coupon codes such as EXTRA10
      .match(/[A-Za-z]{3,}/g)
      ?.filter((word) => !allowed.has(word)) ?? []
  );
}

/**
 * Words of the stored names a page may show inside the shop's sentences: brands, sellers,
 * categories, and what staff typed as a content block's title or column header (shown as typed,
 * ADR-0063).
 */
export async function storedNameWords(db: Database, page: Page): Promise<Set<string>> {
  const rows = [
    ...(await db.select({ name: brands.name }).from(brands)),
    ...(await db.select({ name: sellers.name }).from(sellers)),
    ...(await db.select({ name: categories.name }).from(categories)),
    ...(await db.select({ name: contentRows.title }).from(contentRows)),
    ...(await db.select({ name: contentColumns.header }).from(contentColumns)),
  ];
  // and the names of the shoppers whose reviews the page shows
  const reviewers = await page.locator('.pd-review-head b').allInnerTexts();
  return new Set(
    [...rows.map((row) => row.name ?? ''), ...reviewers].flatMap((name) => name.match(/[A-Za-z]{3,}/g) ?? []),
  );
}
