// requirements#operator-console: every staff role opens what its menu links to, and the first links
// of each of those pages (a product of the moderation queue, an order, a seller, a grievance...),
// over the seeded marketplace with its moderation queue; no page may answer with an error. Bounded
// (one level deep, a few links a page) so it stays quick, and it names every broken address. The
// pages are asked of the real HTTP app as a browser's first request would ask them (their HTML).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import { seedModerationQueue } from '@marketplace/db/seed';
import { createTestApp, type TestApp } from '../../test-support/testing.ts';
import { verifiedStaff } from '../../test-support/staff.ts';

const LINKS_PER_PAGE = 5;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedModerationQueue({ db: t.db, now: new Date(), progress: () => undefined });
});
afterAll(() => t.close());

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (text: string) => text.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);

/** The part of `html` inside the first element that opens with `open` (up to its first `close`). */
function part(html: string, open: RegExp, close: string): string {
  const start = html.search(open);
  if (start < 0) return '';
  const end = html.indexOf(close, start);
  return html.slice(start, end < 0 ? undefined : end);
}

/** The console addresses the links of `html` lead to (no downloads, no anchors), in page order. */
function consoleLinks(html: string): string[] {
  return [...html.matchAll(/<a\b([^>]*)>/g)]
    .map((match) => match[1] ?? '')
    .filter((attributes) => !/\sdownload(=|\s|$)/.test(attributes))
    .map((attributes) => decode(/\shref="([^"]*)"/.exec(attributes)?.[1] ?? ''))
    .filter((href) => /^\/admin(\/|$|\?)/.test(href))
    .map((href) => href.split('#')[0] ?? href);
}

const headingOf = (html: string) =>
  decode((/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<[^>]*>/g, '')).trim();

describe('the console, crawled by each staff role', () => {
  it.each(STAFF_ROLES)('%s staff open every page their menu links to and its first links', async (role) => {
    const { cookie } = await verifiedStaff(t, `crawl-${role}@staff.example.com`, role);
    const open = async (path: string) => {
      const res = await t.request(path, { headers: { cookie, accept: 'text/html' } });
      const html = await res.text();
      return { status: res.status, html, heading: headingOf(html) };
    };
    const start = await open('/admin');
    expect(start.status).toBe(200);
    const menu = [...new Set(consoleLinks(part(start.html, /<nav\b[^>]*aria-label="Console"/, '</nav>')))];
    expect(menu.length).toBeGreaterThan(1);

    const visited = new Set<string>();
    const broken: string[] = [];
    const visit = async (path: string) => {
      visited.add(path);
      const page = await open(path);
      const reason =
        page.status >= 400
          ? `${page.status} ${page.heading}`.trim()
          : /^(Something went wrong|Not allowed|Page not found)/.test(page.heading)
            ? page.heading
            : null;
      if (reason) broken.push(`${path}: ${reason}`);
      return reason === null ? page.html : null;
    };
    for (const path of menu) {
      if (visited.has(path)) continue;
      const html = await visit(path);
      if (html === null) continue;
      const next = consoleLinks(part(html, /<main\b/, '</main>')).filter(
        (link) => !visited.has(link) && !menu.includes(link),
      );
      for (const link of [...new Set(next)].slice(0, LINKS_PER_PAGE)) await visit(link);
    }
    expect(broken, `broken console pages for ${role} staff (${visited.size} opened)`).toEqual([]);
    // the crawl reached past the menus: a queued product, an order, a seller...
    expect(visited.size, role).toBeGreaterThan(menu.length);
  });
});
