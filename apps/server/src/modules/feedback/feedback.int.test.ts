import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, products, reviews, sellers, uploads } from '@marketplace/db';
import { FEEDBACK_MESSAGES } from '@marketplace/domain/orders/feedback';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { FILES, fileForm, orderItemOf } from '../../../test-support/feedback.ts';

let t: TestApp;
let priya: string;
let rahul: string;
let item: Awaited<ReturnType<typeof orderItemOf>>;
beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
  rahul = await t.loginCookie('rahul@example.com');
  item = await orderItemOf(t.db, 'priya@example.com', 'delivered');
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Saved = {
  kind: string;
  stars: number;
  text: string;
  images: { key: string; url: string }[];
  video: { key: string } | null;
};

const put = (cookie: string | null, body: unknown) =>
  t.request('/api/feedback', {
    method: 'PUT',
    headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const uploadFile = async (kind: 'image' | 'video', itemId = item.id, cookie = priya) => {
  const form =
    kind === 'image'
      ? fileForm(FILES.png, `p${Math.random()}.png`, 'image/png')
      : fileForm(FILES.mp4, 'v.mp4', 'video/mp4');
  const res = await t.request(`/api/uploads?orderItem=${itemId}&kind=${kind}`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
};
const starsOf = async (productId: number) => {
  const [row] = await t.db
    .select({
      s1: products.star1,
      s2: products.star2,
      s3: products.star3,
      s4: products.star4,
      s5: products.star5,
      count: products.ratingCount,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw new Error('product');
  return row;
};
const reviewsBy = (productId: number) =>
  t.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.sellerId, item.sellerId)));

describe('PUT /api/feedback (product)', () => {
  it('publishes a product feedback as a review with its photo, and counts its star once; an edit moves the star', async () => {
    const before = await starsOf(item.productId);
    const reviewsBefore = (await reviewsBy(item.productId)).length;
    const photo = await uploadFile('image');
    const video = await uploadFile('video');

    const first = await put(priya, {
      orderItemId: item.id,
      kind: 'product',
      stars: 4,
      text: '  Works well, sturdy build.  ',
      images: [photo],
      video,
    });
    expect(first.status).toBe(200);
    const saved = (await first.json()) as { feedback: Saved; message: string };
    expect(saved.message).toBe(FEEDBACK_MESSAGES.saved);
    expect(saved.feedback).toMatchObject({ kind: 'product', stars: 4, text: 'Works well, sturdy build.' });
    expect(saved.feedback.images).toEqual([{ key: photo, url: `/api/uploads/${photo}` }]);
    expect(saved.feedback.video?.key).toBe(video);

    const after = await starsOf(item.productId);
    expect(after).toEqual({ ...before, s4: before.s4 + 1, count: before.count + 1 });
    const published = await reviewsBy(item.productId);
    expect(published).toHaveLength(reviewsBefore + 1);
    const review = published.find((r) => r.body === 'Works well, sturdy build.');
    expect(review).toMatchObject({ stars: 4, images: [`/api/uploads/${photo}`] });

    // the review photo is now public; the video stays private
    expect((await t.request(`/api/uploads/${photo}`)).status).toBe(200);
    expect((await t.request(`/api/uploads/${video}`)).status).toBe(404);

    // a second feedback edits the first: one review, the star moves from 4 to 2, the count stays
    const second = await put(priya, {
      orderItemId: item.id,
      kind: 'product',
      stars: 2,
      text: 'Broke after a week.',
    });
    expect(second.status).toBe(200);
    expect(await starsOf(item.productId)).toEqual({ ...before, s2: before.s2 + 1, count: before.count + 1 });
    const edited = await reviewsBy(item.productId);
    expect(edited).toHaveLength(reviewsBefore + 1);
    expect(edited.find((r) => r.id === review?.id)).toMatchObject({
      stars: 2,
      body: 'Broke after a week.',
      images: [],
    });
    // the photo left the review: private again
    expect((await t.request(`/api/uploads/${photo}`)).status).toBe(404);

    // a retry of the same request changes nothing
    const retry = await put(priya, {
      orderItemId: item.id,
      kind: 'product',
      stars: 2,
      text: 'Broke after a week.',
    });
    expect(retry.status).toBe(200);
    expect(await starsOf(item.productId)).toEqual({ ...before, s2: before.s2 + 1, count: before.count + 1 });
    const rows = await t.db
      .select()
      .from(feedback)
      .where(
        and(
          eq(feedback.userId, review?.userId ?? 0),
          eq(feedback.kind, 'product'),
          eq(feedback.productId, item.productId),
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it('keeps the counts right when two saves of one item race', async () => {
    const raced = await orderItemOf(t.db, 'priya@example.com', 'delivered', 1);
    const before = await starsOf(raced.productId);
    const body = { orderItemId: raced.id, kind: 'product', stars: 5, text: 'Lovely' };
    const answers = await Promise.all([
      put(priya, body),
      put(priya, body),
      put(priya, { ...body, stars: 3 }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const after = await starsOf(raced.productId);
    expect(after.count).toBe(before.count + 1);
    expect(after.s1 + after.s2 + after.s3 + after.s4 + after.s5).toBe(
      before.s1 + before.s2 + before.s3 + before.s4 + before.s5 + 1,
    );
  });

  it('returns the saved feedback to fill the form again', async () => {
    const res = await t.request(`/api/feedback?orderItem=${item.id}`, { headers: { cookie: priya } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      item: Record<string, unknown>;
      feedback: Record<string, Saved | null>;
    };
    expect(body.item).toMatchObject({ id: item.id, isDelivered: true });
    expect(body.item.orderNo).toEqual(expect.any(String));
    expect(body.feedback.product).toMatchObject({ stars: 2, text: 'Broke after a week.' });
    expect(body.feedback.seller).toBeNull();
  });
});

describe('PUT /api/feedback (seller and delivery)', () => {
  it('feeds the seller’s rating once; an edit changes the sum, not the count', async () => {
    const rating = async () =>
      (
        await t.db
          .select({ sum: sellers.ratingSum, count: sellers.ratingCount })
          .from(sellers)
          .where(eq(sellers.id, item.sellerId))
      )[0];
    const before = await rating();
    expect(
      (await put(priya, { orderItemId: item.id, kind: 'seller', stars: 5, text: 'Quick replies' })).status,
    ).toBe(200);
    expect(await rating()).toEqual({ sum: (before?.sum ?? 0) + 5, count: (before?.count ?? 0) + 1 });
    expect((await put(priya, { orderItemId: item.id, kind: 'seller', stars: 3, text: '' })).status).toBe(200);
    expect(await rating()).toEqual({ sum: (before?.sum ?? 0) + 3, count: (before?.count ?? 0) + 1 });
  });

  it('saves delivery feedback without touching any rating', async () => {
    const res = await put(priya, {
      orderItemId: item.id,
      kind: 'delivery',
      stars: 1,
      text: 'Box was crushed',
    });
    expect(res.status).toBe(200);
    const again = await t.request(`/api/feedback?orderItem=${item.id}`, { headers: { cookie: priya } });
    const body = (await again.json()) as { feedback: Record<string, Saved | null> };
    expect(body.feedback.delivery).toMatchObject({ stars: 1, text: 'Box was crushed' });
  });
});

describe('PUT /api/feedback refuses', () => {
  const valid = () => ({ orderItemId: item.id, kind: 'product', stars: 4, text: 'ok' });

  it.each([
    ['stars 0', { stars: 0 }, 'stars'],
    ['stars 6', { stars: 6 }, 'stars'],
    ['stars as text', { stars: '5' }, 'stars'],
    ['half a star', { stars: 4.5 }, 'stars'],
    ['a huge text', { text: 'x'.repeat(2001) }, 'text'],
    ['an unknown kind', { kind: 'courier' }, 'kind'],
    ['an order item as text', { orderItemId: '12' }, 'orderItemId'],
    ['a user id in the body', { userId: 1 }, '_'],
    ['a file path as an upload', { images: ['../../../etc/passwd'] }, 'images.0'],
    ['images on seller feedback', { kind: 'seller', images: ['0'.repeat(32)] }, 'images'],
  ])('%s with 400', async (_, change, field) => {
    const res = await put(priya, { ...valid(), ...change });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields ?? {})).toContain(field);
  });

  it('a sixth image with the spec message', async () => {
    const keys = Array.from({ length: 6 }, (_, i) => i.toString(16).padStart(32, '0'));
    const res = await put(priya, { ...valid(), images: keys });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe(
      'You can only upload a maximum of 5 images.',
    );
  });

  it('missing fields, malformed JSON and a body over 1 MB', async () => {
    expect((await put(priya, { orderItemId: item.id })).status).toBe(400);
    expect((await put(priya, '{"orderItemId":')).status).toBe(400);
    expect((await put(priya, { ...valid(), text: 'x'.repeat(1_100_000) })).status).toBe(413);
  });

  it('an upload that is someone else’s, or a video key given as an image', async () => {
    const rahulItem = await orderItemOf(t.db, 'rahul@example.com', 'delivered');
    const theirs = await uploadFile('image', rahulItem.id, rahul);
    const res = await put(priya, { ...valid(), images: [theirs] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe(FEEDBACK_MESSAGES.unknownUpload);
    const video = await uploadFile('video');
    expect((await put(priya, { ...valid(), images: [video] })).status).toBe(400);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.key, theirs));
    expect(row?.isPublic).toBe(false);
  });

  it('another shopper’s order item with 404, on both endpoints', async () => {
    expect((await put(rahul, valid())).status).toBe(404);
    expect(
      (await t.request(`/api/feedback?orderItem=${item.id}`, { headers: { cookie: rahul } })).status,
    ).toBe(404);
  });

  it('an item not delivered yet with 409', async () => {
    const shipped = await orderItemOf(t.db, 'priya@example.com', 'shipped', 2);
    const res = await put(priya, { ...valid(), orderItemId: shipped.id });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(FEEDBACK_MESSAGES.notDelivered);
  });

  it('a visitor with 401', async () => {
    expect((await put(null, valid())).status).toBe(401);
    expect((await t.request(`/api/feedback?orderItem=${item.id}`)).status).toBe(401);
  });

  it('a malformed order item id with 400', async () => {
    const res = await t.request('/api/feedback?orderItem=abc', { headers: { cookie: priya } });
    expect(res.status).toBe(400);
  });

  it('keeps hostile text as plain text', async () => {
    const text = "<img src=x onerror=alert(1)> '; DROP TABLE reviews; --";
    const res = await put(priya, { ...valid(), kind: 'delivery', text });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { feedback: Saved }).feedback.text).toBe(text);
  });
});
