import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@marketplace/db';
import { boundPage, PAGE_SIZE, pageCount } from '@marketplace/domain/catalog/listing';
import type { CouponCardData, Paged } from '@marketplace/web';
import { type CardRow, toCard } from '../cards.ts';

type CouponRow = CardRow & {
  couponId: number;
  offerType: 'cash' | 'percentage';
  value: number;
  total: number;
};

/**
 * /coupons: active products with a running coupon (active, within its dates, on one of its
 * weekdays in India, redemptions left), the coupon of each product worth the most first
 * (cash in paise against a percentage of the card's price), best sellers first.
 */
export async function couponsPage(
  db: Executor,
  requestedPage: unknown,
  now = new Date(),
): Promise<Paged<CouponCardData>> {
  // the weekday in India (coupon days are the shop's days)
  const weekday = new Date(now.getTime() + 330 * 60_000).getUTCDay();
  const fetch = (page: number) =>
    queryRows<CouponRow>(
      db,
      sql`WITH best AS (
            SELECT DISTINCT ON (c.product_id) c.product_id, c.id, c.offer_type, c.value
              FROM coupons c JOIN products p ON p.id = c.product_id
             WHERE c.is_active AND p.is_active AND p.lowest_price_paise IS NOT NULL
               AND (c.starts_at IS NULL OR c.starts_at <= ${now})
               AND (c.ends_at IS NULL OR c.ends_at > ${now})
               AND (c.total_limit IS NULL OR c.redeemed_count < c.total_limit)
               AND (c.selected_days IS NULL OR c.selected_days @> ${JSON.stringify([weekday])}::jsonb)
             ORDER BY c.product_id,
                      (CASE WHEN c.offer_type = 'cash' THEN c.value
                            ELSE p.lowest_price_paise::bigint * c.value / 100 END) DESC, c.id)
          SELECT p.id, p.name, p.main_image AS image,
                 o.sale_price_paise AS "salePricePaise", o.mrp_paise AS "mrpPaise",
                 p.is_assured AS "isAssured", o.seller_id AS "sellerId",
                 p.star1, p.star2, p.star3, p.star4, p.star5, p.rating_count AS "ratingCount",
                 best.id AS "couponId", best.offer_type AS "offerType", best.value,
                 count(*) OVER ()::int AS total
            FROM best
            JOIN products p ON p.id = best.product_id
            LEFT JOIN LATERAL (
              SELECT sale_price_paise, mrp_paise, seller_id FROM offers
               WHERE product_id = p.id AND sale_price_paise = p.lowest_price_paise AND is_active
               ORDER BY id LIMIT 1) o ON true
           ORDER BY p.units_sold DESC, p.id
           LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
    );
  let page = boundPage(requestedPage, Number.MAX_SAFE_INTEGER / PAGE_SIZE);
  let rows = await fetch(page);
  if (rows.length === 0 && page > 1) {
    const first = await fetch(1);
    page = boundPage(page, pageCount(Number(first[0]?.total ?? 0)));
    rows = page === 1 ? first : await fetch(page);
  }
  const total = Number(rows[0]?.total ?? 0);
  return {
    items: rows.map((row) => ({
      ...toCard(row),
      coupon: { id: Number(row.couponId), offerType: row.offerType, value: Number(row.value) },
    })),
    page,
    pages: pageCount(total),
    total,
  };
}
