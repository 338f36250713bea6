// requirements#seo: the sitemaps search engines read, written to files by a job (never built per
// request): an index (`sitemap.xml`) and files of at most 50,000 addresses each (sitemaps.org's
// limit): products, category listings, brands and content pages.
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, gt } from 'drizzle-orm';
import { brands, categories, contentPages, type Executor, products } from '@marketplace/db';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import { absoluteUrl, productPath } from '@marketplace/domain/seo/structured-data';

/** sitemaps.org: a sitemap file lists at most 50,000 URLs */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** A sitemap file's name, as served under /sitemaps/ */
export const SITEMAP_FILE = /^(products-\d{1,6}|categories|brands|pages)\.xml$/;
/**
 * Written into the files when no PUBLIC_URL is configured, and replaced by the origin the request
 * reached when served (development and tests); with PUBLIC_URL the files carry it and are sent as stored.
 */
export const SITEMAP_ORIGIN_MARKER = 'https://site-url.invalid';

const xmlText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
const day = (at: Date) => at.toISOString().slice(0, 10);

function urlset(entries: { loc: string; lastmod?: Date }[]) {
  const rows = entries.map(
    (e) =>
      `<url><loc>${xmlText(e.loc)}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join('\n')}\n</urlset>\n`;
}

/**
 * Writes every sitemap afresh into `dir` (into a new folder, then swapped in, so a reader never sees
 * half a set) and returns how many addresses each file holds.
 */
export async function writeSitemaps(
  db: Executor,
  dir: string,
  {
    origin,
    now = new Date(),
    perFile = SITEMAP_URLS_PER_FILE,
  }: { origin: string | null; now?: Date; perFile?: number },
): Promise<Record<string, number>> {
  const site = origin ?? SITEMAP_ORIGIN_MARKER;
  const staging = `${dir}.next-${process.pid}-${now.getTime()}`;
  await mkdir(staging, { recursive: true });
  const counts: Record<string, number> = {};
  const files: { name: string; lastmod: Date }[] = [];
  const write = async (name: string, entries: { loc: string; lastmod?: Date }[]) => {
    await writeFile(join(staging, name), urlset(entries));
    counts[name] = entries.length;
    const newest = entries.reduce<Date>(
      (latest, e) => (e.lastmod && e.lastmod > latest ? e.lastmod : latest),
      new Date(0),
    );
    files.push({ name, lastmod: newest.getTime() > 0 ? newest : now });
  };

  // products, by id, a file at a time (keyset paging: the millionth product costs what the first did)
  let after = 0;
  for (let file = 1; ; file++) {
    const rows = await db
      .select({ id: products.id, name: products.name, updatedAt: products.updatedAt })
      .from(products)
      .where(and(eq(products.isActive, true), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(perFile);
    if (rows.length === 0 && file > 1) break;
    await write(
      `products-${file}.xml`,
      rows.map((row) => ({ loc: absoluteUrl(site, productPath(row.name)), lastmod: row.updatedAt })),
    );
    if (rows.length < perFile) break;
    after = rows[rows.length - 1]?.id ?? after;
  }
  const categoryRows = await db
    .select({ level: categories.level, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.level), asc(categories.id));
  await write(
    'categories.xml',
    categoryRows.map((c) => ({ loc: absoluteUrl(site, categoryListingPath(c.level, c.name)) })),
  );
  const brandRows = await db.select({ name: brands.name }).from(brands).orderBy(asc(brands.id));
  await write(
    'brands.xml',
    brandRows.map((b) => ({ loc: absoluteUrl(site, `/brand/${encodeURIComponent(b.name)}`) })),
  );
  const pageRows = await db
    .select({ section: contentPages.section, slug: contentPages.slug, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .where(eq(contentPages.isPublished, true))
    .orderBy(asc(contentPages.id));
  await write('pages.xml', [
    { loc: absoluteUrl(site, '/') },
    ...pageRows.map((p) => ({
      loc: absoluteUrl(site, `/${p.section}/${encodeURIComponent(p.slug)}`),
      lastmod: p.updatedAt,
    })),
  ]);
  await writeFile(
    join(staging, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
      .map(
        (f) =>
          `<sitemap><loc>${xmlText(absoluteUrl(site, `/sitemaps/${f.name}`))}</loc><lastmod>${day(f.lastmod)}</lastmod></sitemap>`,
      )
      .join('\n')}\n</sitemapindex>\n`,
  );
  // swap the new set in: the old folder goes aside, then away
  const old = `${dir}.old-${process.pid}-${now.getTime()}`;
  await rename(dir, old).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  });
  await rename(staging, dir);
  await rm(old, { recursive: true, force: true });
  return counts;
}

/** The sitemap folders a crash left behind (staging or set aside), removed. */
export async function sweepSitemapLeftovers(dir: string) {
  const parent = join(dir, '..');
  const base = dir.slice(parent.length + 1);
  const names = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(`${base}.next-`) || name.startsWith(`${base}.old-`))
      .map((name) => rm(join(parent, name), { recursive: true, force: true })),
  );
}
