// requirements#seo, #merchant-feed, #media-store: where the sitemaps and merchant feeds are read from.
// One server process writes them (the jobs run once across processes); with the media store in a
// bucket, the written files are published there under seo/, so every server of the shop serves the
// same set. On disk (one server) they are read where the job wrote them.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MERCHANT_FEED_FILE } from '@marketplace/domain/seo/merchant-feed';
import type { MediaStore } from '../../media-store.ts';
import { SITEMAP_FILE } from './sitemap.ts';

export type SeoFolder = 'sitemaps' | 'feeds';
/** The text of a written file, or null when there is none (not written yet). */
export type SeoFiles = (folder: SeoFolder, name: string) => Promise<string | null>;

const XML = 'application/xml; charset=utf-8';
const keyOf = (folder: SeoFolder, name: string) => `seo/${folder}/${name}`;
const INDEX = 'sitemap.xml';

/** The files as the jobs wrote them in their folders. */
export function diskSeoFiles(dirs: Record<SeoFolder, string>): SeoFiles {
  return (folder, name) => readFile(join(dirs[folder], name), 'utf8').catch(() => null);
}

/** The files as published to the media store's bucket. */
export function storeSeoFiles(store: MediaStore): SeoFiles {
  return async (folder, name) => {
    const found = await store.get(keyOf(folder, name));
    return found ? new Response(found.body).text() : null;
  };
}

/** The sitemap files an index names (its `/sitemaps/<name>` entries). */
export function sitemapsNamedIn(index: string): string[] {
  return [...index.matchAll(/\/sitemaps\/([^<\s]+)<\/loc>/g)]
    .map((match) => match[1] ?? '')
    .filter((name) => SITEMAP_FILE.test(name));
}

/**
 * Publishes the written sitemaps: each file first, the index last (a reader never gets an index
 * naming a file not there yet), then the files the previous index named and the new one does not
 * are deleted.
 */
export async function publishSitemaps(dir: string, store: MediaStore): Promise<number> {
  const previous = await storeSeoFiles(store)('sitemaps', INDEX);
  const names = (await readdir(dir)).filter((name) => SITEMAP_FILE.test(name)).sort();
  for (const name of names) await store.put(keyOf('sitemaps', name), await readFile(join(dir, name)), XML);
  await store.put(keyOf('sitemaps', INDEX), await readFile(join(dir, INDEX)), XML);
  const kept = new Set(names);
  for (const stale of previous ? sitemapsNamedIn(previous) : [])
    if (!kept.has(stale)) await store.delete(keyOf('sitemaps', stale));
  return names.length + 1;
}

/** Publishes the written merchant feeds, one per language, each replacing its previous copy. */
export async function publishFeeds(dir: string, store: MediaStore): Promise<number> {
  const names = (await readdir(dir)).filter((name) => MERCHANT_FEED_FILE.test(name)).sort();
  for (const name of names) await store.put(keyOf('feeds', name), await readFile(join(dir, name)), XML);
  return names.length;
}
