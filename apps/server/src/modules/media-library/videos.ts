// requirements#media-library: the films a video block may play, and uploads of them (ADR-0047).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, mediaVideos, queryRows } from '@marketplace/db';
import { MEDIA_VIDEO_LIMITS, type MediaVideo } from '@marketplace/domain/admin/media-api';
import { fileTypeFromBuffer } from 'file-type';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import type { MediaStore } from '../../media-store.ts';

// the two containers every browser's <video> plays; told by the bytes, never by the name or the header
const ACCEPTED = new Map([
  ['video/mp4', 'mp4'],
  ['video/webm', 'webm'],
]);
const FOLDER = 'library/videos';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/** Up to 48 films by part of their name: uploads newest first, then those page blocks already play. */
export async function listVideos(db: Executor, q: string): Promise<MediaVideo[]> {
  const pattern = `%${escapeLike(q)}%`;
  const rows = await queryRows<{ path: string; name: string; source: 'library' | 'block' }>(
    db,
    sql`
    SELECT path, name, source FROM (
      SELECT DISTINCT ON (path) path, name, source, rank, at FROM (
        SELECT v.path, v.name, 'library' AS source, 0 AS rank, v.created_at AS at FROM media_videos v
        UNION ALL
        SELECT i.video_path, coalesce(nullif(c.header, ''), 'Video block ' || c.id), 'block', 1, NULL
          FROM content_items i JOIN content_columns c ON c.id = i.column_id WHERE i.video_path IS NOT NULL
      ) every
      WHERE path LIKE '/media/%' AND name ILIKE ${pattern}
      ORDER BY path, rank
    ) found
    ORDER BY rank, at DESC NULLS LAST, name, path
    LIMIT ${MEDIA_VIDEO_LIMITS.videos}`,
  );
  return rows.map((row) => ({ path: row.path, name: row.name, source: row.source }));
}

export type AddVideoResult = { code: 'OK'; video: MediaVideo } | { code: 'WRONG_TYPE' };

/**
 * The uploaded film, kept as it came (no transcoding on the shop's server) under the media folder,
 * named by its content's hash (the same film twice is one file and one entry). Audited as `media.upload`.
 */
export async function addVideo(
  db: Database,
  media: MediaStore,
  actor: AuditActor,
  input: { name: string; bytes: Uint8Array },
  now: Date,
): Promise<AddVideoResult> {
  const type = await fileTypeFromBuffer(input.bytes);
  const extension = type ? ACCEPTED.get(type.mime) : undefined;
  if (!type || !extension) return { code: 'WRONG_TYPE' };
  const hash = createHash('sha256').update(input.bytes).digest('hex').slice(0, 20);
  const fileName = `${hash}.${extension}`;
  // requirements#media-store
  await media.put(`${FOLDER}/${fileName}`, input.bytes, type.mime);
  const path = `/media/${FOLDER}/${fileName}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mediaVideos)
      .values({
        path,
        name: input.name,
        contentType: type.mime,
        sizeBytes: input.bytes.length,
        createdAt: now,
      })
      .onConflictDoUpdate({ target: mediaVideos.path, set: { name: input.name } })
      .returning();
    if (!row) throw new Error('the video was not listed');
    await writeAudit(
      tx,
      actor,
      {
        action: 'media.upload',
        targetType: 'media-video',
        targetId: row.id,
        before: null,
        after: { path, name: input.name, contentType: type.mime, sizeBytes: row.sizeBytes },
      },
      now,
    );
    return { code: 'OK', video: { path, name: row.name, source: 'library' } };
  });
}
