// requirements#media-library: the images the console's image picker offers, and uploads to it.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, mediaImages, queryRows } from '@marketplace/db';
import { MEDIA_LIMITS, type MediaImage, type MediaSource } from '@marketplace/domain/admin/media-api';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import type { MediaStore } from '../../media-store.ts';

// as banners and sellers' product images: told by the bytes; no SVG (scripts), GIF or video
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
const MAX_INPUT_PIXELS = 40_000_000;
/** Where the library's uploads live under the media folder, and the address they are served at. */
const FOLDER = 'library';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * Up to 48 images by part of their name, newest uploads first, then banners, brand logos and page
 * blocks' images: every file of ours under /media/ that a console form has used, each path once.
 */
export async function listMedia(db: Executor, q: string): Promise<MediaImage[]> {
  const pattern = `%${escapeLike(q)}%`;
  const rows = await queryRows<{ path: string; name: string; source: MediaSource }>(
    db,
    sql`
    SELECT path, name, source FROM (
      SELECT DISTINCT ON (path) path, name, source, rank, at FROM (
        SELECT m.path, m.name, 'library' AS source, 0 AS rank, m.created_at AS at FROM media_images m
        UNION ALL
        SELECT b.image_path, b.alt_text, 'banner', 1, NULL FROM banners b
        UNION ALL
        SELECT br.logo_path, br.name || ' logo', 'brand', 2, NULL FROM brands br WHERE br.logo_path IS NOT NULL
        UNION ALL
        SELECT i.image_path, coalesce(nullif(c.header, ''), 'Banner block ' || c.id), 'block', 3, NULL
          FROM content_items i JOIN content_columns c ON c.id = i.column_id WHERE i.image_path IS NOT NULL
      ) every
      WHERE path LIKE '/media/%' AND name ILIKE ${pattern}
      ORDER BY path, rank
    ) found
    ORDER BY rank, at DESC NULLS LAST, name, path
    LIMIT ${MEDIA_LIMITS.images}`,
  );
  return rows.map((row) => ({ path: row.path, name: row.name, source: row.source }));
}

export type AddMediaResult = { code: 'OK'; image: MediaImage } | { code: 'WRONG_TYPE' };

/**
 * The uploaded image, narrowed to 1500 px at most (never enlarged) as WebP under the media folder,
 * named by its content's hash (the same image twice is one file and one entry), and listed in the
 * library by `name`. Audited as `media.upload`.
 */
export async function addMedia(
  db: Database,
  media: MediaStore,
  actor: AuditActor,
  input: { name: string; bytes: Uint8Array },
  now: Date,
): Promise<AddMediaResult> {
  const type = await fileTypeFromBuffer(input.bytes);
  if (!type || !ACCEPTED.has(type.mime)) return { code: 'WRONG_TYPE' };
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(input.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MEDIA_LIMITS.storedWidth, withoutEnlargement: true })
      .webp({ quality: 84 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { code: 'WRONG_TYPE' };
  }
  const hash = createHash('sha256').update(input.bytes).digest('hex').slice(0, 20);
  const fileName = `${hash}-${output.info.width}.webp`;
  // requirements#media-store
  await media.put(`${FOLDER}/${fileName}`, output.data, 'image/webp');
  const path = `/media/${FOLDER}/${fileName}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mediaImages)
      .values({
        path,
        name: input.name,
        contentType: 'image/webp',
        width: output.info.width,
        height: output.info.height,
        sizeBytes: output.data.length,
      })
      // the same image uploaded again (or twice at once) keeps its first entry, renamed
      .onConflictDoUpdate({ target: mediaImages.path, set: { name: input.name } })
      .returning();
    if (!row) throw new Error('the image was not listed');
    await writeAudit(
      tx,
      actor,
      {
        action: 'media.upload',
        targetType: 'media',
        targetId: row.id,
        before: null,
        after: { path, name: input.name, width: row.width, height: row.height },
      },
      now,
    );
    return { code: 'OK', image: { path, name: row.name, source: 'library' } };
  });
}
