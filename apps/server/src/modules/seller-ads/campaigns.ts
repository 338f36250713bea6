import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { brandCampaigns, brands, type Executor, offers, products, queryRows, sellers } from '@marketplace/db';
import { campaignDay, isBudgetSpent, isDailyBudgetSpent } from '@marketplace/domain/marketing/ads';
import {
  type CreateCampaignInput,
  SELLER_AD_LIMITS,
  SELLER_AD_MESSAGES,
  type SellerCampaign,
} from '@marketplace/domain/sellers/ads-api';
import type { MediaStore } from '../../media-store.ts';
import { spentOnDay } from '../ads/index.ts';

// requirements#seller-ads: a seller's own campaigns. Every query filters by the seller of the session.

const MEDIA_FOLDER = 'seller-ads';
const ACCEPTED = {
  image: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' },
  video: { 'video/mp4': 'mp4', 'video/webm': 'webm' },
} as const satisfies Record<'image' | 'video', Record<string, string>>;

type Row = {
  id: number;
  name: string;
  brand_name: string;
  product_id: number | null;
  product_name: string | null;
  page: SellerCampaign['page'];
  ad_type: SellerCampaign['adType'];
  ad_image: string | null;
  ad_video: string | null;
  from_date: string | Date;
  to_date: string | Date;
  daily_budget_paise: number | null;
  maximum_spend_limit_paise: number;
  bid_paise: number;
  impressions: number;
  clicks: number;
  spent_paise: number;
  spent_today: number | string;
  orders: number | string;
  is_active: boolean;
  review_status: 'pending' | 'approved' | 'refused';
  review_reason: string | null;
};

const dayText = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

/** What a campaign is doing at `now`, by the rules that decide whether it is shown (requirements#campaigns). */
export function campaignState(
  c: Pick<
    SellerCampaign,
    | 'isActive'
    | 'fromDate'
    | 'toDate'
    | 'spentPaise'
    | 'totalBudgetPaise'
    | 'dailyBudgetPaise'
    | 'spentTodayPaise'
  > & { reviewStatus?: 'pending' | 'approved' | 'refused' },
  now: Date,
): SellerCampaign['state'] {
  const today = campaignDay(now);
  // requirements#operator-promotions: only an approved campaign runs
  if (c.reviewStatus === 'refused') return 'refused';
  if (c.toDate < today) return 'ended';
  if (isBudgetSpent(c.spentPaise, c.totalBudgetPaise)) return 'budget_spent';
  if (c.reviewStatus === 'pending') return 'in_review';
  if (!c.isActive) return 'paused';
  if (c.fromDate > today) return 'scheduled';
  if (isDailyBudgetSpent(c.spentTodayPaise, c.dailyBudgetPaise)) return 'daily_budget_spent';
  return 'running';
}

/**
 * The seller's campaigns, newest first (or one of them), with their figures. Orders attributed
 * (requirements#seller-ads): placed orders by a shopper who clicked the campaign, holding an item
 * of this seller of the campaign's product (or, for a brand campaign, of the brand), placed
 * within 7 days after the click; each order counts once.
 */
export async function sellerCampaigns(
  db: Executor,
  sellerId: number,
  now: Date = new Date(),
  campaignId?: number,
): Promise<SellerCampaign[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT c.id, c.name, b.name AS brand_name, c.product_id, p.name AS product_name, c.page, c.ad_type,
               c.ad_image, c.ad_video, c.from_date, c.to_date, c.daily_budget_paise, c.maximum_spend_limit_paise,
               c.bid_paise, c.impressions, c.clicks, c.spent_paise, c.is_active, c.review_status, c.review_reason,
               ${spentOnDay(sql`c.id`, now)} AS spent_today,
               (SELECT count(DISTINCT o.id)
                  FROM campaign_events e
                  JOIN orders o ON o.user_id = e.user_id AND o.status = 'placed'
                   AND o.created_at >= e.occurred_at
                   AND o.created_at < e.occurred_at + ${SELLER_AD_LIMITS.attributionDays} * interval '1 day'
                  JOIN order_items oi ON oi.order_id = o.id AND oi.seller_id = c.seller_id
                  JOIN products op ON op.id = oi.product_id
                 WHERE e.campaign_id = c.id AND e.kind = 'click' AND e.user_id IS NOT NULL
                   AND (CASE WHEN c.product_id IS NOT NULL THEN oi.product_id = c.product_id
                             ELSE op.brand_id = c.brand_id END)) AS orders
          FROM brand_campaigns c
          JOIN brands b ON b.id = c.brand_id
          LEFT JOIN products p ON p.id = c.product_id
         WHERE c.seller_id = ${sellerId} ${campaignId === undefined ? sql`` : sql`AND c.id = ${campaignId}`}
         ORDER BY c.created_at DESC, c.id DESC`,
  );
  return rows.map((r) => {
    const campaign = {
      id: Number(r.id),
      name: r.name,
      kind: r.product_id === null ? ('brand' as const) : ('product' as const),
      brandName: r.brand_name,
      productName: r.product_name,
      page: r.page,
      adType: r.ad_type,
      media: (r.ad_type === 'video' ? r.ad_video : r.ad_image) ?? '',
      fromDate: dayText(r.from_date),
      toDate: dayText(r.to_date),
      dailyBudgetPaise: r.daily_budget_paise === null ? null : Number(r.daily_budget_paise),
      totalBudgetPaise: Number(r.maximum_spend_limit_paise),
      bidPaise: Number(r.bid_paise),
      impressions: Number(r.impressions),
      clicks: Number(r.clicks),
      spentPaise: Number(r.spent_paise),
      spentTodayPaise: Number(r.spent_today),
      orders: Number(r.orders),
      isActive: r.is_active,
      refusalReason: r.review_status === 'refused' ? r.review_reason : null,
    };
    return { ...campaign, state: campaignState({ ...campaign, reviewStatus: r.review_status }, now) };
  });
}

/** The brands of the seller's open offers: what a brand campaign may advertise. */
export async function brandsOfSeller(db: Executor, sellerId: number) {
  return db
    .selectDistinct({ id: brands.id, name: brands.name })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(offers.sellerId, sellerId), isNull(offers.closedAt)))
    .orderBy(asc(brands.name));
}

export type AdFile = { bytes: Uint8Array };
export type CreateCampaignResult =
  | { code: 'CREATED'; campaign: SellerCampaign }
  | { code: 'INVALID'; field: string; message: string; status: 400 | 413 | 415 }
  | { code: 'DUPLICATE' };

/** Which media the file's bytes are, if it is of the kind the campaign shows and within its size. */
async function sniffAd(adType: 'image' | 'video', file: AdFile) {
  const found = await fileTypeFromBuffer(file.bytes);
  const accepted: Record<string, string> = ACCEPTED[adType];
  const extension = found ? accepted[found.mime] : undefined;
  if (!extension)
    return {
      ok: false as const,
      status: 415 as const,
      message: adType === 'image' ? SELLER_AD_MESSAGES.wrongImage : SELLER_AD_MESSAGES.wrongVideo,
    };
  const limit = adType === 'image' ? SELLER_AD_LIMITS.imageBytes : SELLER_AD_LIMITS.videoBytes;
  if (file.bytes.byteLength > limit)
    return {
      ok: false as const,
      status: 413 as const,
      message: adType === 'image' ? SELLER_AD_MESSAGES.imageTooLarge : SELLER_AD_MESSAGES.videoTooLarge,
    };
  return { ok: true as const, extension };
}

/**
 * Creates a campaign of the seller: the brand must be one it sells, the product one of its own
 * offers (by SKU); the ad's file is checked by its bytes and kept with the catalog's media. A
 * second campaign of the same name (a double submit) is refused: the seller's row is locked while
 * the name is checked, so two at once cannot both pass.
 */
export async function createSellerCampaign(
  db: Executor,
  media: MediaStore,
  sellerId: number,
  input: CreateCampaignInput,
  file: AdFile | null,
  now: Date = new Date(),
): Promise<CreateCampaignResult> {
  if (!file || file.bytes.byteLength === 0)
    return { code: 'INVALID', field: 'file', message: SELLER_AD_MESSAGES.file, status: 400 };
  const sniffed = await sniffAd(input.adType, file);
  if (!sniffed.ok)
    return { code: 'INVALID', field: 'file', message: sniffed.message, status: sniffed.status };

  let target: { brandId: number; productId: number | null } | null = null;
  if (input.kind === 'brand') {
    const brandId = Number(input.brandId);
    const sold = await brandsOfSeller(db, sellerId);
    target = sold.some((b) => b.id === brandId) ? { brandId, productId: null } : null;
    if (!target) return { code: 'INVALID', field: 'brandId', message: SELLER_AD_MESSAGES.brand, status: 400 };
  } else {
    const [offer] = await db
      .select({ productId: products.id, brandId: products.brandId })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(and(eq(offers.sellerId, sellerId), eq(offers.sku, input.sku ?? ''), isNull(offers.closedAt)));
    if (!offer) return { code: 'INVALID', field: 'sku', message: SELLER_AD_MESSAGES.sku, status: 400 };
    target = { brandId: offer.brandId, productId: offer.productId };
  }

  const key = `${randomBytes(16).toString('hex')}.${sniffed.extension}`;
  // requirements#media-store: the creative goes to the media store under a random name, never reused
  const mediaKey = `${MEDIA_FOLDER}/${key}`;
  await media.put(mediaKey, file.bytes);
  const mediaPath = `/media/${mediaKey}`;
  try {
    const id = await db.transaction(async (tx) => {
      await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, sellerId)).for('update');
      const [same] = await tx
        .select({ id: brandCampaigns.id })
        .from(brandCampaigns)
        .where(
          and(
            eq(brandCampaigns.sellerId, sellerId),
            sql`lower(${brandCampaigns.name}) = lower(${input.name})`,
          ),
        )
        .limit(1);
      if (same) return null;
      const [created] = await tx
        .insert(brandCampaigns)
        .values({
          name: input.name,
          brandId: target.brandId,
          productId: target.productId,
          adType: input.adType,
          adImage: input.adType === 'image' ? mediaPath : null,
          adVideo: input.adType === 'video' ? mediaPath : null,
          adSize: null, // shown at the slot's full width
          page: input.page,
          type: 'sponsored_brand',
          fromDate: input.fromDate,
          toDate: input.toDate,
          maximumSpendLimitPaise: input.totalBudget,
          dailyBudgetPaise: input.dailyBudget,
          bidPaise: input.bid,
          isActive: true,
          // requirements#operator-promotions: staff approve it before it runs
          reviewStatus: 'pending',
          sellerId,
          createdAt: now,
        })
        .returning({ id: brandCampaigns.id });
      return created?.id ?? null;
    });
    if (id === null) {
      await media.delete(mediaKey);
      return { code: 'DUPLICATE' };
    }
    const [campaign] = await sellerCampaigns(db, sellerId, now, id);
    if (!campaign) throw new Error('the campaign was just created');
    return { code: 'CREATED', campaign };
  } catch (error) {
    await media.delete(mediaKey).catch(() => {});
    throw error;
  }
}

/** Pauses or resumes one of the seller's campaigns; null when it is not the seller's. */
export async function setCampaignActive(
  db: Executor,
  sellerId: number,
  campaignId: number,
  isActive: boolean,
  now: Date = new Date(),
): Promise<SellerCampaign | null> {
  const [changed] = await db
    .update(brandCampaigns)
    .set({ isActive })
    .where(and(eq(brandCampaigns.id, campaignId), eq(brandCampaigns.sellerId, sellerId)))
    .returning({ id: brandCampaigns.id });
  if (!changed) return null;
  const [campaign] = await sellerCampaigns(db, sellerId, now, changed.id);
  return campaign ?? null;
}
