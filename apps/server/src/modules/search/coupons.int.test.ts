import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { createProductServices } from '../catalog/index.ts';
import { couponsPage } from './coupons.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('/coupons', () => {
  it('leads every card to a product page that shows the same coupon with the same price', async () => {
    const page = await couponsPage(t.db, '1');
    expect(page.items.length).toBeGreaterThan(0);
    const products = createProductServices(t.db, undefined, { keepMs: 0 });
    for (const card of page.items) {
      expect(card.sellerId).not.toBeNull();
      const detail = await products.productDetail({
        name: card.name,
        sellerId: card.sellerId,
        pincode: '600100',
      });
      expect(detail?.offer?.sellerId, card.name).toBe(card.sellerId);
      expect(detail?.offer?.salePricePaise, card.name).toBe(card.salePricePaise);
      expect(detail?.offer?.coupon?.id, card.name).toBe(card.coupon.id);
    }
  });
});
