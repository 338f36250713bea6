import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { dealClicks, deals, type Executor, queryRows } from '@marketplace/db';
import { boundPage, PAGE_SIZE, pageCount } from '@marketplace/domain/catalog/listing';
import { isRepeatClick, REPEAT_CLICK_WINDOW_MS } from '@marketplace/domain/marketing/ads';
import type { DealCardData, DealOfferType, Paged } from '@marketplace/web';
import { type CardRow, toCard } from '../product-cards/index.ts';

// Lightning deals and percentage offers (requirements#deals: get_lightning_deals.php,
// get_Alldeals_products.php, save_track_click.php).

type DealRow = CardRow & {
  dealId: number;
  billingType: 'click' | 'impression';
  offerType: DealOfferType;
  page: string;
  discountPercent: number;
  endsAt: Date | string;
  pagePoints: number;
  total: number;
};

const toDeal = (row: DealRow): DealCardData => ({
  ...toCard({
    ...row,
    salePricePaise: row.salePricePaise === null ? null : Number(row.salePricePaise),
    mrpPaise: row.mrpPaise === null ? null : Number(row.mrpPaise),
  }),
  dealId: Number(row.dealId),
  billingType: row.billingType,
  offerType: row.offerType,
  page: row.page,
  discountPercent: Number(row.discountPercent),
  endsAt: new Date(row.endsAt).toISOString(),
  // requirements#dark-patterns: a paid placement is an advertisement and is marked as one
  isSponsored: row.billingType === 'impression' || Number(row.pagePoints) > 0,
});

/**
 * Running deals (between their start and end, product on sale, the deal's seller still offering
 * it), one per product (the biggest discount), biggest discount first. `page` null means every page.
 */
async function runningDealRows(
  db: Executor,
  {
    page,
    offerType,
    limit,
    offset = 0,
    now,
  }: { page: string | null; offerType: DealOfferType; limit: number; offset?: number; now: Date },
): Promise<DealRow[]> {
  return queryRows<DealRow>(
    db,
    sql`WITH running AS (
          SELECT DISTINCT ON (d.product_id) d.*
            FROM deals d
           WHERE d.offer_type = ${offerType} ${page === null ? sql`` : sql`AND d.page = ${page}`}
             AND d.starts_at <= ${now} AND d.ends_at > ${now}
           ORDER BY d.product_id, d.discount_percent DESC, d.id)
        SELECT p.id, p.name, p.main_image AS image, o.sale_price_paise AS "salePricePaise",
               o.mrp_paise AS "mrpPaise", p.is_assured AS "isAssured", o.seller_id AS "sellerId",
               p.star1, p.star2, p.star3, p.star4, p.star5, p.rating_count AS "ratingCount",
               r.id AS "dealId", r.billing_type AS "billingType", r.offer_type AS "offerType", r.page,
               r.discount_percent AS "discountPercent", r.ends_at AS "endsAt", r.page_points AS "pagePoints",
               count(*) OVER ()::int AS total
          FROM running r
          JOIN products p ON p.id = r.product_id AND p.is_active
          JOIN offers o ON o.product_id = r.product_id AND o.seller_id = r.seller_id AND o.is_active
         ORDER BY r.discount_percent DESC, r.ends_at, r.id
         LIMIT ${limit} OFFSET ${offset}`,
  );
}

/**
 * Running deals of a page ('home' or 'category') and offer type, for the home and category pages'
 * deal blocks (requirements#home-blocks: lightning deals and percentage-offer deals for page home).
 */
export async function loadRunningDeals(
  db: Executor,
  page: 'home' | 'category',
  offerType: DealOfferType,
  limit: number,
  now = new Date(),
): Promise<DealCardData[]> {
  return (await runningDealRows(db, { page, offerType, limit, now })).map(toDeal);
}

/**
 * One page of the deals pages: /todaydeals (lightning deals placed on the deals page) and
 * /percentageoffer (every running percentage offer), 48 per page, page bounded to 1..page count.
 */
export async function dealsPage(
  db: Executor,
  offerType: DealOfferType,
  requestedPage: unknown,
  now = new Date(),
): Promise<Paged<DealCardData>> {
  const page = offerType === 'deals' ? 'deals' : null;
  const fetch = (n: number) =>
    runningDealRows(db, { page, offerType, limit: PAGE_SIZE, offset: (n - 1) * PAGE_SIZE, now });
  let current = boundPage(requestedPage, Number.MAX_SAFE_INTEGER / PAGE_SIZE);
  let rows = await fetch(current);
  if (rows.length === 0 && current > 1) {
    const first = await fetch(1);
    current = boundPage(current, pageCount(Number(first[0]?.total ?? 0)));
    rows = current === 1 ? first : await fetch(current);
  }
  const total = Number(rows[0]?.total ?? 0);
  return { items: rows.map(toDeal), page: current, pages: pageCount(total), total };
}

export type DealClickResult =
  | { code: 'DEAL_NOT_FOUND' }
  | {
      code: 'RECORDED' | 'NOT_RECORDED';
      costPaise: number;
      /** not_click: billed per impression (requirements#ad-clicks: clicks are recorded only for type click). */
      reason: 'charged' | 'repeat' | 'not_click' | 'not_running';
    };

/**
 * requirements#ad-clicks, save_track_click.php: a click on a deal of type click is recorded (a deal_clicks row and the
 * deal's click count) and spends the deal's page points, only while the deal runs. A repeat click
 * by the same shopper within a minute is recorded without charge.
 */
export async function recordDealClick(
  db: Executor,
  dealId: number,
  {
    userId = null,
    repeatedByVisitor = false,
    now = new Date(),
  }: { userId?: number | null; repeatedByVisitor?: boolean; now?: Date } = {},
): Promise<DealClickResult> {
  return db.transaction(async (tx) => {
    const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
    if (!deal) return { code: 'DEAL_NOT_FOUND' as const };
    if (deal.billingType !== 'click')
      return { code: 'NOT_RECORDED' as const, costPaise: 0, reason: 'not_click' as const };
    if (deal.startsAt > now || deal.endsAt <= now)
      return { code: 'NOT_RECORDED' as const, costPaise: 0, reason: 'not_running' as const };
    let repeat = repeatedByVisitor;
    if (!repeat && userId !== null) {
      const [previous] = await tx
        .select({ at: dealClicks.occurredAt })
        .from(dealClicks)
        .where(
          and(
            eq(dealClicks.dealId, deal.id),
            eq(dealClicks.userId, userId),
            gt(dealClicks.occurredAt, new Date(now.getTime() - REPEAT_CLICK_WINDOW_MS)),
          ),
        )
        .orderBy(desc(dealClicks.occurredAt))
        .limit(1);
      repeat = isRepeatClick(previous?.at ?? null, now);
    }
    const costPaise = repeat ? 0 : deal.pagePoints;
    await tx.insert(dealClicks).values({ dealId: deal.id, userId, costPaise, occurredAt: now });
    await tx
      .update(deals)
      .set({ clicks: sql`${deals.clicks} + 1` })
      .where(eq(deals.id, deal.id));
    return {
      code: 'RECORDED' as const,
      costPaise,
      reason: repeat ? ('repeat' as const) : ('charged' as const),
    };
  });
}
