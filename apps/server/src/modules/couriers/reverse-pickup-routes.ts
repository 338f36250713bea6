// ADR-0058: reverse pickups whose quality check failed at the shopper's door: the refund waits;
// the seller sees its own, support sees all.
import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { ReturnDisputes } from '@marketplace/domain/orders/reverse-pickup';
import { guarded, requireSeller } from '../../http/auth.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff } from '../staff/index.ts';
import { returnDisputes } from './reverse-pickups.ts';

const description =
  'The courier’s agent refused the product at the quality check of its reverse pickup: the request’s refund is on hold until the seller or support settles it.';

const sellerRoute = createRoute({
  method: 'get',
  path: '/seller/return-disputes',
  tags: ['Seller fulfilment'],
  summary: 'The seller’s returns whose courier quality check failed at pickup',
  description,
  responses: {
    200: json(ReturnDisputes, 'Newest first'),
    401: errorResponse('Not logged in'),
    403: errorResponse('Logged in, but not as a seller'),
  },
});
const supportRoute = createRoute({
  method: 'get',
  path: '/admin/return-disputes',
  tags: ['admin'],
  summary: 'Every return whose courier quality check failed at pickup',
  description,
  responses: {
    200: json(ReturnDisputes, 'Newest first'),
    401: errorResponse('Not logged in'),
    403: errorResponse('Not staff with the orders area'),
  },
});

export function reversePickupRoutes(db: Executor, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  return createRouter()
    .openapi(guarded(sellerRoute, requireSeller(db, { evenSuspended: true })), async (c) =>
      c.json({ disputes: await returnDisputes(db, { sellerId: c.get('seller').sellerId }) }, 200),
    )
    .openapi(guarded(supportRoute, requireStaff(db, { area: 'orders', now })), async (c) =>
      c.json({ disputes: await returnDisputes(db, 'all') }, 200),
    );
}
