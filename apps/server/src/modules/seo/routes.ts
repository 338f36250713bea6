// requirements#seo: robots.txt and the sitemaps, served from the files the sitemap job wrote.
import { join } from 'node:path';
import type { Context } from 'hono';
import type { Database } from '@marketplace/db';
import type { Logger } from 'pino';
import { createRouter } from '../../http/router.ts';
import { siteOrigin } from '../../http/client-address.ts';
import type { AppEnv } from '../../http/context.ts';
import type { Job } from '../../jobs.ts';
import type { MediaStore } from '../../media-store.ts';
import { diskSeoFiles, publishFeeds, publishSitemaps, type SeoFiles } from './published.ts';
import { MERCHANT_FEED_FILE } from '@marketplace/domain/seo/merchant-feed';
import { merchantFeedFingerprint, sweepFeedLeftovers, writeMerchantFeeds } from './merchant-feed.ts';
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

export function seoRoutes(
  dir: string,
  {
    siteUrl,
    feedDir = join(dir, '..', 'feeds'),
    files = diskSeoFiles({ sitemaps: dir, feeds: feedDir }),
  }: { siteUrl: string | null; feedDir?: string; files?: SeoFiles },
) {
  const app = createRouter();
  const origin = (c: Context<AppEnv>) => siteUrl ?? siteOrigin(c);
  const xml = async (c: Context<AppEnv>, name: string) => {
    const body = await files('sitemaps', name);
    if (body === null) {
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
  // requirements#merchant-feed: one feed per language, at addresses that never change
  app.get('/feeds/:file', async (c) => {
    const file = c.req.param('file');
    if (!MERCHANT_FEED_FILE.test(file)) return c.text('Not found', 404);
    const body = await files('feeds', file);
    // not written yet (the first start): Merchant Center fetches again at its next schedule
    if (body === null) return c.text('Not found', 404);
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(siteUrl ? body : body.replaceAll(SITEMAP_ORIGIN_MARKER, origin(c)));
  });
  return app;
}

/**
 * requirements#seo: the sitemaps written afresh every hour (and soon after start), by one process;
 * published to the bucket (`publishTo`) when the media store is one, for every server to serve.
 */
export function sitemapJob(
  db: Database,
  dir: string,
  logger: Logger,
  {
    siteUrl,
    intervalMs = 3_600_000,
    publishTo = null,
  }: { siteUrl: string | null; intervalMs?: number; publishTo?: MediaStore | null },
): Job {
  return {
    name: 'sitemaps',
    intervalMs,
    run: async () => {
      await sweepSitemapLeftovers(dir);
      const started = Date.now();
      const counts = await writeSitemaps(db, dir, { origin: siteUrl });
      if (publishTo) await publishSitemaps(dir, publishTo);
      logger.debug({ files: Object.keys(counts).length, ms: Date.now() - started }, 'sitemaps written');
    },
  };
}

/**
 * requirements#merchant-feed: the merchant feeds, looked at every five minutes and written afresh
 * when a price, stock, pause or text changed since the last write (and every hour regardless).
 */
export function merchantFeedJob(
  db: Database,
  dir: string,
  logger: Logger,
  {
    siteUrl,
    intervalMs = 300_000,
    refreshMs = 3_600_000,
    clock = () => Date.now(),
    publishTo = null,
  }: {
    siteUrl: string | null;
    intervalMs?: number;
    refreshMs?: number;
    clock?: () => number;
    publishTo?: MediaStore | null;
  },
): Job {
  let written: { fingerprint: string; at: number } | null = null;
  return {
    name: 'merchant-feeds',
    intervalMs,
    run: async () => {
      const fingerprint = await merchantFeedFingerprint(db);
      if (written && written.fingerprint === fingerprint && clock() - written.at < refreshMs) return;
      await sweepFeedLeftovers(dir);
      const started = clock();
      const counts = await writeMerchantFeeds(db, dir, { origin: siteUrl });
      if (publishTo) await publishFeeds(dir, publishTo);
      written = { fingerprint, at: started };
      logger.debug({ products: counts, ms: clock() - started }, 'merchant feeds written');
    },
  };
}
