import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import { type Executor, orderItems, orders, sellers, uploads } from '@marketplace/db';
import type { ReceivedFile } from './receive.ts';
import { MAX_BYTES, type MediaKind, sniffMedia } from './sniff.ts';
import type { UploadStore } from './store.ts';

export type Upload = { key: string; kind: MediaKind; contentType: string; sizeBytes: number; url: string };

/** Where the browser fetches an upload (the endpoint checks who asks). */
export const uploadUrl = (key: string) => `/api/uploads/${key}`;

/** The shopper's own order item: the only thing an upload can be about. */
export async function ownedOrderItem(db: Executor, userId: number, orderItemId: number) {
  const [item] = await db
    .select({ id: orderItems.id, status: orderItems.status, sellerId: orderItems.sellerId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, orderItemId), eq(orders.userId, userId)))
    .limit(1);
  return item ?? null;
}

export type StoreUploadResult =
  { code: 'OK'; upload: Upload } | { code: 'NOT_FOUND' } | { code: 'WRONG_TYPE' } | { code: 'TOO_LARGE' };

/**
 * Keeps a received file as the shopper's upload about their order item, if its bytes are an
 * image or video of the expected kind within that kind's size limit. The temporary file is gone
 * afterwards either way.
 */
export async function storeUpload(
  db: Executor,
  store: UploadStore,
  args: { userId: number; orderItemId: number; expected: MediaKind; file: ReceivedFile },
): Promise<StoreUploadResult> {
  const { file } = args;
  try {
    const item = await ownedOrderItem(db, args.userId, args.orderItemId);
    if (!item) return { code: 'NOT_FOUND' };
    const sniffed = await sniffMedia(file.path);
    if (!sniffed || sniffed.kind !== args.expected) return { code: 'WRONG_TYPE' };
    if (file.size > MAX_BYTES[sniffed.kind]) return { code: 'TOO_LARGE' };
    const key = randomBytes(16).toString('hex');
    await store.put(key, file.path, sniffed.contentType);
    try {
      await db.insert(uploads).values({
        key,
        userId: args.userId,
        orderItemId: item.id,
        kind: sniffed.kind,
        contentType: sniffed.contentType,
        sizeBytes: file.size,
      });
    } catch (error) {
      await store.delete(key).catch(() => undefined);
      throw error;
    }
    return {
      code: 'OK',
      upload: {
        key,
        kind: sniffed.kind,
        contentType: sniffed.contentType,
        sizeBytes: file.size,
        url: uploadUrl(key),
      },
    };
  } finally {
    await rm(file.path, { force: true });
  }
}

/**
 * An upload's bytes for a viewer: its owner, the seller of its order item, or anyone once it is
 * shown in a published product review. Everyone else gets null (the same as a missing key).
 */
export async function openUpload(db: Executor, store: UploadStore, key: string, viewerId: number | null) {
  const [row] = await db
    .select({
      userId: uploads.userId,
      contentType: uploads.contentType,
      isPublic: uploads.isPublic,
      sellerUserId: sellers.userId,
    })
    .from(uploads)
    .innerJoin(orderItems, eq(orderItems.id, uploads.orderItemId))
    .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
    .where(eq(uploads.key, key))
    .limit(1);
  if (!row) return null;
  const allowed =
    row.isPublic || (viewerId !== null && (row.userId === viewerId || row.sellerUserId === viewerId));
  if (!allowed) return null;
  const stored = await store.get(key);
  if (!stored) return null;
  return { ...stored, contentType: row.contentType, isPublic: row.isPublic };
}

/** The shopper's uploads about one order item among `keys` (others' keys are simply not found). */
export async function uploadsOfItem(db: Executor, userId: number, orderItemId: number, keys: string[]) {
  return uploadsOfItems(db, userId, [orderItemId], keys);
}

/** The shopper's uploads about any of some order items among `keys` (one return's shared photos). */
export async function uploadsOfItems(db: Executor, userId: number, orderItemIds: number[], keys: string[]) {
  if (keys.length === 0 || orderItemIds.length === 0) return [];
  return db
    .select({ key: uploads.key, kind: uploads.kind })
    .from(uploads)
    .where(
      and(eq(uploads.userId, userId), inArray(uploads.orderItemId, orderItemIds), inArray(uploads.key, keys)),
    );
}

/** Marks which uploads a published review shows: `shown` become public, `hidden` private again. */
export async function setUploadsPublic(db: Executor, shown: string[], hidden: string[]) {
  if (shown.length > 0) await db.update(uploads).set({ isPublic: true }).where(inArray(uploads.key, shown));
  if (hidden.length > 0)
    await db.update(uploads).set({ isPublic: false }).where(inArray(uploads.key, hidden));
}
