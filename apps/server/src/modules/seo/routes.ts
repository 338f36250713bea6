// requirements#seo: robots.txt and the sitemaps, served from the files the sitemap job wrote.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'hono';
import type { Database } from '@marketplace/db';
import type { Logger } from 'pino';
import { createRouter } from '../../http/router.ts';
import { siteOrigin } from '../../http/client-address.ts';
import type { AppEnv } from '../../http/context.ts';
import type { Job } from '../../jobs.ts';
import { SITEMAP_FILE, SITEMAP_ORIGIN_MARKER, sweepSitemapLeftovers, writeSitemaps } from './sitemap.ts';

/** What crawlers are kept out of: shoppers' own pages, the cart and checkout, the consoles and the API. */
export const ROBOTS_DISALLOWED = [
  '/api/',
  '/admin',
  '/sellercentral',
  '/cart',
  '/buynow',
  '/checkout',
  '/deliveryreview',
  '/deliveryfinalreview',
  '/paymentgateway',
  '/thankyou',
  '/login',
  '/registration',
  '/verifyotp',
  '/otpverification',
  '/forgotpassword',
  '/switchaccount',
  '/addaccount',
  '/myorder',
  '/neworderdetail',
  '/trackitem',
  '/cancelitem',
  '/cancelleditemdetail',
  '/returnitem',
  '/returnitemdetail',
  '/replacementitem',
  '/replaceitemdetail',
  '/returninprocess',
  '/contactseller',
  '/mywhishlist',
  '/buyagain',
  '/saveforlater',
  '/myprofile',
  '/updateprofile',
  '/updatepassword',
  '/settings',
  '/myaddress',
  '/manageaddress',
  '/addressform',
  '/newaddress',
  '/bankaccount',
  '/accountform',
  '/mygrievances',
  '/previlageclaim',
  '/searchpage?',
  '/dev/',
] as const;

export function robotsTxt(origin: string) {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function seoRoutes(dir: string, { siteUrl }: { siteUrl: string | null }) {
  const app = createRouter();
  const origin = (c: Context<AppEnv>) => siteUrl ?? siteOrigin(c);
  const xml = async (c: Context<AppEnv>, name: string) => {
    let body: string;
    try {
      body = await readFile(join(dir, name), 'utf8');
    } catch {
      // not written yet (the first start) or being swapped: ask again shortly
      c.header('Retry-After', '60');
      return c.text(
        'The sitemap is being written. Please try again in a minute.',
        name === 'sitemap.xml' ? 503 : 404,
      );
    }
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(siteUrl ? body : body.replaceAll(SITEMAP_ORIGIN_MARKER, origin(c)));
  };
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(robotsTxt(origin(c)));
  });
  app.get('/sitemap.xml', (c) => xml(c, 'sitemap.xml'));
  app.get('/sitemaps/:file', (c) => {
    const file = c.req.param('file');
    if (!SITEMAP_FILE.test(file)) return c.text('Not found', 404);
    return xml(c, file);
  });
  return app;
}

/** requirements#seo: the sitemaps written afresh every hour (and soon after start), by one process. */
export function sitemapJob(
  db: Database,
  dir: string,
  logger: Logger,
  { siteUrl, intervalMs = 3_600_000 }: { siteUrl: string | null; intervalMs?: number },
): Job {
  return {
    name: 'sitemaps',
    intervalMs,
    run: async () => {
      await sweepSitemapLeftovers(dir);
      const started = Date.now();
      const counts = await writeSitemaps(db, dir, { origin: siteUrl });
      logger.debug({ files: Object.keys(counts).length, ms: Date.now() - started }, 'sitemaps written');
    },
  };
}
