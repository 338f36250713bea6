// requirements#operator-content: the storefront's banners (the home carousel's long banners): staff
// add them with an image cut to the carousel's size, a link, alt text, dates, order and on/off.
import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { banners, type Database, type Executor } from '@marketplace/db';
import { type AdminBanner, BANNER_SIZES, type BannerFields } from '@marketplace/domain/admin/content-api';
import { CONTENT_MESSAGES, isBannerLive, moveInOrder } from '@marketplace/domain/admin/content';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { type AuditActor, writeAudit } from '../staff/index.ts';
import type { MediaStore } from '../../media-store.ts';

// as sellers' product images (requirements#seller-listings): told by the bytes; no SVG (scripts), GIF or video
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
const MAX_INPUT_PIXELS = 40_000_000;

type Kind = keyof typeof BANNER_SIZES;

/**
 * The uploaded image, cut to the size its carousel draws it at (cover, centred) as WebP, under the
 * media folder named by its content hash; its public path, or null when it is not an image we take.
 */
export async function storeBannerImage(
  media: MediaStore,
  kind: Kind,
  bytes: Uint8Array,
): Promise<string | null> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) return null;
  const { width, height } = BANNER_SIZES[kind];
  let output: Buffer;
  try {
    output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'centre' })
      .webp({ quality: 84 })
      .toBuffer();
  } catch {
    return null;
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
  const name = `${hash}-${width}x${height}.webp`;
  // requirements#media-store
  await media.put(`banners/uploads/${name}`, output, 'image/webp');
  return `/media/banners/uploads/${name}`;
}

const toAdmin = (row: typeof banners.$inferSelect, now: Date): AdminBanner => ({
  id: row.id,
  kind: row.kind === 'small' ? 'small' : 'long',
  imagePath: row.imagePath,
  altText: row.altText,
  link: row.link,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  position: row.position,
  isActive: row.isActive,
  isLive: isBannerLive(row, now),
});

const auditOf = (row: typeof banners.$inferSelect | undefined) =>
  row && {
    kind: row.kind,
    imagePath: row.imagePath,
    altText: row.altText,
    link: row.link,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    position: row.position,
    isActive: row.isActive,
  };

export async function listBanners(db: Executor, now: Date): Promise<AdminBanner[]> {
  const rows = await db
    .select()
    .from(banners)
    .orderBy(asc(banners.kind), asc(banners.position), asc(banners.id));
  return rows.map((row) => toAdmin(row, now));
}

const values = (fields: BannerFields) => ({
  kind: fields.kind,
  altText: fields.altText,
  link: fields.link,
  startsAt: fields.startsAt ? new Date(fields.startsAt) : null,
  endsAt: fields.endsAt ? new Date(fields.endsAt) : null,
  isActive: fields.isActive,
});

/** A new banner at the end of its kind's order. */
export async function addBanner(
  db: Database,
  actor: AuditActor,
  fields: BannerFields,
  imagePath: string,
  now: Date,
): Promise<AdminBanner> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`banners:${fields.kind}`}))`);
    const [{ last = -1 } = {}] = await tx
      .select({ last: sql<number>`coalesce(max(${banners.position}), -1)::int` })
      .from(banners)
      .where(eq(banners.kind, fields.kind));
    const [row] = await tx
      .insert(banners)
      .values({ ...values(fields), imagePath, position: last + 1 })
      .returning();
    if (!row) throw new Error('the banner was not inserted');
    await writeAudit(
      tx,
      actor,
      { action: 'banner.add', targetType: 'banner', targetId: row.id, before: null, after: auditOf(row) },
      now,
    );
    return toAdmin(row, now);
  });
}

/** Changes a banner's fields (and its image, when a new one came); its kind stays. */
export async function editBanner(
  db: Database,
  actor: AuditActor,
  id: number,
  fields: BannerFields,
  imagePath: string | null,
  now: Date,
): Promise<AdminBanner | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!before) return null;
    const [after] = await tx
      .update(banners)
      .set({ ...values(fields), kind: before.kind, ...(imagePath ? { imagePath } : {}) })
      .where(eq(banners.id, id))
      .returning();
    if (!after) return null;
    await writeAudit(
      tx,
      actor,
      {
        action: 'banner.edit',
        targetType: 'banner',
        targetId: id,
        before: auditOf(before),
        after: auditOf(after),
      },
      now,
    );
    return toAdmin(after, now);
  });
}

/** Switches a banner on or off. */
export async function switchBanner(
  db: Database,
  actor: AuditActor,
  id: number,
  isActive: boolean,
  now: Date,
): Promise<AdminBanner | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!before) return null;
    const [after] = await tx.update(banners).set({ isActive }).where(eq(banners.id, id)).returning();
    if (!after) return null;
    await writeAudit(
      tx,
      actor,
      {
        action: 'banner.edit',
        targetType: 'banner',
        targetId: id,
        before: { isActive: before.isActive },
        after: { isActive },
      },
      now,
    );
    return toAdmin(after, now);
  });
}

/** Moves a banner one place earlier or later among its kind. */
export async function moveBanner(
  db: Database,
  actor: AuditActor,
  id: number,
  direction: 'up' | 'down',
  now: Date,
): Promise<
  { code: 'OK'; banner: AdminBanner } | { code: 'NOT_FOUND' } | { code: 'AT_END'; message: string }
> {
  return db.transaction(async (tx) => {
    const [banner] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!banner) return { code: 'NOT_FOUND' };
    const siblings = await tx
      .select({ id: banners.id })
      .from(banners)
      .where(eq(banners.kind, banner.kind))
      .orderBy(asc(banners.position), asc(banners.id))
      .for('update');
    const before = siblings.map((s) => s.id);
    const after = moveInOrder(before, id, direction);
    if (!after)
      return {
        code: 'AT_END',
        message:
          direction === 'up' ? 'This banner is already the first.' : 'This banner is already the last.',
      };
    for (const [position, bannerId] of after.entries())
      await tx.update(banners).set({ position }).where(eq(banners.id, bannerId));
    await writeAudit(
      tx,
      actor,
      {
        action: 'banner.edit',
        targetType: 'banner',
        targetId: id,
        before: { order: before },
        after: { order: after },
      },
      now,
    );
    const [moved] = await tx.select().from(banners).where(eq(banners.id, id));
    return moved ? { code: 'OK', banner: toAdmin(moved, now) } : { code: 'NOT_FOUND' };
  });
}

export const BANNER_NOT_FOUND = CONTENT_MESSAGES.bannerNotFound;
