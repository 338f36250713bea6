// requirements#seller-dashboard: the figures of a seller's dashboard, one answer for the page.
import { z } from 'zod';

/** Days of sales in the dashboard's chart, today included. */
export const DASHBOARD_SALES_DAYS = 30;
/** An offer with this many units or fewer (open and on sale) is low on stock. */
export const LOW_STOCK_AT_MOST = 5;
/** How many of the newest reviews the dashboard shows. */
export const RECENT_REVIEWS = 5;
/** How many low-stock offers the dashboard lists (the count covers all of them). */
export const LOW_STOCK_SHOWN = 10;

const DAY_MS = 24 * 60 * 60 * 1000;
/** India keeps +05:30 all year. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The Indian calendar day of a moment, `YYYY-MM-DD`. */
export function indianDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first moment of the Indian calendar day `days` days after the one holding `at` (0: that day). */
export function indianDayStart(at: Date, days = 0): Date {
  const midnight = Math.floor((at.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  return new Date(midnight + days * DAY_MS);
}

/** The last `count` Indian calendar days up to the one holding `now`, oldest first. */
export function lastIndianDays(now: Date, count = DASHBOARD_SALES_DAYS): string[] {
  return Array.from({ length: count }, (_, i) => indianDate(indianDayStart(now, i - count + 1)));
}

const count = z.number().int().nonnegative();

export const SellerDashboard = z
  .object({
    /** The Indian calendar day the figures are for. */
    today: z.object({ date: z.string(), orders: count, salesPaise: count }),
    /** Sales at the items' prices less cancelled units, by the Indian day the order was placed, oldest first. */
    salesByDay: z.array(z.object({ date: z.string(), orders: count, salesPaise: count })),
    /** Items of placed orders not yet handed to the courier. */
    toShip: count,
    /** Of those, the ones past their dispatch deadline (requirements#seller-orders). */
    lateToShip: count,
    /** Shoppers' requests waiting for the seller's decision. */
    openRequests: z.object({ cancel: count, return: count, replace: count }),
    rating: z.object({ average: z.number().nullable(), count }),
    recentReviews: z.array(
      z.object({
        id: z.number().int(),
        productName: z.string(),
        stars: z.number().int().min(1).max(5),
        body: z.string(),
        createdAt: z.string(),
      }),
    ),
    lowStock: z.object({
      count,
      offers: z.array(
        z.object({ offerId: z.number().int(), sku: z.string(), productName: z.string(), stock: count }),
      ),
    }),
  })
  .meta({ id: 'SellerDashboard' });
export type SellerDashboard = z.infer<typeof SellerDashboard>;
