import { sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '@marketplace/db';
import type { Logger } from 'pino';
import type { Job } from '../../jobs.ts';
import type { UploadStore } from './store.ts';

/** How long a photo or video may wait to be attached to a request or a feedback. */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** How often the server looks for uploads nobody attached. */
export const UNUSED_UPLOAD_SWEEP_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Deletes uploads a shopper sent but never attached to a return, a replacement or a feedback
 * (a form left unsubmitted, a photo removed before sending, one replaced by editing a feedback)
 * once they are older than `ttlMs`: the row first, in one statement that checks nothing refers to
 * it, then the file. A file that cannot be deleted now is logged and left behind. Returns the
 * deleted keys.
 */
export async function deleteUnusedUploads(
  db: Executor,
  store: UploadStore,
  options: { now?: Date; ttlMs?: number; onError?: (error: unknown, key: string) => void } = {},
): Promise<string[]> {
  const before = new Date((options.now ?? new Date()).getTime() - (options.ttlMs ?? UNUSED_UPLOAD_TTL_MS));
  const deleted = await queryRows<{ key: string }>(
    db,
    sql`DELETE FROM uploads u
         WHERE u.id IN (
           SELECT o.id FROM uploads o
            WHERE o.created_at < ${before}
              AND NOT EXISTS (SELECT 1 FROM item_request_media m WHERE m.path = o.key)
              AND NOT EXISTS (
                SELECT 1 FROM feedback f
                 WHERE f.user_id = o.user_id
                   AND f.media @> jsonb_build_array(jsonb_build_object('path', o.key)))
            ORDER BY o.id
            LIMIT ${BATCH})
     RETURNING u.key`,
  );
  const keys: string[] = [];
  for (const { key } of deleted) {
    try {
      await store.delete(key);
      keys.push(key);
    } catch (error) {
      options.onError?.(error, key);
    }
  }
  return keys;
}

/** deleteUnusedUploads every hour, by one server process at a time. */
export function unusedUploadSweepJob(db: Database, store: UploadStore, logger: Logger): Job {
  return {
    name: 'unused-uploads',
    intervalMs: UNUSED_UPLOAD_SWEEP_MS,
    run: () =>
      deleteUnusedUploads(db, store, {
        onError: (error, key) =>
          logger.warn({ err: error, key }, 'an unused upload file could not be deleted'),
      }).then(
        (keys) => {
          if (keys.length > 0) logger.info({ uploads: keys.length }, 'unused uploads deleted');
        },
        (error: unknown) => logger.warn({ err: error }, 'unused uploads could not be deleted this time'),
      ),
  };
}
