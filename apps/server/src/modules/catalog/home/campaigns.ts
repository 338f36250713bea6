import { and, asc, eq, sql } from 'drizzle-orm';
import { brandCampaigns, brands, type Executor } from '@marketplace/db';
import { parseAdSize } from '@marketplace/domain/marketing/banner';
import { suggestionHref } from '@marketplace/domain/search/suggestions';
import type { HomeCampaign } from '@marketplace/web';
import { campaignIsRunning } from '../../ads/index.ts';

export type RunningCampaign = {
  id: number;
  adType: string;
  adImage: string | null;
  adVideo: string | null;
  adSize: string | null;
  brandName: string;
  isRegistry: boolean;
};

/** Campaigns of a page and type that run today: active, between their dates and under their spend limit. */
export function runningCampaigns(
  db: Executor,
  page: string,
  type: string,
  now = new Date(),
): Promise<RunningCampaign[]> {
  return db
    .select({
      id: brandCampaigns.id,
      adType: brandCampaigns.adType,
      adImage: brandCampaigns.adImage,
      adVideo: brandCampaigns.adVideo,
      adSize: brandCampaigns.adSize,
      brandName: brands.name,
      isRegistry: brands.isRegistry,
    })
    .from(brandCampaigns)
    .innerJoin(brands, eq(brands.id, brandCampaigns.brandId))
    .where(and(eq(brandCampaigns.page, page), eq(brandCampaigns.type, type), campaignIsRunning(now)))
    .orderBy(asc(brandCampaigns.id));
}

export function toHomeCampaign(campaign: RunningCampaign): HomeCampaign {
  return {
    id: campaign.id,
    brandName: campaign.brandName,
    href: suggestionHref({
      name: campaign.brandName,
      type: 'brand',
      registry: campaign.isRegistry ? 'Yes' : 'No',
    }),
    adType: campaign.adType === 'video' ? 'video' : 'image',
    image: campaign.adImage,
    video: campaign.adVideo,
    size: parseAdSize(campaign.adSize),
  };
}

/**
 * Counts one impression of each campaign shown: the counter and an event row, in one statement so
 * they never disagree. Impressions cost nothing (campaigns pay per click). The campaigns are locked
 * in the order of their ids: pages shown at once, counting the same campaigns in other orders,
 * would otherwise each hold one the other waits for (a deadlock).
 */
export async function recordImpressions(db: Executor, campaignIds: readonly number[], userId: number | null) {
  const ids = [...new Set(campaignIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return;
  await db.execute(sql`
    WITH locked AS (
      SELECT id FROM brand_campaigns
      WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      ORDER BY id
      FOR UPDATE
    ),
    shown AS (
      UPDATE brand_campaigns c SET impressions = c.impressions + 1
      FROM locked WHERE c.id = locked.id
      RETURNING c.id
    )
    INSERT INTO campaign_events (campaign_id, kind, user_id, cost_paise)
    SELECT id, 'impression', ${userId}::int, 0 FROM shown`);
}
