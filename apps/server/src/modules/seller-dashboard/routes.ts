import { createRoute } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { SellerDashboard } from '@marketplace/domain/sellers/dashboard-api';
import { guarded, requireSeller } from '../../http/auth.ts';
import { errorResponse, json } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { sellerDashboard } from './dashboard.ts';

const dashboardRoute = createRoute({
  method: 'get',
  path: '/seller/dashboard',
  tags: ['Seller Central'],
  summary: 'The seller’s dashboard: today, 30 days of sales, shipping, requests, reviews, low stock',
  description:
    'Days are Indian calendar days. Sales are the items’ prices times the units not cancelled, of placed orders, on the day the order was placed. Late items are waiting past their dispatch deadline (end of the Indian day dispatch days after the order). Low stock: open offers on sale with 5 units or fewer.',
  responses: {
    200: json(SellerDashboard, 'The figures'),
    401: errorResponse('Not logged in'),
    403: errorResponse('Logged in, but not as an approved seller'),
  },
});

/** requirements#seller-dashboard */
export function sellerDashboardRoutes(db: Executor, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();
  return createRouter().openapi(guarded(dashboardRoute, requireSeller(db)), async (c) => {
    const { sellerId } = c.get('seller');
    return c.json(await sellerDashboard(db, sellerId, now()), 200);
  });
}
