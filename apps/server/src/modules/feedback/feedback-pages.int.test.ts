import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feedback, orderItems, rateLimitCounters, reviews } from '@marketplace/db';
import { FEEDBACK_MESSAGES } from '@marketplace/domain/orders/feedback';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { FILES, orderItemOf } from '../../../test-support/feedback.ts';

// The feedback pages without scripts (ADR-0013): rendered on the server, the form (stars, text
// and, for a product, its photos, ADR-0014) posted to the page's action, which calls the feedback API.
let t: TestApp;
let priya: string;
let rahul: string;
beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
  rahul = await t.loginCookie('rahul@example.com');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(rateLimitCounters).where(like(rateLimitCounters.key, 'upload:%'));
});

let next = 0;
/** Another of Priya's order items, delivered. */
const deliveredItem = () => orderItemOf(t.db, 'priya@example.com', 'delivered', next++);

type Fields = [string, string | Blob][];
const post = (path: string, cookie: string | null, fields: Fields) => {
  const body = new FormData();
  for (const [name, value] of fields)
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, value, 'camera.png');
  return t.request(path, { method: 'POST', headers: cookie ? { cookie } : {}, body });
};
const png = () => new Blob([new Uint8Array(FILES.png)], { type: 'image/png' });
const html = async (response: Response) => (await response.text()).replaceAll('<!-- -->', '');
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;');
/** The feedback of a kind on the item's order and seller (one per subject: the item's product, for a product). */
async function feedbackOf(itemId: number, kind: string) {
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, itemId));
  if (!item) throw new Error('the item exists');
  const rows = await t.db
    .select()
    .from(feedback)
    .where(
      and(eq(feedback.orderId, item.orderId), eq(feedback.sellerId, item.sellerId), eq(feedback.kind, kind)),
    );
  return rows.filter((row) => kind !== 'product' || row.productId === item.productId);
}

describe('the feedback pages render on the server', () => {
  it('shows the item, the stars as posted radios and the photo box in the first HTML, with no spinner', async () => {
    const item = await deliveredItem();
    const response = await t.request(`/productfeedback?item=${item.id}`, { headers: { cookie: priya } });
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain('Product Feedback');
    expect(page).toMatch(/<input[^>]*type="radio"[^>]*name="stars"[^>]*value="4"/);
    expect(page).toContain('name="photos"');
    expect(page).toContain('name="text"');
    expect(page).not.toContain('class="spinner"');
  });

  it('says the item was not found with 404 for another shopper’s item, and sends a visitor to log in', async () => {
    const item = await deliveredItem();
    const theirs = await t.request(`/sellerfeedback?item=${item.id}`, { headers: { cookie: rahul } });
    expect(theirs.status).toBe(404);
    expect(await html(theirs)).toContain(FEEDBACK_MESSAGES.notFound);
    const malformed = await t.request('/sellerfeedback?item=1%00', { headers: { cookie: priya } });
    expect(malformed.status).toBe(404);
    const visitor = await t.request(`/sellerfeedback?item=${item.id}`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe(`/login?redirectTo=%2Fsellerfeedback%3Fitem%3D${item.id}`);
  });
});

describe('the feedback form posted without scripts', () => {
  it('saves seller feedback and goes to My Orders with the spec’s thanks', async () => {
    const item = await deliveredItem();
    const response = await post(`/sellerfeedback?item=${item.id}`, priya, [
      ['stars', '5'],
      ['text', 'Packed with care.'],
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/myorder');
    const flash = response.headers.getSetCookie().find((cookie) => cookie.startsWith('flash='));
    expect(decodeURIComponent(flash ?? '')).toContain(FEEDBACK_MESSAGES.saved);
    expect((await feedbackOf(item.id, 'seller')).map((row) => row.body)).toEqual(['Packed with care.']);
    // My Orders shows the thanks once
    const orders = await t.request('/myorder', {
      headers: { cookie: `${priya}; ${flash?.split(';')[0] ?? ''}` },
    });
    expect(await html(orders)).toContain(FEEDBACK_MESSAGES.saved);
  });

  it('publishes product feedback with the photo the form carried as a review', async () => {
    const item = await deliveredItem();
    const response = await post(`/productfeedback?item=${item.id}`, priya, [
      ['stars', '4'],
      ['text', 'Sturdy, as described.'],
      ['photos', png()],
    ]);
    expect(response.status).toBe(302);
    const [review] = await t.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, item.productId), eq(reviews.body, 'Sturdy, as described.')));
    expect(review?.images).toHaveLength(1);
  });

  it('answers missing, malformed, oversized and hostile fields with the spec’s messages, keeping the text', async () => {
    const item = await deliveredItem();
    const path = `/productfeedback?item=${item.id}`;
    const cases: [Fields, string][] = [
      [[['text', 'No stars given.']], FEEDBACK_MESSAGES.stars],
      [
        [
          ['stars', '9'],
          ['text', 'Nine stars.'],
        ],
        FEEDBACK_MESSAGES.stars,
      ],
      [
        [
          ['stars', '4\u0000'],
          ['text', 'A NUL star.'],
        ],
        FEEDBACK_MESSAGES.stars,
      ],
      [
        [
          ['stars', '4'],
          ['text', 'x'.repeat(5000)],
        ],
        FEEDBACK_MESSAGES.textTooLong,
      ],
      [
        [
          ['stars', '4'],
          ['text', 'bad\u0000byte'],
        ],
        FEEDBACK_MESSAGES.textInvalid,
      ],
      [
        [
          ['stars', '4'],
          ['text', 'Not a photo.'],
          ['photos', new Blob([new Uint8Array(FILES.text)], { type: 'image/png' })],
        ],
        FEEDBACK_MESSAGES.invalidImages,
      ],
      [
        [
          ['stars', '4'],
          ['text', 'Six photos.'],
          ...Array.from({ length: 6 }, (): [string, Blob] => ['photos', png()]),
        ],
        FEEDBACK_MESSAGES.tooManyImages,
      ],
    ];
    for (const [fields, message] of cases) {
      const response = await post(path, priya, fields);
      expect(response.status, message).toBeGreaterThanOrEqual(400);
      expect(response.status, message).toBeLessThan(500);
      const page = await html(response);
      expect(page, message).toContain(escaped(message));
    }
    const kept = await html(await post(path, priya, [['text', 'Kept as typed.']]));
    expect(kept).toContain('Kept as typed.</textarea>');
    const seller = await post(`/sellerfeedback?item=${item.id}`, priya, [
      ['stars', '4'],
      ['image', 'a'.repeat(32)],
    ]);
    expect(seller.status).toBe(400);
    expect(await html(seller)).toContain(FEEDBACK_MESSAGES.mediaOnlyForProduct);
    expect(await feedbackOf(item.id, 'product')).toHaveLength(0);
  });

  it('says so for an item not delivered yet', async () => {
    const item = await orderItemOf(t.db, 'priya@example.com', 'shipped', next++);
    const page = await html(
      await t.request(`/deliveryfeedback?item=${item.id}`, { headers: { cookie: priya } }),
    );
    expect(page).toContain(FEEDBACK_MESSAGES.notDelivered);
    const response = await post(`/deliveryfeedback?item=${item.id}`, priya, [['stars', '3']]);
    expect(response.status).toBe(409);
    expect(await html(response)).toContain(FEEDBACK_MESSAGES.notDelivered);
  });

  it('keeps one feedback of a kind when the same form is posted twice at the same time', async () => {
    const item = await deliveredItem();
    const fields: Fields = [
      ['stars', '3'],
      ['text', 'Posted twice.'],
    ];
    const answers = await Promise.all([
      post(`/deliveryfeedback?item=${item.id}`, priya, fields),
      post(`/deliveryfeedback?item=${item.id}`, priya, fields),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    expect(await feedbackOf(item.id, 'delivery')).toHaveLength(1);
  });

  it('lets no other shopper give feedback on the item, and sends a visitor’s post to log in', async () => {
    const item = await deliveredItem();
    const before = await feedbackOf(item.id, 'seller');
    const theirs = await post(`/sellerfeedback?item=${item.id}`, rahul, [['stars', '1']]);
    expect(theirs.status).toBe(404);
    expect(await html(theirs)).toContain(FEEDBACK_MESSAGES.notFound);
    const theirPhoto = await post(`/productfeedback?item=${item.id}`, rahul, [
      ['stars', '1'],
      ['photos', png()],
    ]);
    expect(theirPhoto.status).toBe(404);
    const visitor = await post(`/sellerfeedback?item=${item.id}`, null, [['stars', '1']]);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
    expect(await feedbackOf(item.id, 'seller')).toEqual(before);
  });
});
