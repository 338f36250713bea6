import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@marketplace/db';
import { boundPage, PAGE_SIZE, pageCount } from '@marketplace/domain/catalog/listing';
import type { CouponCardData, Paged } from '@marketplace/web';
import { type CardRow, toCard } from '../product-cards/index.ts';
import { couponIsUsable } from '../promotions/index.ts';

type CouponRow = CardRow & {
  couponId: number;
  offerType: 'cash' | 'percentage';
  value: number;
  total: number;
};

/**
 * /coupons: active products with a running coupon (active, within its dates, on one of its
 * weekdays in India, redemptions left). Each active offer carries the coupon the product page shows
 * with it (the narrowest that reaches it, requirements#coupon-scopes); a card shows the offer whose coupon is worth
 * the most (cash in paise against a percentage of that offer's price), with that offer's price and
 * seller, so the card leads to the product page with the coupon in view. Best sellers first.
 */
export async function couponsPage(
  db: Executor,
  requestedPage: unknown,
  now = new Date(),
): Promise<Paged<CouponCardData>> {
  const fetch = (page: number) =>
    queryRows<CouponRow>(
      db,
      sql`WITH running AS (
            SELECT coupons.id, coupons.scope, coupons.product_id, coupons.category_id, coupons.brand_id,
                   coupons.seller_id, coupons.offer_type, coupons.value
              FROM coupons
             -- requirements#coupons: the rule the checkout applies (dates, weekdays, per-day and total limits)
             WHERE ${couponIsUsable(now)}),
          offered AS (
            SELECT DISTINCT ON (o.id) o.id AS offer_id, o.product_id, o.seller_id,
                   o.sale_price_paise, o.mrp_paise, r.id AS coupon_id, r.offer_type, r.value
              FROM offers o
              JOIN products p ON p.id = o.product_id AND p.is_active
              JOIN categories c1 ON c1.id = p.category_id
              LEFT JOIN categories c2 ON c2.id = c1.parent_id
              LEFT JOIN categories c3 ON c3.id = c2.parent_id
              -- domain couponReaches in SQL (requirements#coupon-scopes): the scope's target, and the seller when named
              JOIN running r ON (r.seller_id = o.seller_id OR r.seller_id IS NULL)
                            AND CASE r.scope
                                  WHEN 'product' THEN r.product_id = o.product_id
                                  WHEN 'brand' THEN r.brand_id = p.brand_id
                                  WHEN 'category' THEN r.category_id IN (c1.id, c2.id, c3.id, c3.parent_id)
                                  WHEN 'seller' THEN r.seller_id IS NOT NULL
                                  WHEN 'all' THEN TRUE
                                  ELSE FALSE END
             WHERE o.is_active
             -- the narrowest coupon, as the product page shows it (domain couponForLine)
             ORDER BY o.id, array_position(ARRAY['product', 'brand', 'category', 'seller', 'all'], r.scope), r.id),
          best AS (
            SELECT DISTINCT ON (product_id) * FROM offered
             ORDER BY product_id,
                      (CASE WHEN offer_type = 'cash' THEN value
                            ELSE sale_price_paise::bigint * value / 100 END) DESC,
                      sale_price_paise, offer_id)
          SELECT p.id, p.name, p.main_image AS image,
                 best.sale_price_paise AS "salePricePaise", best.mrp_paise AS "mrpPaise",
                 p.is_assured AS "isAssured", best.seller_id AS "sellerId",
                 p.star1, p.star2, p.star3, p.star4, p.star5, p.rating_count AS "ratingCount",
                 best.coupon_id AS "couponId", best.offer_type AS "offerType", best.value,
                 count(*) OVER ()::int AS total
            FROM best
            JOIN products p ON p.id = best.product_id
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
