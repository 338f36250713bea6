// The seo module's face (requirements#seo): robots.txt, the sitemaps and the job that writes them.
export { robotsTxt, ROBOTS_DISALLOWED, seoRoutes, sitemapJob } from './routes.ts';
export { SITEMAP_URLS_PER_FILE, writeSitemaps } from './sitemap.ts';
