import { eq, sql } from 'drizzle-orm';
import { brandCampaigns, type Executor, queryRows } from '@marketplace/db';
import {
  type CampaignBudgetInput,
  type CampaignQuery,
  type CampaignReview,
  type CampaignReviewPage,
  PROMOTIONS_PAGE_SIZE,
} from '@marketplace/domain/admin/promotions-api';
import { type AuditActor, writeAudit } from '../staff/index.ts';

// requirements#operator-promotions: the brand campaigns sellers submit wait for staff, who approve
// them (they run on their dates: requirements#campaigns) or refuse them with a reason the seller
// reads, and may change their budgets.

type Row = {
  id: number;
  name: string;
  brand_name: string;
  product_name: string | null;
  seller_name: string | null;
  page: string;
  ad_type: 'image' | 'video';
  ad_image: string | null;
  ad_video: string | null;
  from_date: string | Date;
  to_date: string | Date;
  maximum_spend_limit_paise: number;
  daily_budget_paise: number | null;
  bid_paise: number;
  spent: number;
  clicks: number;
  review_status: CampaignReview['reviewStatus'];
  review_reason: string | null;
  reviewed_at: string | Date | null;
  created_at: string | Date;
  total?: number;
};

const dayText = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

const toReview = (r: Row): CampaignReview => ({
  id: Number(r.id),
  name: r.name,
  brandName: r.brand_name,
  productName: r.product_name,
  sellerName: r.seller_name,
  page: r.page,
  adType: r.ad_type,
  media: r.ad_type === 'video' ? r.ad_video : r.ad_image,
  fromDate: dayText(r.from_date),
  toDate: dayText(r.to_date),
  totalBudgetPaise: Number(r.maximum_spend_limit_paise),
  dailyBudgetPaise: r.daily_budget_paise === null ? null : Number(r.daily_budget_paise),
  bidPaise: Number(r.bid_paise),
  spentPaise: Number(r.spent),
  clicks: Number(r.clicks),
  reviewStatus: r.review_status,
  reviewReason: r.review_reason,
  reviewedAt: r.reviewed_at === null ? null : new Date(r.reviewed_at).toISOString(),
  createdAt: new Date(r.created_at).toISOString(),
});

const selectCampaigns = sql`
  SELECT c.id, c.name, b.name AS brand_name, p.name AS product_name, s.name AS seller_name, c.page,
         c.ad_type, c.ad_image, c.ad_video, c.from_date, c.to_date, c.maximum_spend_limit_paise,
         c.daily_budget_paise, c.bid_paise, c.review_status, c.review_reason, c.reviewed_at, c.created_at,
         (SELECT coalesce(sum(e.cost_paise), 0)::int FROM campaign_events e WHERE e.campaign_id = c.id) AS spent,
         (SELECT count(*)::int FROM campaign_events e WHERE e.campaign_id = c.id AND e.kind = 'click') AS clicks
    FROM brand_campaigns c
    JOIN brands b ON b.id = c.brand_id
    LEFT JOIN products p ON p.id = c.product_id
    LEFT JOIN sellers s ON s.id = c.seller_id`;

/** Campaigns of one review status: those waiting oldest first, reviewed ones latest review first. */
export async function listCampaigns(db: Executor, query: CampaignQuery): Promise<CampaignReviewPage> {
  const order =
    query.status === 'pending'
      ? sql`found.created_at, found.id`
      : sql`found.reviewed_at DESC NULLS LAST, found.id DESC`;
  const rows = await queryRows<Row>(
    db,
    sql`SELECT found.*, count(*) OVER ()::int AS total FROM (
          ${selectCampaigns} WHERE c.review_status = ${query.status}) found
         ORDER BY ${order}
         LIMIT ${PROMOTIONS_PAGE_SIZE} OFFSET ${(query.page - 1) * PROMOTIONS_PAGE_SIZE}`,
  );
  const [counts] = await queryRows<{ pending: number; listed: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE review_status = 'pending')::int AS pending,
               count(*) FILTER (WHERE review_status = ${query.status})::int AS listed
          FROM brand_campaigns`,
  );
  const total = Number(counts?.listed ?? 0);
  return {
    campaigns: rows.map(toReview),
    pendingCount: Number(counts?.pending ?? 0),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PROMOTIONS_PAGE_SIZE)),
    total,
  };
}

async function findCampaign(db: Executor, id: number) {
  const [row] = await queryRows<Row>(db, sql`${selectCampaigns} WHERE c.id = ${id}`);
  return row ? toReview(row) : null;
}

export type ReviewResult =
  { code: 'REVIEWED'; campaign: CampaignReview } | { code: 'NOT_FOUND' } | { code: 'NOT_PENDING' };

async function review(
  db: Executor,
  actor: AuditActor,
  id: number,
  decision: { status: 'approved' | 'refused'; reason: string | null },
  now: Date,
): Promise<ReviewResult> {
  return db.transaction(async (tx): Promise<ReviewResult> => {
    const [locked] = await tx
      .select({ status: brandCampaigns.reviewStatus })
      .from(brandCampaigns)
      .where(eq(brandCampaigns.id, id))
      .for('update');
    if (!locked) return { code: 'NOT_FOUND' };
    // reviewed once: a second click, or two staff at once, changes nothing
    if (locked.status !== 'pending') return { code: 'NOT_PENDING' };
    await tx
      .update(brandCampaigns)
      .set({ reviewStatus: decision.status, reviewReason: decision.reason, reviewedAt: now })
      .where(eq(brandCampaigns.id, id));
    const campaign = await findCampaign(tx, id);
    if (!campaign) throw new Error('the reviewed campaign was not found');
    await writeAudit(
      tx,
      actor,
      {
        action: decision.status === 'approved' ? 'campaign.approve' : 'campaign.refuse',
        targetType: 'campaign',
        targetId: id,
        before: { reviewStatus: 'pending' },
        after: { reviewStatus: decision.status, reason: decision.reason },
      },
      now,
    );
    return { code: 'REVIEWED', campaign };
  });
}

/** Approves a waiting campaign: it runs on its dates from now on. */
export const approveCampaign = (db: Executor, actor: AuditActor, id: number, now: Date) =>
  review(db, actor, id, { status: 'approved', reason: null }, now);

/** Refuses a waiting campaign with the reason its seller reads; it never runs. */
export const refuseCampaign = (db: Executor, actor: AuditActor, id: number, reason: string, now: Date) =>
  review(db, actor, id, { status: 'refused', reason }, now);

export type BudgetResult =
  { code: 'SAVED'; campaign: CampaignReview } | { code: 'NOT_FOUND' } | { code: 'BELOW_SPEND' };

/** Changes a campaign's total and daily budgets; the total never below what it has spent. Audited as campaign.budget. */
export function saveCampaignBudget(
  db: Executor,
  actor: AuditActor,
  id: number,
  input: CampaignBudgetInput,
  now: Date,
): Promise<BudgetResult> {
  return db.transaction(async (tx): Promise<BudgetResult> => {
    const [locked] = await tx
      .select({ id: brandCampaigns.id, spentPaise: brandCampaigns.spentPaise })
      .from(brandCampaigns)
      .where(eq(brandCampaigns.id, id))
      .for('update');
    const before = locked ? await findCampaign(tx, id) : null;
    if (!locked || !before) return { code: 'NOT_FOUND' };
    if (input.totalBudgetPaise < Math.max(before.spentPaise, locked.spentPaise))
      return { code: 'BELOW_SPEND' };
    await tx
      .update(brandCampaigns)
      .set({ maximumSpendLimitPaise: input.totalBudgetPaise, dailyBudgetPaise: input.dailyBudgetPaise })
      .where(eq(brandCampaigns.id, id));
    const campaign = await findCampaign(tx, id);
    if (!campaign) throw new Error('the campaign was not found');
    await writeAudit(
      tx,
      actor,
      {
        action: 'campaign.budget',
        targetType: 'campaign',
        targetId: id,
        before: { totalBudgetPaise: before.totalBudgetPaise, dailyBudgetPaise: before.dailyBudgetPaise },
        after: { totalBudgetPaise: campaign.totalBudgetPaise, dailyBudgetPaise: campaign.dailyBudgetPaise },
      },
      now,
    );
    return { code: 'SAVED', campaign };
  });
}
