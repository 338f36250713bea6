import { and, asc, eq, ne } from 'drizzle-orm';
import { type Executor, orderItems, orders, sellers, users } from '@marketplace/db';

/** Test helpers: a shopper's order item put in a status directly (the order flow is not under test). */
export async function orderItemOf(db: Executor, email: string, status: string, skip = 0) {
  const rows = await db
    .select({ id: orderItems.id, productId: orderItems.productId, sellerId: orderItems.sellerId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(users.email, email))
    .orderBy(asc(orderItems.id));
  const row = rows[skip];
  if (!row) throw new Error(`${email} has no order item ${skip}`);
  await db.update(orderItems).set({ status }).where(eq(orderItems.id, row.id));
  return row;
}

/** The login email of a seller, and of some other seller. */
export async function sellerEmails(db: Executor, sellerId: number) {
  const [own] = await db
    .select({ email: users.email })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId));
  const [other] = await db
    .select({ email: users.email })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(and(ne(sellers.id, sellerId)))
    .limit(1);
  if (!own || !other) throw new Error('seeded sellers have logins');
  return { seller: own.email, otherSeller: other.email };
}

/** Real file headers: what the server's content check recognises. */
export const FILES = {
  // a 2 x 2 PNG
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP438AARAwQCgAt7gX9iz9uhAAAAABJRU5ErkJggg==',
    'base64',
  ),
  // an MP4 starts with its ftyp box
  mp4: Buffer.concat([
    Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
    Buffer.from('000000086672656500000010', 'hex'),
    Buffer.alloc(2048),
  ]),
  text: Buffer.from('Just some words pretending to be a photo.\n'.repeat(20)),
};

/** A multipart form with one `file` part. */
export function fileForm(bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}
