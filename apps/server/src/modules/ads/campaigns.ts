import { and, desc, eq, gt, gte, inArray, lt, lte, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import {
  brandCampaigns,
  brands,
  campaignEvents,
  type Executor,
  offers,
  products,
  queryRows,
} from '@marketplace/db';
import {
  campaignDay,
  isBudgetSpent,
  isRepeatClick,
  type MatchType,
  REPEAT_CLICK_WINDOW_MS,
} from '@marketplace/domain/marketing/ads';
import { indianDayToMoment } from '@marketplace/domain/marketing/promotions';

// Sponsored brand campaigns that behave like ads: shown only while running, every impression and
// click recorded, each click paid from the budget and never past it.

export type AdPage = (typeof brandCampaigns.$inferSelect)['page'];

type CampaignColumns = {
  reviewStatus: SQLWrapper;
  isActive: SQLWrapper;
  fromDate: SQLWrapper;
  toDate: SQLWrapper;
  spentPaise: SQLWrapper;
  maximumSpendLimitPaise: SQLWrapper;
  dailyBudgetPaise: SQLWrapper;
  /** what the clicks of the campaign day cost so far */
  spentTodayPaise: SQLWrapper;
};

/**
 * requirements#campaigns as a WHERE condition: domain `isCampaignRunning` in SQL, over the given
 * columns (a test applies it to a table of values and compares it with the domain function).
 */
export function runningCondition(columns: CampaignColumns, now: Date): SQL {
  const today = campaignDay(now);
  return and(
    // requirements#operator-promotions: a seller's campaign runs once staff approved it
    sql`${columns.reviewStatus} = 'approved'`,
    eq(columns.isActive, true),
    lte(columns.fromDate, today),
    gte(columns.toDate, today),
    lt(columns.spentPaise, columns.maximumSpendLimitPaise),
    // requirements#seller-ads: the day's clicks have not used the daily budget
    sql`(${columns.dailyBudgetPaise} IS NULL OR ${columns.spentTodayPaise} < ${columns.dailyBudgetPaise})`,
  ) as SQL;
}

/** The campaign day of `now` as a half-open range of moments (campaign days are Indian days, domain `campaignDay`). */
function campaignDayRange(now: Date): { from: string; to: string } {
  const from = indianDayToMoment(campaignDay(now)) ?? now;
  return { from: from.toISOString(), to: new Date(from.getTime() + 86_400_000).toISOString() };
}

/** What the clicks of the campaign day cost a campaign (its events, by the campaign_events_campaign_idx index). */
export function spentOnDay(campaignId: SQLWrapper, now: Date): SQL {
  const { from, to } = campaignDayRange(now);
  return sql`(SELECT coalesce(sum(day_events.cost_paise), 0) FROM campaign_events day_events
               WHERE day_events.campaign_id = ${campaignId} AND day_events.kind = 'click'
                 AND day_events.occurred_at >= ${from}::timestamptz AND day_events.occurred_at < ${to}::timestamptz)`;
}

/**
 * requirements#campaigns: a campaign is shown between its dates, while active, while it has
 * budget left and (requirements#seller-ads) while today's clicks are under its daily budget.
 */
export function campaignIsRunning(now: Date): SQL {
  return runningCondition({ ...brandCampaigns, spentTodayPaise: spentOnDay(brandCampaigns.id, now) }, now);
}

/**
 * requirements#ad-clicks: the spend after one click, domain `clickCharge` in SQL: the bid, never
 * more than what is left of the maximum spend, nor (requirements#seller-ads) of the day's budget.
 */
export function clickSpentAfter(columns: {
  spentPaise: SQLWrapper;
  bidPaise: SQLWrapper;
  maximumSpendLimitPaise: SQLWrapper;
  dailyBudgetPaise: SQLWrapper;
  spentTodayPaise: SQLWrapper;
}): SQL {
  const { spentPaise, bidPaise, maximumSpendLimitPaise, dailyBudgetPaise, spentTodayPaise } = columns;
  // GREATEST skips NULLs: the day's cap is read only when there is one
  const dayLeft = sql`(CASE WHEN ${dailyBudgetPaise} IS NULL THEN ${maximumSpendLimitPaise} - ${spentPaise} ELSE ${dailyBudgetPaise} - ${spentTodayPaise} END)`;
  return sql`(${spentPaise} + LEAST(GREATEST(${bidPaise}, 0), GREATEST(${maximumSpendLimitPaise} - ${spentPaise}, 0), GREATEST(${dayLeft}, 0)))`;
}

export type RunningCampaign = {
  id: number;
  name: string;
  brandId: number;
  brandName: string;
  isRegistry: boolean;
  productId: number | null;
  productName: string | null;
  adType: string;
  adImage: string | null;
  adVideo: string | null;
  adSize: string | null;
  bidPaise: number;
};

/** The running campaigns of a page and type ('sponsored_brand', 'banner', 'vertical'), highest bid first. */
export async function runningCampaigns(
  db: Executor,
  page: AdPage,
  type: string,
  now = new Date(),
): Promise<RunningCampaign[]> {
  return db
    .select({
      id: brandCampaigns.id,
      name: brandCampaigns.name,
      brandId: brandCampaigns.brandId,
      brandName: brands.name,
      isRegistry: brands.isRegistry,
      productId: brandCampaigns.productId,
      productName: products.name,
      adType: brandCampaigns.adType,
      adImage: brandCampaigns.adImage,
      adVideo: brandCampaigns.adVideo,
      adSize: brandCampaigns.adSize,
      bidPaise: brandCampaigns.bidPaise,
    })
    .from(brandCampaigns)
    .innerJoin(brands, eq(brands.id, brandCampaigns.brandId))
    .leftJoin(products, and(eq(products.id, brandCampaigns.productId), eq(products.isActive, true)))
    .where(and(eq(brandCampaigns.page, page), eq(brandCampaigns.type, type), campaignIsRunning(now)))
    .orderBy(desc(brandCampaigns.bidPaise), brandCampaigns.id);
}

/**
 * Records that products of a campaign were shown (one impression each), only while it runs.
 * Impressions cost nothing: campaigns pay per click. Returns how many were recorded.
 */
export async function recordImpressions(
  db: Executor,
  campaignId: number,
  productIds: readonly number[],
  { userId = null, now = new Date() }: { userId?: number | null; now?: Date } = {},
): Promise<number> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return 0;
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .update(brandCampaigns)
      .set({ impressions: sql`${brandCampaigns.impressions} + ${ids.length}` })
      .where(and(eq(brandCampaigns.id, campaignId), campaignIsRunning(now)))
      .returning({ id: brandCampaigns.id });
    if (!campaign) return 0;
    await tx.insert(campaignEvents).values(
      ids.map((productId) => ({
        campaignId,
        kind: 'impression',
        productId,
        userId,
        costPaise: 0,
        occurredAt: now,
      })),
    );
    return ids.length;
  });
}

export type ClickInput = {
  campaignId: number;
  productId: number;
  matchType?: MatchType | null;
  /** The logged-in shopper, from the session only. */
  userId?: number | null;
  /** The visitor's browser already clicked this campaign within the repeat window (read from its cookie). */
  repeatedByVisitor?: boolean;
  now?: Date;
};

export type ClickResult =
  | { code: 'CAMPAIGN_NOT_FOUND' }
  | { code: 'PRODUCT_NOT_IN_CAMPAIGN' }
  | {
      code: 'RECORDED';
      charged: boolean;
      costPaise: number;
      /** Why the click cost nothing: not running (ended, paused, out of budget) or a repeat. */
      reason: 'charged' | 'not_running' | 'repeat';
      /** This click used the last of the budget: the campaign is no longer shown. */
      stopped: boolean;
    };

/**
 * Records a click on a sponsored product and pays the campaign's bid from its budget in the same
 * transaction. One UPDATE charges min(bid, budget left) only while the campaign runs and has
 * budget, so concurrent clicks never overspend: they queue on the row and the one that reaches the
 * limit stops the campaign. A repeat click by the same shopper within a minute is recorded free.
 */
export async function recordClick(db: Executor, input: ClickInput): Promise<ClickResult> {
  const now = input.now ?? new Date();
  const userId = input.userId ?? null;
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .select({ id: brandCampaigns.id, brandId: brandCampaigns.brandId, productId: brandCampaigns.productId })
      .from(brandCampaigns)
      .where(eq(brandCampaigns.id, input.campaignId));
    if (!campaign) return { code: 'CAMPAIGN_NOT_FOUND' as const };
    const [product] = await tx
      .select({ id: products.id, brandId: products.brandId, sellerId: offers.sellerId })
      .from(products)
      .leftJoin(
        offers,
        and(
          eq(offers.productId, products.id),
          eq(offers.salePricePaise, products.lowestPricePaise),
          eq(offers.isActive, true),
        ),
      )
      .where(eq(products.id, input.productId))
      .orderBy(offers.id)
      .limit(1);
    // the campaign's own product, or another product of its brand
    if (!product || (product.id !== campaign.productId && product.brandId !== campaign.brandId))
      return { code: 'PRODUCT_NOT_IN_CAMPAIGN' as const };

    let repeat = input.repeatedByVisitor === true;
    if (!repeat && userId !== null) {
      const [previous] = await tx
        .select({ at: campaignEvents.occurredAt })
        .from(campaignEvents)
        .where(
          and(
            eq(campaignEvents.campaignId, campaign.id),
            eq(campaignEvents.userId, userId),
            eq(campaignEvents.kind, 'click'),
            gt(campaignEvents.occurredAt, new Date(now.getTime() - REPEAT_CLICK_WINDOW_MS)),
          ),
        )
        .orderBy(desc(campaignEvents.occurredAt))
        .limit(1);
      repeat = isRepeatClick(previous?.at ?? null, now);
    }

    let costPaise = 0;
    let stopped = false;
    let reason: 'charged' | 'not_running' | 'repeat' = repeat ? 'repeat' : 'not_running';
    if (!repeat) {
      // the row lock is taken first, so `previous` is the spend this click is charged against
      const [charged] = await queryRows<{ cost: number; spent: number; limit: number }>(
        tx,
        sql`WITH previous AS (
              SELECT id, spent_paise FROM brand_campaigns WHERE id = ${campaign.id} FOR UPDATE)
            UPDATE brand_campaigns
               SET spent_paise = ${clickSpentAfter({ ...brandCampaigns, spentTodayPaise: spentOnDay(brandCampaigns.id, now) })},
                   clicks = brand_campaigns.clicks + 1
              FROM previous
             WHERE brand_campaigns.id = previous.id AND ${campaignIsRunning(now)}
            RETURNING (brand_campaigns.spent_paise - previous.spent_paise)::int AS cost,
                      brand_campaigns.spent_paise AS spent,
                      brand_campaigns.maximum_spend_limit_paise AS "limit"`,
      );
      if (charged) {
        costPaise = Number(charged.cost);
        stopped = isBudgetSpent(Number(charged.spent), Number(charged.limit));
        reason = 'charged';
      }
    }
    if (reason !== 'charged') {
      await tx
        .update(brandCampaigns)
        .set({ clicks: sql`${brandCampaigns.clicks} + 1` })
        .where(eq(brandCampaigns.id, campaign.id));
    }
    await tx.insert(campaignEvents).values({
      campaignId: campaign.id,
      kind: 'click',
      productId: product.id,
      sellerId: product.sellerId,
      matchType: input.matchType ?? null,
      userId,
      costPaise,
      occurredAt: now,
    });
    return { code: 'RECORDED' as const, charged: costPaise > 0, costPaise, reason, stopped };
  });
}

/** The campaigns (of those given) that exist, for validating ids before recording. */
export async function existingCampaignIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: brandCampaigns.id })
    .from(brandCampaigns)
    .where(inArray(brandCampaigns.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}
