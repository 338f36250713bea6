// requirements#operator-console: every staff role opens what its menu links to, and the first links
// of each of those pages (a product of the moderation queue, an order, a seller, a grievance...),
// over the seeded marketplace with its moderation queue; no page may answer with an error. Bounded
// (one level deep, a few links a page) so it stays quick, and it names every broken address.
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import { seedModerationQueue } from '@marketplace/db/seed';
import { signInAsStaff } from './support/staff.ts';
import { useStorefront } from './support/storefront.ts';

const store = useStorefront();
const LINKS_PER_PAGE = 5;
let seeded: Promise<unknown> | null = null;

/** A page's own console links in its main part (no downloads, no anchors), in page order. */
async function consoleLinks(selector: string): Promise<string[]> {
  return store.page.locator(selector).evaluateAll((anchors) =>
    anchors
      .filter((a) => !a.hasAttribute('download'))
      .map((a) => {
        const url = new URL((a as HTMLAnchorElement).href);
        return url.origin === location.origin ? url.pathname + url.search : '';
      })
      .filter((path) => /^\/admin(\/|$|\?)/.test(path)),
  );
}

/** What is wrong with the page at `path`, or null: an error status or the console's error screen. */
async function brokenReason(path: string): Promise<string | null> {
  const response = await store.page.goto(store.url(path), { waitUntil: 'domcontentloaded' });
  const status = response?.status() ?? 0;
  const heading =
    (await store.page
      .locator('h1')
      .first()
      .textContent({ timeout: 5_000 })
      .catch(() => '')) ?? '';
  if (status >= 400) return `${status} ${heading}`.trim();
  if (/^(Something went wrong|Not allowed|Page not found)/.test(heading)) return heading;
  return null;
}

describe('the console, crawled by each staff role', () => {
  it.each(STAFF_ROLES)('%s staff open every page their menu links to and its first links', async (role) => {
    seeded ??= seedModerationQueue({ db: store.db, now: new Date(), progress: () => undefined });
    await seeded;
    await signInAsStaff(store, `crawl-${role}@staff.example.com`, role);
    await store.page.goto(store.url('/admin'));
    const menu = [...new Set(await consoleLinks('nav[aria-label="Console"] a'))];
    expect(menu.length).toBeGreaterThan(1);

    const visited = new Set<string>();
    const broken: string[] = [];
    const open = async (path: string) => {
      visited.add(path);
      const reason = await brokenReason(path);
      if (reason) broken.push(`${path}: ${reason}`);
      return reason === null;
    };
    for (const path of menu) {
      if (visited.has(path) || !(await open(path))) continue;
      const next = (await consoleLinks('main a')).filter(
        (link) => !visited.has(link) && !menu.includes(link),
      );
      for (const link of [...new Set(next)].slice(0, LINKS_PER_PAGE)) await open(link);
    }
    expect(broken, `broken console pages for ${role} staff (${visited.size} opened)`).toEqual([]);
  });
});
