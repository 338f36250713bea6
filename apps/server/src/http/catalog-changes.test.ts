// ADR-0055: which API writes tell every process's kept catalog that it changed.
import { describe, expect, it } from 'vitest';
import { isCatalogWrite } from './catalog-changes.ts';

describe('isCatalogWrite', () => {
  it.each([
    ['PUT', '/api/seller/offers/12', true],
    ['POST', '/api/seller/offers.csv', true],
    ['PATCH', '/api/seller/listings/4', true],
    ['POST', '/api/seller/products', true],
    ['PUT', '/api/seller/shipping-zones', true],
    ['POST', '/api/seller/campaigns', true],
    ['PATCH', '/api/admin/catalog/categories/1', true],
    ['POST', '/api/admin/catalog/products/2001/approve', true],
    ['POST', '/api/admin/sellers/3/suspend', true],
    ['DELETE', '/api/admin/delivery/zones/1', true],
    // reads change nothing
    ['GET', '/api/seller/offers', false],
    ['HEAD', '/api/admin/catalog/queue', false],
    // writes elsewhere: orders, carts, a look-alike path
    ['POST', '/api/seller/orders/ORD1/shipments', false],
    ['POST', '/api/cart/items', false],
    ['POST', '/api/seller/offersx', false],
    ['POST', '/api/admin/catalogue', false],
  ])('%s %s → %s', (method, path, expected) => {
    expect(isCatalogWrite(method, path)).toBe(expected);
  });
});
