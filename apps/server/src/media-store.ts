// requirements#media-store (ADR-0066): the shop's public media files (product images and their
// sizes, ad creatives, brand logos) kept in one place: a folder under DATA_DIR by default, or the
// `media/` prefix of an S3-compatible bucket. Names are content-hashed, so a file never changes
// once written and is served as immutable. Customer uploads are not media: they stay private.
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { extname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';

export type MediaObject = {
  body: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
  /** the store's own validator (a quoted ETag), when it has one */
  etag: string | null;
  lastModified: Date | null;
};

export type MediaStore = {
  readonly kind: 'disk' | 's3';
  /** Writes the bytes under `key` (a path below the media root such as catalog/sellers/3/ab12-500.webp). */
  put(key: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  /** The stored bytes, or null when the key holds nothing. */
  get(key: string): Promise<MediaObject | null>;
  /** The stored size in bytes, or null when the key holds nothing. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
};

export type MediaS3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** A long-lived cache for names that carry a content hash; others may change and are kept a day. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const DAY_CACHE = 'public, max-age=86400';
// generated and uploaded media carry a content hash in their name (name-1a2b3c4d.svg, 1a2b…-500.webp)
const FINGERPRINTED = /(^|[-/])[0-9a-f]{8,}(-\d+)?\.[a-z0-9]+$/i;
export const cacheControlOf = (key: string) => (FINGERPRINTED.test(key) ? IMMUTABLE_CACHE : DAY_CACHE);

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};
export const contentTypeOf = (key: string) => TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';

// each piece starts with a letter or digit (so never `.`, `..` or a hidden file) and holds only
// letters, digits, dot, dash and underscore: no slash, backslash, NUL or percent-encoding
const PIECE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_DEPTH = 12;

/** The key when every piece of it is safe, else null; a store never trusts a path piece it is handed. */
export function safeMediaKey(key: string): string | null {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) return null;
  const pieces = key.split('/');
  if (pieces.length > MAX_DEPTH || !pieces.every((piece) => PIECE.test(piece))) return null;
  return key;
}

function checkedKey(key: string): string {
  const safe = safeMediaKey(key);
  if (safe === null)
    throw new Error('media key must be a path of letters, digits, dots, dashes and underscores');
  return safe;
}

/** The store key of a public path the shop links (/media/catalog/x.webp → catalog/x.webp), or null. */
export function mediaKeyOfPath(path: string): string | null {
  if (!path.startsWith('/media/')) return null;
  return safeMediaKey(path.slice('/media/'.length));
}

/** Files under `root` (DATA_DIR/media), each key its path below the root. */
export function createDiskMediaStore(root: string): MediaStore {
  const pathOf = (key: string) => join(root, ...checkedKey(key).split('/'));
  const found = async (key: string) => {
    const path = pathOf(key);
    try {
      const info = await stat(path);
      return info.isFile() ? { path, info } : null;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw error;
    }
  };
  return {
    kind: 'disk',
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(join(target, '..'), { recursive: true });
      // written beside and renamed, so a reader never sees half a file
      const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = await found(key);
      if (!file) return null;
      return {
        body: Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>,
        size: file.info.size,
        contentType: contentTypeOf(key),
        etag: `W/"${file.info.size.toString(16)}-${Math.floor(file.info.mtimeMs).toString(16)}"`,
        lastModified: file.info.mtime,
      };
    },
    async size(key) {
      return (await found(key))?.info.size ?? null;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * The `media/` prefix of an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO...), path-style URLs,
 * SigV4-signed requests. Each object is written with its content type and cache lifetime, so a CDN
 * or the bucket's own public address serves it with the same headers as the shop's /media route.
 */
export function createS3MediaStore(settings: MediaS3Settings, fetchImpl?: typeof fetch): MediaStore {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
  });
  const base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}/media/`;
  const send = async (key: string, init: RequestInit) => {
    // the checked pieces need no encoding; encoding them anyway keeps the URL what was checked
    const path = checkedKey(key).split('/').map(encodeURIComponent).join('/');
    const signed = await client.sign(base + path, init);
    return (fetchImpl ?? fetch)(signed);
  };
  const fail = async (what: string, response: Response) => {
    const detail = (await response.text().catch(() => '')).slice(0, 200);
    return new Error(`media store ${what} failed: HTTP ${response.status} ${detail}`);
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType = contentTypeOf(key)) {
      const response = await send(key, {
        method: 'PUT',
        body: bytes as Uint8Array<ArrayBuffer>, // never a shared buffer here
        headers: { 'content-type': contentType, 'cache-control': cacheControlOf(key) },
      });
      if (!response.ok) throw await fail('put', response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send(key, { method: 'GET' });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) throw await fail('get', response);
      const modified = response.headers.get('last-modified');
      return {
        body: response.body,
        size: Number(response.headers.get('content-length') ?? 0),
        contentType: response.headers.get('content-type') ?? contentTypeOf(key),
        etag: response.headers.get('etag'),
        lastModified: modified ? new Date(modified) : null,
      };
    },
    async size(key) {
      const response = await send(key, { method: 'HEAD' });
      await response.body?.cancel();
      if (response.status === 404) return null;
      if (!response.ok) throw await fail('head', response);
      return Number(response.headers.get('content-length') ?? 0);
    },
    async delete(key) {
      const response = await send(key, { method: 'DELETE' });
      await response.body?.cancel();
      if (!response.ok && response.status !== 404) throw await fail('delete', response);
    },
  };
}

/** Every file below `root` as a media key, in name order; pieces that are not safe keys are left out. */
export async function diskMediaKeys(root: string): Promise<{ keys: string[]; refused: string[] }> {
  const keys: string[] = [];
  const refused: string[] = [];
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { keys, refused };
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (key.endsWith('.part')) continue; // a write still under way
    (safeMediaKey(key) === null ? refused : keys).push(key);
  }
  keys.sort();
  refused.sort();
  return { keys, refused };
}

export type CopyCounts = { copied: number; skipped: number; refused: number; bytes: number };

/**
 * Copies the media folder on disk into a store, skipping each object the store already holds with
 * the same size (so a second run copies nothing). Names the store would refuse are counted, not copied.
 */
export async function copyMediaFolder(
  root: string,
  target: MediaStore,
  onFile: (key: string, action: 'copied' | 'skipped') => void = () => {},
): Promise<CopyCounts> {
  const source = createDiskMediaStore(root);
  const { keys, refused } = await diskMediaKeys(root);
  const counts: CopyCounts = { copied: 0, skipped: 0, refused: refused.length, bytes: 0 };
  for (const key of keys) {
    const here = await source.size(key);
    if (here === null) continue; // removed while copying
    if ((await target.size(key)) === here) {
      counts.skipped += 1;
      onFile(key, 'skipped');
      continue;
    }
    const object = await source.get(key);
    if (!object) continue;
    const bytes = new Uint8Array(await new Response(object.body).arrayBuffer());
    await target.put(key, bytes, contentTypeOf(key));
    counts.copied += 1;
    counts.bytes += bytes.byteLength;
    onFile(key, 'copied');
  }
  return counts;
}
