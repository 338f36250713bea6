import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, offers, orderItems, users } from '@marketplace/db';
import { productUnavailable } from '@marketplace/domain/orders/messages';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { defaultAddress, deliverableOffers } from '../../../test-support/orders.ts';

// requirements#safe-writes: concurrent buyers never oversell. On PostgreSQL (TEST_DATABASE_URL) the requests
// truly run in parallel over a connection pool; the test fails if stock could go below 0.
const BUYERS = 60;
const LAST_UNITS = 10;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pendingUnits = async (offerId: number) =>
  (await t.db.select().from(orderItems).where(eq(orderItems.offerId, offerId)))
    .filter((item) => item.status === 'pending')
    .reduce((n, item) => n + item.quantity, 0);

describe('the last units of an offer', () => {
  it(`go to exactly ${LAST_UNITS} of ${BUYERS} concurrent buyers, and stock ends at 0`, async () => {
    const template = await defaultAddress(t.db, 'priya@example.com');
    const [pick] = await deliverableOffers(t.db, template.pincode);
    if (!pick) throw new Error('a deliverable offer');
    const soldBefore = await pendingUnits(pick.offer.id);
    await t.db.update(offers).set({ stock: LAST_UNITS, maxPerOrder: 10 }).where(eq(offers.id, pick.offer.id));
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const email = `racer${i}@example.com`;
        const [user] = await t.db
          .insert(users)
          .values({ email, passwordHash: 'locked', firstName: 'Racer', lastName: String(i) })
          .returning({ id: users.id });
        const { id: _id, userId: _userId, createdAt: _c, updatedAt: _u, ...fields } = template;
        const [address] = await t.db
          .insert(addresses)
          .values({ ...fields, userId: user?.id ?? 0, isDefault: true })
          .returning({ id: addresses.id });
        return { cookie: await t.loginCookie(email), addressId: address?.id ?? 0 };
      }),
    );
    const answers = await Promise.all(
      buyers.map(async ({ cookie, addressId }, i) => {
        const res = await t.request('/api/orders', {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            idempotencyKey: `race-${i}-buyer`,
            addressId,
            paymentMode: 'cod',
            lines: [
              {
                productId: pick.offer.productId,
                sellerId: pick.offer.sellerId,
                quantity: 1,
                deliveryType: 'standard',
              },
            ],
          }),
        });
        return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
      }),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(LAST_UNITS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - LAST_UNITS);
    expect(answers.find((a) => a.status === 409)?.body.error?.message).toBe(
      productUnavailable(pick.offer.productId),
    );
    const [after] = await t.db
      .select({ stock: offers.stock })
      .from(offers)
      .where(eq(offers.id, pick.offer.id));
    expect(after?.stock).toBe(0);
    expect((await pendingUnits(pick.offer.id)) - soldBefore).toBe(LAST_UNITS);
  });
});
