// ADR-0055: a seller's or staff member's change to the catalog reaches every server process's
// kept catalog (the home page's shared blocks, the category menu, listings' and search's kept
// lists) within a second. Any write under these API paths that succeeded tells them, whatever the
// route: a new route under them needs no wiring of its own.
import type { MiddlewareHandler } from 'hono';

/** API paths (after /api) whose writes change what shoppers browse. */
export const CATALOG_WRITE_PATHS = [
  // Seller Central: offers (prices, stock), listings, new products, delivery zones, ads
  '/seller/offers',
  '/seller/listings',
  '/seller/products',
  '/seller/shipping-zones',
  '/seller/campaigns',
  // the operator console: the catalog tree, brands, moderation, sellers (suspended or restored), delivery
  '/admin/catalog',
  '/admin/sellers',
  '/admin/delivery',
] as const;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isCatalogWrite(method: string, path: string): boolean {
  if (!UNSAFE.has(method)) return false;
  const rest = path.startsWith('/api/') ? path.slice(4) : path;
  return CATALOG_WRITE_PATHS.some(
    (prefix) => rest === prefix || rest.startsWith(`${prefix}/`) || rest.startsWith(`${prefix}.`),
  );
}

export function catalogChangeNotice(changed: () => void): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status < 400 && isCatalogWrite(c.req.method, c.req.path)) changed();
  };
}
