// The courier journeys' common steps: a shopper's COD order placed through the API, the seller's
// login, and screenshots of a page at both widths.
import { mkdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sellers, users } from '@marketplace/db';
import type { deliverableOffers } from '../../apps/server/test-support/orders.ts';
import { expectFitsWidth, type useStorefront, WIDTHS } from './storefront.ts';

type Store = ReturnType<typeof useStorefront>;

type Pick = Awaited<ReturnType<typeof deliverableOffers>>[number];

/** Places a one-unit COD order of an offer with the browser's session (the shopper's); its order number. */
export async function placeCodOrder(store: Store, pick: Pick, addressId: number, key: string) {
  const placed = await store.page.context().request.post(store.url('/api/orders'), {
    data: {
      idempotencyKey: key,
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
    },
  });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { orderNo: string }).orderNo;
}

/** The login email of a seller. */
export async function sellerEmail(store: Store, sellerId: number) {
  const [seller] = await store.db
    .select({ email: users.email })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId));
  if (!seller) throw new Error('the seller has a login');
  return seller.email;
}

/** Screenshots of the page at 360 and 1366 px into `dir` (the phone's also checked to fit its width). */
export async function shootBothWidths(store: Store, dir: string, name: string) {
  await mkdir(dir, { recursive: true });
  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    await store.page.setViewportSize({ width, height: 900 });
    await store.page.waitForTimeout(150);
    if (width === WIDTHS.mobile) await expectFitsWidth(store.page);
    await store.page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await store.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
}
