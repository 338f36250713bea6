// requirements#seller-listings: a seller's product image, told by its bytes (never its name or
// the browser's word), resized into the widths the shop shows and written beside the seeded
// catalog images in the media store (requirements#media-store), named by content hash so they are
// served as immutable.
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import type { MediaStore } from '../../media-store.ts';

/**
 * The widths the shop requests: 1000 for the zoomed viewer, 500 for the product page's gallery
 * (the path kept on the product, as seeded images are one path each), 200 for cards and
 * thumbnails. Each is a square WebP with the product centred on white, as the seeded shots are.
 */
export const PRODUCT_IMAGE_WIDTHS = [1000, 500, 200] as const;
export const STORED_WIDTH = 500;

// photos and product shots: SVG (a document that may carry scripts), GIF animations and video are refused
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
// a decompression bomb (a small file of huge dimensions) is refused before it is decoded
const MAX_INPUT_PIXELS = 40_000_000;

export type StoredImage =
  { ok: true; path: string; sizes: Record<string, string> } | { ok: false; code: 'WRONG_TYPE' | 'TOO_LARGE' };

/** Reads, checks and resizes the received file (removed afterwards in every case). */
export function storeProductImage(
  media: MediaStore,
  sellerId: number,
  file: { path: string; size: number },
  maxBytes: number,
): Promise<StoredImage> {
  return storeCatalogImage(
    media,
    { folder: ['sellers', String(sellerId)], widths: PRODUCT_IMAGE_WIDTHS, storedWidth: STORED_WIDTH },
    file,
    maxBytes,
  );
}

/**
 * The same pipeline for any catalog image (requirements#operator-catalog: brand logos): told by its
 * bytes, resized to square WebPs of the given widths under /media/catalog/{folder}/, named by
 * content hash; answers the stored width's path and every width's.
 */
export async function storeCatalogImage(
  media: MediaStore,
  target: { folder: readonly string[]; widths: readonly number[]; storedWidth: number },
  file: { path: string; size: number },
  maxBytes: number,
): Promise<StoredImage> {
  try {
    if (file.size > maxBytes) return { ok: false, code: 'TOO_LARGE' };
    const bytes = await readFile(file.path);
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !ACCEPTED.has(type.mime)) return { ok: false, code: 'WRONG_TYPE' };
    let source: Sharp;
    try {
      source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
      await source.metadata();
    } catch {
      return { ok: false, code: 'WRONG_TYPE' };
    }
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
    const keyOf = (width: number) => `catalog/${target.folder.join('/')}/${hash}-${width}.webp`;
    const sizes: Record<string, string> = {};
    for (const width of target.widths) {
      let output: Buffer;
      try {
        output = await source
          .clone()
          .resize(width, width, { fit: 'contain', background: '#ffffff' })
          .flatten({ background: '#ffffff' })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        // the header read but the pixels do not decode: not an image we can show
        return { ok: false, code: 'WRONG_TYPE' };
      }
      await media.put(keyOf(width), output, 'image/webp');
      sizes[String(width)] = `/media/${keyOf(width)}`;
    }
    return { ok: true, path: `/media/${keyOf(target.storedWidth)}`, sizes };
  } finally {
    await rm(file.path, { force: true });
  }
}

/** True when the path is one of this seller's stored images (a product never takes another's). */
export async function isOwnStoredImage(media: MediaStore, sellerId: number, path: string): Promise<boolean> {
  const match = /^\/media\/catalog\/sellers\/(\d+)\/([0-9a-f]{20}-500\.webp)$/.exec(path);
  if (!match || Number(match[1]) !== sellerId || !match[2]) return false;
  return (await media.size(`catalog/sellers/${sellerId}/${match[2]}`)) !== null;
}
