import AxeBuilder from '@axe-core/playwright';
import { deflateSync } from 'node:zlib';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedback, orderItems, orders, products, reviews, uploads, users } from '@marketplace/db';
import { FEEDBACK_MESSAGES } from '@marketplace/domain/orders/feedback';
import { useStorefront, WIDTHS } from './support/storefront.ts';

const store = useStorefront();

/** A real PNG of the given size (solid colour), as a camera photo stands in. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [30, 140, 200]).flat()),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Priya's first order item, delivered (the order flow itself is not under test here). */
async function deliveredItem() {
  const [row] = await store.db
    .select({ id: orderItems.id, productId: orderItems.productId, name: products.name })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(users.email, 'priya@example.com'))
    .orderBy(asc(orderItems.id))
    .limit(1);
  if (!row) throw new Error('priya has orders');
  await store.db.update(orderItems).set({ status: 'delivered' }).where(eq(orderItems.id, row.id));
  return row;
}

describe('product feedback', () => {
  it('with a photo becomes a review on the product page', async () => {
    const item = await deliveredItem();
    await store.loginAs('priya@example.com');
    await store.openHydrated(`/productfeedback?item=${item.id}`);
    const page = store.page;
    await page.getByRole('heading', { level: 1, name: 'Product Feedback' }).waitFor();
    expect(await page.getByRole('region', { name: 'Order item' }).textContent()).toContain(item.name);

    // a file that is not an image is refused with the spec's message
    const photoInput = page.locator('input[type="file"][accept="image/*"]');
    await photoInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText(FEEDBACK_MESSAGES.invalidImages).waitFor();

    // submitting without stars asks for them
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByText(FEEDBACK_MESSAGES.stars).waitFor();

    await page.getByRole('radio', { name: /^4 stars/ }).check();
    await page.getByLabel('Your feedback').fill('Sturdy and exactly as described. Happy with it.');
    await photoInput.setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: png(900, 600) });
    await page.getByRole('img', { name: 'camera.png' }).waitFor();
    // the same name again is ignored
    await photoInput.setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: png(900, 600) });
    expect(await page.getByRole('img', { name: 'camera.png' }).count()).toBe(1);

    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await store.screenshot('product-feedback', WIDTHS.mobile);
    await store.screenshot('product-feedback', WIDTHS.desktop);

    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.waitForURL((url) => url.pathname === '/myorder');

    const [review] = await store.db
      .select()
      .from(reviews)
      .where(
        and(
          eq(reviews.productId, item.productId),
          eq(reviews.body, 'Sturdy and exactly as described. Happy with it.'),
        ),
      );
    expect(review?.stars).toBe(4);
    expect(review?.images).toHaveLength(1);
    // the browser resized the photo to 300 px on its longer side before sending it
    const key = review?.images[0]?.split('/').pop() ?? '';
    const [stored] = await store.db.select().from(uploads).where(eq(uploads.key, key));
    expect(stored).toMatchObject({ kind: 'image', contentType: 'image/png', isPublic: true });
    const served = Buffer.from(await (await fetch(store.url(`/api/uploads/${key}`))).arrayBuffer());
    expect([served.readUInt32BE(16), served.readUInt32BE(20)]).toEqual([300, 200]);

    await store.openHydrated(`/productdetails/${encodeURIComponent(item.name)}`);
    const shown = page
      .locator('article')
      .filter({ hasText: 'Sturdy and exactly as described. Happy with it.' });
    await shown.waitFor();
    await shown.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/screenshots/product-feedback-review-1366.png' });
    expect(await shown.getByRole('img', { name: 'Customer image 1' }).getAttribute('src')).toBe(
      `/api/uploads/${key}`,
    );

    // opening the form again fills it with the saved feedback
    await store.openHydrated(`/productfeedback?item=${item.id}`);
    await expect
      .poll(() => page.getByLabel('Your feedback').inputValue())
      .toBe('Sturdy and exactly as described. Happy with it.');
    expect(await page.getByRole('radio', { name: /^4 stars/ }).isChecked()).toBe(true);
  });

  it('says so when the item is not delivered, and when it is not the shopper’s', async () => {
    const [other] = await store.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(users.email, 'rahul@example.com'))
      .limit(1);
    await store.loginAs('priya@example.com');
    await store.openHydrated(`/sellerfeedback?item=${other?.id ?? 0}`);
    await store.page.getByText(FEEDBACK_MESSAGES.notFound).waitFor();
    await store.openHydrated('/deliveryfeedback');
    await store.page.getByText(FEEDBACK_MESSAGES.notFound).waitFor();

    const [shipped] = await store.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(users.email, 'priya@example.com'))
      .orderBy(asc(orderItems.id))
      .offset(1)
      .limit(1);
    await store.db
      .update(orderItems)
      .set({ status: 'shipped' })
      .where(eq(orderItems.id, shipped?.id ?? 0));
    await store.openHydrated(`/deliveryfeedback?item=${shipped?.id ?? 0}`);
    await store.page.getByText(FEEDBACK_MESSAGES.notDelivered).waitFor();
    expect(await store.page.getByRole('button', { name: 'Submit Feedback' }).count()).toBe(0);
  });

  it('for the seller is given with stars and text and edited by giving it again', async () => {
    const item = await deliveredItem();
    await store.loginAs('priya@example.com');
    await store.openHydrated(`/sellerfeedback?item=${item.id}`);
    const page = store.page;
    await page.getByRole('heading', { level: 1, name: 'Seller Feedback' }).waitFor();
    // requirements#my-orders: the breadcrumb reads 'My Order / {action name}'
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toBe(
      'My Order/Seller Feedback',
    );
    expect(await page.locator('input[type="file"]').count()).toBe(0);
    await page.getByRole('radio', { name: /^5 stars/ }).check();
    await page.getByLabel('Your feedback').fill('Packed with care.');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.waitForURL((url) => url.pathname === '/myorder');
    // back on My Orders, the shopper is told the feedback was saved
    await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
    await page.getByText(FEEDBACK_MESSAGES.saved).waitFor();

    await store.openHydrated(`/sellerfeedback?item=${item.id}`);
    await expect.poll(() => page.getByRole('radio', { name: /^5 stars/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /^3 stars/ }).check();
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.waitForURL((url) => url.pathname === '/myorder');
    const rows = await store.db.select().from(feedback).where(eq(feedback.kind, 'seller'));
    expect(rows.filter((row) => row.body === 'Packed with care.').map((row) => row.stars)).toEqual([3]);
  });
});
