// The seo module's face (requirements#seo): robots.txt, the sitemaps and the merchant feeds
// (requirements#merchant-feed), and the jobs that write them.
export { merchantFeedJob, robotsTxt, ROBOTS_DISALLOWED, seoRoutes, sitemapJob } from './routes.ts';
export { writeMerchantFeeds } from './merchant-feed.ts';
export { SITEMAP_URLS_PER_FILE, writeSitemaps } from './sitemap.ts';
export { diskSeoFiles, storeSeoFiles } from './published.ts';
