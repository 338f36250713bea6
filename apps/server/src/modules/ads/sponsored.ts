import type { Executor } from '@marketplace/db';
import { adMatchType, compareMatchTypes, type MatchType } from '@marketplace/domain/marketing/ads';
import { SPONSORED_RESULTS_LIMIT } from '@marketplace/domain/search/results';
import type { SponsoredProductData } from '@marketplace/web';
import { loadProductCards } from '../product-cards/index.ts';
import { runningCampaigns } from './campaigns.ts';

/**
 * Sponsored products for a search keyword: running search campaigns whose brand or product
 * matches it, best match then highest bid first, one per product, products on sale only.
 */
export async function sponsoredForKeyword(
  db: Executor,
  keyword: string,
  now = new Date(),
  limit = SPONSORED_RESULTS_LIMIT,
): Promise<SponsoredProductData[]> {
  const campaigns = await runningCampaigns(db, 'search', 'sponsored_brand', now);
  const matched: { campaignId: number; productId: number; matchType: MatchType; bidPaise: number }[] = [];
  for (const campaign of campaigns) {
    if (campaign.productId === null || campaign.productName === null) continue;
    const matchType = adMatchType(keyword, {
      brandName: campaign.brandName,
      productName: campaign.productName,
    });
    if (matchType)
      matched.push({
        campaignId: campaign.id,
        productId: campaign.productId,
        matchType,
        bidPaise: campaign.bidPaise,
      });
  }
  matched.sort((a, b) => compareMatchTypes(a.matchType, b.matchType) || b.bidPaise - a.bidPaise);
  const seen = new Set<number>();
  const chosen = matched.filter((m) => !seen.has(m.productId) && (seen.add(m.productId), true));
  const cards = new Map(
    (
      await loadProductCards(
        db,
        chosen.map((m) => m.productId),
      )
    ).map((c) => [c.id, c]),
  );
  return chosen
    .flatMap((m) => {
      const product = cards.get(m.productId);
      return product && product.salePricePaise !== null
        ? [{ product, campaignId: m.campaignId, matchType: m.matchType }]
        : [];
    })
    .slice(0, limit);
}
