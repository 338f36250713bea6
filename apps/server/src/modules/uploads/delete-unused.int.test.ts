import { resolve } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemRequestMedia, itemRequests, orderItems, orders, uploads } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { FILES, fileForm, orderItemOf } from '../../../test-support/feedback.ts';
import { deleteUnusedUploads, UNUSED_UPLOAD_TTL_MS } from './delete-unused.ts';
import { createDiskUploadStore, type UploadStore } from './store.ts';

let t: TestApp;
let priya: string;
let store: UploadStore;
let item: Awaited<ReturnType<typeof orderItemOf>>;
beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
  item = await orderItemOf(t.db, 'priya@example.com', 'delivered');
  // the test app keeps uploads beside its media folder
  store = createDiskUploadStore(resolve(t.source.mediaDir, '..', 'uploads'));
});
afterAll(() => t.close());

const uploadPng = async () => {
  const res = await t.request(`/api/uploads?orderItem=${item.id}&kind=image`, {
    method: 'POST',
    headers: { cookie: priya },
    body: fileForm(FILES.png, 'photo.png', 'image/png'),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
};
const ageBy = (keys: string[], ms: number) =>
  t.db
    .update(uploads)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(inArray(uploads.key, keys));
const stored = async (key: string) => (await store.get(key)) !== null;

describe('unused uploads', () => {
  it('deletes photos never attached once a day old, row and file; keeps attached and recent ones', async () => {
    const [unused, inFeedback, inRequest, recent] = [
      await uploadPng(),
      await uploadPng(),
      await uploadPng(),
      await uploadPng(),
    ];
    const feedback = await t.request('/api/feedback', {
      method: 'PUT',
      headers: { cookie: priya, 'content-type': 'application/json' },
      body: JSON.stringify({
        orderItemId: item.id,
        kind: 'product',
        stars: 5,
        text: 'Lovely.',
        images: [inFeedback],
      }),
    });
    expect(feedback.status).toBe(200);
    const [order] = await t.db
      .select({ userId: orders.userId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.id, item.id));
    if (!order) throw new Error('order expected');
    const [request] = await t.db
      .insert(itemRequests)
      .values({
        refNo: `RT-UNUSED-${Date.now()}`,
        kind: 'return',
        orderItemId: item.id,
        userId: order.userId,
        quantity: 1,
        pickupDate: new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10),
      })
      .returning({ id: itemRequests.id });
    if (!request) throw new Error('insert failed');
    await t.db.insert(itemRequestMedia).values({ requestId: request.id, kind: 'image', path: inRequest });
    await ageBy([unused, inFeedback, inRequest], UNUSED_UPLOAD_TTL_MS + 60_000);
    await ageBy([recent], UNUSED_UPLOAD_TTL_MS - 60_000);

    expect(await deleteUnusedUploads(t.db, store)).toEqual([unused]);
    const left = await t.db
      .select({ key: uploads.key })
      .from(uploads)
      .where(inArray(uploads.key, [unused, inFeedback, inRequest, recent]));
    expect(left.map((row) => row.key).sort()).toEqual([inFeedback, inRequest, recent].sort());
    expect(await stored(unused)).toBe(false);
    for (const key of [inFeedback, inRequest, recent]) expect(await stored(key)).toBe(true);
    // the shopper gets a 404 for it now; a second run finds nothing more
    const gone = await t.request(`/api/uploads/${unused}`, { headers: { cookie: priya } });
    expect(gone.status).toBe(404);
    expect(await deleteUnusedUploads(t.db, store)).toEqual([]);
  });

  it('deletes a photo an edited feedback no longer shows', async () => {
    const [first, second] = [await uploadPng(), await uploadPng()];
    const save = (images: string[]) =>
      t.request('/api/feedback', {
        method: 'PUT',
        headers: { cookie: priya, 'content-type': 'application/json' },
        body: JSON.stringify({ orderItemId: item.id, kind: 'product', stars: 4, text: 'Good.', images }),
      });
    expect((await save([first])).status).toBe(200);
    expect((await save([second])).status).toBe(200);
    await ageBy([first, second], UNUSED_UPLOAD_TTL_MS + 60_000);
    const deleted = await deleteUnusedUploads(t.db, store);
    expect(deleted).toContain(first);
    expect(deleted).not.toContain(second);
  });

  it('reports a file the store cannot delete; its row is gone, so nothing can attach it any more', async () => {
    const key = await uploadPng();
    await ageBy([key], UNUSED_UPLOAD_TTL_MS + 60_000);
    const failing: UploadStore = { ...store, delete: () => Promise.reject(new Error('store down')) };
    const errors: string[] = [];
    expect(await deleteUnusedUploads(t.db, failing, { onError: (_, k) => errors.push(k) })).toEqual([]);
    expect(errors).toEqual([key]);
    expect(await t.db.select().from(uploads).where(eq(uploads.key, key))).toEqual([]);
    expect(await stored(key)).toBe(true);
  });
});
