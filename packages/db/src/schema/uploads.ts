import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf } from './columns.ts';
import { MEDIA_KINDS, orderItems } from './orders.ts';
import { users } from './users.ts';

/**
 * Photos and videos a shopper uploads about an order item (feedback, returns, replacements). The
 * file lives in the upload store under `key` (random, never derived from the file's name); only the
 * shopper and the item's seller may fetch it, unless it is shown in a published product review.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    key: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id),
    kind: text().notNull(),
    contentType: text().notNull(), // sniffed from the content, not the name
    sizeBytes: integer().notNull(),
    isPublic: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploads_key_key').on(t.key),
    index('uploads_user_idx').on(t.userId, t.createdAt),
    index('uploads_order_item_idx').on(t.orderItemId),
    check('uploads_kind_known', sql.raw(oneOf('kind', MEDIA_KINDS))),
    check('uploads_size_positive', sql`${t.sizeBytes} > 0`),
  ],
);

/**
 * requirements#media-library: images staff upload to the console's media library, served from the
 * media folder at `path` (named by their content's hash); the picker also lists banners', brand
 * logos' and page blocks' images, which live in their own tables.
 */
export const mediaImages = pgTable(
  'media_images',
  {
    id: id(),
    path: text().notNull(),
    name: text().notNull(),
    contentType: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    sizeBytes: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('media_images_path_key').on(t.path),
    index('media_images_created_idx').on(t.createdAt),
    check('media_images_size_positive', sql`${t.sizeBytes} > 0`),
  ],
);

/**
 * requirements#media-library: films staff uploaded for video blocks (MP4 or WebM, told by their
 * bytes), kept as uploaded under /media/library/videos/ and named by their content (ADR-0047).
 */
export const mediaVideos = pgTable(
  'media_videos',
  {
    id: id(),
    path: text().notNull(),
    name: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('media_videos_path_key').on(t.path),
    index('media_videos_created_idx').on(t.createdAt),
    check('media_videos_size_positive', sql`${t.sizeBytes} > 0`),
    check('media_videos_type_known', sql`${t.contentType} IN ('video/mp4', 'video/webm')`),
  ],
);
